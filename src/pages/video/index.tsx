import { useEffect, useMemo, useState } from 'react'
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
import { usePagedList } from '@/hooks/usePagedList'
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
  const [shown, setShown] = useState(true)
  const [current, setCurrent] = useState<VideoItem | null>(null)
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

  // A shared link opens its video first (?vid=), then the feed follows (its pages as the shopper swipes to the end).
  const vid = queryId(router.params.vid)
  const [lead, setLead] = useState<VideoItem | null>(null)
  const [leadAsked, setLeadAsked] = useState(!vid)
  useEffect(() => {
    if (!vid) return
    getVideoDetail(vid)
      .then(setLead)
      .catch(() => undefined)
      .finally(() => setLeadAsked(true))
  }, [vid])
  const feed = usePagedList((page, size) => getVideoList(page, size), [], { pageSize: PAGE_SIZE, enabled: leadAsked })
  const videos = useMemo(() => (lead ? [lead, ...feed.list.filter((v) => v.id !== lead.id)] : feed.list), [lead, feed.list])

  useDidShow(() => {
    setShown(true)
    setHeight(feedHeight())
  })
  useDidHide(() => setShown(false))

  useShare(() => (current ? buildShare(ROUTES.video, { title: current.title, imageUrl: assetUrl(current.cover), query: { vid: current.id } }) : buildShare(ROUTES.video)), [current?.id])

  const top = getStatusBarHeight()
  return (
    <PageLayout variant='tab' title='短视频' className='video-page'>
      {videos.length > 0 ? (
        <VideoFeed videos={videos} height={height} active={shown} onReachEnd={feed.loadMore} onVideoChange={setCurrent} />
      ) : (
        <View className='video-page__empty' style={{ height }}>
          {feed.error ? <Text onClick={feed.reload}>加载失败，点击重试</Text> : feed.loaded ? <Text>还没有视频，来发布第一条吧</Text> : <Text>加载中…</Text>}
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
