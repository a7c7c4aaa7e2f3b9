/** Player constants of SPEC.md section 9 and the danmu scheduling rules (pure functions, unit-tested). */

export const PLAYBACK_RATES = [0.5, 0.8, 1, 1.25, 1.5, 2] as const
export type PlaybackRate = (typeof PLAYBACK_RATES)[number]
/** Video controls hide after 3 s without a touch. */
export const CONTROLS_HIDE_MS = 3000
/** A danmu comment crosses the screen in 4 s (the CSS animation uses the same figure). */
export const DANMU_DURATION_MS = 4000
export const DANMU_LANES = 4

export const rateLabel = (r: number) => (r === 1 ? '倍速' : `${r}x`)

/** The next rate in the list (wraps around): 1 → 1.25 → 1.5 → 2 → 0.5 → 0.8 → 1. */
export function nextRate(current: number): PlaybackRate {
  const i = PLAYBACK_RATES.indexOf(current as PlaybackRate)
  return PLAYBACK_RATES[(i + 1) % PLAYBACK_RATES.length]
}

export interface DanmuSource {
  id: number
  content: string
  /** Playback second. */
  time: number
}

export interface ActiveDanmu {
  key: string
  content: string
  lane: number
  /** When it started (ms clock); it is removed DANMU_DURATION_MS later. */
  startedAt: number
  mine?: boolean
}

/**
 * The comments due between two playback positions (prev, now], in time order. A jump backwards (seek or
 * loop) replays from the new position; a jump of more than 2 s forward (seek) shows nothing for the gap.
 */
export function dueDanmu(list: readonly DanmuSource[], prev: number, now: number): DanmuSource[] {
  if (now < prev || now - prev > 2) return list.filter((d) => d.time === Math.floor(now) && now - Math.floor(now) < 0.5)
  return list.filter((d) => d.time > prev && d.time <= now).sort((a, b) => a.time - b.time)
}

/** Drops danmu whose 4 s animation has finished. */
export const pruneDanmu = (active: readonly ActiveDanmu[], clock: number): ActiveDanmu[] => active.filter((d) => clock - d.startedAt < DANMU_DURATION_MS)

/** The lane used least recently, so two danmu started together do not overlap. */
export function pickLane(active: readonly ActiveDanmu[], lanes = DANMU_LANES): number {
  const last = new Array(lanes).fill(-Infinity)
  for (const d of active) if (d.lane < lanes) last[d.lane] = Math.max(last[d.lane], d.startedAt)
  let best = 0
  for (let i = 1; i < lanes; i++) if (last[i] < last[best]) best = i
  return best
}

/** Adds danmu to the active set at `clock`, each in the freest lane. */
export function launchDanmu(active: readonly ActiveDanmu[], items: ReadonlyArray<{ key: string; content: string; mine?: boolean }>, clock: number): ActiveDanmu[] {
  let out = pruneDanmu(active, clock)
  for (const it of items) {
    if (out.some((d) => d.key === it.key)) continue
    out = [...out, { key: it.key, content: it.content, mine: it.mine, lane: pickLane(out), startedAt: clock }]
  }
  return out
}
