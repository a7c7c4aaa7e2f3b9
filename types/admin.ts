/**
 * The merchant console's API contract (server: server/src/admin + modules/<domain>/adminRoutes.ts; web app: admin/).
 * Every path is under /admin/api/. Every answer is HTTP 200 with the envelope { code, msg, data } (code 200 = ok).
 * Money in fen (integers), times in epoch milliseconds. Writes (POST/PUT/DELETE) need the header
 * `x-csrf-token` (from login / me). Bodies accept only the declared fields.
 * docs/console.md lists every path with its permission.
 */
import { Type, type Static, type TSchema } from 'typebox'
import { Id, PagingFields, Str } from './schema'

// ------------------------------------------------------------------ codes

/** Console refusal codes (besides the shop's 400 bad input, 404 not found, 409 conflict, 2003 order state …). */
export const AdminCode = {
  /** No staff session (or it expired / was signed out): go to the sign-in page. */
  NOT_SIGNED_IN: 8001,
  /** Wrong username or password, or a wrong second-factor code (msg says how many tries are left; the same for an unknown username). */
  BAD_CREDENTIALS: 8002,
  /** Signed in, but the role lacks the route's permission. */
  FORBIDDEN: 8003,
  /** A write without the session's x-csrf-token header: reload /auth/me and retry. Also a write from another site (Origin / Sec-Fetch-Site). */
  CSRF: 8004,
  /** Too many failed sign-ins for this username from this client: locked until data.lockedUntil. */
  LOCKED: 8005,
  /** Password right, two-factor sign-in on: send auth/login again with `code` (authenticator or recovery code). */
  CODE_REQUIRED: 8006,
  /** The owner requires two-factor sign-in and this staff has not set it up: only auth/* routes until then. */
  TWO_FACTOR_SETUP: 8007,
  /** The password was generated, reset or set by somebody else: only auth/me, auth/password and auth/logout until the staff changes it. */
  PASSWORD_CHANGE_REQUIRED: 8008,
} as const

// ------------------------------------------------------------------ roles and permissions

export const PERMISSIONS = [
  'dashboard.read',
  'goods.read',
  'goods.write',
  'storefront.read',
  'storefront.write',
  'orders.read',
  'orders.write',
  'afterSales.read',
  'afterSales.write',
  'refunds.write',
  'members.read',
  'members.write',
  'feedback.read',
  'feedback.write',
  'withdrawals.read',
  'withdrawals.write',
  'ledgers.read',
  'marketing.read',
  'marketing.write',
  'agents.read',
  'agents.write',
  'content.read',
  'content.write',
  'settings.read',
  'settings.write',
  'staff.read',
  'staff.write',
  'audit.read',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/**
 * The built-in roles (table staff_roles, migration 092, where the owner also adds roles of his own): a role is
 * named by its code (what staff.role holds); 店主 (owner) always has every permission and is never edited.
 * What each role may do is its row's permission list; the server enforces it, the console hides menus with it.
 */
export const ROLES = ['owner', 'operator', 'service', 'finance'] as const
export type BuiltInRole = (typeof ROLES)[number]
/** The built-in roles' names as the migration seeds them (the audit log names a role code with them). */
export const BUILT_IN_ROLE_NAMES: Record<BuiltInRole, string> = { owner: '店主', operator: '运营', service: '客服', finance: '财务' }
/** A role's code: a built-in one or a custom role's (made by the server). */
export type Role = string
export const OWNER_ROLE = 'owner'

/** Chinese names of request fields, for validation messages ("价格超出范围"). */
/** 商品's own field names in validation messages (the goods module's adminFieldLabels). */
export const GOODS_FIELD_LABELS: Record<string, string> = { code: '货号', barcode: '条码', weight: '重量', costPrice: '成本价' }
/** 系统's own field names in validation messages (the system module's adminFieldLabels). */
export const SYSTEM_FIELD_LABELS: Record<string, string> = { phone: '手机号', name: '角色名称' }
export const ADMIN_FIELD_LABELS: Record<string, string> = {
  username: '用户名',
  password: '密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  code: '动态码',
  ref: '登录会话',
  realName: '姓名',
  permissions: '权限',
  require2fa: '两步验证要求',
  role: '角色',
  name: '名称',
  subtitle: '副标题',
  categoryId: '分类',
  brandId: '品牌',
  images: '商品图片',
  detailHtml: '商品详情',
  tags: '标签',
  specGroups: '规格',
  skus: '规格明细',
  price: '价格',
  originalPrice: '划线价',
  stock: '库存',
  image: '图片',
  status: '状态',
  ids: '选择的记录',
  delta: '调整数量',
  items: '明细',
  skuId: '规格',
  parentId: '上级分类',
  icon: '图标',
  hours: '营业时间',
  sort: '排序',
  logo: '标志',
  intro: '介绍',
  title: '标题',
  link: '链接',
  startAt: '开始时间',
  endAt: '结束时间',
  expressCode: '快递公司',
  trackingNo: '运单号',
  text: '内容',
  remark: '备注',
  reason: '原因',
  newPayAmount: '改价后金额',
  csv: 'CSV 内容',
  note: '备注',
  disabled: '停用',
  keyword: '关键词',
  page: '页码',
  pageSize: '每页条数',
  word: '热搜词',
  summary: '摘要',
  contentHtml: '内容',
  isTop: '置顶',
  goodsIds: '商品',
  position: '位置',
  // 设置 (types/adminSettings.ts)
  servicePhone: '客服电话',
  articleSectionName: '文章栏目名称',
  serviceUrl: '客服链接',
  orderExpireMinutes: '未支付订单关闭时间',
  autoReceiveDays: '自动确认收货天数',
  afterSalesDays: '售后期',
  baseFee: '运费',
  freeThreshold: '包邮门槛',
  regionFees: '地区加价',
  provinces: '省份',
  extra: '加价',
  freightTemplateId: '运费模板',
  minQuantity: '起购数量',
  date: '日期',
  templateId: '模板 ID',
  fields: '字段',
  enabled: '开关',
  on: '开关',
  // 营销: 秒杀、优惠券、活动 (types/adminPromotions.ts)
  day: '日期',
  start: '开始时间',
  end: '结束时间',
  quota: '限量',
  perMemberLimit: '每人限购',
  repeatDaily: '每日重复',
  kind: '类型',
  amount: '面额',
  threshold: '使用门槛',
  rate: '折扣',
  maxDiscount: '最高优惠',
  scope: '适用范围',
  scopeIds: '适用对象',
  validType: '有效期类型',
  validFrom: '有效期开始',
  validTo: '有效期结束',
  validDays: '有效天数',
  totalCount: '发放总量',
  visible: '可领取',
  allowSeckill: '秒杀可用',
  description: '说明',
  memberIds: '会员',
  phones: '手机号',
  couponIds: '优惠券',
  cover: '封面',
  linkType: '跳转类型',
  linkUrl: '跳转链接',
  couponId: '优惠券',
  phone: '联系电话',
  province: '省份',
  city: '城市',
  district: '区县',
  detail: '详细地址',
  isDefault: '默认',
  returnAddressId: '退货地址',
}

// ------------------------------------------------------------------ helpers

export const Fen = Type.Integer({ minimum: 0, maximum: 100_000_000 })
export const Closed = <T extends Record<string, TSchema>>(props: T) => Type.Object(props, { additionalProperties: false })
export const PageOf = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() })
export const IdParams = Closed({ id: Id() })
export type IdParams = Static<typeof IdParams>
export const OkReply = Type.Object({ ok: Type.Boolean() })
export type OkReply = Static<typeof OkReply>

// ------------------------------------------------------------------ auth

/** A role's code (staff_roles.code): owner, operator, service, finance, or a custom role's. */
export const RoleSchema = Type.String({ minLength: 1, maxLength: 16, pattern: '^[a-z0-9]+$' })
export const StaffView = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  /** 姓名 and 手机号 (empty for accounts made before they were asked). */
  realName: Type.String(),
  phone: Type.String(),
  role: RoleSchema,
  /** The role's Chinese name. */
  roleName: Type.String(),
  disabled: Type.Boolean(),
  lastLoginAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  /** Two-factor sign-in is on. */
  twoFactor: Type.Boolean(),
})
export type StaffView = Static<typeof StaffView>

/** `code`: the authenticator's 6 digits or a recovery code, for staff with two-factor sign-in (asked by code 8006). */
export const LoginBody = Closed({ username: Str(32, 1), password: Str(128, 1), code: Type.Optional(Str(16)) })
export type LoginBody = Static<typeof LoginBody>
/** Two-factor state of the signed-in staff: `setupRequired` = the owner requires it and it is not on (only auth/* routes work). */
export const TwoFactorState = Type.Object({ enabled: Type.Boolean(), required: Type.Boolean(), setupRequired: Type.Boolean() })
export type TwoFactorState = Static<typeof TwoFactorState>
/** login and me answer the same: the staff, its permissions and the CSRF token to send on writes. */
/** `mustChangePassword`: the password is one somebody else saw; only auth/me, auth/password and auth/logout answer until it is changed (code 8008). */
export const SessionReply = Type.Object({
  staff: StaffView,
  permissions: Type.Array(Type.String()),
  csrfToken: Type.String(),
  expiresAt: Type.Integer(),
  twoFactor: TwoFactorState,
  mustChangePassword: Type.Boolean(),
})
export type SessionReply = Static<typeof SessionReply>
export const PasswordBody = Closed({ oldPassword: Str(128, 1), newPassword: Str(128, 8) })
export type PasswordBody = Static<typeof PasswordBody>

/** auth/2fa: the own two-factor state, recovery codes left, and since when it is on. */
export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  required: Type.Boolean(),
  enabledAt: Type.Union([Type.Integer(), Type.Null()]),
  recoveryCodesLeft: Type.Integer(),
  /** SETTINGS_KEY is set: the authenticator secret is stored encrypted. */
  encrypted: Type.Boolean(),
})
export type TwoFactorStatus = Static<typeof TwoFactorStatus>
/** auth/2fa/setup: a new secret (not yet on) as text and as the otpauth:// link the console draws as a QR code. */
export const TwoFactorSetupReply = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() })
export type TwoFactorSetupReply = Static<typeof TwoFactorSetupReply>
export const TwoFactorEnableBody = Closed({ code: Str(16, 1) })
export type TwoFactorEnableBody = Static<typeof TwoFactorEnableBody>
/** Turning it off or making new recovery codes asks for the password and a current code again. */
export const TwoFactorConfirmBody = Closed({ password: Str(128, 1), code: Str(16, 1) })
export type TwoFactorConfirmBody = Static<typeof TwoFactorConfirmBody>
/** New recovery codes, shown once (XXXXX-XXXXX, each works once). */
export const RecoveryCodesReply = Type.Object({ recoveryCodes: Type.Array(Type.String()) })
export type RecoveryCodesReply = Static<typeof RecoveryCodesReply>

/** One live console session: where (address, device in plain words; the raw user agent for the 技术说明) and when. */
export const StaffSessionView = Type.Object({
  ref: Type.String(),
  staffId: Type.Integer(),
  username: Type.String(),
  ip: Type.String(),
  device: Type.String(),
  userAgent: Type.String(),
  createdAt: Type.Integer(),
  lastSeenAt: Type.Integer(),
  expiresAt: Type.Integer(),
  /** The session this request came with. */
  current: Type.Boolean(),
})
export type StaffSessionView = Static<typeof StaffSessionView>
export const SessionList = Type.Object({ list: Type.Array(StaffSessionView) })
export type SessionList = Static<typeof SessionList>
export const SessionEndBody = Closed({ ref: Type.String({ minLength: 16, maxLength: 16, pattern: '^[0-9a-f]{16}$' }) })
export type SessionEndBody = Static<typeof SessionEndBody>
/** The owner's rules for every staff account (system/security). */
export const StaffSecurity = Type.Object({ require2fa: Type.Boolean() })
export type StaffSecurity = Static<typeof StaffSecurity>
export const StaffSecurityBody = Closed({ require2fa: Type.Boolean() })
export type StaffSecurityBody = Static<typeof StaffSecurityBody>

// ------------------------------------------------------------------ goods

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

// ------------------------------------------------------------------ storefront

/** Schedule: shown between startAt and endAt (null = no bound). */
export const BannerInput = Closed({
  title: Str(64),
  image: Str(256, 1),
  link: Str(256),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  status: Type.Optional(GoodsStatus),
  startAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  endAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
})
export type BannerInput = Static<typeof BannerInput>
export const AdminBanner = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  link: Type.String(),
  sort: Type.Integer(),
  status: Type.String(),
  startAt: Type.Union([Type.Integer(), Type.Null()]),
  endAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminBanner = Static<typeof AdminBanner>
export const NavInput = Closed({ title: Str(16, 1), icon: Str(256, 1), link: Str(256), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) })
export type NavInput = Static<typeof NavInput>
export const AdminNav = Type.Object({ id: Type.Integer(), title: Type.String(), icon: Type.String(), link: Type.String(), sort: Type.Integer() })
export type AdminNav = Static<typeof AdminNav>
export const NoticeInput = Closed({
  title: Str(64, 1),
  summary: Type.Optional(Str(256)),
  contentHtml: Type.Optional(Str(50_000)),
  isTop: Type.Optional(Type.Boolean()),
  status: Type.Optional(GoodsStatus),
})
export type NoticeInput = Static<typeof NoticeInput>
export const AdminNotice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  contentHtml: Type.String(),
  isTop: Type.Boolean(),
  status: Type.String(),
  createdAt: Type.Integer(),
})
export type AdminNotice = Static<typeof AdminNotice>
export const HotWordInput = Closed({ word: Str(16, 1), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) })
export type HotWordInput = Static<typeof HotWordInput>
export const AdminHotWord = Type.Object({ id: Type.Integer(), word: Type.String(), sort: Type.Integer() })
export type AdminHotWord = Static<typeof AdminHotWord>
/** A home goods section (e.g. 热卖 / 新品): the goods in order. */
export const SectionInput = Closed({
  title: Str(32, 1),
  subtitle: Type.Optional(Str(32)),
  goodsIds: Type.Array(Id(), { maxItems: 50 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  status: Type.Optional(GoodsStatus),
  startAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  endAt: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
})
export type SectionInput = Static<typeof SectionInput>
export const AdminSection = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  goodsIds: Type.Array(Type.Integer()),
  sort: Type.Integer(),
  status: Type.String(),
  startAt: Type.Union([Type.Integer(), Type.Null()]),
  endAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminSection = Static<typeof AdminSection>

// ------------------------------------------------------------------ orders

export const ORDER_STATUSES = ['unpaid', 'to_ship', 'to_receive', 'to_review', 'completed', 'cancelled'] as const
export const OrderStatus = Type.Union([Type.Literal('unpaid'), Type.Literal('to_ship'), Type.Literal('to_receive'), Type.Literal('to_review'), Type.Literal('completed'), Type.Literal('cancelled')])
export const AdminOrderQuery = Closed({
  ...PagingFields,
  status: Type.Optional(OrderStatus),
  orderNo: Type.Optional(Str(32)),
  /** The receiver's or the member's phone. */
  phone: Type.Optional(Str(20)),
  /** Goods name contains. */
  goods: Type.Optional(Str(64)),
  /** Created at or after / before (epoch ms). */
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type AdminOrderQuery = Static<typeof AdminOrderQuery>
export const AdminOrderRow = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  status: Type.String(),
  afterSaleStatus: Type.String(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  receiverName: Type.String(),
  receiverPhone: Type.String(),
  payAmount: Type.Integer(),
  itemCount: Type.Integer(),
  firstGoodsName: Type.String(),
  firstImage: Type.String(),
  createdAt: Type.Integer(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  /** The paid payment's channel ('' before payment): shown as 沙箱支付 / 微信支付. */
  payChannel: Type.String(),
  /** delivery (快递配送) or pickup (到店自提: a paid one waiting is shown as 待自提). */
  deliveryType: Type.String(),
  /** Paid, some parcels sent and others still to send (shown as 部分发货). */
  partlyShipped: Type.Boolean(),
})
export type AdminOrderRow = Static<typeof AdminOrderRow>
export const AdminOrderPage = PageOf(AdminOrderRow)
export type AdminOrderPage = Static<typeof AdminOrderPage>
export const OrderNoParams = Closed({ orderNo: Str(32, 1) })
export type OrderNoParams = Static<typeof OrderNoParams>
export const AdminOrderDetail = Type.Object({
  order: Type.Object({
    id: Type.Integer(),
    orderNo: Type.String(),
    orderType: Type.String(),
    status: Type.String(),
    afterSaleStatus: Type.String(),
    memberId: Type.Integer(),
    memberPhone: Type.String(),
    goodsAmount: Type.Integer(),
    freightAmount: Type.Integer(),
    couponDiscount: Type.Integer(),
    pointsDiscount: Type.Integer(),
    payAmount: Type.Integer(),
    /** Fen taken off by 改价 (negative: raised); the total before it is payAmount + priceAdjust. */
    priceAdjust: Type.Integer(),
    receiverName: Type.String(),
    receiverPhone: Type.String(),
    receiverAddress: Type.String(),
    remark: Type.String(),
    adminRemark: Type.String(),
    cancelReason: Type.String(),
    createdAt: Type.Integer(),
    paidAt: Type.Union([Type.Integer(), Type.Null()]),
    shippedAt: Type.Union([Type.Integer(), Type.Null()]),
    receivedAt: Type.Union([Type.Integer(), Type.Null()]),
    completedAt: Type.Union([Type.Integer(), Type.Null()]),
    cancelledAt: Type.Union([Type.Integer(), Type.Null()]),
    /** delivery (快递配送) or pickup (到店自提). */
    deliveryType: Type.String(),
  }),
  /** A pickup order's point (its copy at submission), code and verification; null for delivery orders. */
  pickup: Type.Union([
    Type.Object({
      name: Type.String(),
      address: Type.String(),
      hours: Type.String(),
      phone: Type.String(),
      code: Type.String(),
      verifiedAt: Type.Union([Type.Integer(), Type.Null()]),
      verifiedBy: Type.String(),
    }),
    Type.Null(),
  ]),
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      goodsId: Type.Integer(),
      skuId: Type.Integer(),
      goodsName: Type.String(),
      image: Type.String(),
      specText: Type.String(),
      price: Type.Integer(),
      quantity: Type.Integer(),
      payAmount: Type.Integer(),
      refundedQuantity: Type.Integer(),
      refundedAmount: Type.Integer(),
      /** Units already in a parcel; what is left to ship is quantity − refundedQuantity − shippedQuantity. */
      shippedQuantity: Type.Integer(),
    }),
  ),
  /** The order's log, oldest first: what happened, by whom. */
  /** `staffName`: who of the staff did an 'admin' step (their 姓名, else their username; from the audit log), '' when unknown. */
  timeline: Type.Array(
    Type.Object({ action: Type.String(), fromStatus: Type.String(), toStatus: Type.String(), operator: Type.String(), staffName: Type.String(), note: Type.String(), createdAt: Type.Integer() }),
  ),
  payments: Type.Array(
    Type.Object({
      payNo: Type.String(),
      provider: Type.String(),
      channel: Type.String(),
      amount: Type.Integer(),
      status: Type.String(),
      transactionId: Type.Union([Type.String(), Type.Null()]),
      paidAt: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  /** The first parcel (kept for one-parcel orders); `parcels` lists them all. */
  shipment: Type.Union([
    Type.Object({
      expressCode: Type.String(),
      expressName: Type.String(),
      trackingNo: Type.String(),
      createdAt: Type.Integer(),
      /** The courier's last state (TRACKING_STATE_LABEL of types/logistics.ts), '' before the courier said anything. */
      trackingState: Type.String(),
      /** The 快递100 subscription: '' none (shipped before tracking existed), pending, subscribed, failed, aborted, skipped. */
      subscription: Type.String(),
      /** Why the subscription needs staff, in plain words ('' when it does not). */
      subscriptionProblem: Type.String(),
      traces: Type.Array(Type.Object({ time: Type.Integer(), text: Type.String(), typed: Type.Boolean() })),
    }),
    Type.Null(),
  ]),
  /** Every parcel, oldest first (包裹1、包裹2…): its courier, number, tracking, and the order lines and units it holds. */
  parcels: Type.Array(
    Type.Object({
      id: Type.Integer(),
      expressCode: Type.String(),
      expressName: Type.String(),
      trackingNo: Type.String(),
      createdAt: Type.Integer(),
      trackingState: Type.String(),
      subscription: Type.String(),
      subscriptionProblem: Type.String(),
      traces: Type.Array(Type.Object({ time: Type.Integer(), text: Type.String(), typed: Type.Boolean() })),
      items: Type.Array(Type.Object({ orderItemId: Type.Integer(), goodsName: Type.String(), specText: Type.String(), quantity: Type.Integer() })),
    }),
  ),
  refunds: Type.Array(
    Type.Object({ id: Type.Integer(), afterSaleNo: Type.String(), status: Type.String(), amount: Type.Integer(), refundAmount: Type.Integer(), refundedAt: Type.Union([Type.Integer(), Type.Null()]) }),
  ),
  /** 代理佣金: each line's commission and the agent's shop earning it (rate in basis points; status in words). */
  commissions: Type.Array(
    Type.Object({
      shopId: Type.Integer(),
      shopName: Type.String(),
      orderItemId: Type.Integer(),
      rate: Type.Integer(),
      baseAmount: Type.Integer(),
      amount: Type.Integer(),
      originalAmount: Type.Integer(),
      status: Type.String(),
      releaseAt: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
})
export type AdminOrderDetail = Static<typeof AdminOrderDetail>
/** 自提核销: the code the shopper shows (8 digits). GET /orders/pickup?code= looks it up, POST /orders/pickup/verify verifies. */
export const PickupCodeBody = Closed({ code: Type.String({ pattern: '^[0-9]{8}$' }) })
export type PickupCodeBody = Static<typeof PickupCodeBody>
/** The order behind a pickup code, shown before staff confirm: its lines first, then who picks up and where. */
export const PickupLookup = Type.Object({
  orderNo: Type.String(),
  status: Type.String(),
  /** 待自提 / 已核销 / 已取消…, in words. */
  statusText: Type.String(),
  /** True when it may be verified now; else `reason` says why not (已核销, 未支付, 已取消, 售后处理中). */
  verifiable: Type.Boolean(),
  reason: Type.String(),
  receiverName: Type.String(),
  receiverPhone: Type.String(),
  pointName: Type.String(),
  payAmount: Type.Integer(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  verifiedAt: Type.Union([Type.Integer(), Type.Null()]),
  verifiedBy: Type.String(),
  items: Type.Array(Type.Object({ goodsName: Type.String(), image: Type.String(), specText: Type.String(), quantity: Type.Integer(), refundedQuantity: Type.Integer() })),
})
export type PickupLookup = Static<typeof PickupLookup>
/** 发货: one parcel. `items` (the lines and units in it) left out ships every unit still waiting, in one parcel. */
export const ShipBody = Closed({
  expressCode: Str(16, 1),
  trackingNo: Str(40, 1),
  items: Type.Optional(Type.Array(Closed({ orderItemId: Id(), quantity: Type.Integer({ minimum: 0, maximum: 9999 }) }), { minItems: 1, maxItems: 200 })),
})
export type ShipBody = Static<typeof ShipBody>
/** 打印发货单: up to 100 order numbers, comma separated. */
export const OrderPrintQuery = Closed({ orderNos: Type.String({ minLength: 1, maxLength: 3000, pattern: '^[0-9A-Za-z,]+$' }) })
export type OrderPrintQuery = Static<typeof OrderPrintQuery>
/** One order's 发货单 / 拣货单: receiver, lines with spec, 货号 and quantity, the buyer's and the shop's remarks. */
export const OrderPrintSheet = Type.Object({
  orderNo: Type.String(),
  status: Type.String(),
  createdAt: Type.Integer(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
  receiverName: Type.String(),
  receiverPhone: Type.String(),
  receiverAddress: Type.String(),
  remark: Type.String(),
  adminRemark: Type.String(),
  payAmount: Type.Integer(),
  items: Type.Array(Type.Object({ goodsName: Type.String(), specText: Type.String(), code: Type.String(), quantity: Type.Integer(), price: Type.Integer() })),
})
export type OrderPrintSheet = Static<typeof OrderPrintSheet>
/** CSV text, one order per line: orderNo,expressCode,trackingNo (a header line is skipped); or the 拣货单 export with 快递公司 and 快递单号 filled in (its header names the columns). */
export const BatchShipBody = Closed({ csv: Str(1_000_000, 1) })
export type BatchShipBody = Static<typeof BatchShipBody>
/** `skipped`: parcels already shipped under that number (the same file uploaded again ships nothing twice). */
export const BatchShipReply = Type.Object({
  shipped: Type.Integer(),
  skipped: Type.Array(Type.Object({ line: Type.Integer(), orderNo: Type.String(), msg: Type.String() })),
  failed: Type.Array(Type.Object({ line: Type.Integer(), orderNo: Type.String(), msg: Type.String() })),
})
export type BatchShipReply = Static<typeof BatchShipReply>
/** 更正运单号: the right company and number of a shipped order (re-subscribed to the courier). */
export const WaybillBody = Closed({ expressCode: Str(16, 1), trackingNo: Str(40, 1), shipmentId: Type.Optional(Id()) })
export type WaybillBody = Static<typeof WaybillBody>
export const TraceBody = Closed({ text: Str(200, 1) })
export type TraceBody = Static<typeof TraceBody>
export const RemarkBody = Closed({ remark: Str(500) })
export type RemarkBody = Static<typeof RemarkBody>
export const ReasonBody = Closed({ reason: Str(100, 1) })
export type ReasonBody = Static<typeof ReasonBody>
/** 退款 by staff of a paid, unshipped order: the reason, and the lines and units to refund (left out: every unit left). */
export const StaffRefundBody = Closed({
  reason: Str(100, 1),
  items: Type.Optional(Type.Array(Closed({ orderItemId: Id(), quantity: Type.Integer({ minimum: 1, maximum: 100_000 }) }), { minItems: 1, maxItems: 50 })),
})
export type StaffRefundBody = Static<typeof StaffRefundBody>
/** 改价 of an unpaid order: the new total in fen (¥0.01 up to the goods' list amount plus freight), with a reason. */
export const PriceChangeBody = Closed({ newPayAmount: Type.Integer({ minimum: 1, maximum: 100_000_000 }), reason: Str(100, 1) })
export type PriceChangeBody = Static<typeof PriceChangeBody>
export const ExpressCompany = Type.Object({ code: Type.String(), name: Type.String(), phone: Type.String() })

// ------------------------------------------------------------------ after-sales

export const AFTER_SALE_STATUSES = ['applied', 'approved', 'rejected', 'returned', 'received', 'refunding', 'refunded', 'cancelled'] as const
export const AfterSaleStatus = Type.Union([
  Type.Literal('applied'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('returned'),
  Type.Literal('received'),
  Type.Literal('refunding'),
  Type.Literal('refunded'),
  Type.Literal('cancelled'),
])
/** The cases that wait for the shop (to review, returned goods to receive, received goods to refund): 工作台's 待处理售后, the list's 待处理 tab (status `waiting`). */
export const AFTER_SALES_WAITING = ['applied', 'returned', 'received'] as const
export const AdminAfterSaleQuery = Closed({ ...PagingFields, status: Type.Optional(Type.Union([AfterSaleStatus, Type.Literal('waiting')])), keyword: Type.Optional(Str(32)) })
export type AdminAfterSaleQuery = Static<typeof AdminAfterSaleQuery>
export const AdminAfterSaleRow = Type.Object({
  id: Type.Integer(),
  afterSaleNo: Type.String(),
  orderNo: Type.String(),
  type: Type.String(),
  status: Type.String(),
  amount: Type.Integer(),
  reason: Type.String(),
  memberPhone: Type.String(),
  refundError: Type.String(),
  createdAt: Type.Integer(),
})
export type AdminAfterSaleRow = Static<typeof AdminAfterSaleRow>
export const AdminAfterSalePage = PageOf(AdminAfterSaleRow)
export type AdminAfterSalePage = Static<typeof AdminAfterSalePage>
export const AdminAfterSaleDetail = Type.Object({
  case: Type.Object({
    id: Type.Integer(),
    afterSaleNo: Type.String(),
    orderNo: Type.String(),
    type: Type.String(),
    status: Type.String(),
    amount: Type.Integer(),
    /** What staff approved when less than asked (null = as asked) and why. */
    approvedAmount: Type.Union([Type.Integer(), Type.Null()]),
    approveNote: Type.String(),
    refundAmount: Type.Integer(),
    reason: Type.String(),
    description: Type.String(),
    images: Type.Array(Type.String()),
    rejectReason: Type.String(),
    refundError: Type.String(),
    returnExpressName: Type.String(),
    returnTrackingNo: Type.String(),
    /** The return address stored when the return was approved ('' before, and for a refund-only case). */
    returnName: Type.String(),
    returnPhone: Type.String(),
    returnAddress: Type.String(),
    memberId: Type.Integer(),
    memberPhone: Type.String(),
    createdAt: Type.Integer(),
    refundedAt: Type.Union([Type.Integer(), Type.Null()]),
  }),
  items: Type.Array(Type.Object({ orderItemId: Type.Integer(), goodsName: Type.String(), image: Type.String(), specText: Type.String(), quantity: Type.Integer(), refundAmount: Type.Integer() })),
  /** The reasons chat: every step with who said what, oldest first. */
  logs: Type.Array(Type.Object({ status: Type.String(), operator: Type.String(), staffName: Type.String(), note: Type.String(), createdAt: Type.Integer() })),
})
export type AdminAfterSaleDetail = Static<typeof AdminAfterSaleDetail>
/**
 * 同意: a return's address (else the default); `amount` (fen) to approve less than asked, at most what was asked,
 * with `note`, the reason the shopper sees (required when lower). Left out: the amount asked.
 */
export const ApproveAfterSaleBody = Closed({ returnAddressId: Type.Optional(Id()), amount: Type.Optional(Fen), note: Type.Optional(Str(100)) })
export type ApproveAfterSaleBody = Static<typeof ApproveAfterSaleBody>
export const AfterSaleActionReply = Type.Object({ id: Type.Integer(), afterSaleNo: Type.String(), status: Type.String() })
export type AfterSaleActionReply = Static<typeof AfterSaleActionReply>

// ------------------------------------------------------------------ members

export const AdminMemberQuery = Closed({ ...PagingFields, keyword: Type.Optional(Str(32)), disabled: Type.Optional(Type.Boolean()) })
export type AdminMemberQuery = Static<typeof AdminMemberQuery>
export const AdminMemberRow = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  points: Type.Integer(),
  cashbackBalance: Type.Integer(),
  status: Type.String(),
  disabled: Type.Boolean(),
  createdAt: Type.Integer(),
})
export type AdminMemberRow = Static<typeof AdminMemberRow>
export const AdminMemberPage = PageOf(AdminMemberRow)
export type AdminMemberPage = Static<typeof AdminMemberPage>
export const AdminMemberDetail = Type.Object({
  member: AdminMemberRow,
  orders: Type.Array(AdminOrderRow),
  addresses: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String(), address: Type.String(), isDefault: Type.Boolean() })),
  /** `reason` / `type`: the ledger row's kind in words (POINTS_REASON_TEXT, CASHBACK_LEDGER_TEXT); `note` left out when it only repeats it. */
  pointsLedger: Type.Array(Type.Object({ id: Type.Integer(), change: Type.Integer(), balanceAfter: Type.Integer(), reason: Type.String(), note: Type.String(), createdAt: Type.Integer() })),
  cashbackLedger: Type.Array(Type.Object({ id: Type.Integer(), change: Type.Integer(), balanceAfter: Type.Integer(), type: Type.String(), note: Type.String(), createdAt: Type.Integer() })),
})
export type AdminMemberDetail = Static<typeof AdminMemberDetail>
/** delta: points to add (negative takes away, never below 0). */
export const PointsBody = Closed({ delta: Type.Integer({ minimum: -10_000_000, maximum: 10_000_000 }), note: Str(100, 1) })
export type PointsBody = Static<typeof PointsBody>
export const PointsReply = Type.Object({ balance: Type.Integer() })
export type PointsReply = Static<typeof PointsReply>
export const DisableBody = Closed({ disabled: Type.Boolean() })
export type DisableBody = Static<typeof DisableBody>

// ------------------------------------------------------------------ dashboard

/** A figure of the period and of the previous period of the same length (环比: value against previous). */
export const Metric = Type.Object({ value: Type.Number(), previous: Type.Number() })
export type Metric = Static<typeof Metric>
/**
 * The figures of a period (today so far, this month so far) with the same length of the period before (yesterday
 * up to this time of day, last month's first days). A staff member gets only the figures their role can read: the
 * sales figures with orders.read, visitors and new members with members.read, conversion with both.
 */
export const Figures = Type.Object({
  /** 销售额（含退款）: paid amount of the orders paid in the period, fen. */
  gross: Type.Optional(Metric),
  /** 退款: after-sales refunds completed in the period, fen. */
  refunds: Type.Optional(Metric),
  /** 净销售额: gross − refunds, fen. */
  net: Type.Optional(Metric),
  paidOrders: Type.Optional(Metric),
  /** Distinct members who paid in the period. */
  buyers: Type.Optional(Metric),
  /** Distinct devices that opened the shop in the period (signed in or not). */
  visitors: Type.Optional(Metric),
  /** buyers / visitors (0..1), 0 when no visitor. */
  conversion: Type.Optional(Metric),
  /** Members who registered in the period. */
  newMembers: Type.Optional(Metric),
})
export type Figures = Static<typeof Figures>
/** One China day of the trend: sales fields with orders.read, visitors with members.read. */
export const TrendPoint = Type.Object({
  day: Type.String(),
  gross: Type.Optional(Type.Integer()),
  refunds: Type.Optional(Type.Integer()),
  net: Type.Optional(Type.Integer()),
  paidOrders: Type.Optional(Type.Integer()),
  visitors: Type.Optional(Type.Integer()),
})
export type TrendPoint = Static<typeof TrendPoint>
export const TopGoods = Type.Object({ goodsId: Type.Integer(), name: Type.String(), image: Type.String(), amount: Type.Integer(), quantity: Type.Integer() })
export type TopGoods = Static<typeof TopGoods>
export const DashboardTodo = Type.Object({
  toShip: Type.Optional(Type.Integer()),
  afterSales: Type.Optional(Type.Integer()),
  withdrawals: Type.Optional(Type.Integer()),
  agentApplications: Type.Optional(Type.Integer()),
  cashbackTasks: Type.Optional(Type.Integer()),
  feedback: Type.Optional(Type.Integer()),
  // What failed and waits for the operator (工作台 → 待处理异常, types/adminSettings.ts FailuresReply).
  failedRefunds: Type.Optional(Type.Integer()),
  failedShipping: Type.Optional(Type.Integer()),
  failedMessages: Type.Optional(Type.Integer()),
  /** Courier tracking subscriptions that need staff (快递100 refused the waybill or the key, or stopped tracking). */
  failedTracking: Type.Optional(Type.Integer()),
})
export type DashboardTodo = Static<typeof DashboardTodo>
export const DashboardReply = Type.Object({
  today: Figures,
  month: Figures,
  /** 30 days, oldest first, ending today (China time); the last 7 are the 7-day trend. */
  trend: Type.Array(TrendPoint),
  /** The 10 goods with the highest paid amount over the trend's 30 days (orders.read). */
  topGoods: Type.Optional(Type.Array(TopGoods)),
  /** Orders placed in the trend's 30 days, by status (orders.read). */
  orderStatus: Type.Optional(Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() }))),
  /** Only the to-dos the staff member's role can act on (the list's read and write permissions). */
  todo: DashboardTodo,
})
export type DashboardReply = Static<typeof DashboardReply>

// ------------------------------------------------------------------ system

const RealName = Type.String({ minLength: 1, maxLength: 32 })
/** Mainland mobile number (types/validate.ts isMobile checks it again on the server). */
const Phone = Type.String({ maxLength: 11, pattern: '^1[0-9]{10}$' })
export const StaffCreateBody = Closed({
  username: Type.String({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' }),
  realName: RealName,
  phone: Phone,
  role: RoleSchema,
  password: Type.Optional(Str(128, 8)),
})
export type StaffCreateBody = Static<typeof StaffCreateBody>
/** The new staff and its password (generated when none was given: shown once). */
export const StaffCreateReply = Type.Object({ staff: StaffView, password: Type.String() })
export type StaffCreateReply = Static<typeof StaffCreateReply>
export const StaffUpdateBody = Closed({ role: Type.Optional(RoleSchema), disabled: Type.Optional(Type.Boolean()), realName: Type.Optional(RealName), phone: Type.Optional(Phone) })
export type StaffUpdateBody = Static<typeof StaffUpdateBody>
export const PasswordResetReply = Type.Object({ password: Type.String() })
export type PasswordResetReply = Static<typeof PasswordResetReply>

/** One permission the server declares (server/src/admin/permissions.ts): its string, Chinese name and the menu it belongs to. */
export const PermissionInfo = Type.Object({ permission: Type.String(), name: Type.String(), group: Type.String() })
export type PermissionInfo = Static<typeof PermissionInfo>
/** A role: `owner` (店主) has every permission and cannot be edited; built-in roles cannot be deleted; `staffCount` staff hold it. */
export const RoleView = Type.Object({
  role: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  builtIn: Type.Boolean(),
  owner: Type.Boolean(),
  staffCount: Type.Integer(),
})
export type RoleView = Static<typeof RoleView>
/** system/roles: every role and every permission the server declares (grouped by menu, in menu order). */
export const RolesReply = Type.Object({ roles: Type.Array(RoleView), permissions: Type.Array(PermissionInfo) })
export type RolesReply = Static<typeof RolesReply>
export const RoleBody = Closed({ name: Type.String({ minLength: 1, maxLength: 16 }), permissions: Type.Array(Type.String({ maxLength: 32 }), { maxItems: 100 }) })
export type RoleBody = Static<typeof RoleBody>
export const RoleParams = Closed({ role: RoleSchema })
export type RoleParams = Static<typeof RoleParams>

export const AuditQuery = Closed({
  ...PagingFields,
  staffId: Type.Optional(Id()),
  action: Type.Optional(Str(64)),
  targetType: Type.Optional(Str(32)),
  targetId: Type.Optional(Str(64)),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  to: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type AuditQuery = Static<typeof AuditQuery>
/** One staff write: who, when, what, and the record before and after (JSON text parsed; null when created / deleted). */
export const AuditRow = Type.Object({
  id: Type.Integer(),
  staffId: Type.Integer(),
  /** The username at the time of the write. */
  staffName: Type.String(),
  /** The staff's 姓名 now (empty when not given). */
  staffRealName: Type.String(),
  at: Type.Integer(),
  action: Type.String(),
  targetType: Type.String(),
  targetId: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Type.String(),
})
export type AuditRow = Static<typeof AuditRow>
export const AuditPage = PageOf(AuditRow)
export type AuditPage = Static<typeof AuditPage>

/** 操作日志 words of the core areas (商品, 店铺装修, 订单, 售后, 会员, 员工与账号安全, 上传): types/auditLabels.ts. */
export const CORE_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'goods.create': '新建商品',
    'goods.update': '编辑商品',
    'goods.stock': '调整库存',
    'goods.shelf-on': '商品上架',
    'goods.shelf-off': '商品下架',
    'goods.copy': '复制商品',
    'goods.delete': '删除商品',
    'goods.import': '导入商品',
    'category.create': '新建分类',
    'category.update': '编辑分类',
    'category.delete': '删除分类',
    'brand.create': '新建品牌',
    'brand.update': '编辑品牌',
    'brand.delete': '删除品牌',
    'banner.create': '新建轮播图',
    'banner.update': '编辑轮播图',
    'banner.delete': '删除轮播图',
    'nav.create': '新建导航',
    'nav.update': '编辑导航',
    'nav.delete': '删除导航',
    'notice.create': '新建公告',
    'notice.update': '编辑公告',
    'notice.delete': '删除公告',
    'hotWord.create': '新建热搜词',
    'hotWord.update': '编辑热搜词',
    'hotWord.delete': '删除热搜词',
    'section.create': '新建商品专区',
    'section.update': '编辑商品专区',
    'section.delete': '删除商品专区',
    'order.ship': '发货',
    'order.waybill': '更正运单号',
    'order.trace': '添加物流轨迹',
    'order.remark': '订单备注',
    'order.cancel': '取消订单',
    'order.price': '订单改价',
    'order.pickup-verify': '自提核销',
    'order.refund': '商家退款',
    'afterSale.approve': '同意售后',
    'afterSale.refuse': '拒绝售后',
    'afterSale.receive': '确认收到退货',
    'afterSale.refund': '售后退款',
    'afterSale.refund-failed': '售后退款失败',
    'member.points': '调整积分',
    'member.disable': '停用会员',
    'member.enable': '启用会员',
    'staff.create': '添加员工',
    'staff.update': '编辑员工',
    'staff.role': '更改员工角色',
    'staff.password': '修改自己的密码',
    'staff.password-reset': '重置员工密码',
    'staff.2fa-setup': '准备两步验证',
    'staff.2fa-enable': '开启两步验证',
    'staff.2fa-disable': '关闭两步验证',
    'staff.2fa-reset': '重置员工的两步验证',
    'staff.recovery-codes': '重新生成恢复码',
    'staff.session-end': '结束登录设备',
    'role.create': '新建角色',
    'role.update': '编辑角色',
    'role.delete': '删除角色',
    'settings.staffSecurity': '员工登录要求',
    'upload.image': '上传图片',
  },
  targets: {
    goods: '商品',
    sku: '商品规格',
    category: '商品分类',
    brand: '品牌',
    banner: '轮播图',
    nav: '导航',
    notice: '公告',
    hotWord: '热搜词',
    section: '商品专区',
    order: '订单',
    afterSale: '售后单',
    member: '会员',
    staff: '员工',
    role: '角色',
    upload: '图片',
    settings: '设置',
    setting: '营销设置',
  },
  fields: {
    id: '编号',
    orderNo: '订单号',
    afterSaleNo: '售后单号',
    adminRemark: '商家备注',
    cancelReason: '取消原因',
    payAmount: '应付金额',
    refundTotal: '退款金额',
    expressName: '快递公司',
    refundAmount: '已退金额',
    refundError: '退款失败原因',
    rejectReason: '拒绝原因',
    returnTo: '退货地址',
    error: '失败原因',
    points: '积分',
    note: '备注',
    disabled: '停用',
    twoFactor: '两步验证',
    session: '登录设备',
    displayName: '姓名',
    mainImage: '主图',
    sales: '销量',
    isHot: '热卖',
    isNew: '新品',
    specText: '规格',
    goodsName: '商品',
    stockBefore: '原库存',
    path: '文件',
    time: '时间',
    url: '地址',
    phone: '手机号',
    nickname: '昵称',
    enabled: '启用',
    on: '开启',
    count: '数量',
    changed: '修改的项目',
  },
}
