/**
 * Mini-program code scenes (getwxacodeunlimit: at most 32 characters of [0-9A-Za-z!#$&'()*+,/:;=?@-._~]).
 *
 * Compact form: "s=<sUid in base36>&b=<bUid in base36>[&i=<id in base36>][&key=value...]"; a member and a
 * business id up to 2^31 take 17 characters. Ids of known keys are base36 numbers; other values are kept as
 * they are when they only use scene characters. A query that does not fit is stored in share_scenes under a
 * 12-character key derived from its content (server), and the scene is "k=<key>".
 *
 * Shared by the server (encodes) and the mini-program (decodes at launch): one source for both.
 */
export const SCENE_MAX = 32

/** Known numeric keys and their one-letter scene names. */
const SHORT: Record<string, string> = { sUid: 's', bUid: 'b', id: 'i', goodsId: 'g' }
const LONG: Record<string, string> = {}
for (const k of Object.keys(SHORT)) LONG[SHORT[k]] = k
const SCENE_VALUE = /^[0-9A-Za-z!#$'()*+,/:;?@\-._~]+$/
const RESERVED = new Set(['k', 's', 'b', 'i', 'g'])

export type SceneQuery = Record<string, string>

const isId = (v: string) => /^[1-9]\d{0,15}$/.test(v) && Number(v) <= Number.MAX_SAFE_INTEGER

/** The query with empty values dropped and keys sorted (so a key derived from it is stable). */
export function normaliseQuery(q: Record<string, unknown>): SceneQuery {
  const out: SceneQuery = {}
  for (const k of Object.keys(q).sort()) {
    const v = q[k]
    if (v === undefined || v === null || v === '') continue
    out[k] = String(v)
  }
  return out
}

/** The compact scene for a query, or null when it does not fit in 32 characters (or uses other characters). */
export function compactScene(query: Record<string, unknown>): string | null {
  const q = normaliseQuery(query)
  const parts: string[] = []
  for (const [k, v] of Object.entries(q)) {
    if (SHORT[k]) {
      if (!isId(v)) return null
      parts.push(`${SHORT[k]}=${Number(v).toString(36)}`)
    } else {
      if (RESERVED.has(k) || !/^[A-Za-z][A-Za-z0-9]*$/.test(k) || !SCENE_VALUE.test(v)) return null
      parts.push(`${k}=${v}`)
    }
  }
  // Known ids first (s, b, i, g), then the others: stable and short.
  parts.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))
  const scene = parts.join('&')
  return scene.length > 0 && scene.length <= SCENE_MAX ? scene : null
}
const rank = (part: string) => {
  const i = ['s', 'b', 'i', 'g'].indexOf(part.split('=')[0])
  return i < 0 ? 10 : i
}

/** Parses a scene (as the mini-program receives it: possibly still URL-encoded). Returns the query, or {k} for a stored scene. */
export function parseScene(raw: string): SceneQuery {
  let scene = String(raw || '')
  try {
    if (/%[0-9A-Fa-f]{2}/.test(scene)) scene = decodeURIComponent(scene)
  } catch {
    /* keep it as it is */
  }
  const out: SceneQuery = {}
  for (const part of scene.split('&')) {
    const i = part.indexOf('=')
    if (i <= 0) continue
    const k = part.slice(0, i)
    const v = part.slice(i + 1)
    if (!v) continue
    if (LONG[k]) {
      const n = parseInt(v, 36)
      if (/^[0-9a-z]+$/.test(v) && Number.isSafeInteger(n) && n > 0) out[LONG[k]] = String(n)
    } else out[k] = v
  }
  return out
}
