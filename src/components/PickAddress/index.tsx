import { View, Text } from '@tarojs/components'
import { ArrowRight, Location } from '@nutui/icons-react-taro'
import type { MemberAddress } from '@contract/address'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { regionText } from '@/utils/regions'
import './index.scss'

/**
 * The shipping-address card of every checkout (goods, flash sale, 拼团, points): name, phone, 默认, the region, then the street. Tapping it opens the address book in select mode, which puts
 * the choice in the common store (shippingAddress) and comes back; the page reads it on show.
 */
export default function PickAddress({ address, onClick }: { address: MemberAddress | null; onClick?: () => void }) {
  const open = onClick || (() => navigateTo(ROUTES.addressList, { select: 1 }))
  return (
    <View className='card pick-address' onClick={open}>
      <Location size={20} className='pick-address__pin' />
      {address ? (
        <View className='pick-address__body'>
          <View className='pick-address__who'>
            <Text className='pick-address__name'>{address.name}</Text>
            <Text className='pick-address__phone'>{address.phone}</Text>
            {address.isDefault && <Text className='pick-address__tag'>默认</Text>}
          </View>
          <Text className='pick-address__region'>{regionText(address.province, address.city, address.district)}</Text>
          <Text className='pick-address__detail'>{address.detail}</Text>
        </View>
      ) : (
        <View className='pick-address__body'>
          <Text className='pick-address__name'>请添加收货地址</Text>
        </View>
      )}
      <ArrowRight size={14} className='muted' />
    </View>
  )
}
