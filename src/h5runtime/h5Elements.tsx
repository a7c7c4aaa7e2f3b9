/**
 * H5 only, through h5Components.ts: View, Text and Image, the three components that make up most of every page,
 * drawn as plain <div>, <span> and <img>.
 *
 * Why: Taro's are Stencil custom elements (taro-view-core, ...). Each one, on creation, registers with Stencil,
 * renders a <slot> that Stencil's slot emulation then relocates the children into, and is re-rendered from a
 * queue in a later frame; the home page has several hundred of them. That work was about half of the
 * JavaScript of the first screen (long tasks of 100-300 ms at 4x CPU). Plain elements cost only what Preact
 * does. Behaviour kept: class and style, every DOM event (Taro's wrappers bound them as native listeners too),
 * refs to the DOM node, hoverClass and onLongPress on View, Text's selectable/space/numberOfLines, Image's modes,
 * lazyLoad, onLoad's detail {width, height}. The mini-program keeps its native components.
 */
import { createElement, forwardRef, useEffect, useRef, useState, type ForwardedRef } from 'react'
import './h5Elements.css'

type AnyProps = Record<string, any>

/** Mini-program attributes with no meaning on a plain H5 element (Taro's H5 elements ignored them too). */
const MINI_PROGRAM_ONLY = ['catchMove', 'animation', 'hoverStopPropagation', 'disableScroll']
const VIEW_OWN = [...MINI_PROGRAM_ONLY, 'hoverClass', 'hoverStartTime', 'hoverStayTime', 'onLongPress']
const TEXT_OWN = [...MINI_PROGRAM_ONLY, 'selectable', 'userSelect', 'space', 'numberOfLines', 'decode', 'className', 'style']
const IMAGE_OWN = [...MINI_PROGRAM_ONLY, 'src', 'mode', 'lazyLoad', 'nativeProps', 'onLoad', 'onError', 'className', 'webp', 'showMenuByLongpress', 'fadeIn', 'defaultSource']

/**
 * Taro's camel-case ARIA props (ariaLabel, ariaRole, ariaChecked..., what NutUI writes and the mini-program reads)
 * as the DOM's attributes: ariaRole → role, ariaLabel → aria-label. Taro's own H5 elements dropped `ariaRole`.
 */
function ariaName(key: string): string {
  return key === 'ariaRole' ? 'role' : `aria-${key.slice(4).toLowerCase()}`
}

/** The props for the DOM element: all but `own`, plus the ref. One plain loop: these run for every element drawn. */
function domProps(props: AnyProps, own: string[], ref: unknown): AnyProps {
  const out: AnyProps = { ref }
  for (const key in props) {
    if (own.includes(key)) continue
    // 'aria' + an upper-case letter (charCode 65-90): rare, so checked only after the first letter matches.
    if (key.charCodeAt(0) === 97 && key.startsWith('aria') && key.charCodeAt(4) >= 65 && key.charCodeAt(4) <= 90) out[ariaName(key)] = props[key]
    else out[key] = props[key]
  }
  return out
}

const LONG_PRESS_MS = 350

/** A View with hoverClass or onLongPress: the touch handling of Taro's taro-view-core. */
function TouchView({ hoverClass, hoverStartTime = 50, hoverStayTime = 400, onLongPress, onTouchStart, onTouchMove, onTouchEnd, className, forwardedRef, ...rest }: AnyProps) {
  const [hover, setHover] = useState(false)
  const touching = useRef(false)
  const longPress = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(longPress.current), [])
  return (
    <div
      {...rest}
      ref={forwardedRef}
      className={hover && hoverClass ? `${className || ''} ${hoverClass}` : className}
      onTouchStart={(e: unknown) => {
        if (hoverClass) {
          touching.current = true
          setTimeout(() => touching.current && setHover(true), hoverStartTime)
        }
        if (onLongPress) longPress.current = setTimeout(() => onLongPress(e), LONG_PRESS_MS)
        onTouchStart?.(e)
      }}
      onTouchMove={(e: unknown) => {
        clearTimeout(longPress.current)
        onTouchMove?.(e)
      }}
      onTouchEnd={(e: unknown) => {
        clearTimeout(longPress.current)
        if (hoverClass) {
          touching.current = false
          setTimeout(() => !touching.current && setHover(false), hoverStayTime)
        }
        onTouchEnd?.(e)
      }}
    />
  )
}

/** Enter or Space on a focused clickable View clicks it, as on a button (only when the View itself has the focus). */
function pressKey(e: KeyboardEvent) {
  if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
    e.preventDefault()
    ;(e.currentTarget as HTMLElement).click()
  }
}

/**
 * A View the shopper can tap is a control: it takes the keyboard focus (tabIndex 0) and Enter/Space, and one
 * named by aria-label (an icon-only button: back, share, close, delete) is a button to screen readers — a plain
 * div may not carry a name (ARIA: aria-label is prohibited on the generic role). A page can still set its own
 * role and tabIndex (tabIndex -1 keeps a wrapper out of the tab order).
 */
function controlProps(out: AnyProps, props: AnyProps): AnyProps {
  if (!props.onClick) return out
  if (out.tabIndex === undefined) out.tabIndex = 0
  if (!out.role && out['aria-label']) out.role = 'button'
  if (!out.onKeyDown) out.onKeyDown = pressKey
  return out
}

export const View = forwardRef(function View(props: AnyProps, ref: ForwardedRef<HTMLDivElement>) {
  if (props.hoverClass || props.onLongPress) return <TouchView {...controlProps(domProps(props, MINI_PROGRAM_ONLY, undefined), props)} forwardedRef={ref} />
  return createElement('div', controlProps(domProps(props, VIEW_OWN, ref), props))
})

export const Text = forwardRef(function Text(props: AnyProps, ref: ForwardedRef<HTMLSpanElement>) {
  const { selectable, userSelect, space, numberOfLines, className, style } = props
  const classes = ['taro-text']
  if (selectable || userSelect) classes.push('taro-text--selectable')
  if (space) classes.push(`taro-text--space-${space}`)
  if (typeof numberOfLines === 'number') classes.push('taro-text--lines')
  if (className) classes.push(className)
  const clamp = typeof numberOfLines === 'number' && (!style || typeof style === 'object') ? { ...style, '--line-clamp': numberOfLines } : style
  const span = domProps(props, TEXT_OWN, ref)
  span.className = classes.join(' ')
  if (clamp) span.style = clamp
  return createElement('span', span)
})

export const Image = forwardRef(function Image(props: AnyProps, ref: ForwardedRef<HTMLDivElement>) {
  const { src, mode, lazyLoad, nativeProps, onLoad, onError, className } = props
  const fit = mode || 'scaleToFill' // mode="" is the default, as in Taro
  const box = domProps(props, IMAGE_OWN, ref)
  box.className = `taro-img taro-img--${fit.replace(/\s/g, '-')}${className ? ` ${className}` : ''}`
  // The text alternative (the mini-program's aria-label on <image>) goes on the <img>: the wrapping div may not
  // carry a name. Without one the picture is decoration (alt=""), which screen readers skip.
  const alt = box['aria-label'] ?? box.alt ?? ''
  delete box['aria-label']
  delete box.alt
  if (box.onClick) controlProps(box, box)
  if (box.role === 'button' || (box.onClick && alt)) box.role = 'button'
  return (
    <div {...box} {...(box.role === 'button' && alt ? { 'aria-label': alt } : null)}>
      {src ? (
        <img
          alt={box.role === 'button' ? '' : alt}
          {...nativeProps}
          src={src}
          loading={lazyLoad ? 'lazy' : undefined}
          onLoad={
            onLoad &&
            ((e: { currentTarget: EventTarget }) => {
              const img = e.currentTarget as HTMLImageElement
              // Taro's onLoad carries the drawn size in detail: read only when asked for, as reading it forces a
              // layout (one per picture loaded, 60 ms in all on the home page when read every time).
              Object.defineProperty(e, 'detail', { get: () => ({ width: img.width, height: img.height }), configurable: true })
              onLoad(e)
            })
          }
          onError={onError}
        />
      ) : null}
    </div>
  )
})
