/** 工作台's figures: what each one is (title, definition) and how its value and 环比 read. docs/console.md "工作台" defines the same. */
import type { DashboardTodo, Figures, Metric } from '@contract/adminDashboard'
import { fenToYuan } from '../../core/money'

export type FigureKey = keyof Figures
type Kind = 'money' | 'count' | 'ratio'

export const FIGURES: Array<{ key: FigureKey; title: string; kind: Kind; tip: string }> = [
  { key: 'gross', title: '销售额（含退款）', kind: 'money', tip: '期间内支付的订单实付金额合计（按支付时间），之后退款的订单也算在内' },
  { key: 'refunds', title: '退款', kind: 'money', tip: '期间内退款完成的售后金额合计（按退款完成时间）' },
  { key: 'net', title: '净销售额', kind: 'money', tip: '销售额（含退款）减去退款' },
  { key: 'paidOrders', title: '支付订单', kind: 'count', tip: '期间内支付的订单数' },
  { key: 'visitors', title: '访客', kind: 'count', tip: '打开过店铺的设备数，登录与未登录都算；同一设备一天只算一次' },
  { key: 'conversion', title: '转化率', kind: 'ratio', tip: '支付会员数 ÷ 访客数（支付会员数：期间内有支付订单的会员，每人只算一次）' },
  { key: 'newMembers', title: '新会员', kind: 'count', tip: '期间内注册的会员数' },
]

/** A figure's value as the card shows it: yuan with two decimals, a whole number, or a percentage with one decimal. */
export function figureText(kind: Kind, value: number): string {
  if (kind === 'money') return fenToYuan(value)
  if (kind === 'ratio') return `${(value * 100).toFixed(1)}%`
  return String(Math.round(value))
}

/**
 * 环比: the change against the previous period of the same length. Money and counts as a percentage of the
 * previous value; a ratio (转化率) in percentage points. Nothing to compare with (previous 0) says so.
 */
export function changeText(kind: Kind, m: Metric): { text: string; trend?: 'up' | 'down' } {
  const diff = m.value - m.previous
  if (kind === 'ratio') {
    const points = Math.round(diff * 1000) / 10
    if (points === 0) return { text: '持平' }
    return { text: `${points > 0 ? '+' : '-'}${Math.abs(points).toFixed(1)} 个百分点`, trend: points > 0 ? 'up' : 'down' }
  }
  if (m.previous === 0) return { text: m.value === 0 ? '持平' : '上期为 0' }
  const pct = Math.round((diff / Math.abs(m.previous)) * 1000) / 10
  if (pct === 0) return { text: '持平' }
  return { text: `${pct > 0 ? '+' : '-'}${Math.abs(pct).toFixed(1)}%`, trend: pct > 0 ? 'up' : 'down' }
}

/** Each to-do tile: its label and the list it opens, filtered to the same rows it counts. */
export const TODOS: Array<{ key: keyof DashboardTodo; label: string; to: string }> = [
  { key: 'toShip', label: '待发货订单', to: '/orders?status=to_ship' },
  { key: 'afterSales', label: '待处理售后', to: '/after-sales?status=waiting' },
  { key: 'withdrawals', label: '待打款提现', to: '/agents/withdrawals?status=pending' },
  { key: 'agentApplications', label: '代理申请', to: '/agents/applications?status=pending' },
  { key: 'cashbackTasks', label: '返现待审核', to: '/marketing/cashback-tasks?status=submitted' },
  { key: 'feedback', label: '新反馈', to: '/content/feedback?status=new' },
  { key: 'failedRefunds', label: '退款失败', to: '/todo/failures?kind=refunds' },
  { key: 'failedShipping', label: '发货信息上传失败', to: '/todo/failures?kind=shipping' },
  { key: 'failedMessages', label: '消息发送失败', to: '/todo/failures?kind=messages' },
  { key: 'failedTracking', label: '物流跟踪异常', to: '/todo/failures?kind=tracking' },
]
