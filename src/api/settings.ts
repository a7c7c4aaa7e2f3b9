import { get, type RequestOptions } from '@/core/request'

/** Shop settings read without a new build (GET /api/settings/public). */
export interface PublicSettings {
  /** The mini-program is under WeChat's review: hide video release, the blind box and reward-promising share prompts. */
  reviewMode: boolean
  /** Phone browsers outside WeChat pay with WeChat Pay H5. */
  h5Pay: boolean
  /** Subscribe message template ids to ask for at each moment. */
  subscribe: { placeOrder: string[]; afterSale: string[]; withdraw: string[] }
}

let cached: Promise<PublicSettings> | null = null
let known: PublicSettings | null = null
/** The settings if already read (synchronous callers, e.g. choosing the pay channel). */
export const publicSettingsNow = (): PublicSettings | null => known
/** Read once per app start (a failed read is tried again next time). */
export function getPublicSettings(opts: RequestOptions = { toast: false, catch: true }): Promise<PublicSettings> {
  if (!cached) {
    cached = get<PublicSettings>('/api/settings/public', undefined, opts).then((s) => (known = s)).catch((e) => {
      cached = null
      throw e
    })
  }
  return cached
}
