import { View, Text } from '@tarojs/components'
import { Switch } from '@nutui/nutui-react-taro'
import type { OrderPointsExtras } from '@contract/integral'
import { yuan } from '@/utils/money'

/** The 积分抵扣 row of the confirm-order page: what the preview says (rate and cap are the console's rules; see extras.points). */
export default function PointsSwitch({ extras, onChange }: { extras?: OrderPointsExtras | null; onChange: (usePoints: boolean) => void }) {
  if (!extras) return null
  const can = extras.usable > 0
  const rate = extras.rate || 100
  const idle = extras.maxPercent === 0 ? '本店暂不支持积分抵扣' : `共${extras.balance}积分，满${rate}积分可抵¥1`
  return (
    <View className='coupon-picker__row'>
      <Text className='coupon-picker__label'>积分抵扣</Text>
      <View className='coupon-picker__value'>
        <Text className={`coupon-picker__text coupon-picker__text--${can ? 'normal' : 'muted'}`}>{can ? `用${extras.usable}积分抵¥${yuan(extras.discount)}` : idle}</Text>
        <Switch checked={extras.used > 0} disabled={!can} onChange={(v) => onChange(!!v)} />
      </View>
    </View>
  )
}
