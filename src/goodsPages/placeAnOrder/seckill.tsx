import { useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import type { SeckillPreview } from '@contract/seckill'
import { usePayPassword } from '@/components/PayPassword'
import CouponPicker from '@/components/CouponPicker'
import { newRequestId, payThenShowStatus } from '@/components/Order'
import { previewSeckill, submitSeckill } from '@/api/seckill'
import { requireLogin } from '@/core/auth'
import { navigateTo, redirectTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useCommonStore } from '@/stores/common'
import { yuan } from '@/utils/money'
import PromoCheckout from './PromoCheckout'

/** Confirm page of a flash-sale order: address, the item at its flash price, quantity within the limit, coupons the rules allow, pay. */
export default function PlaceAnOrderSeckillPage() {
  const params = useRouter().params as Record<string, string>
  const itemId = Number(params.itemId || 0)
  const [quantity, setQuantity] = useState(Math.max(1, Number(params.quantity || 1)))
  const [couponId, setCouponId] = useState<number | undefined>(undefined)
  const [useBalance, setUseBalance] = useState(false)
  const [preview, setPreview] = useState<SeckillPreview | null>(null)
  const [failed, setFailed] = useState('')
  const [remark, setRemark] = useState('')
  const [busy, setBusy] = useState(false)
  const requestId = useRef(newRequestId())
  const submitting = useRef(false)
  const { ask: askPayPassword, sheet: payPasswordSheet } = usePayPassword()

  const load = async (q = quantity, c = couponId, b = useBalance) => {
    if (!itemId) return setFailed('秒杀商品不存在')
    const addressId = useCommonStore.getState().shippingAddress?.id
    try {
      setPreview(await previewSeckill({ itemId, quantity: q, addressId, couponId: c, useBalance: b }, { catch: true }))
      setFailed('')
    } catch (err: any) {
      if (addressId && err?.code === 404 && /地址/.test(err?.message || '')) {
        useCommonStore.getState().setShippingAddress(null)
        return load(q, c, b)
      }
      if (c && err?.code === 3001) {
        // The chosen coupon no longer fits (quantity changed): let the server pick again.
        setCouponId(undefined)
        return load(q, undefined, b)
      }
      if (!preview) setFailed(err?.message || '订单信息加载失败')
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load()
  })

  const item = preview?.item
  const maxQty = item ? Math.max(1, Math.min(item.perMemberLimit - (preview?.myBought || 0), item.quota - item.sold)) : 1
  const changeQty = (v: number | string) => {
    const q = Math.max(1, Math.min(maxQty, Number(v) || 1))
    setQuantity(q)
    load(q, couponId)
  }
  const changeCoupon = (id: number | undefined) => {
    setCouponId(id)
    load(quantity, id)
  }
  const changeBalance = (b: boolean) => {
    setUseBalance(b)
    load(quantity, couponId, b)
  }
  const balanceUsed = preview?.extras.balance?.used ?? 0

  const submit = async () => {
    if (!preview || submitting.current) return
    if (!preview.address) {
      toast('请先添加收货地址')
      return navigateTo(ROUTES.addressList, { select: 1 })
    }
    submitting.current = true
    const payPassword = balanceUsed ? await askPayPassword(`余额支付 ¥${yuan(balanceUsed)}`) : undefined
    if (payPassword === null) return void (submitting.current = false)
    setBusy(true)
    try {
      const o = await submitSeckill(
        {
          itemId,
          quantity,
          addressId: preview.address.id,
          couponId: preview.extras.coupons ? (preview.extras.coupons.selectedId ?? 0) : undefined,
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
      if (o.status !== 'unpaid') return redirectTo(ROUTES.payStatus, { orderNo: o.orderNo, result: 'paid' })
      const r = await payThenShowStatus(o.orderNo, 'redirect')
      if (r === null) await redirectTo(ROUTES.orderDetails, { orderNo: o.orderNo })
    } catch {
      // Refused (sold out, limit, coupon...): the message was shown; the same requestId is kept for a retry.
      submitting.current = false
      setBusy(false)
      load()
    }
  }

  return (
    <PromoCheckout
      title='秒杀下单'
      failed={failed}
      preview={preview && item ? preview : null}
      badge={{ tag: '限时秒杀', text: item ? `${preview!.session.title}场 · 每人限购${item.perMemberLimit}件${preview!.myBought > 0 ? `（已购${preview!.myBought}件）` : ''}` : '' }}
      quantity={quantity}
      maxQuantity={maxQty}
      onQuantity={changeQty}
      coupons={preview && <CouponPicker extras={preview.extras.coupons} discount={preview.couponDiscount} onChange={changeCoupon} />}
      onBalance={changeBalance}
      remark={remark}
      onRemark={setRemark}
      note='秒杀订单请在10分钟内完成支付，超时自动取消并释放名额'
      submitLabel='立即抢购'
      busy={busy}
      onSubmit={submit}
    >
      {payPasswordSheet}
    </PromoCheckout>
  )
}
