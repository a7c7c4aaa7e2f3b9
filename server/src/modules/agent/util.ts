/** Small helpers of the agent module: masking, numbers (China dates: services/chinaTime.ts). */

export const DAY = 86_400_000
export const maskPhone = (p: string | null | undefined) => (p && p.length >= 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p || '')
export const maskIdCard = (s: string) => (s.length === 18 ? `${s.slice(0, 6)}********${s.slice(14)}` : '')
export const maskName = (s: string) => (!s ? '' : s.length === 1 ? s : `${s[0]}${'*'.repeat(Math.min(s.length - 1, 2))}`)
export const maskCard = (s: string) => (s.length > 4 ? `**** ${s.slice(-4)}` : s)

export const num = (v: unknown): number => Number(v ?? 0) || 0
