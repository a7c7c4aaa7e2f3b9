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

export const videoDomId = (videoId: number, scope = 'feed') => `${scope}-video-${videoId}`

export const player = {
  play(id: string) {
    const c = context(id)
    const p = c?.play?.()
    if (p && typeof p.catch === 'function') p.catch(() => undefined)
  },
  pause(id: string) {
    const p = context(id)?.pause?.()
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
