import { paintQr, POSTER_FONT, wrapText } from '@/platform/poster'

/**
 * The pieces the shop's goods posters share (the goods poster, the group poster): a band with the shop's name, the
 * goods picture, its name, a price with the one it is compared to, the code in the bottom right corner with the
 * words to the friend beside it. Each takes the poster's size; what a poster adds is painted by its own function.
 */

export const POSTER_MARGIN = 16
/** The code's side in the bottom right corner. */
const CODE_SIZE = 84

/** The white page and the band at the top: the shop's name and a line under it. */
export function paintHeader(ctx: CanvasRenderingContext2D, width: number, height: number, shopName: string, title: string) {
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  const grad = ctx.createLinearGradient(0, 0, width, 0)
  grad.addColorStop(0, '#8e44ff')
  grad.addColorStop(1, '#ff8ab3')
  ctx.fillStyle = grad
  ctx.fillRect(0, 0, width, 56)
  ctx.textAlign = 'left'
  ctx.fillStyle = '#ffffff'
  ctx.font = `bold 15px ${POSTER_FONT}`
  ctx.fillText(shopName || '好物推荐', POSTER_MARGIN, 25)
  ctx.font = `11px ${POSTER_FONT}`
  ctx.fillText(title, POSTER_MARGIN, 44)
}

/** The goods picture in its box (a light placeholder when it could not be loaded). */
export function paintPicture(ctx: CanvasRenderingContext2D, image: CanvasImageSource | null, box: { x: number; y: number; w: number; h: number }) {
  if (image) ctx.drawImage(image, box.x, box.y, box.w, box.h)
  else {
    ctx.fillStyle = '#f3e6ff'
    ctx.fillRect(box.x, box.y, box.w, box.h)
  }
}

/** The goods name in at most two lines from baseline y; returns the baseline after it. */
export function paintGoodsName(ctx: CanvasRenderingContext2D, name: string, y: number): number {
  ctx.textAlign = 'left'
  ctx.fillStyle = '#222222'
  ctx.font = `14px ${POSTER_FONT}`
  for (const line of wrapText(name, 18, 2)) {
    ctx.fillText(line, POSTER_MARGIN, y)
    y += 20
  }
  return y
}

/**
 * A price in red at (x, y), then the price it is compared to, struck through in grey ("¥299.00", or "单买¥99.00" with
 * its label), when there is one and it differs. Returns where the line ends.
 */
export function paintPrice(ctx: CanvasRenderingContext2D, x: number, y: number, price: string, compared: { price: string; label?: string } | null): number {
  ctx.textAlign = 'left'
  ctx.fillStyle = '#fa2c19'
  ctx.font = `bold 20px ${POSTER_FONT}`
  const priceText = `¥${price}`
  ctx.fillText(priceText, x, y)
  let end = x + ctx.measureText(priceText).width
  if (compared?.price && compared.price !== price) {
    const cx = end + 8
    ctx.fillStyle = '#999999'
    ctx.font = `11px ${POSTER_FONT}`
    const o = `${compared.label || ''}¥${compared.price}`
    const w = ctx.measureText(o).width
    ctx.fillText(o, cx, y)
    ctx.fillRect(cx, y - 4, w, 1)
    end = cx + w
  }
  return end
}

/**
 * The code in the bottom right corner (the mini-program code, else the QR of `link`) with how to read it under it,
 * and the words to the friend on the left (two lines).
 */
export function paintCodeCorner(ctx: CanvasRenderingContext2D, width: number, height: number, code: CanvasImageSource | null, link: string, words: [string, string]) {
  const size = CODE_SIZE
  const cx = width - POSTER_MARGIN - size
  const cy = height - POSTER_MARGIN - size - 14
  if (code) ctx.drawImage(code, cx, cy, size, size)
  else paintQr(ctx, link, cx, cy, size)
  ctx.fillStyle = '#999999'
  ctx.font = `10px ${POSTER_FONT}`
  ctx.textAlign = 'center'
  ctx.fillText(code ? '长按识别小程序码' : '长按识别二维码', cx + size / 2, height - 12)
  ctx.textAlign = 'left'
  ctx.fillStyle = '#666666'
  ctx.font = `11px ${POSTER_FONT}`
  ctx.fillText(words[0], POSTER_MARGIN, height - 40)
  ctx.fillText(words[1], POSTER_MARGIN, height - 22)
}
