import Taro from '@tarojs/taro'
import qrcode from 'qrcode-generator'
import type { BusinessCardPublic } from '@contract/businessCard'

export const POSTER_ID = 'card-poster'
export const POSTER_W = 300
export const POSTER_H = 450
const SCALE = 3

/** Splits text into lines of at most `perLine` characters (CJK text has no spaces to break on). */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const chars = Array.from(String(text || ''))
  const lines: string[] = []
  for (let i = 0; i < chars.length && lines.length < maxLines; i += perLine) lines.push(chars.slice(i, i + perLine).join(''))
  if (chars.length > perLine * maxLines && lines.length) lines[lines.length - 1] = `${lines[lines.length - 1].slice(0, -1)}…`
  return lines
}

const FONT = "'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif"

/** Draws the card with the standard 2D canvas API (H5 canvas and the mini-program's canvas 2d alike). */
export function paintPoster(ctx: CanvasRenderingContext2D, card: BusinessCardPublic, avatar: CanvasImageSource | null, shareUrl: string) {
  const grad = ctx.createLinearGradient(0, 0, POSTER_W, POSTER_H)
  grad.addColorStop(0, '#8e44ff')
  grad.addColorStop(0.5, '#af57ff')
  grad.addColorStop(1, '#ff8ab3')
  ctx.fillStyle = grad
  ctx.fillRect(0, 0, POSTER_W, POSTER_H)
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(16, 120, POSTER_W - 32, POSTER_H - 136)

  ctx.save()
  ctx.beginPath()
  ctx.arc(POSTER_W / 2, 88, 40, 0, Math.PI * 2)
  ctx.closePath()
  if (avatar) {
    ctx.clip()
    ctx.drawImage(avatar, POSTER_W / 2 - 40, 48, 80, 80)
  } else {
    ctx.fillStyle = '#f3e6ff'
    ctx.fill()
    ctx.fillStyle = '#af57ff'
    ctx.font = `32px ${FONT}`
    ctx.textAlign = 'center'
    ctx.fillText(card.name.slice(0, 1), POSTER_W / 2, 100)
  }
  ctx.restore()

  ctx.textAlign = 'center'
  ctx.fillStyle = '#222222'
  ctx.font = `bold 20px ${FONT}`
  ctx.fillText(card.name, POSTER_W / 2, 156)
  ctx.fillStyle = '#666666'
  ctx.font = `12px ${FONT}`
  ctx.fillText([card.title, card.company].filter(Boolean).join(' · '), POSTER_W / 2, 176)

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
  const qr = qrcode(0, 'M')
  qr.addData(shareUrl)
  qr.make()
  const n = qr.getModuleCount()
  const size = 96
  const cell = size / n
  const qx = POSTER_W / 2 - size / 2
  const qy = POSTER_H - size - 40
  ctx.fillStyle = '#222222'
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect(qx + c * cell, qy + r * cell, cell + 0.3, cell + 0.3)
  ctx.textAlign = 'center'
  ctx.fillStyle = '#999999'
  ctx.font = `11px ${FONT}`
  ctx.fillText('扫码查看名片', POSTER_W / 2, POSTER_H - 22)
}

/**
 * Draws the poster on the page's canvas (id POSTER_ID) and returns a data URL (H5) or a temp file (mini-program).
 * `avatarSrc` is a same-origin URL on H5, a local path in the mini-program (Taro.getImageInfo).
 */
export async function drawPoster(card: BusinessCardPublic, avatarSrc: string, shareUrl: string): Promise<string> {
  if (process.env.TARO_ENV === 'h5') {
    const canvas = (document.querySelector(`#${POSTER_ID} canvas`) || document.querySelector(`canvas#${POSTER_ID}`)) as HTMLCanvasElement | null
    if (!canvas) throw new Error('no canvas')
    canvas.width = POSTER_W * SCALE
    canvas.height = POSTER_H * SCALE
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D
    ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0)
    const avatar = avatarSrc ? await loadHtmlImage(avatarSrc).catch(() => null) : null
    paintPoster(ctx, card, avatar, shareUrl)
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
  let avatar: any = null
  if (avatarSrc) {
    avatar = await new Promise((resolve) => {
      const img = node.createImage()
      img.onload = () => resolve(img)
      img.onerror = () => resolve(null)
      img.src = avatarSrc
    })
  }
  paintPoster(ctx, card, avatar, shareUrl)
  const res = await Taro.canvasToTempFilePath({ canvas: node, x: 0, y: 0, width: POSTER_W, height: POSTER_H, destWidth: POSTER_W * SCALE, destHeight: POSTER_H * SCALE, fileType: 'png' } as any)
  return res.tempFilePath
}

function loadHtmlImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = reject
    img.src = src
  })
}
