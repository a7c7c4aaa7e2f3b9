import { View } from '@tarojs/components'
import { ArrowLeft } from '@nutui/icons-react-taro'
import type { VideoItem } from '@contract/video'
import './index.scss'
import { getStatusBarHeight } from '@/components/PageLayout'
import VideoFeed from './index'

/** A full-screen feed over a page (search results, a creator's videos, my videos), starting at one video. */
export default function VideoFeedOverlay({ videos, index, onClose, onReachEnd }: { videos: VideoItem[]; index: number; onClose: () => void; onReachEnd?: () => void }) {
  return (
    <View className='vfeed-overlay'>
      <VideoFeed videos={videos} initialIndex={index} height='100vh' scope='overlay' onReachEnd={onReachEnd} />
      <View className='vfeed-overlay__close' style={{ top: `${getStatusBarHeight() + 12}px` }} onClick={onClose} aria-label='返回'>
        <ArrowLeft size={20} color='#fff' />
      </View>
    </View>
  )
}
