import Taro from '@tarojs/taro'

/** The shop's toast duration (SPEC.md section 9: 2000 ms, the framework's own default is 1500 ms). */
export const TOAST_DURATION = 2000

export function toast(title: string, icon: 'none' | 'success' | 'error' = 'none', duration = TOAST_DURATION) {
  if (!title) return
  Taro.showToast({ title, icon, duration })
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
