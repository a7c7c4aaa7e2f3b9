import { useState } from 'react'
import { View, Text, ScrollView } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import { ArrowRight, Checked, CheckNormal } from '@nutui/icons-react-taro'
import type { CouponOption, OrderCouponExtras } from '@contract/coupon'
import CouponCard from '@/components/CouponCard'
import { chinaDate, expiresSoon, pickerSummary } from '@/utils/coupon'
import { yuan } from '@/utils/money'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import './index.scss'

export interface CouponPickerProps {
  /** extras.coupons of the order preview (order or flash-sale preview). */
  extras?: OrderCouponExtras | null
  /** The preview's couponDiscount. */
  discount: number
  /**
   * The member's choice, to send as couponId with the next preview and the submit:
   * a member coupon id, 0 for no coupon, undefined to let the server pick the best one again.
   */
  onChange: (couponId: number | undefined) => void
}

const optionCard = (o: CouponOption, chosen: boolean, onPick?: () => void) => (
  <CouponCard
    key={o.id}
    faceText={o.faceText}
    ruleText={o.ruleText}
    name={o.name}
    scopeText={o.scopeText}
    validText={`有效期至${chinaDate(o.validTo - 1)}`}
    note={o.usable ? (o.discount > 0 ? `本单可减¥${yuan(o.discount)}` : '') || expiresSoon(o.validTo) : undefined}
    reason={o.usable ? undefined : o.reason}
    state={o.usable ? 'normal' : 'disabled'}
    onClick={onPick}
    action={o.usable ? chosen ? <Checked size={20} color='var(--app-price)' /> : <CheckNormal size={20} color='var(--app-text-3)' /> : undefined}
  />
)

/**
 * The 优惠券 row of a confirm-order page and its picker. The server prices the best coupon by default
 * and checks any choice; the row shows what is applied ("-¥20.00" with 最优 when it is the best one).
 */
export default function CouponPicker({ extras, discount, onChange }: CouponPickerProps) {
  const [open, setOpen] = useState(false)
  const dialogClass = useDialogFocus(open, '选择优惠券', () => setOpen(false))
  const s = pickerSummary(extras, discount)
  const usable = extras?.usable || []
  const unusable = extras?.unusable || []
  const pick = (id: number | undefined) => {
    setOpen(false)
    onChange(id)
  }
  return (
    <>
      <View className='coupon-picker__row' onClick={() => (usable.length || unusable.length ? setOpen(true) : undefined)}>
        <Text className='coupon-picker__label'>优惠券</Text>
        <View className='coupon-picker__value'>
          {s.best && <Text className='coupon-picker__best'>已选最优</Text>}
          <Text className={`coupon-picker__text coupon-picker__text--${s.tone}`}>{s.text}</Text>
          {(usable.length > 0 || unusable.length > 0) && <ArrowRight size={12} color='var(--app-text-3)' />}
        </View>
      </View>
      <Popup visible={open} position='bottom' round closeable title='选择优惠券' className={dialogClass} onClose={() => setOpen(false)}>
        <ScrollView scrollY className='coupon-picker__list'>
          <Text className='coupon-picker__section'>可用优惠券（{usable.length}）</Text>
          {usable.map((o) => optionCard(o, extras?.selectedId === o.id, () => pick(o.id)))}
          {!usable.length && <View className='coupon-picker__empty'>暂无可用优惠券</View>}
          {unusable.length > 0 && <Text className='coupon-picker__section'>不可用优惠券（{unusable.length}）</Text>}
          {unusable.map((o) => optionCard(o, false))}
        </ScrollView>
        <View className='coupon-picker__foot'>
          <View className={`coupon-picker__none ${extras?.declined ? 'is-on' : ''}`} onClick={() => pick(0)}>
            不使用优惠券
          </View>
          {usable.length > 0 && (
            <View className='coupon-picker__auto' onClick={() => pick(undefined)}>
              使用最优惠的券
            </View>
          )}
        </View>
      </Popup>
    </>
  )
}

export { default as PointsSwitch } from './PointsSwitch'
export { default as BalanceSwitch } from './BalanceSwitch'
