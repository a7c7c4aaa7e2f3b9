/** In-memory only: the sharer id from the sUid query parameter (never persisted, SPEC.md section 3). */
let sharerId = ''
let sharerBusinessId = ''

export const getSharerId = () => sharerId
export const getSharerBusinessId = () => sharerBusinessId
export function rememberSharer(sUid?: string | null, bUid?: string | null) {
  if (sUid) sharerId = String(sUid)
  if (bUid) sharerBusinessId = String(bUid)
}
