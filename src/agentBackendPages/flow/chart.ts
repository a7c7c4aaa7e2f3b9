import type { FlowDay } from '@contract/agent'

export interface Bar {
  day: string
  /** Label under the bar ("11-22"), only every `step` bars, so 30 days stay readable. */
  label: string
  pv: number
  uv: number
  /** Heights in % of the tallest page-view bar. */
  pvPct: number
  uvPct: number
}

/** A nice upper bound for the axis: 1, 2, 5 × 10^n at or above max. */
export function axisMax(max: number): number {
  if (max <= 0) return 5
  const p = 10 ** Math.floor(Math.log10(max))
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p
  return 10 * p
}

/** The bars of the traffic chart (page views with unique visitors inside) for a series of days. */
export function chartBars(series: FlowDay[]): { bars: Bar[]; max: number } {
  const max = axisMax(Math.max(0, ...series.map((d) => d.pv)))
  const step = series.length > 14 ? 5 : series.length > 7 ? 2 : 1
  const bars = series.map((d, i) => ({
    day: d.day,
    label: i % step === 0 || i === series.length - 1 ? d.day.slice(5) : '',
    pv: d.pv,
    uv: d.uv,
    pvPct: Math.round((d.pv / max) * 100),
    uvPct: Math.round((d.uv / max) * 100),
  }))
  return { bars, max }
}
