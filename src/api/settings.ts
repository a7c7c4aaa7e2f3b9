import type { PublicSettings } from '@contract/settings'
import { get, type RequestOptions } from '@/core/request'

export type { PublicSettings }

let cached: Promise<PublicSettings> | null = null
let known: PublicSettings | null = null
/** The settings if already read (synchronous callers, e.g. choosing the pay channel). */
export const publicSettingsNow = (): PublicSettings | null => known
/** Read once per app start (a failed read is tried again next time). */
export function getPublicSettings(opts: RequestOptions = { toast: false, catch: true }): Promise<PublicSettings> {
  if (!cached) {
    cached = get<PublicSettings>('/api/settings/public', undefined, opts)
      .then((s) => (known = s))
      .catch((e) => {
        cached = null
        throw e
      })
  }
  return cached
}
