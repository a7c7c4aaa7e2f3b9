import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { UserMaterial } from '@contract/video'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { LoadEmptyState } from '@/components/EmptyState'
import VideoGrid from '@/components/VideoFeed/VideoGrid'
import VideoFeedOverlay from '@/components/VideoFeed/Overlay'
import { followMember, getUserMaterial, getUserVideos } from '@/api/video'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { buildShare, useShare } from '@/platform/share'
import { useLoadById } from '@/hooks/useLoadById'
import { usePagedList } from '@/hooks/usePagedList'
import './video.scss'

/** A creator's profile: counts (likes, following, followers, videos), follow, and their videos. */
export default function UserMaterialPage() {
  const [open, setOpen] = useState<number | null>(null)

  // The creator first, their videos once they exist: a link to nobody costs one request.
  const { id, data: info, setData: setInfo, state, reload } = useLoadById<UserMaterial>(getUserMaterial, 'memberId')
  const memberId = id || 0
  const list = usePagedList((page, size) => getUserVideos(memberId, page, size), [memberId], { pageSize: 18, enabled: !!info })
  const videos = list.list
  useReachBottom(() => {
    list.loadMore()
  })

  useShare(() => buildShare(ROUTES.videoUserMaterial, { title: info ? `${info.member.nickname}的短视频` : undefined, query: { memberId } }), [info?.member.id])

  const toggleFollow = async () => {
    if (!info || !requireLogin()) return
    const r = await followMember({ memberId, follow: !info.followed }).catch(() => null)
    if (r) setInfo({ ...info, followed: r.followed, followerCount: r.followerCount })
  }

  return (
    <PageLayout variant='back' title={info ? info.member.nickname : '创作者'}>
      <LoadEmptyState state={state} missing='链接不完整，没有找到这位创作者' failed='创作者不存在或加载失败' onRetry={reload} />
      {info && (
        <View className='umat__head'>
          <View className='umat__row'>
            {info.member.avatar ? (
              <Image className='umat__avatar' src={assetUrl(info.member.avatar)} mode='aspectFill' />
            ) : (
              <View className='umat__avatar umat__avatar--text'>{info.member.nickname.slice(0, 1)}</View>
            )}
            <View className='umat__name'>
              <Text className='umat__nick'>{info.member.nickname}</Text>
              <Text className='umat__id'>ID：{info.member.id}</Text>
            </View>
            {info.isSelf ? (
              <Button size='small' type='primary' fill='outline' onClick={() => navigateTo(ROUTES.videoList)}>
                管理作品
              </Button>
            ) : (
              <Button size='small' type={info.followed ? 'default' : 'primary'} onClick={toggleFollow}>
                {info.followed ? '已关注' : '+ 关注'}
              </Button>
            )}
          </View>
          <View className='umat__stats'>
            <View className='umat__stat'>
              <Text className='umat__num'>{info.likeCount}</Text>
              <Text>获赞</Text>
            </View>
            <View className='umat__stat'>
              <Text className='umat__num'>{info.followingCount}</Text>
              <Text>关注</Text>
            </View>
            <View className='umat__stat'>
              <Text className='umat__num'>{info.followerCount}</Text>
              <Text>粉丝</Text>
            </View>
            <View className='umat__stat'>
              <Text className='umat__num'>{info.videoCount}</Text>
              <Text>作品</Text>
            </View>
          </View>
        </View>
      )}
      {info && (
        <View className='umat__section'>
          <Text className='umat__section-title'>作品 {list.total}</Text>
          <VideoGrid videos={videos} onOpen={setOpen} />
          <ListFooter
            loading={list.loading}
            finished={list.finished}
            error={list.error}
            empty={list.loaded && !videos.length}
            emptyText='还没有发布作品'
            onRetry={list.reload}
            onMore={list.loadMore}
          />
        </View>
      )}
      {open !== null && <VideoFeedOverlay videos={videos} index={open} onClose={() => setOpen(null)} onReachEnd={list.loadMore} />}
    </PageLayout>
  )
}
