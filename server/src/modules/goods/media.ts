import fs from 'node:fs'
import path from 'node:path'

/**
 * Demo pictures drawn at seed time: small deterministic SVG files (gradient, a simple silhouette of the
 * product and its Chinese name) under `${dataDir}/media`, served at /media/... Nothing is committed.
 */

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif"

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Silhouettes drawn in a 400 × 400 box, centred around (200, 180). */
export const SHAPES: Record<string, string> = {
  dress: '<path d="M172 70h56l10 50-22 22 64 158H120l64-158-22-22z"/>',
  tshirt: '<path d="M140 80l42-10q18 22 36 0l42 10 44 52-34 26-14-14v146H144V144l-14 14-34-26z"/>',
  coat: '<path d="M146 76l34-8 20 40 20-40 34 8 34 64-28 14-8-10v156H148V144l-8 10-28-14z"/><path d="M198 112h4v176h-4z" opacity=".5"/>',
  trousers: '<path d="M148 70h104l18 226h-52l-18-150-18 150h-52z"/>',
  shoe: '<path d="M84 250q8-70 52-70l44 24q56 18 112 26 34 6 32 40H84z"/><path d="M84 260h244v14H84z" opacity=".6"/>',
  lipstick: '<path d="M176 170h48v130h-48z"/><path d="M182 170v-64l36-18v82z"/><path d="M168 300h64v16h-64z" opacity=".6"/>',
  jar: '<path d="M132 150h136v120q0 20-20 20H152q-20 0-20-20z"/><path d="M124 112h152v34H124z" opacity=".7"/>',
  bottle: '<path d="M182 70h36v34q44 18 44 62v118q0 12-12 12H150q-12 0-12-12V166q0-44 44-62z"/><path d="M176 60h48v14h-48z" opacity=".6"/>',
  perfume: '<path d="M130 150h140v130q0 16-16 16H146q-16 0-16-16z"/><path d="M180 100h40v50h-40z" opacity=".7"/><path d="M170 80h60v24h-60z"/>',
  phone: '<rect x="146" y="60" width="108" height="226" rx="18"/><rect x="156" y="82" width="88" height="176" rx="6" opacity=".45"/>',
  headphone: '<path d="M116 210v-20a84 84 0 0 1 168 0v20h-20v-20a64 64 0 0 0-128 0v20z"/><rect x="104" y="200" width="44" height="84" rx="14"/><rect x="252" y="200" width="44" height="84" rx="14"/>',
  laptop: '<rect x="118" y="100" width="164" height="118" rx="8"/><path d="M86 228h228l-16 26H102z" opacity=".8"/>',
  watch: '<rect x="172" y="70" width="56" height="60" rx="8" opacity=".7"/><rect x="172" y="250" width="56" height="60" rx="8" opacity=".7"/><rect x="150" y="120" width="100" height="140" rx="26"/>',
  bedding: '<path d="M90 180h220v90H90z"/><path d="M110 140h80v40h-80zM210 140h80v40h-80z" opacity=".7"/><path d="M90 270h14v24H90zM296 270h14v24h-14z"/>',
  lamp: '<path d="M156 80h88l34 80H122z"/><path d="M194 160h12v112h-12z"/><path d="M150 272h100v16H150z"/>',
  box: '<path d="M110 140h180v150H110z"/><path d="M100 110h200v36H100z" opacity=".7"/><path d="M180 180h40v12h-40z" opacity=".5"/>',
  sofa: '<path d="M92 160q0-20 20-20h176q20 0 20 20v50H92z" opacity=".7"/><path d="M76 190h248v70H76z"/><path d="M90 260h16v24H90zM294 260h16v24h-16z"/>',
  snack: '<path d="M136 80h128l12 20-6 180 6 20H124l6-20-6-180z"/><circle cx="200" cy="190" r="34" opacity=".5"/>',
  cup: '<path d="M128 130h144l-14 156q-2 14-16 14h-84q-14 0-16-14z"/><path d="M272 160h18q20 0 20 24t-20 24h-24" fill="none" stroke="#fff" stroke-width="12" opacity=".8"/>',
  fruit: '<circle cx="200" cy="200" r="86"/><path d="M198 116q-4-32 20-48l8 10q-20 14-16 38z" opacity=".7"/><path d="M212 108q30-30 64-14-26 30-64 14z" opacity=".6"/>',
  can: '<rect x="136" y="90" width="128" height="200" rx="16"/><rect x="128" y="80" width="144" height="28" rx="10" opacity=".7"/><circle cx="200" cy="200" r="34" opacity=".45"/>',
  diaper: '<path d="M110 110h180l-20 90q-70 90-140 0z"/><path d="M110 110h180v20H110z" opacity=".6"/>',
  toy: '<circle cx="200" cy="210" r="70"/><circle cx="200" cy="120" r="44"/><circle cx="164" cy="86" r="16"/><circle cx="236" cy="86" r="16"/>',
  mat: '<rect x="90" y="150" width="220" height="110" rx="14" opacity=".6"/><path d="M90 150h46v110H90z"/><circle cx="113" cy="205" r="23" opacity=".6"/>',
  ball: '<circle cx="200" cy="190" r="96"/><path d="M104 190h192M200 94v192" stroke="#fff" stroke-width="6" opacity=".5" fill="none"/>',
  book: '<path d="M108 90l92 20 92-20v190l-92 20-92-20z"/><path d="M197 110h6v190h-6z" opacity=".5"/>',
  backpack: '<rect x="130" y="100" width="140" height="190" rx="36"/><path d="M168 100v-22q0-18 32-18t32 18v22" fill="none" stroke="#fff" stroke-width="12"/><rect x="156" y="200" width="88" height="60" rx="12" opacity=".5"/>',
  handbag: '<path d="M110 150h180l16 140H94z"/><path d="M156 150q0-70 44-70t44 70" fill="none" stroke="#fff" stroke-width="12"/>',
  suitcase: '<rect x="134" y="100" width="132" height="188" rx="16"/><path d="M176 100V76h48v24" fill="none" stroke="#fff" stroke-width="10"/><path d="M160 288h14v16h-14zM226 288h14v16h-14z"/>',
  necklace: '<path d="M120 80q0 130 80 150 80-20 80-150" fill="none" stroke="#fff" stroke-width="8"/><path d="M200 220l26 34-26 40-26-40z"/>',
  ring: '<circle cx="200" cy="220" r="70" fill="none" stroke="#fff" stroke-width="20"/><path d="M200 150l-32-36 14-28h36l14 28z"/>',
  bracelet: '<ellipse cx="200" cy="200" rx="100" ry="64" fill="none" stroke="#fff" stroke-width="22"/><circle cx="200" cy="136" r="16"/>',
  tv: '<rect x="80" y="90" width="240" height="150" rx="10"/><path d="M180 240h40l10 30h-60z" opacity=".8"/><path d="M140 270h120v12H140z"/>',
  fryer: '<path d="M130 90h140q14 0 14 14v176q0 14-14 14H130q-14 0-14-14V104q0-14 14-14z"/><rect x="140" y="170" width="120" height="90" rx="10" opacity=".5"/><circle cx="200" cy="128" r="14" opacity=".6"/>',
  dryer: '<circle cx="170" cy="150" r="70"/><path d="M220 110h80v80h-80z"/><path d="M150 200h44l-10 100h-24z"/>',
  robot: '<circle cx="200" cy="190" r="104"/><circle cx="200" cy="190" r="70" opacity=".5"/><circle cx="200" cy="140" r="12"/>',
  petfood: '<path d="M130 80h140l10 210H120z"/><circle cx="200" cy="200" r="18" opacity=".5"/><circle cx="176" cy="168" r="10" opacity=".5"/><circle cx="224" cy="168" r="10" opacity=".5"/><circle cx="162" cy="196" r="9" opacity=".5"/><circle cx="238" cy="196" r="9" opacity=".5"/>',
  litter: '<path d="M100 170h200l-20 110H120z"/><path d="M90 150h220v24H90z" opacity=".7"/>',
  bone: '<path d="M130 170h140v40H130z"/><circle cx="122" cy="168" r="22"/><circle cx="122" cy="212" r="22"/><circle cx="278" cy="168" r="22"/><circle cx="278" cy="212" r="22"/>',
}

/** A deterministic two-colour gradient from a hue. */
const gradient = (id: string, hue: number, angle = 0) => {
  const h2 = (hue + 36) % 360
  const rot = angle ? ` gradientTransform="rotate(${angle} .5 .5)"` : ''
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"${rot}><stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${h2},65%,52%)"/></linearGradient></defs>`
}

/** Splits a name into at most two lines of about `per` characters. */
function lines(text: string, per: number): string[] {
  const chars = [...text]
  if (chars.length <= per) return [text]
  const cut = text.lastIndexOf(' ', per + 1)
  if (cut > 3) {
    const rest = [...text.slice(cut + 1)]
    return [text.slice(0, cut), rest.length > per ? `${rest.slice(0, per - 1).join('')}…` : rest.join('')]
  }
  const rest = chars.slice(per)
  return [chars.slice(0, per).join(''), rest.length > per ? `${rest.slice(0, per - 1).join('')}…` : rest.join('')]
}

/** Product picture, 400 × 400: gradient, silhouette, name; `label` adds a corner tag (细节 / 多色可选...). */
export function goodsSvg(o: { name: string; shape: string; hue: number; variant?: number; label?: string }): string {
  const v = o.variant || 0
  const scale = [1, 0.85, 1.12, 0.95][v % 4]
  const tilt = [0, -8, 6, 0][v % 4]
  const hue = (o.hue + v * 24) % 360
  const text = lines(o.name, 11)
  const ty = text.length > 1 ? 330 : 346
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">${gradient('g', hue, v * 30)}` +
    `<rect width="400" height="400" fill="url(#g)"/>` +
    `<circle cx="${320 - v * 40}" cy="${70 + v * 20}" r="${90 + v * 10}" fill="#fff" opacity=".12"/>` +
    `<g fill="#fff" opacity=".92" transform="translate(200 180) rotate(${tilt}) scale(${scale}) translate(-200 -180)">${SHAPES[o.shape] || SHAPES.box}</g>` +
    `<rect y="${ty - 34}" width="400" height="${400 - ty + 34}" fill="#000" opacity=".16"/>` +
    text.map((l, i) => `<text x="200" y="${ty + i * 34}" font-family="${FONT}" font-size="26" font-weight="600" fill="#fff" text-anchor="middle">${esc(l)}</text>`).join('') +
    (o.label ? `<rect x="16" y="16" rx="14" width="${[...o.label].length * 22 + 24}" height="36" fill="#fff" opacity=".85"/><text x="${28}" y="41" font-family="${FONT}" font-size="20" fill="hsl(${hue},60%,40%)">${esc(o.label)}</text>` : '') +
    `</svg>`
  )
}

/** A wide picture for the rich-text detail (750 × 420) with a heading and a line of selling points. */
export function detailSvg(o: { title: string; line: string; shape: string; hue: number; index: number }): string {
  const hue = (o.hue + o.index * 50) % 360
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="420" viewBox="0 0 750 420">${gradient('d', hue, 90)}` +
    `<rect width="750" height="420" fill="url(#d)"/>` +
    `<g fill="#fff" opacity=".9" transform="translate(360 30) scale(.95)">${SHAPES[o.shape] || SHAPES.box}</g>` +
    `<text x="48" y="140" font-family="${FONT}" font-size="40" font-weight="700" fill="#fff">${esc(o.title)}</text>` +
    `<text x="48" y="200" font-family="${FONT}" font-size="26" fill="#fff" opacity=".9">${esc(o.line)}</text>` +
    `<rect x="48" y="240" width="120" height="6" rx="3" fill="#fff" opacity=".7"/>` +
    `</svg>`
  )
}

/** Home banner, 750 × 320. */
export function bannerSvg(o: { title: string; subtitle: string; hue: number; shape: string }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="320" viewBox="0 0 750 320">${gradient('b', o.hue, 20)}` +
    `<rect width="750" height="320" fill="url(#b)"/>` +
    `<circle cx="620" cy="60" r="140" fill="#fff" opacity=".12"/><circle cx="700" cy="300" r="90" fill="#fff" opacity=".1"/>` +
    `<g fill="#fff" opacity=".9" transform="translate(420 -20) scale(.85)">${SHAPES[o.shape] || SHAPES.box}</g>` +
    `<text x="48" y="140" font-family="${FONT}" font-size="52" font-weight="700" fill="#fff">${esc(o.title)}</text>` +
    `<text x="48" y="200" font-family="${FONT}" font-size="28" fill="#fff">${esc(o.subtitle)}</text>` +
    `<rect x="48" y="230" width="150" height="48" rx="24" fill="#fff"/><text x="123" y="263" font-family="${FONT}" font-size="24" fill="hsl(${o.hue},60%,45%)" text-anchor="middle">立即抢购</text>` +
    `</svg>`
  )
}

/** Simple glyphs for the navigation icons (white on a gradient disc, 96 × 96). */
const GLYPHS: Record<string, string> = {
  flash: '<path d="M52 18L30 52h16l-6 26 24-36H48z"/>',
  coupon: '<path d="M22 32h52v10a6 6 0 0 0 0 12v10H22V54a6 6 0 0 0 0-12z"/><path d="M40 36v24" stroke="#000" stroke-opacity=".2" stroke-width="3" stroke-dasharray="3 3"/>',
  points: '<circle cx="48" cy="48" r="24"/><text x="48" y="57" font-family="sans-serif" font-size="24" font-weight="700" fill="#000" fill-opacity=".25" text-anchor="middle">¥</text>',
  gift: '<rect x="24" y="42" width="48" height="32" rx="4"/><rect x="20" y="32" width="56" height="12" rx="3"/><path d="M48 32c-6-12-20-12-18-2 2 6 18 2 18 2zm0 0c6-12 20-12 18-2-2 6-18 2-18 2z"/>',
  crown: '<path d="M22 66l-4-34 16 12 14-20 14 20 16-12-4 34z"/>',
  book: '<path d="M22 28l26 6 26-6v40l-26 6-26-6z"/>',
  notice: '<path d="M22 40h14l22-14v44L36 56H22z"/><path d="M64 38q8 10 0 20" fill="none" stroke="#fff" stroke-width="5"/>',
  money: '<rect x="20" y="30" width="56" height="36" rx="6"/><circle cx="48" cy="48" r="10" fill="#000" fill-opacity=".2"/>',
  task: '<rect x="26" y="22" width="44" height="54" rx="6"/><path d="M34 48l8 8 16-16" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="5"/>',
  grid: '<rect x="22" y="22" width="22" height="22" rx="5"/><rect x="52" y="22" width="22" height="22" rx="5"/><rect x="22" y="52" width="22" height="22" rx="5"/><rect x="52" y="52" width="22" height="22" rx="5"/>',
}

export function navIconSvg(glyph: string, hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${gradient('n', hue, 45)}` +
    `<circle cx="48" cy="48" r="46" fill="url(#n)"/><g fill="#fff">${GLYPHS[glyph] || GLYPHS.grid}</g></svg>`
  )
}

/** Category icon, 120 × 120: the silhouette on a soft disc. */
export function categorySvg(shape: string, hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 400 400">${gradient('c', hue, 45)}` +
    `<circle cx="200" cy="200" r="196" fill="url(#c)"/><g fill="#fff" transform="translate(200 200) scale(.82) translate(-200 -185)">${SHAPES[shape] || SHAPES.box}</g></svg>`
  )
}

/** Brand logo, 200 × 200: the brand name in a rounded square. */
export function brandLogoSvg(name: string, hue: number): string {
  const size = [...name].length > 3 ? 40 : 52
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">${gradient('l', hue, 45)}` +
    `<rect width="200" height="200" rx="40" fill="url(#l)"/><rect x="14" y="14" width="172" height="172" rx="30" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>` +
    `<text x="100" y="${100 + size / 3}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${esc(name)}</text></svg>`
  )
}

/** A buyer's photo for a review, 300 × 300. */
export function reviewSvg(shape: string, hue: number, n: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 400 400">${gradient('r', hue, n * 40)}` +
    `<rect width="400" height="400" fill="url(#r)"/><rect x="20" y="300" width="360" height="80" fill="#fff" opacity=".2"/>` +
    `<g fill="#fff" opacity=".85" transform="translate(200 180) rotate(${(n % 5) * 7 - 14}) scale(.8) translate(-200 -180)">${SHAPES[shape] || SHAPES.box}</g>` +
    `<text x="200" y="352" font-family="${FONT}" font-size="30" fill="#fff" text-anchor="middle">买家实拍</text></svg>`
  )
}

/** Writes media files (relative paths under media/) and returns nothing; folders are created as needed. */
export function writeMedia(dataDir: string, files: Array<[string, string]>) {
  const root = path.join(dataDir, 'media')
  const dirs = new Set(files.map(([rel]) => path.dirname(path.join(root, rel))))
  for (const d of dirs) fs.mkdirSync(d, { recursive: true })
  for (const [rel, content] of files) fs.writeFileSync(path.join(root, rel), content)
}
