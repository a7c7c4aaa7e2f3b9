/**
 * The console's 营销 part A contract: flash sales (秒杀), coupons (优惠券, the new-member package, issue and records)
 * and activities (活动, under 内容). Paths under /admin/api/ (docs/console.md, section 营销: 秒杀、优惠券、活动);
 * rules in docs/promotions.md. Money in fen, times in epoch ms, discount rates in percent (88 = 8.8折).
 */
import { Type, type Static } from 'typebox'
import { Closed, Fen, PageOf } from './admin'
import { Id, PagingFields, Str } from './schema'

const Count = (max: number, min = 0) => Type.Integer({ minimum: min, maximum: max })
const Bool = Type.Boolean()
const Nullable = <T extends ReturnType<typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()])

// ------------------------------------------------------------------ 秒杀

export const SeckillState = Type.Union([Type.Literal('upcoming'), Type.Literal('active'), Type.Literal('ended')])
export type SeckillState = Static<typeof SeckillState>

export const SeckillSessionQuery = Closed({
  ...PagingFields,
  /** China day YYYY-MM-DD: that day's sessions only. */
  day: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
})
export type SeckillSessionQuery = Static<typeof SeckillSessionQuery>

export const AdminSeckillSessionRow = Type.Object({
  id: Type.Integer(),
  day: Type.String(),
  title: Type.String(),
  startAt: Type.Integer(),
  endAt: Type.Integer(),
  state: SeckillState,
  repeatDaily: Type.Boolean(),
  itemCount: Type.Integer(),
  quota: Type.Integer(),
  sold: Type.Integer(),
})
export type AdminSeckillSessionRow = Static<typeof AdminSeckillSessionRow>
export const AdminSeckillSessionPage = PageOf(AdminSeckillSessionRow)
export type AdminSeckillSessionPage = Static<typeof AdminSeckillSessionPage>

export const AdminSeckillItem = Type.Object({
  id: Type.Integer(),
  goodsId: Type.Integer(),
  skuId: Type.Integer(),
  goodsName: Type.String(),
  specText: Type.String(),
  image: Type.String(),
  /** The SKU's own price (the flash price must be below it). */
  skuPrice: Type.Integer(),
  skuStock: Type.Integer(),
  price: Type.Integer(),
  quota: Type.Integer(),
  sold: Type.Integer(),
  perMemberLimit: Type.Integer(),
  sort: Type.Integer(),
  /** Orders were placed on it (then it cannot be removed, nor its SKU changed). */
  hasOrders: Type.Boolean(),
})
export type AdminSeckillItem = Static<typeof AdminSeckillItem>
export const AdminSeckillSessionDetail = Type.Object({
  id: Type.Integer(),
  day: Type.String(),
  start: Type.String(),
  end: Type.String(),
  title: Type.String(),
  startAt: Type.Integer(),
  endAt: Type.Integer(),
  state: SeckillState,
  repeatDaily: Type.Boolean(),
  now: Type.Integer(),
  items: Type.Array(AdminSeckillItem),
})
export type AdminSeckillSessionDetail = Static<typeof AdminSeckillSessionDetail>

export const SeckillItemInput = Closed({
  /** An existing item of the session (omit to add one). */
  id: Type.Optional(Id()),
  skuId: Id(),
  price: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  quota: Count(1_000_000, 1),
  perMemberLimit: Count(99, 1),
})
export type SeckillItemInput = Static<typeof SeckillItemInput>
const HHMM = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' })
/** A session: a China day, start and end (HH:mm; end after start, same day), its items. The session's title is its start. */
export const SeckillSessionInput = Closed({
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  start: HHMM,
  end: HHMM,
  /** Copied to the next day with the same goods when a day has no session (the daily schedule). */
  repeatDaily: Type.Optional(Bool),
  items: Type.Array(SeckillItemInput, { minItems: 1, maxItems: 50 }),
})
export type SeckillSessionInput = Static<typeof SeckillSessionInput>

/** Live figures of a session's items (the console polls this while a session runs). */
export const SeckillLiveReply = Type.Object({ now: Type.Integer(), state: SeckillState, items: Type.Array(Type.Object({ id: Type.Integer(), quota: Type.Integer(), sold: Type.Integer() })) })
export type SeckillLiveReply = Static<typeof SeckillLiveReply>

/** SKUs for the item picker (goods name or id). */
export const SkuSearchQuery = Closed({ keyword: Str(64, 1) })
export type SkuSearchQuery = Static<typeof SkuSearchQuery>
export const SkuOption = Type.Object({
  skuId: Type.Integer(),
  goodsId: Type.Integer(),
  goodsName: Type.String(),
  specText: Type.String(),
  price: Type.Integer(),
  stock: Type.Integer(),
  image: Type.String(),
  status: Type.String(),
})
export type SkuOption = Static<typeof SkuOption>

// ------------------------------------------------------------------ 优惠券

export const CouponKind = Type.Union([Type.Literal('amount'), Type.Literal('threshold'), Type.Literal('discount')])
export type CouponKind = Static<typeof CouponKind>
export const CouponScope = Type.Union([Type.Literal('all'), Type.Literal('category'), Type.Literal('goods')])
export const CouponValidType = Type.Union([Type.Literal('fixed'), Type.Literal('days')])
export const OnOff = Type.Union([Type.Literal('on'), Type.Literal('off')])

/**
 * A coupon template. amount: fen off (amount / threshold kinds); threshold: the in-scope goods amount needed;
 * rate: percent paid (discount kind, 1-99); maxDiscount: the discount's cap (0 = none). validity: fixed
 * (validFrom/validTo) or validDays after receipt. visible: members may claim it (coupon centre, activities).
 */
export const CouponInput = Closed({
  name: Str(32, 1),
  kind: CouponKind,
  amount: Fen,
  threshold: Fen,
  rate: Type.Optional(Count(99, 1)),
  maxDiscount: Type.Optional(Fen),
  scope: CouponScope,
  scopeIds: Type.Array(Id(), { maxItems: 200 }),
  validType: CouponValidType,
  validFrom: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  validTo: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
  validDays: Type.Optional(Count(3650)),
  totalCount: Count(10_000_000, 1),
  perMemberLimit: Count(999, 1),
  visible: Bool,
  allowSeckill: Type.Optional(Bool),
  status: OnOff,
  description: Type.Optional(Str(200)),
  sort: Type.Optional(Count(100_000)),
})
export type CouponInput = Static<typeof CouponInput>

export const CouponQuery = Closed({ ...PagingFields, keyword: Type.Optional(Str(32)), status: Type.Optional(OnOff) })
export type CouponQuery = Static<typeof CouponQuery>
export const AdminCoupon = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: CouponKind,
  amount: Type.Integer(),
  threshold: Type.Integer(),
  rate: Type.Integer(),
  maxDiscount: Type.Integer(),
  scope: CouponScope,
  scopeIds: Type.Array(Type.Integer()),
  validType: CouponValidType,
  validFrom: Type.Union([Type.Integer(), Type.Null()]),
  validTo: Type.Union([Type.Integer(), Type.Null()]),
  validDays: Type.Integer(),
  totalCount: Type.Integer(),
  issuedCount: Type.Integer(),
  usedCount: Type.Integer(),
  perMemberLimit: Type.Integer(),
  visible: Type.Boolean(),
  allowSeckill: Type.Boolean(),
  newMember: Type.Boolean(),
  status: OnOff,
  description: Type.String(),
  sort: Type.Integer(),
  ruleText: Type.String(),
  validText: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type AdminCoupon = Static<typeof AdminCoupon>
export const AdminCouponPage = PageOf(AdminCoupon)
export type AdminCouponPage = Static<typeof AdminCouponPage>

/** Issue a coupon to members: by member ids and/or phones (each member in its own transaction; failures per member). */
export const IssueBody = Closed({
  memberIds: Type.Optional(Type.Array(Id(), { maxItems: 500 })),
  phones: Type.Optional(Type.Array(Type.String({ pattern: '^1\\d{10}$' }), { maxItems: 500 })),
})
export type IssueBody = Static<typeof IssueBody>
export const IssueReply = Type.Object({ issued: Type.Integer(), failed: Type.Array(Type.Object({ who: Type.String(), msg: Type.String() })) })
export type IssueReply = Static<typeof IssueReply>

export const CouponRecordStatus = Type.Union([Type.Literal('unused'), Type.Literal('used'), Type.Literal('expired')])
export const CouponRecordQuery = Closed({
  ...PagingFields,
  couponId: Type.Optional(Id()),
  phone: Type.Optional(Str(11)),
  status: Type.Optional(CouponRecordStatus),
  source: Type.Optional(Type.Union([Type.Literal('centre'), Type.Literal('new_member'), Type.Literal('prize'), Type.Literal('admin')])),
})
export type CouponRecordQuery = Static<typeof CouponRecordQuery>
export const CouponRecord = Type.Object({
  id: Type.Integer(),
  couponId: Type.Integer(),
  couponName: Type.String(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  source: Type.String(),
  status: CouponRecordStatus,
  receivedAt: Type.Integer(),
  validFrom: Type.Integer(),
  validTo: Type.Integer(),
  usedAt: Type.Union([Type.Integer(), Type.Null()]),
  orderNo: Type.String(),
})
export type CouponRecord = Static<typeof CouponRecord>
export const CouponRecordPage = PageOf(CouponRecord)
export type CouponRecordPage = Static<typeof CouponRecordPage>

/** The new-member package: the templates registering gives (and the home popup shows), in their sort order. */
export const NewMemberPackageBody = Closed({ couponIds: Type.Array(Id(), { maxItems: 10 }) })
export type NewMemberPackageBody = Static<typeof NewMemberPackageBody>
export const NewMemberPackageReply = Type.Object({ coupons: Type.Array(AdminCoupon) })
export type NewMemberPackageReply = Static<typeof NewMemberPackageReply>

// ------------------------------------------------------------------ 活动 (内容)

export const ActivityLinkType = Type.Union([Type.Literal('none'), Type.Literal('web'), Type.Literal('customize')])
export const ActivityInput = Closed({
  title: Str(64, 1),
  cover: Str(256, 1),
  summary: Type.Optional(Str(200)),
  /** Rules and body (sanitised like articles). */
  contentHtml: Type.Optional(Str(100_000)),
  startAt: Type.Integer({ minimum: 0 }),
  endAt: Type.Integer({ minimum: 0 }),
  linkType: Type.Optional(ActivityLinkType),
  linkUrl: Type.Optional(Str(512)),
  sort: Type.Optional(Count(100_000)),
  status: OnOff,
  /** Claimable coupons shoppers can take from the activity page, in this order. */
  couponIds: Type.Array(Id(), { maxItems: 20 }),
})
export type ActivityInput = Static<typeof ActivityInput>
export const ActivityQuery = Closed({ ...PagingFields, keyword: Type.Optional(Str(64)) })
export type ActivityQuery = Static<typeof ActivityQuery>
export const AdminActivity = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  summary: Type.String(),
  contentHtml: Type.String(),
  startAt: Type.Integer(),
  endAt: Type.Integer(),
  linkType: ActivityLinkType,
  linkUrl: Type.String(),
  sort: Type.Integer(),
  status: OnOff,
  createdAt: Type.Integer(),
  couponIds: Type.Array(Type.Integer()),
  coupons: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), ruleText: Type.String() })),
})
export type AdminActivity = Static<typeof AdminActivity>
export const AdminActivityPage = PageOf(AdminActivity)
export type AdminActivityPage = Static<typeof AdminActivityPage>

/** 操作日志 words of 营销 (秒杀, 优惠券, 新人礼包): types/auditLabels.ts. */
export const PROMOTIONS_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'seckill.create': '新建秒杀场次',
    'seckill.update': '编辑秒杀场次',
    'seckill.delete': '删除秒杀场次',
    'coupon.create': '新建优惠券',
    'coupon.update': '编辑优惠券',
    'coupon.delete': '删除优惠券',
    'coupon.issue': '发放优惠券',
    'coupon.new-member-package': '设置新人礼包',
  },
  targets: { seckillSession: '秒杀场次', coupon: '优惠券', memberCoupon: '会员的优惠券', newMemberPackage: '新人礼包' },
  fields: {
    quota: '名额',
    sold: '已售',
    perMemberLimit: '每人限购',
    threshold: '使用门槛',
    maxDiscount: '最高优惠',
    scope: '适用范围',
    scopeIds: '适用商品',
    validDays: '有效天数',
    total: '发放总量',
    issued: '已发放',
    memberId: '会员',
    source: '来源',
  },
}
