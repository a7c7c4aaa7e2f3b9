import { drawPoster, type PosterCanvasSpec } from '@/platform/poster'
import { paintCodeCorner, paintGoodsName, paintHeader, paintPicture, paintPrice, POSTER_MARGIN } from './parts'

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
  paintHeader(ctx, W, H, p.shopName, p.title)
  const img = { x: POSTER_MARGIN, y: 68, w: W - 2 * POSTER_MARGIN, h: 220 }
  paintPicture(ctx, image, img)
  const y = paintGoodsName(ctx, p.goodsName, img.y + img.h + 24)
  paintPrice(ctx, POSTER_MARGIN, y + 14, p.price, p.originalPrice ? { price: p.originalPrice } : null)
  // The poster is sent on: it speaks to the friend who receives it (what the sharer earns is said on the agent's own
  // share page only, never on the picture).
  paintCodeCorner(ctx, W, H, code, p.link, [POSTER_INVITE, '识别右侧码查看商品详情'])
}

/** Draws the goods poster on <PosterCanvas spec={GOODS_POSTER} />; returns a data URL (H5) or a temp file (weapp). */
export const drawGoodsPoster = (p: PosterInput): Promise<string> => drawPoster(GOODS_POSTER, [p.image, p.code], (ctx, [image, code]) => paintGoodsPoster(ctx, p, image, code))
