/**
 * H5: the preview and the automatic cover of a video the shopper has just chosen. Taro's chooseMedia hands the
 * video back as a data: URL and draws its thumbnail from the very first frame as soon as the browser can play
 * it: the page's Content-Security-Policy allows blob: media but not data: (server/src/plugins/security.ts), so
 * the preview stayed empty, and the first frame is often black. Here the file is shown from a blob: URL, and the
 * cover is the frame at about one second (a third of a shorter video), drawn once the browser has it, as a blob:
 * JPEG (img-src and the upload's read allow blob:). Resolves null when the browser cannot decode the video.
 */
export async function videoFrame(file: Blob, { at = 1, maxSide = 720, timeoutMs = 8000 } = {}): Promise<{ preview: string; cover: string } | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return null
  const preview = URL.createObjectURL(file)
  const video = document.createElement('video')
  video.muted = true
  video.playsInline = true
  video.preload = 'auto'
  const once = (event: string) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs)
      video.addEventListener(event, () => (clearTimeout(timer), resolve(true)), { once: true })
      video.addEventListener('error', () => (clearTimeout(timer), resolve(false)), { once: true })
    })
  const loaded = once('loadeddata')
  video.src = preview
  if (!(await loaded) || !video.videoWidth) return null
  const duration = Number.isFinite(video.duration) ? video.duration : 0
  const seeked = once('seeked')
  video.currentTime = Math.max(0.05, Math.min(at, duration / 3))
  if (!(await seeked)) return null
  const scale = Math.min(1, maxSide / Math.max(video.videoWidth, video.videoHeight))
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(video.videoWidth * scale)
  canvas.height = Math.round(video.videoHeight * scale)
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height)
  video.removeAttribute('src')
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85))
  return blob ? { preview, cover: URL.createObjectURL(blob) } : null
}
