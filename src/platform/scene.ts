import { parseScene } from '@contract/scene'
import { getWxACodeParam } from '@/api/wechat'

/**
 * Mini-program codes open the app with `scene` in the launch query (getwxacodeunlimit, at most 32
 * characters). A compact scene ("s=<sUid36>&b=<bUid36>[&i=<id36>]") decodes here without a call; a stored
 * one ("k=<key>") is asked from the server (getWxACodeParam). The same parser as the server's (types/scene.ts).
 */
export async function decodeScene(scene: string | null | undefined): Promise<Record<string, string>> {
  if (!scene) return {}
  const q = parseScene(String(scene))
  if (!q.k) return q
  try {
    const res = await getWxACodeParam(String(scene), { toast: false, catch: true })
    const out: Record<string, string> = {}
    for (const [k, v] of Object.entries(res || {})) if (v !== undefined && v !== null && v !== '') out[k] = String(v)
    return out
  } catch {
    return {}
  }
}

/**
 * The launch query with its scene decoded (keys already in the query win). For app start:
 * `Object.assign(q, await withScene(q))` then sUid / bUid / id are read as from a link.
 */
export async function withScene(query: Record<string, string>): Promise<Record<string, string>> {
  if (!query.scene) return query
  return { ...(await decodeScene(query.scene)), ...query }
}
