/** Catalogue contract: categories, brands, goods, SKUs, reviews, collects and footprints. Money in fen. */
import type { Page } from './envelope'
import { Arr, Bool, Enum, Id, Int, Obj, Opt, Paging, Str, type Static } from './schema'

export interface CategoryNode {
  id: number
  parentId: number
  name: string
  icon: string
  children: CategoryNode[]
}

export interface Brand {
  id: number
  name: string
  logo: string
  intro: string
  isExclusive: boolean
  goodsCount: number
}

/** A goods as lists show it (cards). */
export interface GoodsCard {
  id: number
  name: string
  subtitle: string
  mainImage: string
  /** Lowest SKU price, fen. */
  price: number
  originalPrice: number
  sales: number
  tags: string[]
  isHot: boolean
  isNew: boolean
  /** 'off': off the shelf (lists of collects and footprints still show it, greyed). */
  status: 'on' | 'off'
  stock: number
}

/** The search orders: 综合 (hot, then sales), sales, price up / down, newest. */
export const SEARCH_SORTS = ['default', 'sales', 'price_asc', 'price_desc', 'newest'] as const
export type GoodsSort = (typeof SEARCH_SORTS)[number]

/**
 * A search counts at most this many matches. Beyond it the answer says `totalCapped: true`, `total` is the
 * cap and only the first SEARCH_TOTAL_CAP goods can be paged (the list shows "1000+").
 */
export const SEARCH_TOTAL_CAP = 1000

/** The answer of /api/goods/search. */
export interface GoodsSearchPage {
  list: GoodsCard[]
  /** Exact up to SEARCH_TOTAL_CAP; the cap itself when more goods match (`totalCapped`). */
  total: number
  page: number
  pageSize: number
  /** More than SEARCH_TOTAL_CAP goods match; pages past the cap are empty. */
  totalCapped: boolean
}

/** GET /api/goods/search. categoryId: a top category includes its sub-categories. */
export const GoodsSearchQuery = Paging({ keyword: Opt(Str(64)), categoryId: Opt(Id()), brandId: Opt(Id()), sort: Opt(Enum(SEARCH_SORTS, { default: 'default' })) })
export type GoodsSearchQuery = Static<typeof GoodsSearchQuery>
/** GET /api/goods/suggest: what the shopper has typed so far (1–32 characters). */
export const SuggestQuery = Obj({ keyword: Str(32, 1) })
export type SuggestQuery = Static<typeof SuggestQuery>
/** How many suggestions /api/goods/suggest gives at most. */
export const SUGGEST_LIMIT = 10
/** GET /api/goods/brands: exclusive=1 lists the exclusive brands only. */
export const BrandsQuery = Obj({ exclusive: Opt(Int(0, 1)) })
export type BrandsQuery = Static<typeof BrandsQuery>
/** GET /api/goods/detail. */
export const GoodsIdQuery = Obj({ id: Id() })
export type GoodsIdQuery = Static<typeof GoodsIdQuery>
/** POST /api/goods/collect. */
export const CollectRequest = Obj({ goodsId: Id() })
export type CollectRequest = Static<typeof CollectRequest>
/** POST /api/goods/uncollect. */
export const UncollectRequest = Obj({ goodsIds: Arr(Id(), 200, 1) })
export type UncollectRequest = Static<typeof UncollectRequest>

export interface SpecGroup {
  name: string
  values: string[]
}

export interface Sku {
  id: number
  /** { 颜色: '红色', 尺码: 'M' }; {} for goods without specs. */
  specs: Record<string, string>
  specText: string
  price: number
  originalPrice: number
  stock: number
  image: string
}

export interface GoodsComment {
  id: number
  /** Anonymous reviews carry a masked nickname ("小***美") and no avatar. */
  nickname: string
  avatar: string
  anonymous: boolean
  rating: number
  content: string
  images: string[]
  specText: string
  createdAt: number
  /** The additional review, if the buyer wrote one. */
  followUp: { content: string; images: string[]; createdAt: number } | null
  /** The shop's reply (written in the console), if any. */
  reply: { content: string; createdAt: number } | null
}

export interface CommentSummary {
  count: number
  withImageCount: number
  /** Share of reviews rated 4 or 5, in percent (0-100); 100 when there are no reviews. */
  goodRate: number
  latest: GoodsComment[]
}

export interface GoodsDetail extends GoodsCard {
  images: string[]
  detailHtml: string
  specGroups: SpecGroup[]
  skus: Sku[]
  brand: Pick<Brand, 'id' | 'name' | 'logo' | 'isExclusive'> | null
  category: { id: number; name: string; parentId: number }
  comments: CommentSummary
  collected: boolean
  /** 每人限购: the most units one member may hold in orders not cancelled (refunded units given back); 0 = no limit. */
  perMemberLimit: number
  /** 起购数量: the fewest units of this goods in one order; 0 = none. */
  minQuantity: number
  /** Units the signed-in member holds already (counted when there is a limit; 0 for visitors). */
  bought: number
  /** False when off the shelf: the detail call answers code GOODS_OFF_SHELF (2002) with this object as data. */
  onSale: boolean
}

/** GET /api/goods/commentList: hasImage=1 lists reviews with pictures only. */
export const CommentListQuery = Paging({ goodsId: Id(), hasImage: Opt(Int(0, 1)) })
export type CommentListQuery = Static<typeof CommentListQuery>

export interface CommentPage extends Page<GoodsComment> {
  count: number
  withImageCount: number
}

export interface CollectItem {
  id: number
  goodsId: number
  createdAt: number
  goods: GoodsCard
}

export interface FootprintItem {
  id: number
  goodsId: number
  /** Local day (China time) of the view, YYYY-MM-DD. */
  day: string
  viewedAt: number
  goods: GoodsCard
}

/** Either ids (rows), a day (YYYY-MM-DD), or all: true. */
export const DeleteFootprintsRequest = Obj({ ids: Opt(Arr(Id(), 200, 1)), day: Opt(Str(10, 10, { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' })), all: Opt(Bool()) })
export type DeleteFootprintsRequest = Static<typeof DeleteFootprintsRequest>

export type GoodsPage = Page<GoodsCard>
