import { View, Text } from '@tarojs/components'
import { Switch } from '@nutui/nutui-react-taro'
import type { OrderPointsExtras } from '@contract/integral'
import { yuan } from '@/utils/money'

/** The 积分抵扣 row of the confirm-order page: 100 points take ¥1 off (the server caps it; see extras.points). */
export default function PointsSwitch({ extras, onChange }: { extras?: OrderPointsExtras | null; onChange: (usePoints: boolean) => void }) {
  if (!extras) return null
  const can = extras.usable > 0
  return (
    <View className='coupon-picker__row'>
      <Text className='coupon-picker__label'>积分抵扣</Text>
      <View className='coupon-picker__value'>
        <Text className={`coupon-picker__text coupon-picker__text--${can ? 'normal' : 'muted'}`}>
          {can ? `用${extras.usable}积分抵¥${yuan(extras.discount)}` : `共${extras.balance}积分，满100可用`}
        </Text>
        <Switch checked={extras.used > 0} disabled={!can} onChange={(v) => onChange(!!v)} />
      </View>
    </View>
  )
}
