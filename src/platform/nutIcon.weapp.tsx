// The mini-program's NutUI icon element (config/index.ts puts it in place of
// @nutui/icons-react-taro/dist/es/icons/IconHarmonyTemplate.js for the weapp build only; H5 keeps NutUI's own).
// NutUI draws each icon as an <i> whose inline style carries the icon as a base64 SVG mask: Taro's mini-program
// templates have no <i> (nothing is drawn), and the SVG travels through setData on every render (about half of
// each page's first-load setData). Here an icon is a <view> with NutUI's icon-font classes: the glyph comes from
// the font in common.wxss (config/iconfontLoader.js keeps its woff2 source only), setData carries a class name.
import React from 'react'
import '@nutui/icons-react-taro/dist/style_iconfont.css'

type Props = {
  className?: string
  style?: React.CSSProperties
  name?: string
  color?: string
  width?: string | number
  height?: string | number
  size?: string | number
  svg64?: string
  svgSrc?: string
  children?: React.ReactNode
  onClick?: (e: unknown) => void
}

// Same names and defaults as NutUI's module (its icon files import `d`, `I` and `a`).
export const d: Props = { className: '', style: undefined, name: '', width: '', height: '', size: '', svg64: '', svgSrc: '', onClick: () => undefined }

// "ArrowRightSize8" -> "arrow-right-size8": the class names of NutUI's icon font.
export const fontName = (name: string) => name.replace(/(?!^)([A-Z])/g, '-$1').toLowerCase()

const px = (v: string | number | undefined) => (v === '' || v == null ? '' : Number.isNaN(Number(v)) ? String(v) : `${v}px`)

export function I(props: Props) {
  const { className, style, name = '', color, width, height, size, children, onClick } = { ...d, ...props }
  const w = px(width || size)
  const h = px(height || size)
  const own: Record<string, string> = {}
  if (w) {
    own.width = w
    own.fontSize = w
  }
  if (h) {
    own.height = h
    own.lineHeight = h
  }
  if (color) own.color = color
  return React.createElement('view', { className: `nutui-iconfont nut-icon nut-icon-${fontName(name)} ${className || ''}`.trim(), style: { ...style, ...own }, onClick }, children)
}

export const a = I
