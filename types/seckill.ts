/** Flash sales (/api/seckill/*). Money in fen, times in ms. Rules: docs/promotions.md. */
import type { MemberAddress } from './address'
import type { OrderPreview } from './order'
import { PayPassword } from './balance'
import { Bool, Id, Int, Obj, Opt, Str, type Static } from './schema'

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

/** couponId: a member coupon id; 0 = no coupon; absent = the server picks the best usable one. */
const seckillOrderFields = { itemId: Id(), quantity: Int(1, 99), addressId: Opt(Id()), couponId: Opt(Int(0)), useBalance: Opt(Bool()), balanceAmount: Opt(Int(0)) }
/** POST /api/seckill/preview. */
export const SeckillPreviewRequest = Obj(seckillOrderFields)
export type SeckillPreviewRequest = Static<typeof SeckillPreviewRequest>
/** POST /api/seckill/submit: requestId one per page visit. */
export const SeckillSubmitRequest = Obj({ ...seckillOrderFields, remark: Opt(Str(200)), requestId: Str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }), payPassword: Opt(PayPassword()) })
export type SeckillSubmitRequest = Static<typeof SeckillSubmitRequest>
/** GET /api/seckill/items. */
export const SeckillItemsQuery = Obj({ sessionId: Id() })
export type SeckillItemsQuery = Static<typeof SeckillItemsQuery>
/** GET /api/seckill/detail. */
export const SeckillItemQuery = Obj({ itemId: Id() })
export type SeckillItemQuery = Static<typeof SeckillItemQuery>

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
