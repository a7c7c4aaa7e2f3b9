import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { Del } from '@nutui/icons-react-taro'
import type { VideoItem } from '@contract/video'
import PageLayout from '@/components/PageLayout'
import VideoGrid from '@/components/VideoFeed/VideoGrid'
import VideoFeedOverlay from '@/components/VideoFeed/Overlay'
import { deleteVideo, getMyVideos } from '@/api/video'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { confirm, toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useUserStore } from '@/stores/user'
import './video.scss'

/** My videos: watch, delete, publish a new one. */
export default function MyVideoListPage() {
  const me = useUserStore((s) => s.userInfo.id)
  const [videos, setVideos] = useState<VideoItem[]>([])
  const [total, setTotal] = useState(-1)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)
  const [open, setOpen] = useState<number | null>(null)

  const load = async (next = 1) => {
    setLoading(true)
    try {
      const res = await getMyVideos(next)
      setVideos((l) => (next === 1 ? res.list : [...l, ...res.list]))
      setTotal(res.total)
      setPage(next)
    } catch {
      // toast shown by the request helper
    } finally {
      setLoading(false)
    }
  }

  useDidShow(() => {
    if (requireLogin()) load(1)
  })

  const remove = async (v: VideoItem) => {
    if (!(await confirm(`确定删除“${v.title}”吗？删除后不可恢复`))) return
    await deleteVideo(v.id)
    setVideos((l) => l.filter((x) => x.id !== v.id))
    setTotal((n) => n - 1)
    toast('已删除')
  }

  const totalLikes = videos.reduce((s, v) => s + v.likes, 0)
  return (
    <PageLayout
      variant='back'
      title='我的视频'
      footer={
        <View style={{ padding: '8px 12px' }}>
          <Button type='primary' block onClick={() => navigateTo(ROUTES.videoRelease)}>
            发布视频
          </Button>
        </View>
      }
    >
      <View className='myvideo__stats'>
        <Text>
          共 {Math.max(total, 0)} 个作品 · 获赞 {totalLikes}
        </Text>
        {me ? (
          <Text className='muted' onClick={() => navigateTo(ROUTES.videoUserMaterial, { memberId: me })}>
            我的主页 ›
          </Text>
        ) : null}
      </View>
      {total === 0 && <View className='empty-hint'>还没有发布视频</View>}
      <VideoGrid
        videos={videos}
        onOpen={setOpen}
        extra={(v) => (
          <View
            className='myvideo__del'
            onClick={(e) => {
              e.stopPropagation()
              remove(v)
            }}
            aria-label='删除视频'
          >
            <Del size={14} color='#fff' />
          </View>
        )}
      />
      {videos.length > 0 && videos.length < total && (
        <View className='empty-hint' style={{ padding: '24px 0' }} onClick={() => !loading && load(page + 1)}>
          {loading ? '加载中…' : '加载更多'}
        </View>
      )}
      {open !== null && <VideoFeedOverlay videos={videos} index={open} onClose={() => setOpen(null)} />}
    </PageLayout>
  )
}
