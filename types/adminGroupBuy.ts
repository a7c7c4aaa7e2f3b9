/**
 * The console's contract of 营销 › 拼团 (server module groupBuy, prefix /group-buy): activities on a goods with a
 * group price per SKU, and their live figures. Same rules as types/admin.ts (closed objects). Money in fen, times in ms.
 */
import { Type, type Static } from 'typebox'
import { Closed, Fen, PageOf } from './admin'
import { Id, Str } from './schema'

export const GroupBuyActivityBody = Closed({
  goodsId: Id(),
  title: Str(40, 1),
  size: Type.Integer({ minimum: 2, maximum: 10 }),
  hours: Type.Integer({ minimum: 1, maximum: 720 }),
  perMemberLimit: Type.Integer({ minimum: 1, maximum: 99 }),
  startAt: Type.Integer({ minimum: 0 }),
  endAt: Type.Integer({ minimum: 0 }),
  virtualFill: Type.Boolean(),
  leaderDiscount: Fen,
  skus: Type.Array(Closed({ skuId: Id(), price: Type.Integer({ minimum: 1, maximum: 100_000_000 }) }), { minItems: 1, maxItems: 100 }),
})
export type GroupBuyActivityBody = Static<typeof GroupBuyActivityBody>

export const GroupBuyEnabledBody = Closed({ enabled: Type.Boolean() })
export type GroupBuyEnabledBody = Static<typeof GroupBuyEnabledBody>

export const GroupBuyListQuery = Closed({ page: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) })
export type GroupBuyListQuery = Static<typeof GroupBuyListQuery>

/** Live figures of an activity: groups by state, paid group orders and what they sold (refunded ones excluded). */
export const GroupBuyFigures = Type.Object({ open: Type.Integer(), formed: Type.Integer(), failed: Type.Integer(), orders: Type.Integer(), sales: Type.Integer() })
export type GroupBuyFigures = Static<typeof GroupBuyFigures>

export const AdminGroupBuyActivity = Type.Object({
  id: Type.Integer(),
  goodsId: Type.Integer(),
  goodsName: Type.String(),
  title: Type.String(),
  size: Type.Integer(),
  hours: Type.Integer(),
  perMemberLimit: Type.Integer(),
  startAt: Type.Integer(),
  endAt: Type.Integer(),
  virtualFill: Type.Boolean(),
  leaderDiscount: Type.Integer(),
  enabled: Type.Boolean(),
  skus: Type.Array(Type.Object({ skuId: Type.Integer(), specText: Type.String(), price: Type.Integer(), singlePrice: Type.Integer() })),
  figures: GroupBuyFigures,
})
export type AdminGroupBuyActivity = Static<typeof AdminGroupBuyActivity>
export const AdminGroupBuyPage = PageOf(AdminGroupBuyActivity)
export type AdminGroupBuyPage = Static<typeof AdminGroupBuyPage>

/** 查看团: an activity's groups that a leader paid for (open, formed, failed), newest first, each with its members. */
export const GroupBuyGroupState = Type.Union([Type.Literal('open'), Type.Literal('formed'), Type.Literal('failed')])
export type GroupBuyGroupState = Static<typeof GroupBuyGroupState>
export const GroupBuyGroupsQuery = Closed({
  state: Type.Optional(GroupBuyGroupState),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
})
export type GroupBuyGroupsQuery = Static<typeof GroupBuyGroupsQuery>

/** A member's order in a group: unpaid (no place yet), paid (a place), late (paid on a full or failed group: refund due), refunded. */
export const GroupBuyMemberState = Type.Union([Type.Literal('unpaid'), Type.Literal('paid'), Type.Literal('late'), Type.Literal('refunded')])
export type GroupBuyMemberState = Static<typeof GroupBuyMemberState>
export const AdminGroupBuyMember = Type.Object({
  memberId: Type.Integer(),
  nickname: Type.String(),
  phone: Type.String(),
  isLeader: Type.Boolean(),
  quantity: Type.Integer(),
  state: GroupBuyMemberState,
  orderNo: Type.String(),
  paidAt: Type.Union([Type.Integer(), Type.Null()]),
})
export type AdminGroupBuyMember = Static<typeof AdminGroupBuyMember>
export const AdminGroupBuyGroup = Type.Object({
  id: Type.Integer(),
  state: GroupBuyGroupState,
  size: Type.Integer(),
  paidCount: Type.Integer(),
  /** Places 模拟成团 filled at the deadline. */
  virtualCount: Type.Integer(),
  expiresAt: Type.Union([Type.Integer(), Type.Null()]),
  formedAt: Type.Union([Type.Integer(), Type.Null()]),
  failedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  members: Type.Array(AdminGroupBuyMember),
})
export type AdminGroupBuyGroup = Static<typeof AdminGroupBuyGroup>
export const AdminGroupBuyGroupPage = PageOf(AdminGroupBuyGroup)
export type AdminGroupBuyGroupPage = Static<typeof AdminGroupBuyGroupPage>

/** The Chinese names of the console's fields in validation messages. */
export const GROUP_BUY_FIELD_LABELS: Record<string, string> = {
  size: '成团人数',
  hours: '成团时限',
  perMemberLimit: '每人限购',
  virtualFill: '模拟成团',
  leaderDiscount: '团长优惠',
  skus: '拼团价',
}

/** 操作日志 words of 营销 › 拼团: types/auditLabels.ts. */
export const GROUP_BUY_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'groupBuy.create': '新建拼团活动',
    'groupBuy.update': '编辑拼团活动',
    'groupBuy.enable': '开启拼团活动',
    'groupBuy.disable': '关闭拼团活动',
  },
  targets: { groupBuyActivity: '拼团活动' },
  fields: GROUP_BUY_FIELD_LABELS,
}
