import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { UserMaterial, VideoItem } from '@contract/video'
import PageLayout from '@/components/PageLayout'
import VideoGrid from '@/components/VideoFeed/VideoGrid'
import VideoFeedOverlay from '@/components/VideoFeed/Overlay'
import { followMember, getUserMaterial, getUserVideos } from '@/api/video'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { buildShare, useShare } from '@/platform/share'
import './video.scss'

/** A creator's profile: counts (likes, following, followers, videos), follow, and their videos. */
export default function UserMaterialPage() {
  const { params } = useRouter()
  const memberId = Number(params.memberId)
  const [info, setInfo] = useState<UserMaterial | null>(null)
  const [videos, setVideos] = useState<VideoItem[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [failed, setFailed] = useState(false)
  const [open, setOpen] = useState<number | null>(null)

  const load = async () => {
    setFailed(false)
    try {
      const [m, v] = await Promise.all([getUserMaterial(memberId), getUserVideos(memberId, 1)])
      setInfo(m)
      setVideos(v.list)
      setTotal(v.total)
      setPage(1)
    } catch {
      setFailed(true)
    }
  }
  useEffect(() => {
    if (memberId > 0) load()
    else setFailed(true)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memberId])

  const more = async () => {
    if (videos.length >= total) return
    const v = await getUserVideos(memberId, page + 1).catch(() => null)
    if (!v) return
    setVideos((l) => [...l, ...v.list])
    setPage(page + 1)
  }

  useShare(() => buildShare(ROUTES.videoUserMaterial, { title: info ? `${info.member.nickname}的短视频` : undefined, query: { memberId } }), [info?.member.id])

  const toggleFollow = async () => {
    if (!info || !requireLogin()) return
    const r = await followMember({ memberId, follow: !info.followed }).catch(() => null)
    if (r) setInfo({ ...info, followed: r.followed, followerCount: r.followerCount })
  }

  return (
    <PageLayout variant='back' title={info ? info.member.nickname : '创作者'}>
      {failed && <View className='empty-hint' onClick={load}>加载失败，点击重试</View>}
      {info && (
        <View className='umat__head'>
          <View className='umat__row'>
            {info.member.avatar ? <Image className='umat__avatar' src={assetUrl(info.member.avatar)} mode='aspectFill' /> : <View className='umat__avatar umat__avatar--text'>{info.member.nickname.slice(0, 1)}</View>}
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
            <View className='umat__stat'><Text className='umat__num'>{info.likeCount}</Text><Text>获赞</Text></View>
            <View className='umat__stat'><Text className='umat__num'>{info.followingCount}</Text><Text>关注</Text></View>
            <View className='umat__stat'><Text className='umat__num'>{info.followerCount}</Text><Text>粉丝</Text></View>
            <View className='umat__stat'><Text className='umat__num'>{info.videoCount}</Text><Text>作品</Text></View>
          </View>
        </View>
      )}
      {info && (
        <View className='umat__section'>
          <Text className='umat__section-title'>作品 {total}</Text>
          {videos.length === 0 ? <View className='empty-hint'>还没有发布作品</View> : <VideoGrid videos={videos} onOpen={setOpen} />}
        </View>
      )}
      {open !== null && <VideoFeedOverlay videos={videos} index={open} onClose={() => setOpen(null)} onReachEnd={more} />}
    </PageLayout>
  )
}
