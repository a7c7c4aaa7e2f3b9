import Taro from '@tarojs/taro'

/** The shop's toast duration (SPEC.md section 9: 2000 ms, the framework's own default is 1500 ms). */
export const TOAST_DURATION = 2000

export function toast(title: string, icon: 'none' | 'success' | 'error' = 'none', duration = TOAST_DURATION) {
  if (!title) return
  Taro.showToast({ title, icon, duration })
  if (process.env.TARO_ENV === 'h5') arrangeToast()
}

/** A box on screen, in CSS px (a DOMRect has these). */
export interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

/** The controls a toast never lies over: buttons (NutUI's and plain ones) and the goods page's bottom bar. */
export const TOAST_AVOIDS = '.nut-button, button, .detail-bar__btn'
/** Where a toast may sit, as fractions of the viewport's height for its centre: the middle first, then above, then below. */
const TOAST_SPOTS = [0.5, 0.3, 0.7, 0.16, 0.84]

const overlap = (a: Box, b: Box) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))

/**
 * The vertical centre (px) for a toast of `size`, centred across a `viewport`, so that it covers none of
 * `avoid`: the first free spot of TOAST_SPOTS; when every spot covers something, the one that covers least.
 */
export function toastCentre(size: { width: number; height: number }, viewport: { width: number; height: number }, avoid: Box[]): number {
  let best = { y: viewport.height / 2, covered: Infinity }
  for (const spot of TOAST_SPOTS) {
    const y = Math.round(viewport.height * spot)
    const box = { top: y - size.height / 2, bottom: y + size.height / 2, left: (viewport.width - size.width) / 2, right: (viewport.width + size.width) / 2 }
    const covered = avoid.reduce((sum, b) => sum + overlap(box, b), 0)
    if (covered === 0) return y
    if (covered < best.covered) best = { y, covered }
  }
  return best.y
}

/** Words of a text, for line breaks between them only (Intl.Segmenter; the text whole where it is missing). */
function wordsOf(text: string): string[] {
  const Segmenter = (Intl as any).Segmenter
  if (!Segmenter) return [text]
  return Array.from(new Segmenter('zh', { granularity: 'word' }).segment(text) as Iterable<{ segment: string }>, (s) => s.segment)
}

/**
 * H5: Taro's toast (one element, reused) is a fixed box in the middle of the screen that took taps (a 登录 tapped
 * while 「验证码已发送」 showed was lost) and broke its text anywhere (用户协|议). The stylesheet (app.scss) lets
 * taps through it; here its text is cut into words that each stay on one line, it is announced (role status), and
 * it moves off any button it would cover.
 */
export function arrangeToast() {
  if (typeof document === 'undefined') return
  const box = document.querySelector<HTMLElement>('.taro__toast > div:last-child')
  const title = box?.querySelector<HTMLElement>('p:last-child')
  if (!box || !title) return
  box.setAttribute('role', 'status')
  box.setAttribute('aria-live', 'polite')
  const text = title.textContent || ''
  if (!title.querySelector('.taro__toast-word')) {
    title.replaceChildren(
      ...wordsOf(text).map((w) => {
        const span = document.createElement('span')
        span.className = 'taro__toast-word'
        span.textContent = w
        return span
      }),
    )
  }
  const rect = box.getBoundingClientRect()
  if (!rect.width) return
  const avoid = Array.from(document.querySelectorAll<HTMLElement>(TOAST_AVOIDS))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
  box.style.top = `${toastCentre({ width: rect.width, height: rect.height }, { width: window.innerWidth, height: window.innerHeight }, avoid)}px`
}

export const showLoading = (title = '加载中') => Taro.showLoading({ title, mask: true })
export const hideLoading = () => Taro.hideLoading()

export interface ConfirmOptions {
  /** The buttons' words (at most 4 Chinese characters each, as WeChat's modal allows). */
  confirmText?: string
  cancelText?: string
  /** false: an alert with one button (Escape then answers it). */
  showCancel?: boolean
}

/**
 * H5: Taro's showModal draws plain <div>s (no role, no focus, buttons a keyboard cannot reach). The modal it has
 * just drawn (synchronously, one element reused for every call) becomes an alertdialog named by its title and
 * described by its text; its buttons are buttons; the focus moves to the confirm button, Tab / Shift+Tab stay on
 * the two buttons, Escape answers cancel (or the one button of an alert). The returned function, called once the
 * modal is answered, returns the focus to the control that opened it. The mini-program's wx.showModal is native.
 */
export function makeModalAccessible(): () => void {
  const el = process.env.TARO_ENV === 'h5' && typeof document !== 'undefined' ? document.querySelector<HTMLElement>('.taro__modal') : null
  const box = el?.querySelector<HTMLElement>('.taro-modal__content')
  const ok = el?.querySelector<HTMLElement>('.taro-model__confirm')
  const cancel = el?.querySelector<HTMLElement>('.taro-model__cancel')
  if (!el || !box || !ok || !cancel || el.style.display === 'none') return () => undefined
  const opener = document.activeElement as HTMLElement | null
  const title = el.querySelector<HTMLElement>('.taro-modal__title')
  const text = el.querySelector<HTMLElement>('.taro-modal__text')
  if (title) title.id = 'taro-modal-title'
  if (text) text.id = 'taro-modal-text'
  box.setAttribute('role', 'alertdialog')
  box.setAttribute('aria-modal', 'true')
  if (title?.textContent) box.setAttribute('aria-labelledby', title.id)
  else box.setAttribute('aria-label', '提示')
  if (text) box.setAttribute('aria-describedby', text.id)
  for (const b of [cancel, ok]) {
    b.setAttribute('role', 'button')
    b.tabIndex = 0
  }
  const buttons = () => [cancel, ok].filter((b) => b.style.display !== 'none')
  const onKey = (e: KeyboardEvent) => {
    const active = document.activeElement as HTMLElement | null
    if (e.key === 'Escape') (buttons().length > 1 ? cancel : ok).click()
    else if ((e.key === 'Enter' || e.key === ' ') && active && buttons().includes(active)) active.click()
    else if (e.key === 'Tab') {
      const list = buttons()
      const i = active ? list.indexOf(active) : -1
      list[(i + (e.shiftKey ? list.length - 1 : 1)) % list.length].focus()
    } else return
    e.preventDefault()
    e.stopPropagation()
  }
  document.addEventListener('keydown', onKey, true)
  ok.focus({ preventScroll: true })
  return () => {
    document.removeEventListener('keydown', onKey, true)
    if (opener && opener !== document.body && document.contains(opener)) opener.focus({ preventScroll: true })
  }
}

/**
 * Modal with confirm / cancel; resolves true when confirmed. Every confirmation of the shop goes through here
 * (on the H5 an accessible dialog: makeModalAccessible).
 */
export async function confirm(content: string, title = '提示', options: ConfirmOptions = {}): Promise<boolean> {
  const answer = Taro.showModal({ title, content, confirmColor: '#AF57FF', ...options })
  const release = makeModalAccessible()
  try {
    return !!(await answer).confirm
  } finally {
    release()
  }
}
