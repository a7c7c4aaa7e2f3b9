/**
 * The console's contract of 商品 (server module goods): the list, the form, SKUs, categories, brands, the CSV. Same rules as types/admin.ts (closed objects, fen, epoch ms).
 */
import { Type, type Static } from 'typebox'
import { Closed, Fen, PageOf } from './admin'
import { Id, PagingFields, Str } from './schema'

/** 商品's own field names in validation messages (the goods module's adminFieldLabels). */
export const GOODS_FIELD_LABELS: Record<string, string> = { code: '货号', barcode: '条码', weight: '重量', costPrice: '成本价' }

export const GoodsStatus = Type.Union([Type.Literal('on'), Type.Literal('off')])
export const AdminGoodsQuery = Closed({
  ...PagingFields,
  keyword: Type.Optional(Str(64)),
  categoryId: Type.Optional(Id()),
  brandId: Type.Optional(Id()),
  status: Type.Optional(GoodsStatus),
  /** Only goods whose total stock is at most this many (e.g. 10). */
  lowStock: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
})
export type AdminGoodsQuery = Static<typeof AdminGoodsQuery>
export const AdminGoodsRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  mainImage: Type.String(),
  categoryId: Type.Integer(),
  categoryName: Type.String(),
  brandId: Type.Union([Type.Integer(), Type.Null()]),
  brandName: Type.String(),
  /** The cheapest SKU's price (fen). */
  price: Type.Integer(),
  /** The dearest SKU's price (fen): the list shows ¥price–¥maxPrice when they differ. */
  maxPrice: Type.Integer(),
  originalPrice: Type.Integer(),
  stock: Type.Integer(),
  sales: Type.Integer(),
  status: GoodsStatus,
  updatedAt: Type.Integer(),
})
export type AdminGoodsRow = Static<typeof AdminGoodsRow>
export const AdminGoodsPage = PageOf(AdminGoodsRow)
export type AdminGoodsPage = Static<typeof AdminGoodsPage>
/**
 * GET goods/pick: the goods picker of other pages (review filter, coupons, points mall, commission rules…), open to any
 * permission whose page picks goods. `ids`: name the goods chosen earlier (comma-separated, at most 50); else up to
 * 20 goods matching `keyword` (name or number), newest first.
 */
export const GoodsPickQuery = Closed({
  keyword: Type.Optional(Str(64)),
  status: Type.Optional(GoodsStatus),
  ids: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}(,[0-9]{1,9}){0,49}$' })),
})
export type GoodsPickQuery = Static<typeof GoodsPickQuery>
export const GoodsPickItem = Type.Object({ id: Type.Integer(), name: Type.String(), mainImage: Type.String(), price: Type.Integer(), status: GoodsStatus })
export type GoodsPickItem = Static<typeof GoodsPickItem>
export const GoodsPickReply = Type.Object({ list: Type.Array(GoodsPickItem) })
export type GoodsPickReply = Static<typeof GoodsPickReply>

export const SpecGroup = Closed({ name: Str(16, 1), values: Type.Array(Str(32, 1), { minItems: 1, maxItems: 30 }) })
export const SkuInput = Closed({
  /** Existing SKU id when editing (omit for a new SKU). */
  id: Type.Optional(Id()),
  /** One value per spec group, in the groups' order, e.g. { 颜色: '红', 尺码: 'M' }. */
  specs: Type.Record(Type.String({ maxLength: 16 }), Type.String({ maxLength: 32 })),
  price: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  originalPrice: Fen,
  stock: Type.Integer({ minimum: 0, maximum: 10_000_000 }),
  image: Type.Optional(Str(256)),
  /** 货号: the merchant's code, unique across the shop when set (letters, digits, - _ . /). */
  code: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9._/-]*$' })),
  /** 条码 (digits, usually EAN-13). */
  barcode: Type.Optional(Type.String({ maxLength: 64, pattern: '^[0-9A-Za-z-]*$' })),
  /** 重量 in grams. */
  weight: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  /** 成本价 in fen (the console only). */
  costPrice: Type.Optional(Fen),
})
export type SkuInput = Static<typeof SkuInput>
/** Create and edit goods. images[0] is the cover. detailHtml is sanitised like articles. */
export const GoodsInput = Closed({
  name: Str(128, 1),
  subtitle: Type.Optional(Str(256)),
  categoryId: Id(),
  brandId: Type.Optional(Type.Union([Id(), Type.Null()])),
  images: Type.Array(Str(256, 1), { minItems: 1, maxItems: 10 }),
  detailHtml: Type.Optional(Str(100_000)),
  tags: Type.Optional(Type.Array(Str(16, 1), { maxItems: 5 })),
  specGroups: Type.Array(SpecGroup, { maxItems: 3 }),
  skus: Type.Array(SkuInput, { minItems: 1, maxItems: 200 }),
  status: Type.Optional(GoodsStatus),
  isHot: Type.Optional(Type.Boolean()),
  isNew: Type.Optional(Type.Boolean()),
  /** Freight template (设置 → 运费); null = the default template; left out on edit = unchanged. */
  freightTemplateId: Type.Optional(Type.Union([Id(), Type.Null()])),
  /** 每人限购 (units per member across their orders not cancelled); 0 = none; left out on edit = unchanged. */
  perMemberLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  /** 起购数量 (units per order); 0 = none; left out on edit = unchanged. */
  minQuantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
})
export type GoodsInput = Static<typeof GoodsInput>
export const AdminSku = Type.Object({
  id: Type.Integer(),
  specs: Type.Record(Type.String(), Type.String()),
  specText: Type.String(),
  price: Type.Integer(),
  originalPrice: Type.Integer(),
  stock: Type.Integer(),
  sales: Type.Integer(),
  image: Type.String(),
  code: Type.String(),
  barcode: Type.String(),
  /** Grams. */
  weight: Type.Integer(),
  /** Fen. */
  costPrice: Type.Integer(),
})
export type AdminSku = Static<typeof AdminSku>
export const AdminGoodsDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  subtitle: Type.String(),
  categoryId: Type.Integer(),
  brandId: Type.Union([Type.Integer(), Type.Null()]),
  images: Type.Array(Type.String()),
  detailHtml: Type.String(),
  tags: Type.Array(Type.String()),
  specGroups: Type.Array(Type.Object({ name: Type.String(), values: Type.Array(Type.String()) })),
  skus: Type.Array(AdminSku),
  status: GoodsStatus,
  isHot: Type.Boolean(),
  isNew: Type.Boolean(),
  freightTemplateId: Type.Union([Type.Integer(), Type.Null()]),
  perMemberLimit: Type.Integer(),
  minQuantity: Type.Integer(),
  price: Type.Integer(),
  originalPrice: Type.Integer(),
  stock: Type.Integer(),
  sales: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type AdminGoodsDetail = Static<typeof AdminGoodsDetail>
export const IdReply = Type.Object({ id: Type.Integer() })
export type IdReply = Static<typeof IdReply>

/** 导入商品: a CSV with the export's columns (商品名称, 分类, 规格, 货号, 售价 … docs/console.md). */
export const GoodsImportBody = Closed({ csv: Str(1_000_000, 1) })
export type GoodsImportBody = Static<typeof GoodsImportBody>
/** SKUs updated (known 货号), goods created (new 货号, one goods per 商品名称), lines refused with why. */
export const GoodsImportReply = Type.Object({
  updated: Type.Integer(),
  created: Type.Integer(),
  failed: Type.Array(Type.Object({ line: Type.Integer(), msg: Type.String() })),
})
export type GoodsImportReply = Static<typeof GoodsImportReply>
export const ShelfBody = Closed({ ids: Type.Array(Id(), { minItems: 1, maxItems: 500 }), status: GoodsStatus })
export type ShelfBody = Static<typeof ShelfBody>
/** Batch stock change: each SKU's stock moves by delta (negative takes away; never below 0: the whole batch is refused). */
export const StockBody = Closed({ items: Type.Array(Closed({ skuId: Id(), delta: Type.Integer({ minimum: -10_000_000, maximum: 10_000_000 }) }), { minItems: 1, maxItems: 500 }) })
export type StockBody = Static<typeof StockBody>
export const CountReply = Type.Object({ count: Type.Integer() })
export type CountReply = Static<typeof CountReply>

export const AdminCategory = Type.Object({ id: Type.Integer(), parentId: Type.Integer(), name: Type.String(), icon: Type.String(), sort: Type.Integer(), goodsCount: Type.Integer() })
export type AdminCategory = Static<typeof AdminCategory>
/** parentId 0 = top level; a child's parent must be top level (two levels). */
export const CategoryInput = Closed({
  parentId: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  name: Str(32, 1),
  icon: Type.Optional(Str(256)),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
})
export type CategoryInput = Static<typeof CategoryInput>
export const AdminBrand = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.String(),
  intro: Type.String(),
  isExclusive: Type.Boolean(),
  sort: Type.Integer(),
  goodsCount: Type.Integer(),
})
export type AdminBrand = Static<typeof AdminBrand>
export const BrandInput = Closed({
  name: Str(64, 1),
  logo: Type.Optional(Str(256)),
  intro: Type.Optional(Str(512)),
  isExclusive: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
})
export type BrandInput = Static<typeof BrandInput>
/** POST upload (multipart, one image field "file"): the stored picture's URL. */
export const UploadReply = Type.Object({ url: Type.String() })
export type UploadReply = Static<typeof UploadReply>
