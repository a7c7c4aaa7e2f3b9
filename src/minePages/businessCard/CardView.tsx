import { Image, Text, View } from '@tarojs/components'
import type { BusinessCard } from '@contract/businessCard'
import { assetUrl } from '@/core/request'
import './card.scss'

type CardFields = Pick<BusinessCard, 'name' | 'title' | 'company' | 'phone' | 'wechat' | 'email' | 'address' | 'avatar'>

/** The card face, shared by the list and the preview. */
export default function CardView({ card, onClick }: { card: CardFields; onClick?: () => void }) {
  return (
    <View className='bcard' onClick={onClick}>
      <View className='bcard__row'>
        {card.avatar ? <Image className='bcard__avatar' src={assetUrl(card.avatar)} mode='aspectFill' /> : <View className='bcard__avatar bcard__avatar--text'>{card.name.slice(0, 1)}</View>}
        <View>
          <Text className='bcard__name'>{card.name}</Text>
          {card.title ? <Text className='bcard__title'>{card.title}</Text> : null}
          {card.company ? <Text className='bcard__company'>{card.company}</Text> : null}
        </View>
      </View>
      <View className='bcard__lines'>
        {card.phone ? (
          <View className='bcard__line'>
            <Text className='bcard__label'>电话</Text>
            <Text>{card.phone}</Text>
          </View>
        ) : null}
        {card.wechat ? (
          <View className='bcard__line'>
            <Text className='bcard__label'>微信</Text>
            <Text>{card.wechat}</Text>
          </View>
        ) : null}
        {card.email ? (
          <View className='bcard__line'>
            <Text className='bcard__label'>邮箱</Text>
            <Text>{card.email}</Text>
          </View>
        ) : null}
        {card.address ? (
          <View className='bcard__line'>
            <Text className='bcard__label'>地址</Text>
            <Text>{card.address}</Text>
          </View>
        ) : null}
      </View>
    </View>
  )
}
