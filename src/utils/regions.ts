import type { AreaList } from '@contract/area'

/**
 * Region data for the address form: the national division list with its GB/T 2260 codes (`@vant/area-data`:
 * every province, city and district; helpers in types/area.ts, shared with the server, which checks a saved code
 * against its names). The list (~160 KB) is loaded when the picker or 粘贴识别 first needs it, not with the page:
 * on H5 a chunk of its own, so the first load does not grow (the mini-program has no code splitting and bundles it).
 * Coverage and codes: docs/orders.md, "Region data".
 */
export { regionText } from '@contract/area'

let loading: Promise<AreaList> | null = null

/** The division list, loaded once; a failed load (offline) is retried on the next call. */
export function loadAreaList(): Promise<AreaList> {
  if (!loading)
    loading = import('@vant/area-data').then(
      (m) => m.areaList,
      (e) => {
        loading = null
        throw e
      },
    )
  return loading
}
