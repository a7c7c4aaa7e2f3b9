import { drawPoster, paintQr, POSTER_FONT, wrapText, type PosterCanvasSpec } from '@/platform/poster'

/** The goods poster: the agent's goods share page and the goods details' share sheet (H5) draw it. */
export const GOODS_POSTER: PosterCanvasSpec = { id: 'goods-share-poster', width: 300, height: 480 }

const { width: W, height: H } = GOODS_POSTER

/** The poster's words to the friend who receives it. */
export const POSTER_INVITE = '好物推荐给你，扫码即可购买'

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

/** Paints the poster with the standard 2D canvas API (the H5 canvas and the mini-program's canvas 2d alike). */
export function paintGoodsPoster(ctx: CanvasRenderingContext2D, p: PosterInput, image: CanvasImageSource | null, code: CanvasImageSource | null) {
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, W, H)
  const grad = ctx.createLinearGradient(0, 0, W, 0)
  grad.addColorStop(0, '#8e44ff')
  grad.addColorStop(1, '#ff8ab3')
  ctx.fillStyle = grad
  ctx.fillRect(0, 0, W, 56)
  ctx.textAlign = 'left'
  ctx.fillStyle = '#ffffff'
  ctx.font = `bold 15px ${POSTER_FONT}`
  ctx.fillText(p.shopName || '好物推荐', 16, 25)
  ctx.font = `11px ${POSTER_FONT}`
  ctx.fillText(p.title, 16, 44)

  const img = { x: 16, y: 68, w: W - 32, h: 220 }
  if (image) ctx.drawImage(image, img.x, img.y, img.w, img.h)
  else {
    ctx.fillStyle = '#f3e6ff'
    ctx.fillRect(img.x, img.y, img.w, img.h)
  }

  ctx.fillStyle = '#222222'
  ctx.font = `14px ${POSTER_FONT}`
  let y = img.y + img.h + 24
  for (const line of wrapText(p.goodsName, 18, 2)) {
    ctx.fillText(line, 16, y)
    y += 20
  }
  ctx.fillStyle = '#fa2c19'
  ctx.font = `bold 20px ${POSTER_FONT}`
  const priceText = `¥${p.price}`
  ctx.fillText(priceText, 16, y + 14)
  if (p.originalPrice && p.originalPrice !== p.price) {
    const x = 16 + ctx.measureText(priceText).width + 8
    ctx.fillStyle = '#999999'
    ctx.font = `11px ${POSTER_FONT}`
    const o = `¥${p.originalPrice}`
    ctx.fillText(o, x, y + 14)
    ctx.fillRect(x, y + 10, ctx.measureText(o).width, 1)
  }

  const size = 84
  const cx = W - 16 - size
  const cy = H - 16 - size - 14
  if (code) ctx.drawImage(code, cx, cy, size, size)
  else paintQr(ctx, p.link, cx, cy, size)
  ctx.fillStyle = '#999999'
  ctx.font = `10px ${POSTER_FONT}`
  ctx.textAlign = 'center'
  ctx.fillText(code ? '长按识别小程序码' : '长按识别二维码', cx + size / 2, H - 12)
  ctx.textAlign = 'left'
  ctx.fillStyle = '#666666'
  ctx.font = `11px ${POSTER_FONT}`
  // The poster is sent on: it speaks to the friend who receives it (what the sharer earns is said on the agent's own
  // share page only, never on the picture).
  ctx.fillText(POSTER_INVITE, 16, H - 40)
  ctx.fillText('识别右侧码查看商品详情', 16, H - 22)
}

/** Draws the goods poster on <PosterCanvas spec={GOODS_POSTER} />; returns a data URL (H5) or a temp file (weapp). */
export const drawGoodsPoster = (p: PosterInput): Promise<string> => drawPoster(GOODS_POSTER, [p.image, p.code], (ctx, [image, code]) => paintGoodsPoster(ctx, p, image, code))
