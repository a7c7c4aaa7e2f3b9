/** Adds a script / stylesheet from the shop's own server once (H5 only); resolves when it has loaded. */
const loaded = new Map<string, Promise<void>>()

export function loadScript(src: string): Promise<void> {
  if (!loaded.has(src)) {
    loaded.set(
      src,
      new Promise<void>((resolve, reject) => {
        const el = document.createElement('script')
        el.src = src
        el.async = true
        el.onload = () => resolve()
        el.onerror = () => {
          loaded.delete(src)
          el.remove()
          reject(new Error(`加载失败：${src}`))
        }
        document.head.appendChild(el)
      }),
    )
  }
  return loaded.get(src) as Promise<void>
}

export function loadStyle(href: string) {
  if (document.querySelector(`link[data-vendor="${href}"]`)) return
  const el = document.createElement('link')
  el.rel = 'stylesheet'
  el.href = href
  el.setAttribute('data-vendor', href)
  document.head.appendChild(el)
}

/** Where the build copies the editor (config/index.ts, CONTENT_VENDOR_COPY). */
export const QUILL_BASE = '/static/vendor/quill'
