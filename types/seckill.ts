/** Flash sales (/api/seckill/*). Money in fen, times in ms. Rules: docs/promotions.md. */
import type { MemberAddress } from './address'
import type { OrderPreview } from './order'

export type SessionState = 'upcoming' | 'active' | 'ended'

export interface SeckillSession {
  id: number
  /** "10:00" */
  title: string
  startAt: number
  endAt: number
  state: SessionState
}

export interface SessionsResponse {
  /** Server time: countdowns are computed against it (the phone's clock may be wrong). */
  now: number
  day: string
  sessions: SeckillSession[]
  /** The session the list opens on: the running one, else the next, else the last. */
  currentId: number | null
}

export interface SeckillItem {
  id: number
  sessionId: number
  goodsId: number
  skuId: number
  name: string
  image: string
  specText: string
  price: number
  originalPrice: number
  quota: number
  sold: number
  /** 0..100 */
  soldPercent: number
  perMemberLimit: number
}

export interface SessionItemsResponse {
  now: number
  session: SeckillSession
  items: SeckillItem[]
}

export interface SeckillDetail extends SeckillItem {
  now: number
  session: SeckillSession
  images: string[]
  detailHtml: string
  subtitle: string
  /** How many the caller has bought in this session (0 for visitors). */
  myBought: number
}

export interface SeckillPreviewRequest {
  itemId: number
  quantity: number
  addressId?: number
  /** A member coupon id; 0 = no coupon; absent = the server picks the best usable one. */
  couponId?: number
}

export interface SeckillSubmitRequest extends SeckillPreviewRequest {
  requestId: string
  remark?: string
}

export interface SeckillPreview extends OrderPreview {
  item: SeckillItem
  session: SeckillSession
  address: MemberAddress | null
  myBought: number
}

export interface SeckillSubmitResponse {
  orderNo: string
  payAmount: number
  status: string
  expireAt: number
  existing: boolean
}
