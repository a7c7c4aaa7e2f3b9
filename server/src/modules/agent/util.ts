/** Small helpers of the agent module: China dates, masking. */

export const DAY = 86_400_000
const CN_OFFSET = 8 * 3600_000

/** The China date (UTC+8) of a time: "2026-11-22". */
export function chinaDay(t: number = Date.now()): string {
  return new Date(t + CN_OFFSET).toISOString().slice(0, 10)
}

/** Start (ms) of the China day of t. */
export function chinaDayStart(t: number = Date.now()): number {
  return Math.floor((t + CN_OFFSET) / DAY) * DAY - CN_OFFSET
}

/** Start (ms) of the China month of t. */
export function chinaMonthStart(t: number = Date.now()): number {
  const d = new Date(t + CN_OFFSET)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - CN_OFFSET
}

/** [start, end) of a China month "YYYY-MM". */
export function chinaMonthRange(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number)
  return [Date.UTC(y, m - 1, 1) - CN_OFFSET, Date.UTC(y, m, 1) - CN_OFFSET]
}

/** The last n China days, oldest first, ending today. */
export function lastDays(n: number, t: number = Date.now()): string[] {
  const out: string[] = []
  for (let i = n - 1; i >= 0; i--) out.push(chinaDay(t - i * DAY))
  return out
}

export const maskPhone = (p: string | null | undefined) => (p && p.length >= 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p || '')
export const maskIdCard = (s: string) => (s.length === 18 ? `${s.slice(0, 6)}********${s.slice(14)}` : '')
export const maskName = (s: string) => (!s ? '' : s.length === 1 ? s : `${s[0]}${'*'.repeat(Math.min(s.length - 1, 2))}`)
export const maskCard = (s: string) => (s.length > 4 ? `**** ${s.slice(-4)}` : s)

export const num = (v: unknown): number => Number(v ?? 0) || 0
