import { useRouter } from '@tarojs/taro'
import CouponPicker from '@/components/CouponPicker'
import { payThenShowStatus } from '@/components/Order'
import { previewSeckill, submitSeckill } from '@/api/seckill'
import { redirectTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import PromoCheckout from './PromoCheckout'
import { usePromoCheckout } from './usePromoCheckout'

/** Confirm page of a flash-sale order: address, the item at its flash price, quantity within the limit, coupons the rules allow, pay. */
export default function PlaceAnOrderSeckillPage() {
  const params = useRouter().params as Record<string, string>
  const itemId = Number(params.itemId || 0)
  const c = usePromoCheckout((q) => previewSeckill({ itemId, ...q }, { catch: true }), Number(params.quantity || 1), !itemId && '秒杀商品不存在')
  const { preview } = c
  const item = preview?.item
  const maxQty = item ? Math.max(1, Math.min(item.perMemberLimit - (preview?.myBought || 0), item.quota - item.sold)) : 1

  const submit = () =>
    c.submit(
      (fields) => submitSeckill({ itemId, couponId: preview!.extras.coupons ? (preview!.extras.coupons.selectedId ?? 0) : undefined, ...fields }, { catch: true }),
      async (o) => {
        if (o.status !== 'unpaid') return redirectTo(ROUTES.payStatus, { orderNo: o.orderNo, result: 'paid' })
        const r = await payThenShowStatus(o.orderNo, 'redirect')
        if (r === null) await redirectTo(ROUTES.orderDetails, { orderNo: o.orderNo })
      },
    )

  return (
    <PromoCheckout
      title='秒杀下单'
      failed={c.failed}
      preview={preview && item ? preview : null}
      badge={{ tag: '限时秒杀', text: item ? `${preview!.session.title}场 · 每人限购${item.perMemberLimit}件${preview!.myBought > 0 ? `（已购${preview!.myBought}件）` : ''}` : '' }}
      quantity={c.quantity}
      maxQuantity={maxQty}
      onQuantity={(v) => c.changeQuantity(v, maxQty)}
      coupons={preview && <CouponPicker extras={preview.extras.coupons} discount={preview.couponDiscount} onChange={c.changeCoupon} />}
      onBalance={c.changeBalance}
      remark={c.remark}
      onRemark={c.setRemark}
      note='秒杀订单请在10分钟内完成支付，超时自动取消并释放名额'
      submitLabel='立即抢购'
      busy={c.busy}
      onSubmit={submit}
    >
      {c.payPasswordSheet}
    </PromoCheckout>
  )
}
