import type { ReactNode } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { HeartFill } from '@nutui/icons-react-taro'
import type { VideoItem } from '@contract/video'
import './index.scss'
import { assetUrl } from '@/core/request'

/** Three covers a row; `extra` adds per-video actions (delete on my list). The author's own videos not shown yet say so (审核中). */
export default function VideoGrid({ videos, onOpen, extra }: { videos: VideoItem[]; onOpen: (index: number) => void; extra?: (v: VideoItem) => ReactNode }) {
  return (
    <View className='video-grid'>
      {videos.map((v, i) => (
        <View key={v.id} className='video-grid__cell' onClick={() => onOpen(i)}>
          <Image className='video-grid__cover' src={assetUrl(v.cover)} mode='aspectFill' lazyLoad />
          {/* The author's own list: a video waiting for the shop's review, or taken down (with the reason). */}
          {v.status === 'pending' && <Text className='video-grid__state'>审核中</Text>}
          {v.status === 'off' && <Text className='video-grid__state video-grid__state--off'>{v.reviewReason ? `未通过：${v.reviewReason}` : '已下架'}</Text>}
          <View className='video-grid__meta'>
            <Text className='video-grid__title'>{v.title}</Text>
            <Text>
              <HeartFill size={10} color='#fff' /> {v.likes}
            </Text>
          </View>
          {extra?.(v)}
        </View>
      ))}
    </View>
  )
}
