import type { HomeSelfList } from '@contract/home'
import { get } from '@/core/request'

let early: { at: number; answer: Promise<HomeSelfList> } | null = null

/**
 * Starts the home call while the app starts (H5, landing on home), before the home page's code has even
 * loaded; the page's first getHomeSelfList() takes this answer (within 10 s), later calls ask again.
 */
export function prefetchHomeSelfList() {
  const answer = get<HomeSelfList>('/api/home/selfList', undefined, { catch: true })
  answer.catch(() => undefined)
  early = { at: Date.now(), answer }
}

/** Everything the home page shows: banners, icons, notices, goods sections, categories, hot words. */
export const getHomeSelfList = (): Promise<HomeSelfList> => {
  const taken = early
  early = null
  if (taken && Date.now() - taken.at < 10_000) return taken.answer
  return get<HomeSelfList>('/api/home/selfList', undefined, { catch: true })
}
