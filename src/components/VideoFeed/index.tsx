import { useCallback, useEffect, useRef, useState } from 'react'
import { Button as TaroButton, Image, Swiper, SwiperItem, Text, Video, View } from '@tarojs/components'
import { Comment, Heart, HeartFill, Plus, Share, Cart } from '@nutui/icons-react-taro'
import type { VideoComment, VideoItem } from '@contract/video'
import { commentVideo, followMember, getVideoComments, likeVideo, shareVideo, viewVideo } from '@/api/video'
import { assetUrl } from '@/core/request'
import { navigateTo } from '@/core/nav'
import { requireLogin } from '@/core/auth'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useUserStore } from '@/stores/user'
import { useLatest } from '@/hooks/useLatest'
import { buildShare } from '@/platform/share'
import { copyText } from '@/utils/clipboard'
import { yuan } from '@/utils/money'
import { DANMU_DURATION_MS, dueDanmu, launchDanmu, pruneDanmu, type ActiveDanmu } from '@/utils/danmu'
import DanmuLayer from './Danmu'
import CommentsSheet from './CommentsSheet'
import Controls from './Controls'
import GoodsSheet from './GoodsSheet'
import { count } from './format'
import { player, videoDomId } from './player'
import { usePlayback } from './usePlayback'
import './index.scss'

export interface VideoFeedProps {
  videos: VideoItem[]
  /** Feed height (CSS length): the tab page leaves room for the tab bar. */
  height: string
  initialIndex?: number
  /** False while the page is hidden: every video pauses. */
  active?: boolean
  /** Distinguishes the video ids of two feeds on one page. */
  scope?: string
  onIndexChange?: (index: number, video: VideoItem) => void
  /** Near the end: load the next page. */
  onReachEnd?: () => void
  onVideoChange?: (video: VideoItem) => void
}

/**
 * The vertical short-video feed: swipe to the next video; only the visible one plays. Tap to play or pause;
 * the controls (progress, playback rate, danmu switch, fullscreen) hide 3 s after the last touch.
 */
/**
 * A phone-shaped (9:16 or taller) video fills the feed, cropping a little at the sides, as short-video apps do;
 * wider ones are shown whole, letterboxed, with the captions over the bottom scrim.
 */
export function isTallVideo(size: { width?: number; height?: number } | undefined): boolean {
  const w = Number(size?.width)
  const h = Number(size?.height)
  return w > 0 && h > 0 && w / h <= 0.6
}

export default function VideoFeed({ videos, height, initialIndex = 0, active = true, scope = 'feed', onIndexChange, onReachEnd, onVideoChange }: VideoFeedProps) {
  const [index, setIndex] = useState(initialIndex)
  const playback = usePlayback()
  const { playing, setPlaying, controls, showControls, rate, progress, setProgress, start } = playback
  const [danmuOn, setDanmuOn] = useState(true)
  const [danmu, setDanmu] = useState<ActiveDanmu[]>([])
  const [overrides, setOverrides] = useState<Record<number, Partial<VideoItem>>>({})
  // Phone-shaped videos fill the screen (a full-screen feed had black bands and the caption across the video's edge).
  const [fillsScreen, setFillsScreen] = useState<Record<number, boolean>>({})
  const [commentsOpen, setCommentsOpen] = useState(false)
  const [goodsOpen, setGoodsOpen] = useState(false)
  const [comments, setComments] = useState<Record<number, VideoComment[]>>({})
  const [draft, setDraft] = useState('')
  const [sending, setSending] = useState(false)
  const lastTime = useRef(-1)
  const loops = useRef(0)
  const viewed = useRef(new Set<number>())
  const me = useUserStore((s) => s.userInfo.id)

  const current: VideoItem | undefined = videos[index] ? { ...videos[index], ...overrides[videos[index].id] } : undefined
  const domId = useCallback((v: VideoItem) => videoDomId(v.id, scope), [scope])
  const patch = useCallback((id: number, p: Partial<VideoItem>) => setOverrides((o) => ({ ...o, [id]: { ...o[id], ...p } })), [])

  // Only the visible video plays: pause the neighbours, play the current one (when the page is shown). Runs when
  // the shown video changes, not on every new list, comment or callback: those are read as they are then.
  const currentId = current?.id
  const latest = useLatest({ videos, current, rate, comments, onIndexChange, onVideoChange, onReachEnd })
  useEffect(() => {
    const { videos, current, rate, comments, onIndexChange, onVideoChange, onReachEnd } = latest.current
    if (!current) return
    videos.forEach((v, i) => {
      if (i !== index && Math.abs(i - index) <= 2) player.pause(domId(v))
    })
    lastTime.current = -1
    loops.current = 0
    setDanmu([])
    start(current.duration)
    if (!active) {
      player.pause(domId(current))
      return
    }
    const t = setTimeout(() => {
      player.setRate(domId(current), rate)
      player.play(domId(current))
    }, 60)
    showControls()
    onIndexChange?.(index, current)
    onVideoChange?.(current)
    if (!viewed.current.has(current.id)) {
      viewed.current.add(current.id)
      viewVideo(current.id)
        .then((r) => patch(current.id, { views: r.views }))
        .catch(() => undefined)
    }
    if (!comments[current.id]) {
      getVideoComments(current.id, 1)
        .then((p) => setComments((c) => ({ ...c, [current.id]: p.list })))
        .catch(() => undefined)
    }
    if (index >= videos.length - 2) onReachEnd?.()
    return () => clearTimeout(t)
  }, [index, active, currentId, latest, domId, patch, showControls, start])

  // Finished danmu leave the screen after 4 s.
  useEffect(() => {
    if (!danmu.length) return
    const t = setTimeout(() => setDanmu((d) => pruneDanmu(d, Date.now())), DANMU_DURATION_MS + 50)
    return () => clearTimeout(t)
  }, [danmu])

  const onTimeUpdate = (v: VideoItem, e: any) => {
    if (!current || v.id !== current.id) return
    const now = Number(e?.detail?.currentTime) || 0
    const duration = Number(e?.detail?.duration) || v.duration
    setProgress({ time: now, duration })
    if (now < lastTime.current) loops.current += 1
    if (danmuOn) {
      const due = dueDanmu(comments[v.id] || [], lastTime.current, now)
      if (due.length)
        setDanmu((d) =>
          launchDanmu(
            d,
            due.map((c) => ({ key: `${c.id}-${loops.current}`, content: c.content })),
            Date.now(),
          ),
        )
    }
    lastTime.current = now
  }

  const togglePlay = () => {
    if (current) playback.togglePlay(domId(current))
  }

  const toggleLike = async () => {
    if (!current || !requireLogin()) return
    const want = !current.liked
    patch(current.id, { liked: want, likes: Math.max(0, current.likes + (want ? 1 : -1)) })
    try {
      const r = await likeVideo(current.id, want)
      patch(current.id, { liked: r.liked, likes: r.likes })
    } catch {
      patch(current.id, { liked: !want, likes: current.likes })
    }
  }

  const follow = async () => {
    if (!current || !requireLogin()) return
    const r = await followMember({ memberId: current.author.id, follow: true }).catch(() => null)
    if (!r) return
    for (const v of videos) if (v.author.id === current.author.id) patch(v.id, { followed: true })
    toast('关注成功')
  }

  const share = async () => {
    if (!current) return
    const r = await shareVideo(current.id).catch(() => null)
    if (r) patch(current.id, { shares: r.shares })
    if (process.env.TARO_ENV === 'h5') {
      const content = buildShare(ROUTES.video, { title: current.title, query: { vid: current.id } })
      await copyText(`${window.location.origin}${content.path}`)
    }
  }

  const sendComment = async () => {
    if (!current || sending) return
    if (!requireLogin()) return
    const content = draft.trim()
    if (!content) return toast('请输入评论内容')
    setSending(true)
    try {
      const c = await commentVideo({ videoId: current.id, content, time: Math.floor(progress.time) })
      setComments((all) => ({ ...all, [current.id]: [c, ...(all[current.id] || [])] }))
      patch(current.id, { comments: current.comments + 1 })
      setDraft('')
      if (danmuOn) setDanmu((d) => launchDanmu(d, [{ key: `mine-${c.id}`, content: c.content, mine: true }], Date.now()))
      toast('评论成功')
    } catch {
      // the request helper has shown the reason
    } finally {
      setSending(false)
    }
  }

  const openGoods = (v: VideoItem) => {
    if (v.goods.length === 1) navigateTo(ROUTES.goodsDetails, { id: v.goods[0].id })
    else setGoodsOpen(true)
  }

  if (!videos.length) return null
  const list = comments[current?.id ?? 0] || []

  return (
    <View className='vfeed' style={{ height }}>
      <Swiper className='vfeed__swiper' style={{ height }} vertical current={index} duration={300} onChange={(e) => setIndex(e.detail.current)}>
        {videos.map((raw, i) => {
          const v = { ...raw, ...overrides[raw.id] }
          const isCurrent = i === index
          return (
            <SwiperItem key={v.id} className='vfeed__item'>
              {Math.abs(i - index) <= 1 ? (
                <Video
                  id={domId(v)}
                  className='vfeed__video'
                  src={assetUrl(v.url)}
                  poster={assetUrl(v.cover)}
                  controls={false}
                  showCenterPlayBtn={false}
                  showFullscreenBtn={false}
                  showPlayBtn={false}
                  enableProgressGesture={false}
                  loop
                  objectFit={fillsScreen[v.id] ? 'cover' : 'contain'}
                  onLoadedMetaData={(e) => {
                    const fills = isTallVideo(e.detail)
                    if (fills !== !!fillsScreen[v.id]) setFillsScreen((f) => ({ ...f, [v.id]: fills }))
                  }}
                  onPlay={() => isCurrent && setPlaying(true)}
                  onPause={() => isCurrent && setPlaying(false)}
                  onTimeUpdate={(e) => onTimeUpdate(v, e)}
                />
              ) : (
                <Image className='vfeed__video' src={assetUrl(v.cover)} mode='aspectFit' />
              )}
              <View className='vfeed__tap' onClick={togglePlay} />
              <View className='vfeed__scrim' />
              {isCurrent && !playing && (
                <View className='vfeed__paused' onClick={togglePlay} aria-label='播放'>
                  <View className='vfeed__paused-icon' />
                </View>
              )}
              {isCurrent && danmuOn && <DanmuLayer items={danmu} />}

              <View className='vfeed__side'>
                <View className='vfeed__author' onClick={() => navigateTo(ROUTES.videoUserMaterial, { memberId: v.author.id })}>
                  {v.author.avatar ? (
                    <Image className='vfeed__avatar' src={assetUrl(v.author.avatar)} mode='aspectFill' />
                  ) : (
                    <View className='vfeed__avatar vfeed__avatar--text'>{(v.author.nickname || '会').slice(0, 1)}</View>
                  )}
                  {!v.followed && v.author.id !== me && (
                    <View
                      className='vfeed__follow'
                      onClick={(e) => {
                        e.stopPropagation()
                        follow()
                      }}
                    >
                      <Plus size={10} color='#fff' />
                    </View>
                  )}
                </View>
                <View className='vfeed__action' onClick={toggleLike}>
                  {v.liked ? <HeartFill size={30} color='#ff2d55' /> : <Heart size={30} color='#fff' />}
                  <Text className='vfeed__count'>{count(v.likes)}</Text>
                </View>
                <View className='vfeed__action' onClick={() => setCommentsOpen(true)}>
                  <Comment size={30} color='#fff' />
                  <Text className='vfeed__count'>{count(v.comments)}</Text>
                </View>
                {process.env.TARO_ENV === 'weapp' ? (
                  <TaroButton className='vfeed__action vfeed__share-btn' openType='share' onClick={share}>
                    <Share size={30} color='#fff' />
                    <Text className='vfeed__count'>{count(v.shares)}</Text>
                  </TaroButton>
                ) : (
                  <View className='vfeed__action' onClick={share}>
                    <Share size={30} color='#fff' />
                    <Text className='vfeed__count'>{count(v.shares)}</Text>
                  </View>
                )}
              </View>

              <View className='vfeed__info'>
                {v.goods.length > 0 && (
                  <View className='vfeed__goods' onClick={() => openGoods(v)}>
                    <Image className='vfeed__goods-img' src={assetUrl(v.goods[0].mainImage)} mode='aspectFill' />
                    <View className='vfeed__goods-text'>
                      <Text className='vfeed__goods-name'>{v.goods[0].name}</Text>
                      <Text className='vfeed__goods-price'>¥{yuan(v.goods[0].price)}</Text>
                    </View>
                    <View className='vfeed__goods-buy'>
                      <Cart size={12} color='#fff' />
                      <Text>{v.goods.length > 1 ? `${v.goods.length}件` : '去看看'}</Text>
                    </View>
                  </View>
                )}
                <Text className='vfeed__nick'>@{v.author.nickname}</Text>
                <Text className='vfeed__title'>{v.title}</Text>
              </View>

              {isCurrent && controls && (
                <Controls
                  domId={domId(v)}
                  playback={playback}
                  danmuOn={danmuOn}
                  onDanmu={() => {
                    setDanmuOn((d) => !d)
                    setDanmu([])
                  }}
                />
              )}
            </SwiperItem>
          )
        })}
      </Swiper>

      <CommentsSheet open={commentsOpen} onClose={() => setCommentsOpen(false)} total={current?.comments ?? 0} list={list} draft={draft} onDraft={setDraft} onSend={sendComment} />
      <GoodsSheet open={goodsOpen} onClose={() => setGoodsOpen(false)} goods={current?.goods ?? []} />
    </View>
  )
}
