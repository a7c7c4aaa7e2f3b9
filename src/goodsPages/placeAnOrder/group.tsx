import { useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import type { GroupPreview } from '@contract/groupBuy'
import { usePayPassword } from '@/components/PayPassword'
import { newRequestId, payOrder } from '@/components/Order'
import { previewGroup, submitGroup } from '@/api/groupBuy'
import { requireLogin } from '@/core/auth'
import { navigateTo, redirectTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { subscribeAt } from '@/platform/subscribe'
import { ROUTES } from '@/routes'
import { useCommonStore } from '@/stores/common'
import { yuan } from '@/utils/money'
import PromoCheckout from './PromoCheckout'

/** Confirm page of a group order (拼团): address, the item at its group price (the leader's discount when starting a group), quantity within the limit, balance, pay; then the group's page. */
export default function PlaceAnOrderGroupPage() {
  const params = useRouter().params as Record<string, string>
  const activityId = Number(params.activityId || 0)
  const skuId = Number(params.skuId || 0)
  const groupId = Number(params.groupId || 0) || undefined
  const [quantity, setQuantity] = useState(Math.max(1, Number(params.quantity || 1)))
  const [useBalance, setUseBalance] = useState(false)
  const [preview, setPreview] = useState<GroupPreview | null>(null)
  const [failed, setFailed] = useState('')
  const [remark, setRemark] = useState('')
  const [busy, setBusy] = useState(false)
  const requestId = useRef(newRequestId())
  const submitting = useRef(false)
  const { ask: askPayPassword, sheet: payPasswordSheet } = usePayPassword()

  const load = async (q = quantity, b = useBalance) => {
    if (!activityId || !skuId) return setFailed('拼团活动不存在或已结束')
    const addressId = useCommonStore.getState().shippingAddress?.id
    try {
      setPreview(await previewGroup({ activityId, skuId, groupId, quantity: q, addressId, useBalance: b }, { catch: true }))
      setFailed('')
    } catch (err: any) {
      if (addressId && err?.code === 404 && /地址/.test(err?.message || '')) {
        useCommonStore.getState().setShippingAddress(null)
        return load(q, b)
      }
      if (!preview) setFailed(err?.message || '订单信息加载失败')
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load()
  })

  const a = preview?.activity
  const maxQty = a ? Math.max(1, a.perMemberLimit - (preview?.myBought || 0)) : 1
  const changeQty = (v: number | string) => {
    const q = Math.max(1, Math.min(maxQty, Number(v) || 1))
    setQuantity(q)
    load(q)
  }
  const changeBalance = (b: boolean) => {
    setUseBalance(b)
    load(quantity, b)
  }
  const balanceUsed = preview?.extras.balance?.used ?? 0

  const submit = async () => {
    if (!preview || submitting.current) return
    if (!preview.address) {
      toast('请先添加收货地址')
      return navigateTo(ROUTES.addressList, { select: 1 })
    }
    // Mini-program: ask for 拼团成功 / 拼团失败 (with its refund) / shipped messages inside the tap (never blocks the order).
    void subscribeAt('groupBuy')
    submitting.current = true
    const payPassword = balanceUsed ? await askPayPassword(`余额支付 ¥${yuan(balanceUsed)}`) : undefined
    if (payPassword === null) return void (submitting.current = false)
    setBusy(true)
    try {
      const o = await submitGroup(
        {
          activityId,
          skuId,
          groupId,
          quantity,
          addressId: preview.address.id,
          // What the preview showed the balance paying: spent meanwhile, the server refuses (余额不足) instead of asking the gateway for more.
          useBalance,
          balanceAmount: balanceUsed || undefined,
          payPassword,
          remark: remark.trim(),
          requestId: requestId.current,
        },
        { catch: true },
      )
      useCommonStore.getState().setShippingAddress(null)
      if (o.status !== 'unpaid') return redirectTo(ROUTES.groupDetail, { groupId: o.groupId })
      const r = await payOrder(o.orderNo)
      // Paid: the group's page (it waits there for the payment's confirmation); not paid: the pay-status page offers to pay again.
      if (r === 'paid') return redirectTo(ROUTES.groupDetail, { groupId: o.groupId })
      await redirectTo(r === null ? ROUTES.orderDetails : ROUTES.payStatus, r === null ? { orderNo: o.orderNo } : { orderNo: o.orderNo, result: r })
    } catch {
      // Refused (group full, limit...): the message was shown; the same requestId is kept for a retry.
      submitting.current = false
      setBusy(false)
      load()
    }
  }

  return (
    <PromoCheckout
      title='拼团下单'
      failed={failed}
      preview={preview && a ? preview : null}
      badge={{
        tag: a ? `${a.size}人团` : '',
        text: a ? `${preview!.leader ? (a.leaderDiscount > 0 ? `团长优惠每件减¥${yuan(a.leaderDiscount)}` : '发起拼团') : '参加好友的团'} · 每人限购${a.perMemberLimit}件` : '',
      }}
      quantity={quantity}
      maxQuantity={maxQty}
      onQuantity={changeQty}
      onBalance={changeBalance}
      remark={remark}
      onRemark={setRemark}
      note={a ? `请在15分钟内完成支付；${preview!.leader ? `支付后${a.hours}小时内` : '拼团截止前'}凑满${a.size}人即拼团成功并发货，未凑满将自动退款` : ''}
      submitLabel={preview?.leader ? '发起拼团' : '立即参团'}
      busy={busy}
      onSubmit={submit}
    >
      {payPasswordSheet}
    </PromoCheckout>
  )
}
