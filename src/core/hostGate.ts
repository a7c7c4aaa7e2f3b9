import { useUserStore } from '@/stores/user'
import { decideHost } from '@/platform/hosts'
import { browser } from '@/platform/browser'

/** H5 only: applies the main host / entry host rule to the page being opened (no-op without configuration). */
export function guardHost(): boolean {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return false
  const d = decideHost(window.location, useUserStore.getState().token)
  if (d.action === 'redirect') {
    browser.replace(d.url)
    return true
  }
  return false
}
