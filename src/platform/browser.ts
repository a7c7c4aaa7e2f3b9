/** Leaving the page for another address (WeChat OAuth, another host): one place, so tests can watch it. */
export const browser = {
  /** Opens the address (a history entry: WeChat OAuth returns here). */
  go(url: string) {
    window.location.href = url
  },
  /** Replaces the page with the address (no history entry: host gating). */
  replace(url: string) {
    window.location.replace(url)
  },
}
