// Draws the tab-bar icons (81x81 PNG, anti-aliased) with a tiny signed-distance rasteriser.
// Run once: node scripts/make-tab-icons.mjs — the PNGs are committed under src/assets/tabbar.
import { deflateSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'

const SIZE = 81
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (buf) => {
  let c = 0xffffffff
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const td = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(td))
  return Buffer.concat([len, td, crc])
}
export function encodePng(width, height, rgba) {
  const raw = Buffer.alloc((width * 4 + 1) * height)
  for (let y = 0; y < height; y++) rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4)
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
}

// distance helpers on a 0..1 canvas
const seg = (px, py, ax, ay, bx, by) => {
  const dx = bx - ax,
    dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - ax - t * dx, py - ay - t * dy)
}
const poly = (px, py, pts) => Math.min(...pts.map((p, i) => seg(px, py, ...p, ...pts[(i + 1) % pts.length])))
const polyline = (px, py, pts) => Math.min(...pts.slice(1).map((p, i) => seg(px, py, ...pts[i], ...p)))
const circle = (px, py, cx, cy, r) => Math.abs(Math.hypot(px - cx, py - cy) - r)
const W = 0.045 // stroke half width

const shapes = {
  home: (x, y) =>
    Math.min(
      polyline(x, y, [
        [0.12, 0.48],
        [0.5, 0.14],
        [0.88, 0.48],
      ]),
      polyline(x, y, [
        [0.22, 0.4],
        [0.22, 0.86],
        [0.78, 0.86],
        [0.78, 0.4],
      ]),
      polyline(x, y, [
        [0.42, 0.86],
        [0.42, 0.62],
        [0.58, 0.62],
        [0.58, 0.86],
      ]),
    ),
  sort: (x, y) =>
    Math.min(
      poly(x, y, [
        [0.14, 0.14],
        [0.44, 0.14],
        [0.44, 0.44],
        [0.14, 0.44],
      ]),
      poly(x, y, [
        [0.56, 0.14],
        [0.86, 0.14],
        [0.86, 0.44],
        [0.56, 0.44],
      ]),
      poly(x, y, [
        [0.14, 0.56],
        [0.44, 0.56],
        [0.44, 0.86],
        [0.14, 0.86],
      ]),
      circle(x, y, 0.71, 0.71, 0.15),
    ),
  video: (x, y) =>
    Math.min(
      poly(x, y, [
        [0.1, 0.2],
        [0.9, 0.2],
        [0.9, 0.8],
        [0.1, 0.8],
      ]),
      poly(x, y, [
        [0.42, 0.36],
        [0.64, 0.5],
        [0.42, 0.64],
      ]),
    ),
  cart: (x, y) =>
    Math.min(
      polyline(x, y, [
        [0.08, 0.16],
        [0.22, 0.16],
        [0.32, 0.64],
        [0.8, 0.64],
        [0.9, 0.3],
        [0.26, 0.3],
      ]),
      circle(x, y, 0.36, 0.8, 0.06),
      circle(x, y, 0.74, 0.8, 0.06),
    ),
  mine: (x, y) =>
    Math.min(
      circle(x, y, 0.5, 0.34, 0.17),
      polyline(x, y, [
        [0.16, 0.88],
        [0.2, 0.72],
        [0.34, 0.6],
        [0.66, 0.6],
        [0.8, 0.72],
        [0.84, 0.88],
      ]),
    ),
}

function draw(shape, [r, g, b]) {
  const px = Buffer.alloc(SIZE * SIZE * 4)
  for (let j = 0; j < SIZE; j++)
    for (let i = 0; i < SIZE; i++) {
      const d = shape((i + 0.5) / SIZE, (j + 0.5) / SIZE) - W
      const a = Math.max(0, Math.min(1, 0.5 - d * SIZE))
      const o = (j * SIZE + i) * 4
      px[o] = r
      px[o + 1] = g
      px[o + 2] = b
      px[o + 3] = Math.round(a * 255)
    }
  return encodePng(SIZE, SIZE, px)
}

const out = new URL('../src/assets/tabbar/', import.meta.url)
for (const [name, shape] of Object.entries(shapes)) {
  writeFileSync(new URL(`${name}.png`, out), draw(shape, [0x22, 0x22, 0x22]))
  writeFileSync(new URL(`${name}-active.png`, out), draw(shape, [0xaf, 0x57, 0xff]))
  writeFileSync(new URL(`${name}-dark.png`, out), draw(shape, [0xcc, 0xcc, 0xcc]))
}
console.log('tab icons written')
