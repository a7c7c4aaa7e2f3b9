import { EMPTY_REVIEW_MESSAGE, REVIEW_MAX_CHARS, REVIEW_MAX_IMAGES } from '@contract/review'

/** One goods' review being written on the evaluate page. */
export interface ReviewDraft {
  rating: number
  content: string
  images: string[]
  anonymous: boolean
}

export const newReviewDraft = (): ReviewDraft => ({ rating: 5, content: '', images: [], anonymous: false })

/** Characters as a person counts them (an emoji is one), the same count the server uses. */
export const countChars = (s: string): number => [...String(s ?? '')].length

/** Cuts text to the 140-character limit without splitting an emoji. */
export const clipReview = (s: string, max = REVIEW_MAX_CHARS): string => [...String(s ?? '')].slice(0, max).join('')

/** "12/140" under the text box. */
export const charCounter = (s: string, max = REVIEW_MAX_CHARS) => `${countChars(s)}/${max}`

/** How many more images may be added (never below zero). */
export const imagesLeft = (images: readonly string[], max = REVIEW_MAX_IMAGES): number => Math.max(0, max - images.length)

/** The first problem of a draft in Chinese, or null when it can be submitted. A follow-up needs text. */
export function reviewDraftError(d: Pick<ReviewDraft, 'rating' | 'content' | 'images'>, opts: { requireText?: boolean } = {}): string | null {
  if (!opts.requireText && !(Number.isInteger(d.rating) && d.rating >= 1 && d.rating <= 5)) return '请为商品打分'
  if (opts.requireText && !String(d.content ?? '').trim()) return '请填写追评内容'
  if (!opts.requireText && !String(d.content ?? '').trim() && !d.images.length) return EMPTY_REVIEW_MESSAGE
  if (countChars(String(d.content ?? '').trim()) > REVIEW_MAX_CHARS) return `评价内容最多${REVIEW_MAX_CHARS}个字`
  if (d.images.length > REVIEW_MAX_IMAGES) return `最多上传${REVIEW_MAX_IMAGES}张图片`
  return null
}
