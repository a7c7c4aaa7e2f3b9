/**
 * The shop's clock: every day, month and time the shop counts or shows is China time (UTC+8, no daylight saving),
 * whatever the server's own zone. One place computes it; a module never adds the offset itself.
 */

export const DAY_MS = 86_400_000
export const CHINA_OFFSET_MS = 8 * 3600_000

/** A Date whose UTC fields read the China wall clock at t (`getUTCHours()` is the China hour). */
export const chinaClock = (t: number = Date.now()) => new Date(t + CHINA_OFFSET_MS)

/** The China date of a time: "2026-11-22". */
export const chinaDay = (t: number = Date.now()) => chinaClock(t).toISOString().slice(0, 10)

/** China time to the minute, "2026-11-22 16:05"; '' when there is no time. */
export const chinaMinute = (ms: number | null | undefined) => (ms ? chinaClock(Number(ms)).toISOString().slice(0, 16).replace('T', ' ') : '')

/** China time to the second, "2026-11-22 16:05:09"; '' when there is no time. */
export const chinaSecond = (ms: number | null | undefined) => (ms ? chinaClock(Number(ms)).toISOString().slice(0, 19).replace('T', ' ') : '')

/** The China hour and minute of a time: "16:05". */
export const chinaHourMinute = (t: number) => chinaClock(t).toISOString().slice(11, 16)

/** The China hour (0–23) of a time. */
export const chinaHour = (t: number = Date.now()) => chinaClock(t).getUTCHours()

/** China calendar date of a time. */
export function chinaDate(t: number): { year: number; month: number; day: number } {
  const d = chinaClock(t)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** Midnight (China) of a China date "YYYY-MM-DD", as a time (NaN when it is no date). */
export const parseChinaDay = (day: string) => Date.parse(`${day}T00:00:00+08:00`)

/** "HH:mm" on a China date "YYYY-MM-DD", as a time. */
export const parseChinaTime = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`)

/** Midnight (China) of a China date given by its numbers (month 1–12), as a time. */
export const chinaMidnight = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) - CHINA_OFFSET_MS

/** Start (ms) of the China day of t. */
export const chinaDayStart = (t: number = Date.now()) => Math.floor((t + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS

/** Start (ms) of the China month of t. */
export function chinaMonthStart(t: number = Date.now()): number {
  const d = chinaClock(t)
  return chinaMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
}

/** [start, end) of a China month "YYYY-MM". */
export function chinaMonthRange(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number)
  return [chinaMidnight(y, m, 1), chinaMidnight(y, m + 1, 1)]
}

/** [start, end) ms of China days "YYYY-MM-DD" from and to (either may be absent). */
export function chinaDayRange(from?: string, to?: string): { start?: number; end?: number } {
  return { start: from ? parseChinaDay(from) : undefined, end: to ? parseChinaDay(to) + DAY_MS : undefined }
}

/** The last n China days, oldest first, ending on t's day. */
export function lastDays(n: number, t: number = Date.now()): string[] {
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) out.push(chinaDay(t - i * DAY_MS))
  return out
}
