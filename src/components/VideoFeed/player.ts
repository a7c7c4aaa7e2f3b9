import Taro from '@tarojs/taro'

/**
 * One video's controls by its id (Taro.createVideoContext per id). On H5 the context is the
 * <taro-video-core> element, whose inner <video> takes the playback rate.
 */
function context(id: string): any {
  try {
    return Taro.createVideoContext(id) as any
  } catch {
    return null
  }
}

const DRAW_WAIT_FRAMES = 120
/** H5: whether each video element should be playing (a pause before its <video> is drawn cancels the play). */
const wantsPlay = new WeakMap<object, boolean>()

function playWhenDrawn(element: any, framesLeft: number) {
  if (!wantsPlay.get(element)) return
  const video: HTMLVideoElement | null = element.querySelector?.('video') ?? null
  if (video && element.src && video.getAttribute('src') === String(element.src)) video.play().catch(() => undefined)
  else if (framesLeft > 0 && element.isConnected) requestAnimationFrame(() => playWhenDrawn(element, framesLeft - 1))
}

export const videoDomId = (videoId: number, scope = 'feed') => `${scope}-video-${videoId}`

export const player = {
  play(id: string) {
    const c = context(id)
    if (process.env.TARO_ENV === 'h5') {
      // The inner <video> itself, once it has the element's source (a few frames after the element is
      // first drawn): a play() before that is interrupted by the source's load, and Taro's own play()
      // leaves that rejection uncaught.
      if (c) wantsPlay.set(c, true)
      if (c) playWhenDrawn(c, DRAW_WAIT_FRAMES)
      return
    }
    const p = c?.play?.()
    if (p && typeof p.catch === 'function') p.catch(() => undefined)
  },
  pause(id: string) {
    const c = context(id)
    if (c) wantsPlay.set(c, false)
    const p = c?.pause?.()
    if (p && typeof p.catch === 'function') p.catch(() => undefined)
  },
  seek(id: string, seconds: number) {
    context(id)?.seek?.(seconds)
  },
  fullscreen(id: string) {
    const c = context(id)
    if (process.env.TARO_ENV === 'h5') {
      const video: HTMLVideoElement | null = c?.querySelector?.('video') ?? null
      if (video && (video as any).webkitEnterFullscreen && !document.fullscreenEnabled) (video as any).webkitEnterFullscreen()
      else c?.requestFullScreen?.()
      return
    }
    c?.requestFullScreen?.({ direction: 0 })
  },
  setRate(id: string, rate: number) {
    const c = context(id)
    if (process.env.TARO_ENV === 'h5') {
      const video: HTMLVideoElement | null = c?.querySelector?.('video') ?? null
      if (video) video.playbackRate = rate
      return
    }
    c?.playbackRate?.(rate)
  },
}
