import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { useLatest } from '@/hooks/useLatest'

/**
 * H5: the back button (Android's, the browser's, a swipe back; in WeChat's browser too) closes the overlay on top (a
 * sheet, a picker, an image preview) instead of leaving the page, as an app does. The mini-program has no such
 * history: nothing happens there.
 *
 * How, with Taro 4.2.1's router (which listens to `popstate` through the `history` package and draws the page again
 * on any pop it sees). Chromium (156, measured) calls a window's `popstate` listeners in the order they were added,
 * capturing or not: ours must be added before the router's, so `src/app.ts` calls `listenForBack()` when it is
 * evaluated, before Taro's entry creates the router (a listener added later ran after the router's and the back
 * left the page; e2e shopperTaps).
 * - When an overlay opens and the current history entry is not ours already, one entry of the same address is
 *   pushed, marked with `MARK` (no hash: a hash change would reach the router as a navigation too).
 * - A back from that entry to the page's own entry is answered here, by a `popstate` listener in the capture phase
 *   (it runs before the router's listener on the same window) that calls `stopImmediatePropagation()`: the router
 *   never sees it, the page keeps its state. The overlay on top closes; a further overlay still open gets a new entry.
 * - An overlay closed another way (its close button, its mask, Escape, a choice made) leaves the entry in place:
 *   taking it off again with `history.back()` raced with the next overlay's push and the router's own navigation,
 *   and re-drew the page (the withdrawn first attempt, 7d28439). A later back that leaves it with no overlay open
 *   is answered the same way and goes one step further back itself, where the router takes over as usual.
 * - Any route change (Taro's `__afterTaroRouterChange`) says whether the entry now shown is such a mark: back from
 *   a page opened over one lands on it, a redirect replaces it.
 */
const MARK = '__backCloses'
const stack: Array<{ close: () => void }> = []
let onMark = false
let listening = false

const markedState = () => !!(window.history.state && window.history.state[MARK])

function onPopState(e: PopStateEvent) {
  const toMark = !!(e.state && e.state[MARK])
  if (!onMark || toMark) {
    onMark = toMark
    return
  }
  // Back from our entry to the page's own one: the router must not see it.
  e.stopImmediatePropagation()
  onMark = false
  const top = stack.pop()
  if (!top) return window.history.back()
  if (stack.length) pushMark()
  top.close()
}

function pushMark() {
  window.history.pushState({ ...(window.history.state || {}), [MARK]: true }, '', window.location.href)
  onMark = true
}

/** Adds the popstate listener (H5); `src/app.ts` calls it before Taro's router adds its own. */
export function listenForBack() {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined' || listening) return
  listening = true
  window.addEventListener('popstate', onPopState, true)
  Taro.eventCenter.on('__afterTaroRouterChange', () => {
    onMark = markedState()
  })
}

/** Registers an open overlay that a back closes; returns what to call once it has closed another way. */
export function closeOnBack(close: () => void): () => void {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return () => undefined
  listenForBack()
  const overlay = { close }
  stack.push(overlay)
  if (!onMark || !markedState()) pushMark()
  return () => {
    const i = stack.indexOf(overlay)
    if (i >= 0) stack.splice(i, 1)
  }
}

/** While `open`, a back closes the overlay (calls `close`) and the page stays; a no-op on the mini-program. */
export function useBackCloses(open: boolean, close: (() => void) | undefined) {
  const latest = useLatest(close)
  const closable = !!close
  useEffect(() => {
    if (!open || !closable) return
    return closeOnBack(() => latest.current?.())
  }, [open, closable, latest])
}

/** Test hook: forgets every overlay and mark. */
export function resetBackCloses() {
  stack.length = 0
  onMark = false
}
