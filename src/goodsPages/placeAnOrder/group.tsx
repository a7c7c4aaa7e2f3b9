import { useRouter } from '@tarojs/taro'
import { payOrder } from '@/components/Order'
import { previewGroup, submitGroup } from '@/api/groupBuy'
import { redirectTo } from '@/core/nav'
import { subscribeAt } from '@/platform/subscribe'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import PromoCheckout from './PromoCheckout'
import { usePromoCheckout } from './usePromoCheckout'

/** Confirm page of a group order (拼团): address, the item at its group price (the leader's discount when starting a group), quantity within the limit, balance, pay; then the group's page. */
export default function PlaceAnOrderGroupPage() {
  const params = useRouter().params as Record<string, string>
  const activityId = Number(params.activityId || 0)
  const skuId = Number(params.skuId || 0)
  const groupId = Number(params.groupId || 0) || undefined
  const c = usePromoCheckout(
    ({ quantity, addressId, useBalance }) => previewGroup({ activityId, skuId, groupId, quantity, addressId, useBalance }, { catch: true }),
    Number(params.quantity || 1),
    (!activityId || !skuId) && '拼团活动不存在或已结束',
  )
  const { preview } = c
  const a = preview?.activity
  const maxQty = a ? Math.max(1, a.perMemberLimit - (preview?.myBought || 0)) : 1

  const submit = () =>
    c.submit(
      (fields) => submitGroup({ activityId, skuId, groupId, ...fields }, { catch: true }),
      async (o) => {
        if (o.status !== 'unpaid') return redirectTo(ROUTES.groupDetail, { groupId: o.groupId })
        const r = await payOrder(o.orderNo)
        // Paid: the group's page (it waits there for the payment's confirmation); not paid: the pay-status page offers to pay again.
        if (r === 'paid') return redirectTo(ROUTES.groupDetail, { groupId: o.groupId })
        await redirectTo(r === null ? ROUTES.orderDetails : ROUTES.payStatus, r === null ? { orderNo: o.orderNo } : { orderNo: o.orderNo, result: r })
      },
      // Mini-program: ask for 拼团成功 / 拼团失败 (with its refund) / shipped messages inside the tap (never blocks the order).
      () => void subscribeAt('groupBuy'),
    )

  return (
    <PromoCheckout
      title='拼团下单'
      failed={c.failed}
      preview={preview && a ? preview : null}
      badge={{
        tag: a ? `${a.size}人团` : '',
        text: a ? `${preview!.leader ? (a.leaderDiscount > 0 ? `团长优惠每件减¥${yuan(a.leaderDiscount)}` : '发起拼团') : '参加好友的团'} · 每人限购${a.perMemberLimit}件` : '',
      }}
      quantity={c.quantity}
      maxQuantity={maxQty}
      onQuantity={(v) => c.changeQuantity(v, maxQty)}
      onBalance={c.changeBalance}
      remark={c.remark}
      onRemark={c.setRemark}
      note={a ? `请在15分钟内完成支付；${preview!.leader ? `支付后${a.hours}小时内` : '拼团截止前'}凑满${a.size}人即拼团成功并发货，未凑满将自动退款` : ''}
      submitLabel={preview?.leader ? '发起拼团' : '立即参团'}
      busy={c.busy}
      onSubmit={submit}
    >
      {c.payPasswordSheet}
    </PromoCheckout>
  )
}
