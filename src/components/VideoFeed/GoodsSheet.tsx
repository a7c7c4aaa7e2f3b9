import { Image, Text, View } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import type { VideoItem } from '@contract/video'
import { assetUrl } from '@/core/request'
import { navigateTo } from '@/core/nav'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import { popupPortal } from './format'

/** 视频同款: the goods of a video that shows more than one, each opening its details. */
export default function GoodsSheet({ open, onClose, goods }: { open: boolean; onClose: () => void; goods: VideoItem['goods'] }) {
  const dialog = useDialogFocus(open, '视频同款', onClose)
  return (
    <Popup visible={open} portal={popupPortal} position='bottom' round className={dialog} onClose={onClose} title='视频同款' closeable>
      <View className='vfeed-goods'>
        {goods.map((g) => (
          <View key={g.id} className='vfeed-goods__item' onClick={() => navigateTo(ROUTES.goodsDetails, { id: g.id })}>
            <Image className='vfeed-goods__img' src={assetUrl(g.mainImage)} mode='aspectFill' />
            <View className='vfeed-goods__text'>
              <Text className='vfeed-goods__name'>{g.name}</Text>
              <Text className='price'>¥{yuan(g.price)}</Text>
            </View>
            <View className='vfeed-goods__go'>去购买</View>
          </View>
        ))}
      </View>
    </Popup>
  )
}
