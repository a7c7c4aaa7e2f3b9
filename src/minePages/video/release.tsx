import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { Image, ScrollView, Text, Video, View } from '@tarojs/components'
import { Button, Checkbox, Input, Popup, Progress, SearchBar } from '@nutui/nutui-react-taro'
import { Plus, Close } from '@nutui/icons-react-taro'
import type { VideoGoods } from '@contract/video'
import { VIDEO_GOODS_MAX, VIDEO_MAX_DURATION_S, VIDEO_TITLE_MAX } from '@contract/video'
import PageLayout from '@/components/PageLayout'
import { uploadMedia } from '@/api/upload'
import { findGoodsForVideo, releaseVideo } from '@/api/video'
import { requireLogin } from '@/core/auth'
import { redirectTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { videoFrame } from '@/platform/videoFrame'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import './video.scss'

interface Picked {
  path: string
  /** What the page shows (H5: a blob: URL, which the page's CSP allows for media; path is a data: URL there). */
  preview: string
  duration: number
  size: number
  thumb: string
}

/** Publish a video: pick or record (at most 60 s), a cover, a title, linked goods; upload with progress. */
export default function VideoReleasePage() {
  const [video, setVideo] = useState<Picked | null>(null)
  const [cover, setCover] = useState('')
  const [title, setTitle] = useState('')
  const [goods, setGoods] = useState<VideoGoods[]>([])
  const [pickerOpen, setPickerOpen] = useState(false)
  const pickerDialog = useDialogFocus(pickerOpen, '选择商品', () => setPickerOpen(false))
  const [options, setOptions] = useState<VideoGoods[]>([])
  const [keyword, setKeyword] = useState('')
  const [percent, setPercent] = useState(-1)
  const [stage, setStage] = useState('')

  useEffect(() => {
    requireLogin()
  }, [])

  const pickVideo = async () => {
    try {
      const res = await Taro.chooseMedia({ count: 1, mediaType: ['video'], sourceType: ['album', 'camera'], maxDuration: VIDEO_MAX_DURATION_S, camera: 'back' })
      const f = res.tempFiles[0]
      if (!f) return
      const duration = Number(f.duration) || 0
      if (duration > VIDEO_MAX_DURATION_S + 0.5) return toast(`视频时长不能超过${VIDEO_MAX_DURATION_S}秒，请重新选择`)
      // H5: the preview from a blob: URL and a cover from the frame at ~1 s (videoFrame); the mini-program's own thumbnail elsewhere.
      const file = (f as { originalFileObj?: Blob }).originalFileObj
      const frame = process.env.TARO_ENV === 'h5' && file ? await videoFrame(file) : null
      const thumb = frame?.cover || f.thumbTempFilePath || ''
      setVideo({ path: f.tempFilePath, preview: frame?.preview || f.tempFilePath, duration, size: f.size, thumb })
      if (!cover && thumb) setCover(thumb)
    } catch (e: any) {
      if (!/cancel/i.test(String(e?.errMsg || ''))) toast('选择视频失败')
    }
  }

  const pickCover = async () => {
    try {
      const res = await Taro.chooseMedia({ count: 1, mediaType: ['image'], sourceType: ['album', 'camera'] })
      if (res.tempFiles[0]) setCover(res.tempFiles[0].tempFilePath)
    } catch {
      // cancelled
    }
  }

  const searchOptions = async (kw: string) => {
    const list = await findGoodsForVideo(kw).catch(() => [] as VideoGoods[])
    setOptions(list)
  }
  const openPicker = () => {
    setPickerOpen(true)
    if (!options.length) searchOptions('')
  }
  const toggleGoods = (g: VideoGoods) => {
    if (goods.some((x) => x.id === g.id)) setGoods(goods.filter((x) => x.id !== g.id))
    else if (goods.length >= VIDEO_GOODS_MAX) toast(`最多关联${VIDEO_GOODS_MAX}件商品`)
    else setGoods([...goods, g])
  }

  const submit = async () => {
    if (!requireLogin()) return
    if (!video) return toast('请先选择视频')
    const t = title.trim()
    if (!t) return toast('请输入视频标题')
    if (percent >= 0) return
    try {
      setStage('正在上传视频')
      setPercent(0)
      const up = await uploadMedia(video.path, (p) => setPercent(Math.min(95, Math.round(p * 0.95))))
      let coverUrl = ''
      if (cover) {
        setStage('正在上传封面')
        coverUrl = (await uploadMedia(cover)).url
      }
      setStage('正在发布')
      await releaseVideo({ title: t, url: up.url, cover: coverUrl, duration: video.duration || 1, goodsIds: goods.map((g) => g.id) })
      setPercent(100)
      toast('已提交，审核通过后展示', 'success')
      setTimeout(() => redirectTo(ROUTES.videoList), 800)
    } catch {
      setPercent(-1)
      setStage('')
    }
  }

  return (
    <PageLayout variant='back' title='发布视频' className='vrelease'>
      <View className='vrelease__media'>
        <View className='vrelease__pick' onClick={pickVideo}>
          {video ? (
            <>
              <Video className='vrelease__preview' src={video.preview} controls={false} showCenterPlayBtn objectFit='cover' />
              <Text className='vrelease__tag'>{Math.round(video.duration)}秒 · 点击更换</Text>
            </>
          ) : (
            <>
              <Plus size={28} />
              <Text>拍摄或选择视频</Text>
            </>
          )}
        </View>
        <View className='vrelease__pick' onClick={pickCover}>
          {cover ? (
            <>
              <Image className='vrelease__preview' src={cover} mode='aspectFill' />
              <Text className='vrelease__tag'>点击更换封面</Text>
            </>
          ) : (
            <>
              <Plus size={28} />
              <Text>选择封面</Text>
            </>
          )}
        </View>
      </View>
      <Text className='vrelease__hint'>视频时长不超过{VIDEO_MAX_DURATION_S}秒，支持 MP4 / MOV</Text>

      <View className='vrelease__field'>
        <Text className='vrelease__label'>标题</Text>
        <Input value={title} maxLength={VIDEO_TITLE_MAX} placeholder='写个标题，让更多人看到' onChange={(v) => setTitle(v)} clearable />
      </View>

      <View className='vrelease__field'>
        <View style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Text className='vrelease__label'>
            关联商品（{goods.length}/{VIDEO_GOODS_MAX}）
          </Text>
          <Text style={{ color: 'var(--app-primary)' }} onClick={openPicker}>
            添加商品
          </Text>
        </View>
        {goods.length === 0 && <Text className='muted'>关联商品后，观众可从视频直接购买</Text>}
        {goods.map((g) => (
          <View key={g.id} className='vrelease__goods'>
            <Image className='vrelease__goods-img' src={assetUrl(g.mainImage)} mode='aspectFill' />
            <View className='vrelease__goods-name'>
              <Text>{g.name}</Text>
              <Text className='price'>¥{yuan(g.price)}</Text>
            </View>
            <View onClick={() => toggleGoods(g)} aria-label='移除商品'>
              <Close size={14} />
            </View>
          </View>
        ))}
      </View>

      {percent >= 0 && (
        <View className='vrelease__progress'>
          <Text className='muted'>
            {stage} {percent}%
          </Text>
          <Progress percent={percent} showText={false} />
        </View>
      )}

      <View className='vrelease__submit'>
        <Button type='primary' block loading={percent >= 0 && percent < 100} disabled={percent >= 0} onClick={submit}>
          发布
        </Button>
      </View>

      <Popup visible={pickerOpen} position='bottom' round title='选择商品' closeable className={pickerDialog} onClose={() => setPickerOpen(false)}>
        <View className='vrelease__picker'>
          <SearchBar value={keyword} placeholder='搜索商品' onChange={(v) => typeof v === 'string' && setKeyword(v)} onSearch={(v) => searchOptions(typeof v === 'string' ? v : keyword)} />
          <ScrollView scrollY className='vrelease__picker-list'>
            {options.length === 0 && <View className='empty-hint'>没有找到商品</View>}
            {options.map((g) => (
              <View key={g.id} className='vrelease__goods' onClick={() => toggleGoods(g)}>
                <Checkbox checked={goods.some((x) => x.id === g.id)} />
                <Image className='vrelease__goods-img' src={assetUrl(g.mainImage)} mode='aspectFill' />
                <View className='vrelease__goods-name'>
                  <Text>{g.name}</Text>
                  <Text className='price'>¥{yuan(g.price)}</Text>
                </View>
              </View>
            ))}
          </ScrollView>
          <View style={{ padding: '12px' }}>
            <Button type='primary' block onClick={() => setPickerOpen(false)}>
              完成（{goods.length}/{VIDEO_GOODS_MAX}）
            </Button>
          </View>
        </View>
      </Popup>
    </PageLayout>
  )
}
