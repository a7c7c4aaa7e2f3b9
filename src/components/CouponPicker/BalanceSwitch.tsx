import { View, Text } from '@tarojs/components'
import { Switch } from '@nutui/nutui-react-taro'
import type { OrderBalanceExtras } from '@contract/balance'
import { yuan } from '@/utils/money'

/** The 使用余额 row of the confirm-order page: the balance, and what it pays of this order when switched on (extras.balance). */
export default function BalanceSwitch({ extras, onChange }: { extras?: OrderBalanceExtras | null; onChange: (useBalance: boolean) => void }) {
  if (!extras) return null
  const can = extras.available > 0
  const text = !can ? '余额为0' : extras.used > 0 ? `抵扣¥${yuan(extras.used)}` : `可用余额¥${yuan(extras.available)}`
  return (
    <View className='coupon-picker__row'>
      <Text className='coupon-picker__label'>使用余额</Text>
      <View className='coupon-picker__value'>
        <Text className={`coupon-picker__text coupon-picker__text--${can ? 'normal' : 'muted'}`}>{text}</Text>
        <Switch checked={extras.used > 0} disabled={!can} onChange={(v) => onChange(!!v)} aria-label='使用余额' />
      </View>
    </View>
  )
}
