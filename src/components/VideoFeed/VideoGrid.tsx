import type { ReactNode } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { HeartFill } from '@nutui/icons-react-taro'
import type { VideoItem } from '@contract/video'
import './index.scss'
import { assetUrl } from '@/core/request'

/** Three covers a row; `extra` adds per-video actions (delete on my list). */
export default function VideoGrid({ videos, onOpen, extra }: { videos: VideoItem[]; onOpen: (index: number) => void; extra?: (v: VideoItem) => ReactNode }) {
  return (
    <View className='video-grid'>
      {videos.map((v, i) => (
        <View key={v.id} className='video-grid__cell' onClick={() => onOpen(i)}>
          <Image className='video-grid__cover' src={assetUrl(v.cover)} mode='aspectFill' lazyLoad />
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
