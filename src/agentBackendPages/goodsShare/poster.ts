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
  /** Drawable goods image ('' draws a placeholder). */
  image: string
  /** Drawable mini-program code image; when '' the QR of `link` is drawn instead. */
  code: string
  link: string
}

/** Draws the goods poster on the page's canvas; returns a temp file (weapp) or a data URL (H5). */
export async function drawGoodsPoster(p: PosterInput): Promise<string> {
  const ctx = Taro.createCanvasContext(POSTER_ID)
  ctx.setFillStyle('#ffffff')
  ctx.fillRect(0, 0, POSTER_W, POSTER_H)
  const grad = ctx.createLinearGradient(0, 0, POSTER_W, 0)
  grad.addColorStop(0, '#8e44ff')
  grad.addColorStop(1, '#ff8ab3')
  ctx.setFillStyle(grad as any)
  ctx.fillRect(0, 0, POSTER_W, 56)
  ctx.setFillStyle('#ffffff')
  ctx.setFontSize(15)
  ctx.setTextAlign('left')
  ctx.fillText(p.shopName || '好物推荐', 16, 25)
  ctx.setFontSize(11)
  ctx.fillText(p.title, 16, 44)

  const img = { x: 16, y: 68, w: POSTER_W - 32, h: 220 }
  if (p.image) ctx.drawImage(p.image, img.x, img.y, img.w, img.h)
  else {
    ctx.setFillStyle('#f3e6ff')
    ctx.fillRect(img.x, img.y, img.w, img.h)
  }

  ctx.setFillStyle('#222222')
  ctx.setFontSize(14)
  let y = img.y + img.h + 24
  for (const line of wrapText(p.goodsName, 18, 2)) {
    ctx.fillText(line, 16, y)
    y += 20
  }
  ctx.setFillStyle('#fa2c19')
  ctx.setFontSize(20)
  ctx.fillText(`¥${p.price}`, 16, y + 12)
  if (p.originalPrice && p.originalPrice !== p.price) {
    const w = 20 + p.price.length * 11
    ctx.setFillStyle('#999999')
    ctx.setFontSize(11)
    ctx.fillText(`¥${p.originalPrice}`, 16 + w, y + 12)
    ctx.fillRect(16 + w, y + 8, 8 + p.originalPrice.length * 6, 1)
  }

  const size = 84
  const cx = POSTER_W - 16 - size
  const cy = POSTER_H - 16 - size - 14
  if (p.code) ctx.drawImage(p.code, cx, cy, size, size)
  else {
    const qr = qrcode(0, 'M')
    qr.addData(p.link)
    qr.make()
    const n = qr.getModuleCount()
    const cell = size / n
    ctx.setFillStyle('#222222')
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect(cx + c * cell, cy + r * cell, cell + 0.3, cell + 0.3)
  }
  ctx.setFillStyle('#999999')
  ctx.setFontSize(10)
  ctx.setTextAlign('center')
  ctx.fillText(p.code ? '长按识别小程序码' : '长按识别二维码', cx + size / 2, POSTER_H - 12)
  ctx.setTextAlign('left')
  ctx.setFillStyle('#666666')
  ctx.setFontSize(11)
  ctx.fillText('好友扫码购买，您可获得佣金', 16, POSTER_H - 40)
  ctx.fillText('识别右侧码查看商品详情', 16, POSTER_H - 22)

  await new Promise<void>((resolve) => ctx.draw(false, () => resolve()))
  const res = await Taro.canvasToTempFilePath({ canvasId: POSTER_ID, x: 0, y: 0, width: POSTER_W, height: POSTER_H, destWidth: POSTER_W * 3, destHeight: POSTER_H * 3, fileType: 'png' } as any)
  return res.tempFilePath
}
