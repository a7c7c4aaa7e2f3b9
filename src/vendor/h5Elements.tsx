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
import { forwardRef, useEffect, useRef, useState, type CSSProperties, type ForwardedRef } from 'react'
import './h5Elements.css'

type AnyProps = Record<string, any>

/** Mini-program attributes with no meaning on a plain H5 element (Taro's H5 elements ignored them too). */
function withoutMiniProgramProps(props: AnyProps): AnyProps {
  const { catchMove, animation, hoverStopPropagation, disableScroll, ...rest } = props
  return rest
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

export const View = forwardRef(function View(props: AnyProps, ref: ForwardedRef<HTMLDivElement>) {
  const rest = withoutMiniProgramProps(props)
  if (rest.hoverClass || rest.onLongPress) return <TouchView {...rest} forwardedRef={ref} />
  const { hoverClass, hoverStartTime, hoverStayTime, onLongPress, ...plain } = rest
  return <div {...plain} ref={ref} />
})

export const Text = forwardRef(function Text(props: AnyProps, ref: ForwardedRef<HTMLSpanElement>) {
  const { selectable, userSelect, space, numberOfLines, decode, className, style, ...rest } = withoutMiniProgramProps(props)
  const classes = ['taro-text']
  if (selectable || userSelect) classes.push('taro-text--selectable')
  if (space) classes.push(`taro-text--space-${space}`)
  if (typeof numberOfLines === 'number') classes.push('taro-text--lines')
  if (className) classes.push(className)
  const clamp = typeof numberOfLines === 'number' && (!style || typeof style === 'object') ? { ...style, '--line-clamp': numberOfLines } : style
  return <span {...rest} ref={ref} className={classes.join(' ')} style={clamp as CSSProperties} />
})

export const Image = forwardRef(function Image(props: AnyProps, ref: ForwardedRef<HTMLDivElement>) {
  const { src, mode, lazyLoad, nativeProps, onLoad, onError, className, webp, showMenuByLongpress, fadeIn, defaultSource, ...rest } = withoutMiniProgramProps(props)
  const fit = mode || 'scaleToFill' // mode="" is the default, as in Taro
  return (
    <div {...rest} ref={ref} className={`taro-img taro-img--${fit.replace(/\s/g, '-')}${className ? ` ${className}` : ''}`}>
      {src ? (
        <img
          {...nativeProps}
          src={src}
          loading={lazyLoad ? 'lazy' : undefined}
          onLoad={onLoad && ((e: { currentTarget: EventTarget }) => {
            const img = e.currentTarget as HTMLImageElement
            // Taro's onLoad carries the drawn size in detail: read only when asked for, as reading it forces a
            // layout (one per picture loaded, 60 ms in all on the home page when read every time).
            Object.defineProperty(e, 'detail', { get: () => ({ width: img.width, height: img.height }), configurable: true })
            onLoad(e)
          })}
          onError={onError}
        />
      ) : null}
    </div>
  )
})
