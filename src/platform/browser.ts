/** Leaving the page for another address (WeChat OAuth, another host): one place, so tests can watch it. */
export const browser = {
  go(url: string) {
    window.location.href = url
  },
}
