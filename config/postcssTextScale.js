/**
 * PostCSS (both shells): every font size, and every line height given as a length, multiplied by the custom
 * property --text-scale (1 by default in src/app.scss; 1.25 under 大字模式, src/stores/display.ts). Only text grows:
 * widths, paddings and pictures keep their size, so the layout reflows instead of overflowing the 375px screen.
 *
 * `font-size: 28px` becomes `font-size: calc(28px * var(--text-scale, 1))` (pxtransform then turns the px into
 * rem or rpx as before). Relative values (em, %, keywords, unitless line heights) already follow their parent and
 * are left alone. NutUI's sizes (`var(--nutui-button-default-font-size, var(--nutui-font-size-base, 14px))`: a variable
 * that falls back to a length) are multiplied too, so its buttons, tab titles and grid labels grow with the rest.
 */
const LENGTH = /-?\d*\.?\d+(px|rpx|rem|vw|vh)\b|var\(--[\w-]+\)/i
const SKIP = /(^|[^\w-])(calc|min|max|clamp)\(|var\(--text-scale|\d(em|%)|^(inherit|initial|unset|revert|normal)$/i

/** `var(--a, var(--b, 14px))`, NutUI's way of giving its sizes: a variable whose last fallback is a length. */
const VAR_WITH_LENGTH = /^var\(--[\w-]+,[^;]*?(-?\d*\.?\d+(px|rpx|rem|vw|vh))\s*\)+$/i

function scaled(value) {
  const important = /\s*!important\s*$/i.exec(value)
  const v = important ? value.slice(0, important.index) : value
  const nutVar = VAR_WITH_LENGTH.test(v.trim()) && !/var\(--text-scale/.test(v)
  if (!nutVar && (!LENGTH.test(v) || SKIP.test(v.trim()) || /\s/.test(v.trim()))) return null
  return `calc(${v.trim()} * var(--text-scale, 1))${important ? ' !important' : ''}`
}

module.exports = () => ({
  postcssPlugin: 'text-scale',
  Declaration(decl) {
    if (decl.prop !== 'font-size' && decl.prop !== 'line-height') return
    const next = scaled(decl.value + (decl.important ? ' !important' : ''))
    if (!next) return
    decl.important = false
    const important = next.endsWith('!important')
    decl.value = important ? next.replace(/\s*!important$/, '') : next
    decl.important = important
  },
})
module.exports.postcss = true
module.exports.scaled = scaled
