import dayjs from 'dayjs'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

type TimeInput = number | string | Date

/**
 * First relative-time formatter (SPEC.md section 9): under 5 minutes 刚刚; under an hour N分钟前;
 * under a day N小时前; up to 30 days N天前; then the date.
 */
export function fromNow(time: TimeInput, now: number = Date.now()): string {
  const t = dayjs(time).valueOf()
  const diff = Math.max(0, now - t)
  if (diff < 5 * MIN) return '刚刚'
  if (diff < HOUR) return `${Math.floor(diff / MIN)}分钟前`
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`
  if (diff <= 30 * DAY) return `${Math.floor(diff / DAY)}天前`
  return dayjs(t).format('YYYY-MM-DD')
}

/** Second formatter: under 60 s 刚刚; under 1 h minutes; under 1 day hours; under 3 days days; then the date. */
export function fromNowShort(time: TimeInput, now: number = Date.now()): string {
  const t = dayjs(time).valueOf()
  const diff = Math.max(0, now - t)
  if (diff < MIN) return '刚刚'
  if (diff < HOUR) return `${Math.floor(diff / MIN)}分钟前`
  if (diff < DAY) return `${Math.floor(diff / HOUR)}小时前`
  if (diff < 3 * DAY) return `${Math.floor(diff / DAY)}天前`
  return dayjs(t).format('YYYY-MM-DD')
}

export const formatTime = (time: TimeInput, pattern = 'YYYY-MM-DD HH:mm'): string => (time ? dayjs(time).format(pattern) : '')

/** Fen to a yuan string with two decimals: 12990 → "129.90". */
export const yuan = (fen: number | null | undefined): string => ((Number(fen) || 0) / 100).toFixed(2)
