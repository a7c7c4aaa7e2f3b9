import Taro from '@tarojs/taro'

/**
 * Mini-program: calls `onNear` once when the element of `selector` comes within `aheadPercent` % of a window
 * height below the window, through the page's intersection observer, started once the page's pending render has
 * reached the view (Taro.nextTick: the observer finds only drawn nodes). Without an observer it calls on the next
 * task. Answers the function that stops watching. (H5 pages use the browser's IntersectionObserver directly.)
 */
export function whenNearView(selector: string, aheadPercent: number, onNear: () => void): () => void {
  const page = Taro.getCurrentInstance().page
  if (!page || typeof Taro.createIntersectionObserver !== 'function') {
    const t = setTimeout(onNear, 0)
    return () => clearTimeout(t)
  }
  let observer: Taro.IntersectionObserver | null = null
  let stopped = false
  Taro.nextTick(() => {
    if (stopped) return
    const windowHeight = Taro.getWindowInfo?.().windowHeight || Taro.getSystemInfoSync().windowHeight
    observer = Taro.createIntersectionObserver(page as any)
    observer.relativeToViewport({ bottom: Math.round((windowHeight * aheadPercent) / 100) }).observe(selector, (res) => {
      if (!res.intersectionRatio || stopped) return
      stopped = true
      observer?.disconnect()
      onNear()
    })
  })
  return () => {
    stopped = true
    observer?.disconnect()
  }
}
