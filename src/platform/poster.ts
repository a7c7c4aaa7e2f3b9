import Taro from '@tarojs/taro'
import qrcode from 'qrcode-generator'
import { confirm, toast } from '@/core/toast'

/**
 * Share posters (the goods poster of agents and of the goods details, the business card poster): drawing on the
 * page's 2D canvas and saving the picture, on H5 and in the mini-program. What a poster shows is painted by its
 * own `paint` function; everything around it is here.
 */

/** The canvas a poster is drawn on: its element id and its size in CSS pixels. */
export interface PosterCanvasSpec {
  id: string
  width: number
  height: number
}

/** Drawn at 3× the CSS size, so the saved picture stays sharp on phone screens. */
const SCALE = 3
export const POSTER_FONT = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif"

/** Splits text into at most `maxLines` lines of `perLine` characters (CJK text has no spaces to break on). */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const chars = Array.from(String(text || ''))
  const lines: string[] = []
  for (let i = 0; i < chars.length && lines.length < maxLines; i += perLine) lines.push(chars.slice(i, i + perLine).join(''))
  if (chars.length > perLine * maxLines && lines.length) lines[lines.length - 1] = `${lines[lines.length - 1].slice(0, -1)}…`
  return lines
}

/** A source canvas drawImage accepts: the URL itself on H5; a local file in the mini-program ('' when it cannot be had). */
export async function drawableImage(src: string): Promise<string> {
  if (!src) return ''
  if (process.env.TARO_ENV === 'h5') return src
  try {
    if (src.startsWith('data:')) {
      const [, base64] = src.split(',')
      const filePath = `${(Taro as any).env.USER_DATA_PATH}/share-code-${Date.now()}.png`
      Taro.getFileSystemManager().writeFileSync(filePath, base64, 'base64')
      return filePath
    }
    return (await Taro.getImageInfo({ src })).path
  } catch {
    return ''
  }
}

/** The QR code of `text` in a `size` square at (x, y). */
export function paintQr(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, size: number) {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const n = qr.getModuleCount()
  const cell = size / n
  ctx.fillStyle = '#222222'
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect(x + c * cell, y + r * cell, cell + 0.3, cell + 0.3)
}

/**
 * A round picture (an avatar) of radius `r` centred at (cx, cy); without a picture a disc of `bg` with `initial`
 * in `fg` (the first character of a name, or a sign such as "?").
 */
export function paintAvatar(ctx: CanvasRenderingContext2D, image: CanvasImageSource | null, cx: number, cy: number, r: number, initial: string, bg = '#f3e6ff', fg = '#af57ff') {
  ctx.save()
  ctx.beginPath()
  ctx.arc(cx, cy, r, 0, Math.PI * 2)
  ctx.closePath()
  if (image) {
    ctx.clip()
    ctx.drawImage(image, cx - r, cy - r, r * 2, r * 2)
  } else {
    ctx.fillStyle = bg
    ctx.fill()
    ctx.fillStyle = fg
    ctx.font = `${Math.round(r * 0.8)}px ${POSTER_FONT}`
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillText(Array.from(initial)[0] || '', cx, cy)
  }
  ctx.restore()
}

/**
 * Loads an image for the canvas; null when there is none or it fails (the poster then draws a placeholder). On H5 a
 * picture from another site (a WeChat avatar, a CDN) is asked for with CORS: one its site does not allow then fails
 * to load and gets the placeholder, instead of tainting the canvas, which would make the whole poster fail.
 */
const loadWith = (create: () => any, cors?: (src: string) => boolean) => (src: string) =>
  new Promise<any>((resolve) => {
    if (!src) return resolve(null)
    const img = create()
    img.onload = () => resolve(img)
    img.onerror = () => resolve(null)
    if (cors?.(src)) img.crossOrigin = 'anonymous'
    img.src = src
  })
const corsFor = (src: string) => /^https?:\/\//i.test(src) && !src.startsWith(`${window.location.origin}/`)

/** The H5 canvas of <PosterCanvas>: Taro's canvas element is defined from its own chunk on H5, so it may take a moment to be drawn. */
async function h5Canvas(id: string, timeoutMs = 3000): Promise<HTMLCanvasElement | null> {
  const started = Date.now()
  for (;;) {
    const canvas = (document.querySelector(`#${id} canvas`) || document.querySelector(`canvas#${id}`)) as HTMLCanvasElement | null
    if (canvas || Date.now() - started > timeoutMs) return canvas
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * Draws a poster on the page's canvas (`spec.id`, rendered by <PosterCanvas>) with the standard 2D canvas API:
 * `sources` (drawableImage() sources) are loaded first and given to `paint` in the same order (null where one
 * failed). Returns a data URL (H5) or a temporary file (mini-program).
 */
export async function drawPoster(spec: PosterCanvasSpec, sources: string[], paint: (ctx: CanvasRenderingContext2D, images: (CanvasImageSource | null)[]) => void): Promise<string> {
  const { id, width, height } = spec
  if (process.env.TARO_ENV === 'h5') {
    const canvas = await h5Canvas(id)
    if (!canvas) throw new Error('no canvas')
    canvas.width = width * SCALE
    canvas.height = height * SCALE
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D
    ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0)
    paint(ctx, await Promise.all(sources.map(loadWith(() => new Image(), corsFor))))
    return canvas.toDataURL('image/png')
  }
  const node: any = await new Promise((resolve, reject) =>
    Taro.createSelectorQuery()
      .select(`#${id}`)
      .fields({ node: true, size: true } as any)
      .exec((res) => (res?.[0]?.node ? resolve(res[0].node) : reject(new Error('no canvas')))),
  )
  node.width = width * SCALE
  node.height = height * SCALE
  const ctx = node.getContext('2d') as CanvasRenderingContext2D
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0)
  paint(ctx, await Promise.all(sources.map(loadWith(() => node.createImage()))))
  const res = await Taro.canvasToTempFilePath({ canvas: node, x: 0, y: 0, width, height, destWidth: width * SCALE, destHeight: height * SCALE, fileType: 'png' } as any)
  return res.tempFilePath
}

/**
 * Saves a drawn poster: downloaded as `fileName` on H5; in the mini-program put in the photo album (when the
 * album permission was refused, offers to open the settings). Tells the user how it went.
 */
export async function savePoster(poster: string, fileName: string) {
  if (!poster) return
  if (process.env.TARO_ENV === 'h5') {
    const a = document.createElement('a')
    a.href = poster
    a.download = fileName
    document.body.appendChild(a)
    a.click()
    a.remove()
    toast('海报已下载')
    return
  }
  try {
    await Taro.saveImageToPhotosAlbum({ filePath: poster })
    toast('已保存到相册', 'success')
  } catch (e: any) {
    if (/auth/i.test(String(e?.errMsg || ''))) {
      if (await confirm('需要相册权限才能保存海报，去设置开启？')) Taro.openSetting()
    } else toast('保存失败')
  }
}
