import type { BusinessCardPublic } from '@contract/businessCard'
import { drawPoster, paintAvatar, paintQr, POSTER_FONT, wrapText, type PosterCanvasSpec } from '@/platform/poster'

export const CARD_POSTER: PosterCanvasSpec = { id: 'card-poster', width: 300, height: 450 }
const { width: W, height: H } = CARD_POSTER

/** Draws the card with the standard 2D canvas API (H5 canvas and the mini-program's canvas 2d alike). */
export function paintPoster(ctx: CanvasRenderingContext2D, card: BusinessCardPublic, avatar: CanvasImageSource | null, shareUrl: string) {
  const grad = ctx.createLinearGradient(0, 0, W, H)
  grad.addColorStop(0, '#8e44ff')
  grad.addColorStop(0.5, '#af57ff')
  grad.addColorStop(1, '#ff8ab3')
  ctx.fillStyle = grad
  ctx.fillRect(0, 0, W, H)
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(16, 120, W - 32, H - 136)

  paintAvatar(ctx, avatar, W / 2, 88, 40, card.name)

  ctx.textAlign = 'center'
  ctx.fillStyle = '#222222'
  ctx.font = `bold 20px ${POSTER_FONT}`
  ctx.fillText(card.name, W / 2, 156)
  ctx.fillStyle = '#666666'
  ctx.font = `12px ${POSTER_FONT}`
  ctx.fillText([card.title, card.company].filter(Boolean).join(' · '), W / 2, 176)

  ctx.textAlign = 'left'
  let y = 206
  const line = (label: string, value: string) => {
    if (!value) return
    for (const [i, part] of wrapText(value, 17, 2).entries()) {
      if (i === 0) {
        ctx.fillStyle = '#999999'
        ctx.fillText(label, 32, y)
      }
      ctx.fillStyle = '#333333'
      ctx.fillText(part, 72, y)
      y += 18
    }
    y += 4
  }
  line('电话', card.phone)
  line('微信', card.wechat)
  line('邮箱', card.email)
  line('地址', card.address)

  // QR code of the share link
  const size = 96
  paintQr(ctx, shareUrl, W / 2 - size / 2, H - size - 40, size)
  ctx.textAlign = 'center'
  ctx.fillStyle = '#999999'
  ctx.font = `11px ${POSTER_FONT}`
  ctx.fillText('扫码查看名片', W / 2, H - 22)
}

/**
 * Draws the card poster on <PosterCanvas spec={CARD_POSTER} /> and returns a data URL (H5) or a temp file (mini-program).
 * `avatarSrc` is a drawableImage() source ('' draws the first character of the name).
 */
export const drawCardPoster = (card: BusinessCardPublic, avatarSrc: string, shareUrl: string): Promise<string> =>
  drawPoster(CARD_POSTER, [avatarSrc], (ctx, [avatar]) => paintPoster(ctx, card, avatar, shareUrl))
