/** Feedback (/api/feedback/*), stored for the operator (npm run admin -- feedback list). */
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

export interface FeedbackSubmitRequest {
  type: FeedbackType
  content: string
  images: string[]
  /** Phone, WeChat id or e-mail, optional. */
  contact?: string
}

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
