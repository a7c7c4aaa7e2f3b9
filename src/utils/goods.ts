import type { FootprintItem } from '@contract/goods'
import { assetUrl } from '@/core/request'
import { navigateTo, type Query } from '@/core/nav'

/** Consecutive footprints of one day (the list comes newest first). */
export interface FootprintDay {
  day: string
  items: FootprintItem[]
}

export function groupByDay(list: FootprintItem[]): FootprintDay[] {
  const out: FootprintDay[] = []
  for (const f of list) {
    const last = out[out.length - 1]
    if (last && last.day === f.day) last.items.push(f)
    else out.push({ day: f.day, items: [f] })
  }
  return out
}

/** China day of a time, YYYY-MM-DD (the server's footprint days). */
export const chinaDay = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(0, 10)

/** 今天 / 昨天 / M月D日 (another year: YYYY年M月D日). */
export function dayLabel(day: string, now: number = Date.now()): string {
  if (day === chinaDay(now)) return '今天'
  if (day === chinaDay(now - 86400_000)) return '昨天'
  const [y, m, d] = day.split('-').map(Number)
  return y === Number(chinaDay(now).slice(0, 4)) ? `${m}月${d}日` : `${y}年${m}月${d}日`
}

/**
 * Rich text from the server for <RichText>: server paths of images become absolute (the mini-program
 * has no page origin) and images fit the screen width. An image without a text alternative gets `alt`
 * (the goods name on its details page), or alt="" (decoration) when none is given.
 */
export function richHtml(html: string, alt = ''): string {
  const altText = alt.replace(/[<>"&]/g, '')
  return String(html || '')
    .replace(/<img\b([^>]*?)\s*\/?>/gi, (_m, attrs: string) => {
      const fixed = attrs.replace(/\ssrc=(["'])(\/[^"']*)\1/i, (_s, q: string, src: string) => ` src=${q}${assetUrl(src)}${q}`).replace(/\sstyle=(["'])[^"']*\1/i, '')
      const named = /\salt=/i.test(fixed) ? fixed : `${fixed} alt="${altText}"`
      return `<img${named} style="max-width:100%;width:100%;height:auto;display:block;" />`
    })
    .replace(/<p>/gi, '<p style="margin:0;padding:8px 12px;line-height:1.7;">')
}

/** Opens an in-app link from the server ("/pages/x?y=1"): tab pages switch tab, others open with their query. */
export function openLink(link: string) {
  if (!link) return
  const [path, search = ''] = link.split('?')
  const query: Query = {}
  for (const part of search.split('&').filter(Boolean)) {
    const [k, v = ''] = part.split('=')
    query[decodeURIComponent(k)] = decodeURIComponent(v)
  }
  return navigateTo(path, query)
}

/** 12345 → "1.2万"; below 10000 as is. */
export const salesText = (n: number) => (n >= 10000 ? `${(Math.floor(n / 1000) / 10).toFixed(1)}万` : String(n))
