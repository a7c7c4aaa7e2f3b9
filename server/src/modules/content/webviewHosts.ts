import type { Config } from '../../config'
import type { Conn } from '../../db/types'

/**
 * The web-view allow-list = WEBVIEW_ALLOW_LIST (the environment, not editable in the console) + the hosts added in
 * the console (table webview_hosts). checkWebUrl reads the table on every check; the shop's CSP (frame-src, built per
 * request from cachedConsoleHosts) uses the last list read, refreshed in the background at most every REFRESH_MS
 * and at once after a console change in this process.
 */
export const REFRESH_MS = 10_000

const known = new WeakMap<object, { hosts: string[]; at: number; loading: boolean }>()

/** The console's hosts, read now (and remembered for the CSP). */
export async function consoleHosts(db: Conn, cacheKey: object = db): Promise<string[]> {
  const rows = await db.selectFrom('webviewHosts').select('host').orderBy('id').execute()
  const hosts = rows.map((r) => r.host)
  known.set(cacheKey, { hosts, at: Date.now(), loading: false })
  return hosts
}

export async function allowList(db: Conn, config: Config): Promise<string[]> {
  return [...config.webviewAllowList, ...(await consoleHosts(db))]
}

/** The last known console hosts without waiting (the CSP hook); starts a refresh when older than REFRESH_MS. */
export function cachedConsoleHosts(db: Conn): string[] {
  const k = known.get(db)
  if (!k || (Date.now() - k.at > REFRESH_MS && !k.loading)) {
    if (k) k.loading = true
    else known.set(db, { hosts: [], at: 0, loading: true })
    consoleHosts(db).catch(() => {
      const e = known.get(db)
      if (e) e.loading = false
    })
  }
  return known.get(db)?.hosts || []
}

/**
 * A host entry as typed in the console: "example.com" (and subdomains), "*.example.com" (same) or "host:port".
 * Returns the normalised entry or null when it is not a host name / IP (a URL, a path, spaces…).
 */
export function normaliseHost(raw: string): string | null {
  const s = String(raw || '')
    .trim()
    .toLowerCase()
    .replace(/^\*\./, '')
    .replace(/\.$/, '')
  if (!s || s.length > 128) return null
  const m = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\d{1,5}))?$/.exec(s)
  if (!m) return null
  if (m[2] && (Number(m[2]) < 1 || Number(m[2]) > 65535)) return null
  // A bare word (no dot) is only accepted for localhost: "com" would allow every .com site.
  if (!m[1].includes('.') && m[1] !== 'localhost') return null
  return s
}
