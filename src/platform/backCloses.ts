import Taro from '@tarojs/taro'

/**
 * H5: the back button (Android's, the browser's, a swipe back) closes the overlay on top (a sheet, an image
 * preview) before it leaves the page, as an app does. While an overlay is open, one history entry of the same
 * address is pushed for it; a back that leaves that entry closes the overlay and goes no further (our listener
 * runs first, in the capture phase, and keeps the router from seeing it). An overlay closed another way (its close
 * button, a tap on its mask, Escape) takes its entry off again. The mini-program has no such history: nothing
 * happens there.
 */
interface Overlay {
  id: number
  close: () => void
}

const stack: Overlay[] = []
let seq = 0
let ignored = 0
let listening = false

function onPopState(e: PopStateEvent) {
  if (ignored > 0) {
    // The back that took the entry of an overlay closed another way.
    ignored -= 1
    e.stopImmediatePropagation()
    return
  }
  const top = stack[stack.length - 1]
  // Back to an overlay's own entry (from a page opened over it): an ordinary back for the router.
  if (!top || (e.state && e.state.overlay === top.id)) return
  e.stopImmediatePropagation()
  stack.pop()
  top.close()
}

/** Registers an open overlay; returns the function to call once it has closed (by any means). */
export function closeOnBack(close: () => void): () => void {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return () => undefined
  if (!listening) {
    window.addEventListener('popstate', onPopState, true)
    listening = true
  }
  const overlay = { id: ++seq, close }
  stack.push(overlay)
  window.history.pushState({ ...(window.history.state || {}), overlay: overlay.id }, '')
  return () => {
    const i = stack.indexOf(overlay)
    if (i < 0) return // closed by a back: its entry is gone already
    stack.splice(i, 1)
    // Still on its entry (no page was opened from it since): take the entry off.
    if (window.history.state?.overlay === overlay.id) {
      ignored += 1
      window.history.back()
    }
  }
}

/** Taro.previewImage, whose full-screen preview (H5) a back closes too. */
export async function previewImages(urls: string[], current: string) {
  await Taro.previewImage({ urls, current })
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  const shown = document.querySelectorAll<HTMLElement>('.preview-image')
  const el = shown[shown.length - 1]
  if (!el) return
  // Taro removes the preview on a tap (and on a route change); a back removes it here.
  const done = closeOnBack(() => el.remove())
  el.addEventListener('click', done, { once: true })
}
