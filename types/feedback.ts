/** Feedback (/api/feedback/*), stored for the operator (npm run admin -- feedback list). */
import { Arr, Enum, Obj, Opt, Str, type Static } from './schema'

export type FeedbackType = 'bug' | 'suggestion' | 'goods' | 'logistics' | 'other'

export const FEEDBACK_TYPES: Array<{ value: FeedbackType; text: string }> = [
  { value: 'bug', text: '功能异常' },
  { value: 'suggestion', text: '体验建议' },
  { value: 'goods', text: '商品问题' },
  { value: 'logistics', text: '物流问题' },
  { value: 'other', text: '其他' },
]
export const FEEDBACK_MIN_CHARS = 5
export const FEEDBACK_MAX_CHARS = 500
export const FEEDBACK_MAX_IMAGES = 9

/** POST /api/feedback/submit. content: FEEDBACK_MIN_CHARS-FEEDBACK_MAX_CHARS characters (checked by the service); contact: phone, WeChat id or e-mail. */
export const FeedbackSubmitRequest = Obj({
  type: Enum(FEEDBACK_TYPES.map((t) => t.value)),
  content: Str(3000, 1),
  images: Opt(Arr(Str(256, 1), FEEDBACK_MAX_IMAGES)),
  contact: Opt(Str(200)),
})
export type FeedbackSubmitRequest = Static<typeof FeedbackSubmitRequest>

export interface FeedbackItem {
  id: number
  type: FeedbackType
  typeText: string
  content: string
  images: string[]
  contact: string
  /** new → read (the shop opened it) → replied → closed. */
  status: 'new' | 'read' | 'replied' | 'closed'
  /** The shop's reply ('' when none yet). */
  reply: string
  repliedAt: number | null
  createdAt: number
}
