import { useEffect, useRef, useState } from 'react'
import { useDidHide, useDidShow, useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { Search, Plus } from '@nutui/icons-react-taro'
import type { VideoItem } from '@contract/video'
import PageLayout, { getStatusBarHeight } from '@/components/PageLayout'
import VideoFeed from '@/components/VideoFeed'
import { getVideoDetail, getVideoList } from '@/api/video'
import { navigateTo } from '@/core/nav'
import { requireLogin } from '@/core/auth'
import { queryId } from '@/hooks/useLoadById'
import { ROUTES } from '@/routes'
import { useShare, buildShare } from '@/platform/share'
import { assetUrl } from '@/core/request'
import './index.scss'
import { useReviewMode } from '@/platform/reviewMode'

const PAGE_SIZE = 10
/**
 * The feed fills the window above the tab bar. In the mini-program the window already excludes the native
 * tab bar; on H5 the bar is part of the page, so its rendered height is measured.
 */
function feedHeight(): string {
  if (process.env.TARO_ENV !== 'h5' || typeof window === 'undefined') return '100vh'
  const bar = document.querySelector('.taro-tabbar__tabbar') as HTMLElement | null
  const barHeight = bar && bar.offsetParent !== null ? bar.getBoundingClientRect().height : 50
  return `${Math.max(200, Math.round(window.innerHeight - barHeight))}px`
}

export default function VideoIndexPage() {
  const reviewMode = useReviewMode()
  const router = useRouter()
  const [videos, setVideos] = useState<VideoItem[]>([])
  const [page, setPage] = useState(0)
  const [total, setTotal] = useState(-1)
  const [error, setError] = useState(false)
  const [shown, setShown] = useState(true)
  const [current, setCurrent] = useState<VideoItem | null>(null)
  const loading = useRef(false)
  const [height, setHeight] = useState(feedHeight)

  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5') return
    const update = () => setHeight(feedHeight())
    const t = setTimeout(update, 50)
    window.addEventListener('resize', update)
    return () => {
      clearTimeout(t)
      window.removeEventListener('resize', update)
    }
  }, [])

  const load = async (next: number) => {
    if (loading.current) return
    loading.current = true
    setError(false)
    try {
      const res = await getVideoList(next, PAGE_SIZE)
      setVideos((list) => {
        const seen = new Set(list.map((v) => v.id))
        return next === 1 && !list.length ? res.list : [...list, ...res.list.filter((v) => !seen.has(v.id))]
      })
      setPage(next)
      setTotal(res.total)
    } catch {
      setError(true)
    } finally {
      loading.current = false
    }
  }

  // A shared link opens its video first (?vid=), then the feed follows; once on opening the page.
  const vid = queryId(router.params.vid)
  useEffect(() => {
    if (vid) {
      getVideoDetail(vid)
        .then((v) => setVideos((list) => [v, ...list.filter((x) => x.id !== v.id)]))
        .catch(() => undefined)
        .finally(() => load(1))
    } else load(1)
  }, [vid])

  useDidShow(() => {
    setShown(true)
    setHeight(feedHeight())
  })
  useDidHide(() => setShown(false))

  useShare(() => (current ? buildShare(ROUTES.video, { title: current.title, imageUrl: assetUrl(current.cover), query: { vid: current.id } }) : buildShare(ROUTES.video)), [current?.id])

  const more = () => {
    if (total >= 0 && videos.length >= total) return
    load(page + 1)
  }

  const top = getStatusBarHeight()
  return (
    <PageLayout variant='tab' title='短视频' className='video-page'>
      {videos.length > 0 ? (
        <VideoFeed videos={videos} height={height} active={shown} onReachEnd={more} onVideoChange={setCurrent} />
      ) : (
        <View className='video-page__empty' style={{ height }}>
          {error ? <Text onClick={() => load(1)}>加载失败，点击重试</Text> : total === 0 ? <Text>还没有视频，来发布第一条吧</Text> : <Text>加载中…</Text>}
        </View>
      )}
      <View className='video-page__top' style={{ top: `${top + 8}px` }}>
        <View className='video-page__tab'>推荐</View>
        <View className='video-page__icons'>
          <View className='video-page__icon' onClick={() => navigateTo(ROUTES.videoSearch)} aria-label='搜索视频'>
            <Search size={22} color='#fff' />
          </View>
          {!reviewMode && (
            <View className='video-page__icon' onClick={() => requireLogin({ path: ROUTES.videoRelease }) && navigateTo(ROUTES.videoRelease)} aria-label='发布视频'>
              <Plus size={22} color='#fff' />
            </View>
          )}
        </View>
      </View>
    </PageLayout>
  )
}
