import { useEffect, useRef } from 'react'
import { useBackCloses } from '@/platform/backCloses'

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'
let seq = 0

/** The focusable controls inside `root` that are drawn (display:none and hidden ones are skipped). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !(el as HTMLInputElement).disabled && el.getClientRects().length > 0)
}

/**
 * H5: a popup (NutUI Popup: coupon popup, spec sheet, pickers) as a modal dialog for keyboard and screen-reader
 * users. While `open`: the element carrying the returned class is role="dialog" aria-modal with `label` as its
 * name, the focus moves into it, and Tab / Shift+Tab cycle inside it; when it closes, the focus returns to the
 * control that opened it. Pass the class to the Popup's className. The mini-program has no keyboard focus: there
 * the hook does nothing (WeChat's screen reader reads the popup as it is drawn, on top). `onClose`: Escape calls it
 * (the popup's own close), as a tap on its close button or its overlay would, and so does the back button on the H5
 * (useBackCloses, src/platform/backCloses.ts): the popup closes, the page stays.
 */
export function useDialogFocus(open: boolean, label: string, onClose?: () => void): string {
  const cls = useRef(`a11y-dialog-${++seq}`).current
  // The latest close callback without re-running the effect (pages pass a new arrow function each render).
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5' || !open || typeof document === 'undefined') return
    const opener = document.activeElement as HTMLElement | null
    let root: HTMLElement | null = null
    let tries = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    // NutUI draws the popup in a portal, in a later frame: wait for it (up to ~1 s).
    const attach = () => {
      root = document.querySelector<HTMLElement>(`.${cls}`)
      if (!root) {
        if (++tries < 20) timer = setTimeout(attach, 50)
        return
      }
      root.setAttribute('role', 'dialog')
      root.setAttribute('aria-modal', 'true')
      if (label) root.setAttribute('aria-label', label)
      if (!root.hasAttribute('tabindex')) root.tabIndex = -1
      if (!root.contains(document.activeElement)) (focusables(root)[0] || root).focus({ preventScroll: true })
    }
    const onKey = (e: KeyboardEvent) => {
      // A dialog opened above this one (a confirm, another sheet) holds the focus and answers the keys itself.
      const owner = (document.activeElement as HTMLElement | null)?.closest('[aria-modal="true"]')
      if (owner && root && !root.contains(owner)) return
      if (e.key === 'Escape' && root && close.current) {
        e.preventDefault()
        close.current()
        return
      }
      if (e.key !== 'Tab' || !root) return
      const list = focusables(root)
      if (!list.length) {
        e.preventDefault()
        root.focus()
        return
      }
      const first = list[0]
      const last = list[list.length - 1]
      const active = document.activeElement
      if (e.shiftKey && (active === first || !root.contains(active))) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault()
        first.focus()
      }
    }
    attach()
    document.addEventListener('keydown', onKey, true)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('keydown', onKey, true)
      if (opener && document.contains(opener)) opener.focus({ preventScroll: true })
    }
  }, [open, label, cls])
  useBackCloses(open, onClose)
  return cls
}
