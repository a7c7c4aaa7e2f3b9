import Taro from '@tarojs/taro'

/**
 * Calls `onNear` once when an element comes within `aheadPercent` % of a window height below the window:
 * H5 with the browser's IntersectionObserver on the element; the mini-program with the page's intersection
 * observer on a selector, started once the page's pending render has reached the view (Taro.nextTick), since
 * the observer finds only drawn nodes. Without an observer (or element) it calls on the next task.
 * Answers the function that stops watching.
 */
export function whenNearView(target: { el: HTMLElement | null; selector: string }, aheadPercent: number, onNear: () => void): () => void {
  let done = false
  const fire = () => {
    if (done) return
    done = true
    onNear()
  }
  if (process.env.TARO_ENV === 'h5') {
    if (!target.el || typeof IntersectionObserver === 'undefined') return later(fire)
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        fire()
      },
      { rootMargin: `0px 0px ${aheadPercent}% 0px` },
    )
    observer.observe(target.el)
    return () => observer.disconnect()
  }
  const page = Taro.getCurrentInstance().page
  if (!page || typeof Taro.createIntersectionObserver !== 'function') return later(fire)
  let observer: Taro.IntersectionObserver | null = null
  let stopped = false
  Taro.nextTick(() => {
    if (stopped) return
    const windowHeight = Taro.getWindowInfo?.().windowHeight || Taro.getSystemInfoSync().windowHeight
    observer = Taro.createIntersectionObserver(page as any)
    observer.relativeToViewport({ bottom: Math.round((windowHeight * aheadPercent) / 100) }).observe(target.selector, (res) => {
      if (!res.intersectionRatio) return
      observer?.disconnect()
      fire()
    })
  })
  return () => {
    stopped = true
    observer?.disconnect()
  }
}

function later(fn: () => void): () => void {
  const t = setTimeout(fn, 0)
  return () => clearTimeout(t)
}
