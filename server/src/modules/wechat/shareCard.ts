import fs from 'node:fs'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import type { Config } from '../../config'
import { badRequest, notFound } from '../../errors'

/**
 * Share cards for the mini-program (onShareAppMessage's imageUrl): WeChat draws only PNG/JPG there, at 5:4, from
 * an absolute https address. The goods' pictures are SVG (demo media) or uploads of any ratio: this draws one of
 * the shop's own pictures (/media/... or /uploads/...) as a 500x400 PNG, centred and cropped to fill.
 */
export const SHARE_CARD = { width: 500, height: 400 }
const SOURCE = /^\/(media|uploads)\/([A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.(svg|png|jpe?g)$/i
const MIME: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' }

// Drawn cards by source and modification time (a card takes some tens of ms to draw; shares repeat).
const drawn = new Map<string, Buffer>()
const KEEP = 200

/** The PNG card of one of the shop's pictures; `src` is its path on the shop (e.g. /media/goods/g16-1.svg). */
export function shareCard(config: Pick<Config, 'dataDir'>, src: string): Buffer {
  if (!SOURCE.test(src) || src.includes('..')) throw badRequest('图片地址无效')
  const [, folder, ...rest] = src.split('/')
  const file = path.join(config.dataDir, folder, ...rest)
  let stat: fs.Stats
  try {
    stat = fs.statSync(file)
  } catch {
    throw notFound('图片不存在')
  }
  const key = `${file}:${stat.mtimeMs}`
  const hit = drawn.get(key)
  if (hit) return hit
  const ext = path.extname(file).slice(1).toLowerCase()
  const data = fs.readFileSync(file).toString('base64')
  const { width, height } = SHARE_CARD
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#ffffff"/><image x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" xlink:href="data:${MIME[ext]};base64,${data}"/></svg>`
  const png = Buffer.from(new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng())
  if (drawn.size >= KEEP) drawn.delete(drawn.keys().next().value as string)
  drawn.set(key, png)
  return png
}
