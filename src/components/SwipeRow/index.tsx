import { useRef, useState, type PropsWithChildren, type ReactNode } from 'react'
import { View } from '@tarojs/components'
import type { ITouchEvent } from '@tarojs/components'
import './index.scss'

interface SwipeRowProps {
  /** Shown under the row's right end when it is swiped left (a delete button). */
  action: ReactNode
  className?: string
}

/** How far (CSS px) a finger must move sideways before the row opens or closes. */
const SWIPE_THRESHOLD = 30

/**
 * A row that a left swipe slides open to show an action (the cart's 删除). NutUI's Swipe measures its
 * actions in a layout effect whose dependencies change on every render, so a page with one re-renders
 * for as long as it is shown (tens of thousands of DOM changes a second on the cart). This one measures
 * nothing: the action has a fixed width in the stylesheet and the row moves by that width.
 */
export default function SwipeRow({ action, className = '', children }: PropsWithChildren<SwipeRowProps>) {
  const [open, setOpen] = useState(false)
  const start = useRef<{ x: number; y: number } | null>(null)

  const onTouchStart = (e: ITouchEvent) => {
    const t = e.touches[0]
    start.current = t ? { x: t.clientX, y: t.clientY } : null
  }
  const onTouchMove = (e: ITouchEvent) => {
    const t = e.touches[0]
    if (!start.current || !t) return
    const dx = t.clientX - start.current.x
    const dy = t.clientY - start.current.y
    // Sideways only: a vertical move is the page scrolling.
    if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dx) < Math.abs(dy)) return
    setOpen(dx < 0)
    start.current = null
  }

  return (
    <View className={`swipe-row ${open ? 'swipe-row--open' : ''} ${className}`} onTouchStart={onTouchStart} onTouchMove={onTouchMove}>
      <View className='swipe-row__action' onClick={() => setOpen(false)}>
        {action}
      </View>
      <View className='swipe-row__content'>
        {children}
        {/* While open, a tap on the row closes it instead of reaching the row. */}
        {open && <View className='swipe-row__shield' onClick={() => setOpen(false)} />}
      </View>
    </View>
  )
}
