/** How the console shows times and states (Chinese labels for the wire's codes). */
import dayjs from 'dayjs'
import { HELD_TEXT, PARTLY_SHIPPED_TEXT } from '@contract/order'

export const dateTime = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—')
export const date = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD') : '—')

export const ORDER_STATUS: Record<string, { text: string; color: string }> = {
  unpaid: { text: '待付款', color: 'orange' },
  to_ship: { text: '待发货', color: 'red' },
  to_receive: { text: '待收货', color: 'blue' },
  to_review: { text: '待评价', color: 'cyan' },
  completed: { text: '已完成', color: 'green' },
  cancelled: { text: '已取消', color: 'default' },
}
/** A paid pickup order waiting at the point (status to_ship, delivery type pickup). */
export const PICKUP_WAITING = { text: '待自提', color: 'orange' }
/** The status tag of an order row: 待自提 for a pickup order waiting to be picked up. */
export const PARTLY_SHIPPED = { text: PARTLY_SHIPPED_TEXT, color: 'orange' }
/** A paid 拼团 order whose group is still filling: nothing ships until it forms. */
export const HELD = { text: HELD_TEXT, color: 'orange' }
/** An order's state as staff see it: a paid pickup order waiting is 待自提, one with some parcels sent 部分发货, a group order waiting for its group 待成团. */
export const orderStatusTag = (r: { status: string; deliveryType?: string; partlyShipped?: boolean; held?: boolean }) =>
  r.status !== 'to_ship' ? ORDER_STATUS[r.status] : r.held ? HELD : r.deliveryType === 'pickup' ? PICKUP_WAITING : r.partlyShipped ? PARTLY_SHIPPED : ORDER_STATUS[r.status]

export const AFTER_SALE_STATUS: Record<string, { text: string; color: string }> = {
  applied: { text: '待审核', color: 'red' },
  approved: { text: '已同意', color: 'blue' },
  rejected: { text: '已拒绝', color: 'default' },
  returned: { text: '买家已寄回', color: 'orange' },
  received: { text: '已收到退货', color: 'gold' },
  refunding: { text: '退款中', color: 'processing' },
  refunded: { text: '已退款', color: 'green' },
  cancelled: { text: '已撤销', color: 'default' },
}
export const AFTER_SALE_TYPE: Record<string, string> = { refund: '仅退款', return_refund: '退货退款' }
export const ORDER_AFTER_SALE: Record<string, string> = { none: '', processing: '售后中', finished: '售后完成' }

/** The valueEnum ProTable wants for a label table. */
export const valueEnum = (m: Record<string, { text: string; color?: string }>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, { text: v.text, status: undefined }]))

/** An address as one line (a municipality's city not repeated), as the shopper copies it onto a parcel. */
export const addressText = (a: { province: string; city: string; district: string; detail: string }) => `${a.province}${a.city === a.province ? '' : a.city}${a.district}${a.detail}`
