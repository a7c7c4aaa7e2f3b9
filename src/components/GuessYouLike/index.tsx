import { useEffect, useRef, useState } from 'react'
import { View, Text } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { guessYouLike } from '@/api/goods'
import { GoodsGrid } from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { usePagedList } from '@/hooks/usePagedList'
import { whenNearView } from '@/platform/nearView'
import './index.scss'

/** How far below the window the list's top may be when its first page is asked for (% of the window height). */
export const GUESS_AHEAD_PERCENT = 25

/**
 * 猜你喜欢 below a page's own content (cart, search without results, payment result): the member's
 * recommendations (/api/goods/guessYouLike), asked for only when the list's top comes near the window, then a
 * page more each time the page is scrolled to its bottom. Pages take it through `./lazy` (its own H5 chunk).
 */
export default function GuessYouLike({ className = '' }: { className?: string }) {
  const [near, setNear] = useState(false)
  const top = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (near) return
    const go = () => setNear(true)
    // The mini-program: the page's intersection observer. The H5 build leaves this line out.
    if (process.env.TARO_ENV !== 'h5') return whenNearView('.guess-like__top', GUESS_AHEAD_PERCENT, go)
    const el = top.current
    if (!el || typeof IntersectionObserver === 'undefined') {
      const t = setTimeout(go, 0)
      return () => clearTimeout(t)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        go()
      },
      { rootMargin: `0px 0px ${GUESS_AHEAD_PERCENT}% 0px` },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [near])
  const guess = usePagedList((page, size) => guessYouLike(page, size), [], { pageSize: 10, enabled: near })
  useReachBottom(() => {
    if (near) guess.loadMore()
  })
  return (
    <View className={`guess-like ${className}`} aria-label='猜你喜欢'>
      <View ref={top} className='guess-like__top' />
      <View className='guess-like__title'>
        <Text className='guess-like__line' />
        <Text>猜你喜欢</Text>
        <Text className='guess-like__line' />
      </View>
      <GoodsGrid list={guess.list} />
      {near && <ListFooter loading={guess.loading} finished={guess.finished} error={guess.error} empty={guess.loaded && !guess.list.length} onRetry={guess.loadMore} />}
    </View>
  )
}
