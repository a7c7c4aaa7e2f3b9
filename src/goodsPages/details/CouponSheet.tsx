import { View, Text } from '@tarojs/components'
import { Popup } from '@nutui/nutui-react-taro'
import type { CentreCoupon } from '@contract/coupon'
import CouponCard from '@/components/CouponCard'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { useReceiveCoupon } from '@/hooks/useReceiveCoupon'
import './CouponSheet.scss'

/**
 * The goods details page's 领券 sheet: every coupon of the centre that applies to this goods, best first, each with
 * its claim button (log in first; 已领取 once the member holds as many as the coupon allows). `reload` asks the
 * server again after a claim, so the states are the server's.
 */
export default function CouponSheet({ visible, coupons, onClose, reload }: { visible: boolean; coupons: CentreCoupon[]; onClose: () => void; reload: () => void }) {
  const dialogClass = useDialogFocus(visible, '领取优惠券', onClose)
  const { receiving, receive } = useReceiveCoupon(reload)
  const action = (c: CentreCoupon) => {
    if (c.soldOut && c.received === 0) return <View className='coupon-sheet__btn is-off'>已抢光</View>
    if (!c.canReceive) return <View className='coupon-sheet__btn is-off'>{c.received > 0 ? '已领取' : '不可领'}</View>
    return (
      <View className='coupon-sheet__btn' onClick={(e) => (e.stopPropagation(), receive(c))}>
        {receiving === c.couponId ? '领取中' : c.received > 0 ? '再领一张' : '立即领取'}
      </View>
    )
  }
  return (
    <Popup visible={visible} position='bottom' round closeable onClose={onClose} className={`coupon-sheet ${dialogClass}`}>
      <Text className='coupon-sheet__title'>领取优惠券</Text>
      <Text className='coupon-sheet__hint'>领取后下单时自动选用最优惠的一张</Text>
      <View className='coupon-sheet__list'>
        {coupons.map((c) => (
          <CouponCard
            key={c.couponId}
            className='coupon-sheet__card'
            faceText={c.faceText}
            ruleText={c.ruleText}
            name={c.name}
            scopeText={c.allowSeckill ? `${c.scopeText} · 秒杀可用` : c.scopeText}
            validText={c.validText}
            action={action(c)}
          />
        ))}
      </View>
    </Popup>
  )
}
