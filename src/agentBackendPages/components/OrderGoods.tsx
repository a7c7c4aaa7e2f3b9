import { View, Text, Image } from '@tarojs/components'
import type { AgentOrderItem } from '@contract/agent'
import { COMMISSION_STATUS_TEXT } from '@contract/agent'
import { assetUrl } from '@/core/request'
import { yuan } from '@/utils/money'
import { rateText } from './shared'
import './OrderGoods.scss'

/** One line of a shop order, with its commission when `withCommission`. */
export default function OrderGoods({ item, withCommission = false }: { item: AgentOrderItem; withCommission?: boolean }) {
  return (
    <View className='agent-line'>
      <Image className='agent-line__img' src={assetUrl(item.image)} mode='aspectFill' />
      <View className='agent-line__info'>
        <Text className='agent-line__name agent-ellipsis-2'>{item.goodsName}</Text>
        {!!item.specText && <Text className='agent-line__spec'>{item.specText}</Text>}
        {withCommission && (
          <Text className='agent-line__commission'>
            {item.commissionStatus ? `佣金 ¥${yuan(item.commission)}（${rateText(item.commissionRate)}，${COMMISSION_STATUS_TEXT[item.commissionStatus]}）` : '该商品不在店铺在售商品中，无佣金'}
          </Text>
        )}
        {item.refundedAmount > 0 && <Text className='agent-line__refund'>已退款 ¥{yuan(item.refundedAmount)}</Text>}
      </View>
      <View className='agent-line__right'>
        <Text className='agent-line__price'>¥{yuan(item.price)}</Text>
        <Text className='agent-line__qty'>×{item.quantity}</Text>
      </View>
    </View>
  )
}
