import dayjs from 'dayjs'
import { relativeTexts } from '@/locales'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

type TimeInput = number | string | Date

/** The shop's days are China days (UTC+8), whatever the phone's time zone. */
const CHINA_OFFSET = 8 * HOUR
/** Number of the China calendar day a ms time falls on (days since 1970-01-01 in UTC+8). */
export const chinaDayNumber = (t: number) => Math.floor((t + CHINA_OFFSET) / DAY)
/** Calendar days from `from` to `to` in China days: 0 on the same day, 1 when `to` is tomorrow, whatever the hours. */
export const chinaDaysBetween = (from: number, to: number) => chinaDayNumber(to) - chinaDayNumber(from)

/**
 * First relative-time formatter (SPEC.md section 9): under 5 minutes 刚刚; under an hour N分钟前;
 * under a day N小时前; up to 30 days N天前; then the date. Texts in the app's locale (src/locales, zh-CN by default).
 */
export function fromNow(time: TimeInput, now: number = Date.now()): string {
  const t = dayjs(time).valueOf()
  const diff = Math.max(0, now - t)
  const r = relativeTexts()
  if (diff < 5 * MIN) return r.justNow
  if (diff < HOUR) return r.minutes(Math.floor(diff / MIN))
  if (diff < DAY) return r.hours(Math.floor(diff / HOUR))
  if (diff <= 30 * DAY) return r.days(Math.floor(diff / DAY))
  return dayjs(t).format('YYYY-MM-DD')
}

/** Second formatter: under 60 s 刚刚; under 1 h minutes; under 1 day hours; under 3 days days; then the date. */
export function fromNowShort(time: TimeInput, now: number = Date.now()): string {
  const t = dayjs(time).valueOf()
  const diff = Math.max(0, now - t)
  const r = relativeTexts()
  if (diff < MIN) return r.justNow
  if (diff < HOUR) return r.minutes(Math.floor(diff / MIN))
  if (diff < DAY) return r.hours(Math.floor(diff / HOUR))
  if (diff < 3 * DAY) return r.days(Math.floor(diff / DAY))
  return dayjs(t).format('YYYY-MM-DD')
}

export const formatTime = (time: TimeInput, pattern = 'YYYY-MM-DD HH:mm'): string => (time ? dayjs(time).format(pattern) : '')

/** China day of a time, YYYY-MM-DD (the server's footprint days). */
export const chinaDay = (t: number) => new Date(t + CHINA_OFFSET).toISOString().slice(0, 10)

/** 今天 / 昨天 / M月D日 (another year: YYYY年M月D日). */
export function dayLabel(day: string, now: number = Date.now()): string {
  if (day === chinaDay(now)) return '今天'
  if (day === chinaDay(now - DAY)) return '昨天'
  const [y, m, d] = day.split('-').map(Number)
  return y === Number(chinaDay(now).slice(0, 4)) ? `${m}月${d}日` : `${y}年${m}月${d}日`
}

/** Consecutive entries of one day (e.g. footprints, which come newest first), in list order. */
export function groupByDay<T extends { day: string }>(list: T[]): { day: string; items: T[] }[] {
  const out: { day: string; items: T[] }[] = []
  for (const f of list) {
    const last = out[out.length - 1]
    if (last && last.day === f.day) last.items.push(f)
    else out.push({ day: f.day, items: [f] })
  }
  return out
}
