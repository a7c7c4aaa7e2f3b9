import zlib from 'node:zlib'
import type { Db } from '../../db/types'
import { readCache } from '../../services/readCache'
import { cachedSelfList } from './service'
import { HOME_PREVIEW_ELEMENT_ID } from '../../../../types/home'

/**
 * The H5 index.html for the home page with its first banner already in it.
 *
 * The home page's largest picture is its first banner, and the app can only draw it after its scripts
 * and the home call: on a slow phone that is seconds after the page arrived. The server knows the banner,
 * so the page it sends for `/` carries an <img> of it at exactly the place where the home page draws it
 * (the same rem units as the page: 3.2rem from the top, 0.6rem margins, 150 CSS px tall, 0.5rem corners;
 * 1px wider on each side, because with sub-pixel rounding the page's own banner could come out a few square
 * pixels larger and be counted as a later, larger paint of the same picture).
 * The home page removes it once its own banner is shown (src/platform/homePreview.ts). It takes no taps
 * (pointer-events: none) and nothing moves when it goes. A preload link at the top of <head> asks for the
 * picture before the scripts, so it does not queue behind them on a slow connection.
 */
export const HOME_PATHS = new Set(['/', '/pages/home/index'])

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export function withHomePreview(indexHtml: string, bannerUrl: string): string {
  const src = escapeAttr(bannerUrl)
  const img =
    `<div id="${HOME_PREVIEW_ELEMENT_ID}" aria-hidden="true" style="position:absolute;z-index:60;top:3.2rem;left:calc(.6rem - 1px);right:calc(.6rem - 1px);height:150px;border-radius:.5rem;overflow:hidden;pointer-events:none">` +
    `<img src="${src}" alt="" fetchpriority="high" style="display:block;width:100%;height:100%;object-fit:cover"></div>`
  const preload = `<link rel="preload" as="image" href="${src}" fetchpriority="high">`
  return indexHtml.replace(/<head>/, `<head>${preload}`).replace('<div id="app"></div>', `<div id="app"></div>${img}`)
}

export interface HtmlVariants {
  raw: Buffer
  br: Buffer
  gzip: Buffer
}

export const compressedVariants = (raw: Buffer): HtmlVariants => ({ raw, br: zlib.brotliCompressSync(raw), gzip: zlib.gzipSync(raw, { level: 9 }) })

/** index.html for the home paths (`indexHtml`: the page as served now): with the current first banner (read through the home call's cache). */
export function homeIndexHtml(db: Db, readCacheMs: number, indexHtml: () => string) {
  const cache = readCache(db, readCacheMs)
  const made = new Map<string, HtmlVariants>()
  return async (): Promise<HtmlVariants | null> => {
    const home = await cachedSelfList(db, cache)
    const banner = home.banners[0]?.image
    if (!banner) return null
    const base = indexHtml()
    const key = `${banner}\n${base}`
    let variants = made.get(key)
    if (!variants) {
      if (made.size > 20) made.clear()
      made.set(key, (variants = compressedVariants(Buffer.from(withHomePreview(base, banner)))))
    }
    return variants
  }
}
