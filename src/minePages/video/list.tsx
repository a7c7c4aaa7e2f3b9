import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { Del } from '@nutui/icons-react-taro'
import type { VideoItem } from '@contract/video'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import VideoGrid from '@/components/VideoFeed/VideoGrid'
import VideoFeedOverlay from '@/components/VideoFeed/Overlay'
import { deleteVideo, getMyVideos } from '@/api/video'
import { useOwnPagedList } from '@/hooks/useOwnPagedList'
import { navigateTo } from '@/core/nav'
import { confirm, toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useUserStore } from '@/stores/user'
import './video.scss'

/** My videos: watch, delete, publish a new one. */
export default function MyVideoListPage() {
  const me = useUserStore((s) => s.userInfo.id)
  const [open, setOpen] = useState<number | null>(null)
  // Logged in first; loads again each time the page shows (a video published or removed elsewhere), the next page at the bottom.
  const list = useOwnPagedList((page, size) => getMyVideos(page, size), [], { pageSize: 18 })
  const videos = list.list

  const remove = async (v: VideoItem) => {
    if (!(await confirm(`确定删除“${v.title}”吗？删除后不可恢复`))) return
    await deleteVideo(v.id)
    list.removeWhere((x) => x.id === v.id)
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
          共 {list.total} 个作品 · 获赞 {totalLikes}
        </Text>
        {me ? (
          <Text className='muted' onClick={() => navigateTo(ROUTES.videoUserMaterial, { memberId: me })}>
            我的主页 ›
          </Text>
        ) : null}
      </View>
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
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !videos.length} emptyText='还没有发布视频' onRetry={list.reload} onMore={list.loadMore} />
      {open !== null && <VideoFeedOverlay videos={videos} index={open} onClose={() => setOpen(null)} />}
    </PageLayout>
  )
}
