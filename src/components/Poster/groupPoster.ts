import type { GroupSeat } from '@contract/groupBuy'
import { drawPoster, paintAvatar, POSTER_FONT, type PosterCanvasSpec } from '@/platform/poster'
import { seatSlots } from '@/utils/groupBuy'
import { paintCodeCorner, paintGoodsName, paintHeader, paintPicture, paintPrice, POSTER_MARGIN } from './parts'

/** The group poster (拼团详情's 生成海报): the goods at its group price, the seats, the code that opens this group. */
export const GROUP_POSTER: PosterCanvasSpec = { id: 'group-share-poster', width: 300, height: 560 }

const { width: W, height: H } = GROUP_POSTER

export const GROUP_POSTER_TITLE = '邀你一起拼团，好价一起享'

export interface GroupPosterInput {
  shopName: string
  goodsName: string
  /** Yuan text ("59.00"): the group price, and the single price it is compared to. */
  groupPrice: string
  singlePrice: string
  size: number
  filled: number
  missing: number
  /** The paid members, leader first (their avatars are drawn; '' draws the first character of the nickname). */
  seats: GroupSeat[]
  /** Goods image source ('' draws a placeholder). */
  image: string
  /** Mini-program code image source; when '' the QR of `link` is drawn instead. */
  code: string
  /** The group's link (the one the share card carries). */
  link: string
}

/** "2人团 · 还差 1 人" (or 已成团 once full). */
export const groupPosterStatus = (p: Pick<GroupPosterInput, 'size' | 'missing'>) => `${p.size}人团 · ${p.missing > 0 ? `还差 ${p.missing} 人` : '已成团'}`

/**
 * Paints the group poster with the standard 2D canvas API. `avatars` are the loaded pictures of `p.seats`, in their
 * order (null where there is none or it failed).
 */
export function paintGroupPoster(ctx: CanvasRenderingContext2D, p: GroupPosterInput, image: CanvasImageSource | null, code: CanvasImageSource | null, avatars: (CanvasImageSource | null)[]) {
  paintHeader(ctx, W, H, p.shopName, GROUP_POSTER_TITLE)
  const img = { x: POSTER_MARGIN, y: 68, w: W - 2 * POSTER_MARGIN, h: 200 }
  paintPicture(ctx, image, img)
  const nameEnd = paintGoodsName(ctx, p.goodsName, img.y + img.h + 24)

  // 拼团价 beside the single price.
  const priceY = nameEnd + 14
  ctx.fillStyle = '#fa2c19'
  ctx.font = `bold 11px ${POSTER_FONT}`
  ctx.textAlign = 'left'
  const label = '拼团价'
  ctx.fillText(label, POSTER_MARGIN, priceY)
  paintPrice(ctx, POSTER_MARGIN + ctx.measureText(label).width + 4, priceY, p.groupPrice, { price: p.singlePrice, label: '单买' })

  // N人团 · 还差 M 人, then a seat per place: the members' faces, 拼 for a virtual member, ? for a place still open.
  const statusY = priceY + 26
  ctx.fillStyle = '#ff6a00'
  ctx.font = `bold 13px ${POSTER_FONT}`
  ctx.textAlign = 'left'
  ctx.fillText(groupPosterStatus(p), POSTER_MARGIN, statusY)
  const slots = seatSlots(
    p.seats.map((seat, i) => ({ seat, image: avatars[i] ?? null })),
    p.size,
    p.filled,
  )
  const slot = Math.min(40, (W - 2 * POSTER_MARGIN) / Math.max(1, slots.length))
  const r = Math.min(16, slot / 2 - 3)
  const cy = statusY + 14 + r
  slots.forEach((s, i) => {
    const cx = POSTER_MARGIN + slot * i + slot / 2
    if (s.kind === 'member') paintAvatar(ctx, s.seat.image, cx, cy, r, s.seat.seat.nickname)
    else if (s.kind === 'virtual') paintAvatar(ctx, null, cx, cy, r, '拼')
    else paintAvatar(ctx, null, cx, cy, r, '?', '#f2f2f2', '#999999')
    if (s.kind === 'member' && s.seat.seat.isLeader) {
      ctx.fillStyle = '#fa2c19'
      ctx.font = `9px ${POSTER_FONT}`
      ctx.textAlign = 'center'
      ctx.fillText('团长', cx, cy + r + 11)
      ctx.textAlign = 'left'
    }
  })

  paintCodeCorner(ctx, W, H, code, p.link, [p.missing > 0 ? `还差${p.missing}人成团，快来和我一起拼` : '好物一起拼，价格更划算', '识别右侧码参加拼团'])
}

/** Draws the group poster on <PosterCanvas spec={GROUP_POSTER} />; returns a data URL (H5) or a temp file (weapp). */
export const drawGroupPoster = (p: GroupPosterInput): Promise<string> => {
  const seats = p.seats.slice(0, p.size)
  return drawPoster(GROUP_POSTER, [p.image, p.code, ...seats.map((s) => s.avatar)], (ctx, [image, code, ...avatars]) => paintGroupPoster(ctx, { ...p, seats }, image, code, avatars))
}
