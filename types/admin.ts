/**
 * The merchant console's API contract (server: server/src/admin + modules/<domain>/adminRoutes.ts; web app: admin/).
 * Every path is under /admin/api/. Every answer is HTTP 200 with the envelope { code, msg, data } (code 200 = ok).
 * Money in fen (integers), times in epoch milliseconds. Writes (POST/PUT/DELETE) need the header
 * `x-csrf-token` (from login / me). Bodies accept only the declared fields.
 * docs/console.md lists every path with its permission.
 */
import { Type, type Static, type TSchema } from 'typebox'
import { Id, Str } from './schema'

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
  'balance.adjust',
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
