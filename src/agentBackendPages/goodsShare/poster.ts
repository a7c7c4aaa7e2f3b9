import Taro from '@tarojs/taro'
import qrcode from 'qrcode-generator'

export const POSTER_ID = 'goods-share-poster'
export const POSTER_W = 300
export const POSTER_H = 480

/** Splits text into at most `maxLines` lines of `perLine` characters (CJK text has no spaces to break on). */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const chars = Array.from(String(text || ''))
  const lines: string[] = []
  for (let i = 0; i < chars.length && lines.length < maxLines; i += perLine) lines.push(chars.slice(i, i + perLine).join(''))
  if (chars.length > perLine * maxLines && lines.length) lines[lines.length - 1] = `${lines[lines.length - 1].slice(0, -1)}…`
  return lines
}

/** A source canvas drawImage accepts: the URL itself on H5; a local file in the mini-program. */
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

export interface PosterInput {
  shopName: string
  title: string
  goodsName: string
  price: string
  originalPrice: string
  /** Goods image source ('' draws a placeholder). */
  image: string
  /** Mini-program code image source; when '' the QR of `link` is drawn instead. */
  code: string
  link: string
}

const SCALE = 3
const FONT = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif"

/** Paints the poster with the standard 2D canvas API (the H5 canvas and the mini-program's canvas 2d alike). */
export function paintGoodsPoster(ctx: CanvasRenderingContext2D, p: PosterInput, image: CanvasImageSource | null, code: CanvasImageSource | null) {
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, POSTER_W, POSTER_H)
  const grad = ctx.createLinearGradient(0, 0, POSTER_W, 0)
  grad.addColorStop(0, '#8e44ff')
  grad.addColorStop(1, '#ff8ab3')
  ctx.fillStyle = grad
  ctx.fillRect(0, 0, POSTER_W, 56)
  ctx.textAlign = 'left'
  ctx.fillStyle = '#ffffff'
  ctx.font = `bold 15px ${FONT}`
  ctx.fillText(p.shopName || '好物推荐', 16, 25)
  ctx.font = `11px ${FONT}`
  ctx.fillText(p.title, 16, 44)

  const img = { x: 16, y: 68, w: POSTER_W - 32, h: 220 }
  if (image) ctx.drawImage(image, img.x, img.y, img.w, img.h)
  else {
    ctx.fillStyle = '#f3e6ff'
    ctx.fillRect(img.x, img.y, img.w, img.h)
  }

  ctx.fillStyle = '#222222'
  ctx.font = `14px ${FONT}`
  let y = img.y + img.h + 24
  for (const line of wrapText(p.goodsName, 18, 2)) {
    ctx.fillText(line, 16, y)
    y += 20
  }
  ctx.fillStyle = '#fa2c19'
  ctx.font = `bold 20px ${FONT}`
  const priceText = `¥${p.price}`
  ctx.fillText(priceText, 16, y + 14)
  if (p.originalPrice && p.originalPrice !== p.price) {
    const x = 16 + ctx.measureText(priceText).width + 8
    ctx.fillStyle = '#999999'
    ctx.font = `11px ${FONT}`
    const o = `¥${p.originalPrice}`
    ctx.fillText(o, x, y + 14)
    ctx.fillRect(x, y + 10, ctx.measureText(o).width, 1)
  }

  const size = 84
  const cx = POSTER_W - 16 - size
  const cy = POSTER_H - 16 - size - 14
  if (code) ctx.drawImage(code, cx, cy, size, size)
  else {
    const qr = qrcode(0, 'M')
    qr.addData(p.link)
    qr.make()
    const n = qr.getModuleCount()
    const cell = size / n
    ctx.fillStyle = '#222222'
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect(cx + c * cell, cy + r * cell, cell + 0.3, cell + 0.3)
  }
  ctx.fillStyle = '#999999'
  ctx.font = `10px ${FONT}`
  ctx.textAlign = 'center'
  ctx.fillText(code ? '长按识别小程序码' : '长按识别二维码', cx + size / 2, POSTER_H - 12)
  ctx.textAlign = 'left'
  ctx.fillStyle = '#666666'
  ctx.font = `11px ${FONT}`
  ctx.fillText('好友扫码购买，您可获得佣金', 16, POSTER_H - 40)
  ctx.fillText('识别右侧码查看商品详情', 16, POSTER_H - 22)
}

function loadHtmlImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    if (!src) return resolve(null)
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = () => resolve(null)
    img.src = src
  })
}

/** Draws the goods poster on the page's canvas; returns a data URL (H5) or a temp file (weapp). */
export async function drawGoodsPoster(p: PosterInput): Promise<string> {
  if (process.env.TARO_ENV === 'h5') {
    const canvas = (document.querySelector(`#${POSTER_ID} canvas`) || document.querySelector(`canvas#${POSTER_ID}`)) as HTMLCanvasElement | null
    if (!canvas) throw new Error('no canvas')
    canvas.width = POSTER_W * SCALE
    canvas.height = POSTER_H * SCALE
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D
    ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0)
    const [image, code] = await Promise.all([loadHtmlImage(p.image), loadHtmlImage(p.code)])
    paintGoodsPoster(ctx, p, image, code)
    return canvas.toDataURL('image/png')
  }
  const node: any = await new Promise((resolve, reject) =>
    Taro.createSelectorQuery()
      .select(`#${POSTER_ID}`)
      .fields({ node: true, size: true } as any)
      .exec((res) => (res?.[0]?.node ? resolve(res[0].node) : reject(new Error('no canvas')))),
  )
  node.width = POSTER_W * SCALE
  node.height = POSTER_H * SCALE
  const ctx = node.getContext('2d') as CanvasRenderingContext2D
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0)
  const load = (src: string) =>
    new Promise<any>((resolve) => {
      if (!src) return resolve(null)
      const img = node.createImage()
      img.onload = () => resolve(img)
      img.onerror = () => resolve(null)
      img.src = src
    })
  const [image, code] = await Promise.all([load(p.image), load(p.code)])
  paintGoodsPoster(ctx, p, image, code)
  const res = await Taro.canvasToTempFilePath({ canvas: node, x: 0, y: 0, width: POSTER_W, height: POSTER_H, destWidth: POSTER_W * SCALE, destHeight: POSTER_H * SCALE, fileType: 'png' } as any)
  return res.tempFilePath
}
