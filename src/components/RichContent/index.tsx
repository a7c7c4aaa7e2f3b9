import { RichText, View } from '@tarojs/components'
import { assetUrl } from '@/core/request'
import './index.scss'

/**
 * Server-sanitised HTML (articles, notices, activities). Images on the shop ("/uploads", "/media") get the
 * API origin in the mini-program, and every image fits the width.
 */
export function prepareHtml(html: string): string {
  return (
    String(html || '')
      .replace(/(<img\b[^>]*?\ssrc=")(\/(?:uploads|media|static)\/[^"]+)"/gi, (_m, pre, src) => `${pre}${assetUrl(src)}"`)
      .replace(/<img\b(?![^>]*\bclass=)/gi, '<img class="rich-content__img"')
      // A picture in an article without a text alternative: decoration for screen readers (the text around it tells).
      .replace(/<img\b(?![^>]*\balt=)/gi, '<img alt=""')
  )
}

export default function RichContent({ html, className = '' }: { html: string; className?: string }) {
  return (
    <View className={`rich-content ${className}`}>
      <RichText nodes={prepareHtml(html)} />
    </View>
  )
}
