/**
 * The merchant console's 营销 part B contract: points (积分), the blind box (盲盒/转盘) and review cashback (好评返现).
 * Server: modules/integral|turntable|cashback/adminRoutes.ts; web app: admin/src/pages/marketing/Points*, BlindBox*,
 * Cashback*. Same wire rules as types/admin.ts (envelope, fen, epoch ms, closed bodies). Rules: docs/promotions.md.
 */
import { Type, type Static } from 'typebox'
import { Closed, Fen, PageOf } from './admin'
import { GoodsStatus } from './adminGoods'
import { Id, PagingFields, Str } from './schema'

/** Chinese names of this file's request fields, for validation messages (merged into the console's labels). */
export const REWARDS_FIELD_LABELS: Record<string, string> = {
  signIn: '签到积分',
  perYuan: '每元积分',
  redeemRate: '积分抵现比例',
  redeemMaxPercent: '积分抵扣上限',
  expireDays: '积分有效期',
  firstOrder: '首单积分',
  review: '评价积分',
  points: '积分',
  cash: '现金',
  marketPrice: '市场价',
  perMemberLimit: '每人限兑',
  description: '说明',
  goodsId: '商品',
  kind: '类型',
  period: '周期',
  target: '目标次数',
  enabled: '启用',
  weight: '中奖率',
  unlimited: '不限库存',
  couponId: '优惠券',
  cost: '每次消耗积分',
  amount: '返现金额',
  requirement: '活动要求',
  minRating: '最低星级',
  minChars: '最少字数',
  minImages: '最少图片数',
  quota: '名额',
  stockBefore: '原库存',
  type: '类型',
}

const Sort = Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 }))
const Stock = Type.Integer({ minimum: 0, maximum: 1_000_000 })

// ------------------------------------------------------------------ 积分: earning rules

/** Check-in points along the cycle (day 1 … day n, then again), points per whole yuan paid, first-order and review rewards, and the checkout's 积分抵现 rate and cap. */
export const PointsRulesBody = Closed({
  signIn: Type.Array(Type.Integer({ minimum: 0, maximum: 10_000 }), { minItems: 1, maxItems: 14 }),
  perYuan: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The reward of the mission 完成首次下单 (kind first_order). */
  firstOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** The reward of the mission 评价商品 (kind review). */
  review: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** 积分抵现: how many points take ¥1 off at checkout; left out = unchanged. */
  redeemRate: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  /** 积分抵扣上限: the most points may take off an order, in percent of its goods after the coupon (0 = not at all); left out = unchanged. */
  redeemMaxPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  /** 积分有效期: points gained more than this many days ago and not spent expire (0 = never); left out = unchanged. */
  expireDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
})
export type PointsRulesBody = Static<typeof PointsRulesBody>
/** firstOrder / review are null when that mission was removed. */
export const PointsRulesView = Type.Object({
  signIn: Type.Array(Type.Integer()),
  perYuan: Type.Integer(),
  redeemRate: Type.Integer(),
  redeemMaxPercent: Type.Integer(),
  expireDays: Type.Integer(),
  firstOrder: Type.Union([Type.Integer(), Type.Null()]),
  review: Type.Union([Type.Integer(), Type.Null()]),
})
export type PointsRulesView = Static<typeof PointsRulesView>

// ------------------------------------------------------------------ 积分: points mall goods

export const AdminPointsGoods = Type.Object({
  id: Type.Integer(),
  goodsId: Type.Integer(),
  skuId: Type.Integer(),
  specText: Type.String(),
  name: Type.String(),
  image: Type.String(),
  points: Type.Integer(),
  cash: Type.Integer(),
  marketPrice: Type.Integer(),
  stock: Type.Integer(),
  redeemed: Type.Integer(),
  perMemberLimit: Type.Integer(),
  status: Type.String(),
  description: Type.String(),
  sort: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type AdminPointsGoods = Static<typeof AdminPointsGoods>
export const AdminPointsGoodsPage = PageOf(AdminPointsGoods)
export type AdminPointsGoodsPage = Static<typeof AdminPointsGoodsPage>
export const PointsGoodsQuery = Closed({ ...PagingFields, status: Type.Optional(GoodsStatus) })
export type PointsGoodsQuery = Static<typeof PointsGoodsQuery>
/**
 * Create and edit a points-mall item (a catalogue SKU redeemed for points, plus cash when `cash` > 0). On edit,
 * `stockBefore` is the stock the form loaded: the stock typed is saved only if no redemption changed it meanwhile (409).
 */
export const PointsGoodsInput = Closed({
  skuId: Id(),
  name: Str(64, 1),
  image: Type.Optional(Str(256)),
  points: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  cash: Fen,
  marketPrice: Fen,
  stock: Stock,
  stockBefore: Type.Optional(Stock),
  perMemberLimit: Type.Integer({ minimum: 1, maximum: 1000 }),
  description: Type.Optional(Str(500)),
  sort: Sort,
  status: Type.Optional(GoodsStatus),
})
export type PointsGoodsInput = Static<typeof PointsGoodsInput>
export const StatusBody = Closed({ status: GoodsStatus })
export type StatusBody = Static<typeof StatusBody>

// ------------------------------------------------------------------ 积分: missions

export const MISSION_KINDS = ['first_order', 'review', 'share', 'browse'] as const
export const MISSION_KIND_TEXT: Record<(typeof MISSION_KINDS)[number], string> = { first_order: '首次下单并支付', review: '评价商品', share: '分享商品', browse: '浏览不同商品' }
export const MissionKind = Type.Union([Type.Literal('first_order'), Type.Literal('review'), Type.Literal('share'), Type.Literal('browse')])
export const MissionPeriod = Type.Union([Type.Literal('once'), Type.Literal('daily')])
export const AdminMission = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  description: Type.String(),
  points: Type.Integer(),
  period: Type.String(),
  target: Type.Integer(),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
})
export type AdminMission = Static<typeof AdminMission>
/** One mission per kind (the kind says how the shop counts progress). */
export const MissionInput = Closed({
  kind: MissionKind,
  title: Str(32, 1),
  description: Type.Optional(Str(100)),
  points: Type.Integer({ minimum: 1, maximum: 100_000 }),
  period: MissionPeriod,
  target: Type.Integer({ minimum: 1, maximum: 100 }),
  enabled: Type.Optional(Type.Boolean()),
  sort: Sort,
})
export type MissionInput = Static<typeof MissionInput>

// ------------------------------------------------------------------ 盲盒

export const PrizeKind = Type.Union([Type.Literal('points'), Type.Literal('coupon'), Type.Literal('goods'), Type.Literal('none')])
export const PRIZE_KIND_TEXT = { points: '积分', coupon: '优惠券', goods: '实物', none: '谢谢参与' } as const
/** weight: the prize's odds in hundredths of a percent (2500 = 25.00 %). */
export const AdminPrize = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  kind: Type.String(),
  points: Type.Integer(),
  couponId: Type.Union([Type.Integer(), Type.Null()]),
  couponName: Type.String(),
  goodsId: Type.Union([Type.Integer(), Type.Null()]),
  skuId: Type.Union([Type.Integer(), Type.Null()]),
  weight: Type.Integer(),
  stock: Type.Integer(),
  unlimited: Type.Boolean(),
  won: Type.Integer(),
  sort: Type.Integer(),
  status: Type.String(),
})
export type AdminPrize = Static<typeof AdminPrize>
/** The pool, the cost of a draw, and the coupons a coupon prize may hand out (id and name). */
export const BlindBoxView = Type.Object({ cost: Type.Integer(), prizes: Type.Array(AdminPrize), coupons: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) })
export type BlindBoxView = Static<typeof BlindBoxView>
/**
 * Create and edit a prize (not its odds or shelf state: those are set for the whole pool at once, PoolBody).
 * points: for kind points; couponId: for kind coupon; skuId: for kind goods. `stockBefore` as for points goods.
 */
export const PrizeInput = Closed({
  name: Str(32, 1),
  image: Type.Optional(Str(256)),
  kind: PrizeKind,
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  couponId: Type.Optional(Type.Union([Id(), Type.Null()])),
  skuId: Type.Optional(Type.Union([Id(), Type.Null()])),
  stock: Stock,
  stockBefore: Type.Optional(Stock),
  unlimited: Type.Boolean(),
  sort: Sort,
})
export type PrizeInput = Static<typeof PrizeInput>
/** The pool's odds and shelf state, saved together: the prizes on the shelf must add up to exactly 100 % (10000). */
export const PoolBody = Closed({ items: Type.Array(Closed({ id: Id(), weight: Type.Integer({ minimum: 0, maximum: 10_000 }), status: GoodsStatus }), { minItems: 1, maxItems: 100 }) })
export type PoolBody = Static<typeof PoolBody>
export const BlindBoxSettingsBody = Closed({ cost: Type.Integer({ minimum: 1, maximum: 100_000 }) })
export type BlindBoxSettingsBody = Static<typeof BlindBoxSettingsBody>
export const DrawRecordQuery = Closed({ ...PagingFields, status: Type.Optional(Str(16)) })
export type DrawRecordQuery = Static<typeof DrawRecordQuery>
export const AdminDrawRecord = Type.Object({
  id: Type.Integer(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  prizeName: Type.String(),
  kind: Type.String(),
  cost: Type.Integer(),
  status: Type.String(),
  statusText: Type.String(),
  receiverName: Type.String(),
  receiverPhone: Type.String(),
  receiverAddress: Type.String(),
  expressName: Type.String(),
  trackingNo: Type.String(),
  createdAt: Type.Integer(),
  shippedAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminDrawRecord = Static<typeof AdminDrawRecord>
export const AdminDrawRecordPage = PageOf(AdminDrawRecord)
export type AdminDrawRecordPage = Static<typeof AdminDrawRecordPage>

// ------------------------------------------------------------------ 好评返现

export const CampaignType = Type.Union([Type.Literal('review'), Type.Literal('task')])
export const CAMPAIGN_TYPE_TEXT = { review: '好评返现（评价即提交）', task: '晒单任务（上传截图）' } as const
export const AdminCampaign = Type.Object({
  id: Type.Integer(),
  goodsId: Type.Integer(),
  goodsName: Type.String(),
  title: Type.String(),
  type: Type.String(),
  amount: Type.Integer(),
  requirement: Type.String(),
  minRating: Type.Integer(),
  minChars: Type.Integer(),
  minImages: Type.Integer(),
  quota: Type.Union([Type.Integer(), Type.Null()]),
  used: Type.Integer(),
  status: Type.String(),
  startAt: Type.Integer(),
  endAt: Type.Integer(),
})
export type AdminCampaign = Static<typeof AdminCampaign>
export const AdminCampaignPage = PageOf(AdminCampaign)
export type AdminCampaignPage = Static<typeof AdminCampaignPage>
export const CampaignQuery = Closed({ ...PagingFields, goodsId: Type.Optional(Id()) })
export type CampaignQuery = Static<typeof CampaignQuery>
/** A goods' cashback rule: amount in fen (at most ¥1,000), the review it needs, places (null: no limit), the dates. */
export const CampaignInput = Closed({
  goodsId: Id(),
  title: Str(32, 1),
  type: CampaignType,
  amount: Type.Integer({ minimum: 1, maximum: 100_000 }),
  requirement: Type.Optional(Str(500)),
  minRating: Type.Integer({ minimum: 1, maximum: 5 }),
  minChars: Type.Integer({ minimum: 0, maximum: 500 }),
  minImages: Type.Integer({ minimum: 0, maximum: 9 }),
  quota: Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('ended')]),
  startAt: Type.Integer({ minimum: 0 }),
  endAt: Type.Integer({ minimum: 0 }),
})
export type CampaignInput = Static<typeof CampaignInput>
export const CashbackTaskQuery = Closed({ ...PagingFields, status: Type.Optional(Type.Union([Type.Literal('submitted'), Type.Literal('approved'), Type.Literal('rejected'), Type.Literal('paid')])) })
export type CashbackTaskQuery = Static<typeof CashbackTaskQuery>
export const AdminCashbackTask = Type.Object({
  id: Type.Integer(),
  campaignId: Type.Integer(),
  campaignTitle: Type.String(),
  type: Type.String(),
  goodsName: Type.String(),
  memberId: Type.Integer(),
  memberPhone: Type.String(),
  orderNo: Type.String(),
  amount: Type.Integer(),
  status: Type.String(),
  statusText: Type.String(),
  proofImages: Type.Array(Type.String()),
  proofText: Type.String(),
  review: Type.Union([Type.Object({ rating: Type.Integer(), content: Type.String(), images: Type.Array(Type.String()) }), Type.Null()]),
  rejectReason: Type.String(),
  submittedAt: Type.Integer(),
  decidedAt: Type.Union([Type.Integer(), Type.Null()]),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminCashbackTask = Static<typeof AdminCashbackTask>
export const AdminCashbackTaskPage = PageOf(AdminCashbackTask)
export type AdminCashbackTaskPage = Static<typeof AdminCashbackTaskPage>
export const CashbackDecisionReply = Type.Object({ id: Type.Integer(), status: Type.String(), amount: Type.Integer() })
export type CashbackDecisionReply = Static<typeof CashbackDecisionReply>

/** 操作日志 words of 积分、盲盒、返现: types/auditLabels.ts. */
export const REWARDS_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'points.rules': '修改积分规则',
    'pointsGoods.create': '新建积分商品',
    'pointsGoods.update': '编辑积分商品',
    'pointsGoods.on': '积分商品上架',
    'pointsGoods.off': '积分商品下架',
    'mission.create': '新建任务',
    'mission.update': '编辑任务',
    'mission.delete': '删除任务',
    'prize.create': '新建盲盒奖品',
    'prize.update': '编辑盲盒奖品',
    'prize.odds': '调整中奖率',
    'prize.ship': '盲盒奖品发货',
    'blindBox.cost': '修改盲盒抽奖积分',
    'cashback.campaign.create': '新建返现规则',
    'cashback.campaign.update': '编辑返现规则',
    'cashback.approve': '通过返现',
    'cashback.refuse': '拒绝返现',
  },
  targets: { pointsGoods: '积分商品', mission: '任务', prize: '盲盒奖品', drawRecord: '中奖记录', cashbackCampaign: '返现规则', cashbackTask: '返现申请' },
  fields: { prizeName: '奖品', proofImages: '凭证图片' },
}
