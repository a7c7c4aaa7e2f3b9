export const SEARCH_HISTORY_CAP = 10

/** Newest first; a repeated term moves to the front; at most 10 terms; blank terms are ignored. */
export function pushSearchTerm(list: readonly string[], term: string): string[] {
  const t = String(term ?? '').trim()
  if (!t) return [...list]
  return [t, ...list.filter((x) => x !== t)].slice(0, SEARCH_HISTORY_CAP)
}
