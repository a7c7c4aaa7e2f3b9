import { Arr, Bool, Id, Int, Obj, Opt, Str, type Static } from './schema'
import { OrderNo, OrderNoQuery } from './order'
/** Reviews after the purchase (/api/review/*): the evaluate and follow-up pages. Money in fen, times in ms. */

/** The interface framework's text input default (SPEC.md section 5): a review holds at most 140 characters. */
export const REVIEW_MAX_CHARS = 140
/** The framework's image count default: at most 9 images per review. */
export const REVIEW_MAX_IMAGES = 9
/** A first review may get one 追评 (follow-up) within this many days. */
export const FOLLOW_UP_DAYS = 180
/** Ratings 4 and 5 count as good reviews (goods.good_review_count, 好评率). */
export const GOOD_RATING = 4
/** Stored for a review without text (stars only), so the comment list never shows an empty review. */
export const EMPTY_REVIEW_TEXT = '此用户没有填写评价。'
/** The refusal of a review with neither words nor a picture (the evaluate page and the server say the same). */
export const EMPTY_REVIEW_MESSAGE = '请写下评价内容或上传晒图'
export const RATING_TEXT: Record<number, string> = { 1: '非常差', 2: '差', 3: '一般', 4: '好', 5: '非常好' }

export interface ReviewView {
  id: number
  rating: number
  content: string
  images: string[]
  anonymous: boolean
  createdAt: number
}

/** One order line on the evaluate / follow-up page. */
export interface ReviewableItem {
  orderItemId: number
  goodsId: number
  goodsName: string
  image: string
  specText: string
  price: number
  quantity: number
  reviewed: boolean
  review: ReviewView | null
  followUp: ReviewView | null
  /** A good-review cashback campaign on this goods the member can still join ('review' type earns after this review). */
  cashback: { campaignId: number; type: 'review' | 'task'; amount: number; title: string } | null
}

export interface ReviewableOrder {
  orderNo: string
  status: string
  items: ReviewableItem[]
}

// Length is checked in characters by the service (an emoji is one; at most REVIEW_MAX_CHARS); the schema only bounds the bytes.
const ReviewContent = () => Str(600)
/** Paths from /api/upload, at most REVIEW_MAX_IMAGES. */
const ReviewImages = () => Arr(Str(256, 1), REVIEW_MAX_IMAGES)

/** One line's review: rating 1-5 stars; content may be empty (the shop shows a default text). */
export const ReviewItemInput = Obj({ orderItemId: Id(), rating: Int(1, 5), content: Opt(ReviewContent()), images: Opt(ReviewImages()), anonymous: Opt(Bool()) })
export type ReviewItemInput = Static<typeof ReviewItemInput>

/** GET /api/review/orderItems. */
export const ReviewOrderQuery = OrderNoQuery
/** POST /api/review/submit. */
export const ReviewSubmitRequest = Obj({ orderNo: OrderNo(), items: Arr(ReviewItemInput, 50, 1) })
export type ReviewSubmitRequest = Static<typeof ReviewSubmitRequest>

export interface ReviewSubmitResponse {
  orderNo: string
  /** The order's status after the review ('completed' once every line is reviewed). */
  orderStatus: string
  reviewIds: number[]
  /** Cashback tasks created by this review (campaigns of type 'review'). */
  cashbackTasks: Array<{ taskId: number; amount: number; title: string }>
}

/** POST /api/review/followUp. */
export const FollowUpRequest = Obj({ orderItemId: Id(), content: ReviewContent(), images: Opt(ReviewImages()) })
export type FollowUpRequest = Static<typeof FollowUpRequest>

export interface FollowUpResponse {
  id: number
  parentId: number
}
