/**
 * H5: the first banner the server puts in index.html for the home page (server/src/modules/home/preview.ts),
 * shown before the app's scripts have run. The home page removes it once its own banner is drawn at the
 * same place, or as soon as it shows something else (load failed, no banner, another page).
 */
import { HOME_PREVIEW_ELEMENT_ID } from '@contract/home'

const LONGEST_MS = 15_000

export function removeHomePreview() {
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  document.getElementById(HOME_PREVIEW_ELEMENT_ID)?.remove()
}

/** Whatever happens to the home page, the preview never outlives this. */
export function expireHomePreview() {
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined' || !document.getElementById(HOME_PREVIEW_ELEMENT_ID)) return
  setTimeout(removeHomePreview, LONGEST_MS)
}
