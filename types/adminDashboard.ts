/**
 * The console's contract of 工作台 (server module dashboard): the figures. Same rules as types/admin.ts (closed objects, fen, epoch ms).
 */
import { Type, type Static } from 'typebox'

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
