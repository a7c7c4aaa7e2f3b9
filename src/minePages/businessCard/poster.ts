import Taro from '@tarojs/taro'
import qrcode from 'qrcode-generator'
import type { BusinessCardPublic } from '@contract/businessCard'

export const POSTER_ID = 'card-poster'
export const POSTER_W = 300
export const POSTER_H = 450

/** Splits text into lines of at most `perLine` characters (CJK text has no spaces to break on). */
export function wrapText(text: string, perLine: number, maxLines: number): string[] {
  const chars = Array.from(String(text || ''))
  const lines: string[] = []
  for (let i = 0; i < chars.length && lines.length < maxLines; i += perLine) lines.push(chars.slice(i, i + perLine).join(''))
  if (chars.length > perLine * maxLines && lines.length) lines[lines.length - 1] = `${lines[lines.length - 1].slice(0, -1)}…`
  return lines
}

/**
 * Draws the card poster (gradient, avatar, name, contact lines, a QR code of the share link) on the
 * page's canvas and returns a temp file (weapp) or a data URL (H5).
 */
export async function drawPoster(card: BusinessCardPublic, avatarSrc: string, shareUrl: string): Promise<string> {
  const ctx = Taro.createCanvasContext(POSTER_ID)
  const grad = ctx.createLinearGradient(0, 0, POSTER_W, POSTER_H)
  grad.addColorStop(0, '#8e44ff')
  grad.addColorStop(0.5, '#af57ff')
  grad.addColorStop(1, '#ff8ab3')
  ctx.setFillStyle(grad as any)
  ctx.fillRect(0, 0, POSTER_W, POSTER_H)

  // White panel
  ctx.setFillStyle('#ffffff')
  ctx.fillRect(16, 120, POSTER_W - 32, POSTER_H - 136)

  if (avatarSrc) {
    ctx.save()
    ctx.beginPath()
    ctx.arc(POSTER_W / 2, 88, 40, 0, Math.PI * 2)
    ctx.clip()
    ctx.drawImage(avatarSrc, POSTER_W / 2 - 40, 48, 80, 80)
    ctx.restore()
  } else {
    ctx.setFillStyle('#f3e6ff')
    ctx.beginPath()
    ctx.arc(POSTER_W / 2, 88, 40, 0, Math.PI * 2)
    ctx.fill()
    ctx.setFillStyle('#af57ff')
    ctx.setFontSize(32)
    ctx.setTextAlign('center')
    ctx.fillText(card.name.slice(0, 1), POSTER_W / 2, 100)
  }

  ctx.setTextAlign('center')
  ctx.setFillStyle('#222222')
  ctx.setFontSize(20)
  ctx.fillText(card.name, POSTER_W / 2, 154)
  ctx.setFillStyle('#666666')
  ctx.setFontSize(12)
  ctx.fillText([card.title, card.company].filter(Boolean).join(' · '), POSTER_W / 2, 174)

  ctx.setTextAlign('left')
  ctx.setFontSize(12)
  let y = 204
  const line = (label: string, value: string) => {
    if (!value) return
    for (const [i, part] of wrapText(value, 17, 2).entries()) {
      ctx.setFillStyle('#999999')
      if (i === 0) ctx.fillText(label, 32, y)
      ctx.setFillStyle('#333333')
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
  ctx.setFillStyle('#222222')
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect(qx + c * cell, qy + r * cell, cell + 0.3, cell + 0.3)
  ctx.setTextAlign('center')
  ctx.setFillStyle('#999999')
  ctx.setFontSize(11)
  ctx.fillText('扫码查看名片', POSTER_W / 2, POSTER_H - 24)

  await new Promise<void>((resolve) => ctx.draw(false, () => resolve()))
  const res = await Taro.canvasToTempFilePath({ canvasId: POSTER_ID, x: 0, y: 0, width: POSTER_W, height: POSTER_H, destWidth: POSTER_W * 3, destHeight: POSTER_H * 3, fileType: 'png' } as any)
  return res.tempFilePath
}
