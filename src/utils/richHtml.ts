import { assetUrl } from '@/core/request'

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
