import { View, Text, Image } from '@tarojs/components'
import type { PrizeKind } from '@contract/turntable'
import { assetUrl } from '@/core/request'
import './index.scss'

/** A prize's picture: the goods image, or a drawn badge for points, coupons and 谢谢参与. */
export default function PrizeIcon({ kind, name, image, size = 'md' }: { kind: PrizeKind; name: string; image?: string; size?: 'sm' | 'md' | 'lg' }) {
  if (kind === 'goods' && image) return <Image className={`prize-icon prize-icon--${size} prize-icon--goods`} src={assetUrl(image)} mode='aspectFill' />
  const figure = kind === 'points' ? name.replace(/积分$/, '') : kind === 'coupon' ? (name.match(/减(\d+)/)?.[1] ?? name.match(/(\d+)元/)?.[1] ?? '券') : ''
  return (
    <View className={`prize-icon prize-icon--${size} prize-icon--${kind}`}>
      {kind === 'none' ? (
        <Text className='prize-icon__none'>{size === 'sm' ? '谢谢' : '谢谢参与'}</Text>
      ) : (
        <>
          <Text className='prize-icon__figure'>{figure}</Text>
          <Text className='prize-icon__unit'>{kind === 'points' ? '积分' : '优惠券'}</Text>
        </>
      )}
    </View>
  )
}
