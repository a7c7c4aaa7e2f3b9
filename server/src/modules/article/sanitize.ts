import sanitizeHtml from 'sanitize-html'
import { storedFilePath } from '../../services/storedPath'

/**
 * The article HTML allow-list (docs/content.md). Everything else is removed: script, style, iframe, object,
 * forms, event handlers (on*), and any URL that is not http(s) or a path on this shop (/uploads, /media).
 * Covers what Quill (H5) and the mini-program's Editor produce: paragraphs, headings, bold/italic/underline/strike,
 * lists, quotes, code, links, images (with a width from the resize handles), alignment and colours.
 */
const TEXT_STYLE = {
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i],
  'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i],
  'text-align': [/^(left|right|center|justify)$/],
  'font-weight': [/^(bold|normal|[1-9]00)$/],
  'font-style': [/^(italic|normal)$/],
  'text-decoration': [/^(underline|line-through|none)$/],
  'text-indent': [/^\d{1,3}(px|em)$/],
}
const SIZE = [/^\d{1,4}(px|%)$/, /^auto$/]

export const ARTICLE_ALLOWED_TAGS = [
  'p',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'ol',
  'ul',
  'li',
  'a',
  'img',
  'pre',
  'code',
  'hr',
  'sub',
  'sup',
  'div',
]

/** A path on this shop or an http(s) URL; anything else (javascript:, data:, //host) is refused. */
export function safeUrl(v: string | null | undefined): string {
  const s = String(v ?? '').trim()
  if (!s) return ''
  if (s.startsWith('/')) return storedFilePath(s, ['uploads', 'media', 'static'], 2048) || ''
  if (/^https?:\/\/[^\s"'<>\\]+$/i.test(s)) return s
  return ''
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(String(html ?? ''), {
    allowedTags: ARTICLE_ALLOWED_TAGS,
    // Contents of these are dropped, not turned into text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'style'],
      li: ['data-list', 'class'],
      ol: ['class'],
      pre: ['class', 'spellcheck'],
      '*': ['style', 'class'],
    },
    allowedClasses: { '*': ['ql-*'] },
    allowedStyles: {
      '*': TEXT_STYLE,
      img: { width: SIZE, height: SIZE, 'max-width': SIZE, display: [/^(block|inline|inline-block)$/], margin: [/^[\d\s.pxautoem%]+$/] },
    },
    allowedSchemes: ['http', 'https'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        const href = safeUrl(attribs.href)
        const out: Record<string, string> = {}
        if (href) out.href = href
        if (attribs.title) out.title = attribs.title
        if (href && /^https?:/i.test(href)) {
          out.target = '_blank'
          out.rel = 'noopener noreferrer nofollow'
        }
        return { tagName, attribs: out }
      },
      img: (tagName, attribs) => {
        const src = safeUrl(attribs.src)
        return { tagName, attribs: src ? { ...attribs, src } : {} }
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  }).trim()
}

/** Plain text of sanitised HTML (summaries, the "is it empty" check). */
export function htmlText(html: string): string {
  return sanitizeHtml(String(html ?? '').replace(/<\/(p|div|h\d|li|blockquote|pre)>|<br\s*\/?>/gi, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The first image of an article (default cover). */
export function firstImage(html: string): string {
  const m = /<img[^>]*\ssrc="([^"]+)"/i.exec(html)
  return m ? safeUrl(m[1].replace(/&amp;/g, '&')) : ''
}
