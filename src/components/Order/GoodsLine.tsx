import { View, Text, Image } from '@tarojs/components'
import { assetUrl } from '@/core/request'
import { yuan } from '@/utils/money'

export interface GoodsLineProps {
  image: string
  goodsName: string
  specText: string
  price: number
  quantity: number
  /** e.g. "已退款 1 件". */
  note?: string
  onClick?: () => void
}

/** One goods line of an order or of the confirm page: picture, name, spec, price and quantity. */
export default function GoodsLine({ image, goodsName, specText, price, quantity, note, onClick }: GoodsLineProps) {
  return (
    <View className='goods-line' onClick={onClick}>
      <Image className='goods-line__img' src={assetUrl(image)} mode='aspectFill' />
      <View className='goods-line__body'>
        <Text className='goods-line__name'>{goodsName}</Text>
        {!!specText && <Text className='goods-line__spec'>{specText}</Text>}
        {!!note && <Text className='goods-line__note'>{note}</Text>}
      </View>
      <View className='goods-line__side'>
        <Text className='goods-line__price'>¥{yuan(price)}</Text>
        <Text className='goods-line__qty'>×{quantity}</Text>
      </View>
    </View>
  )
}
