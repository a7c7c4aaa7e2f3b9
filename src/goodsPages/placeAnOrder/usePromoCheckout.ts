import { useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { OrderPreview } from '@contract/order'
import { usePayPassword } from '@/components/PayPassword'
import { newRequestId } from '@/components/Order'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useCommonStore } from '@/stores/common'
import { yuan } from '@/utils/money'

/** What a promotion's preview is asked with (the flash sale also sends the coupon; a group order has none). */
export interface PromoPreviewInput {
  quantity: number
  addressId?: number
  couponId?: number
  useBalance: boolean
}

/** The fields every promotion's submit carries besides its own (item, activity, group, coupon). */
export interface PromoSubmitFields {
  quantity: number
  addressId: number
  useBalance: boolean
  /** What the preview showed the balance paying: spent meanwhile, the server refuses (余额不足) instead of asking the gateway for more. */
  balanceAmount?: number
  payPassword?: string
  remark: string
  requestId: string
}

/**
 * The state and steps the flash-sale and group checkouts share: the preview (asked again on each change, the chosen
 * address dropped when it was deleted meanwhile, a coupon that no longer fits dropped), quantity, coupon, balance and
 * remark, and the submit guard (an address first, the 支付密码 when the balance pays, one requestId kept across retries
 * so a refused or repeated submit never makes a second order). `missing` is the message when the page's query names
 * nothing to buy. The page keeps what differs: its request and where it goes once the order exists.
 */
export function usePromoCheckout<P extends OrderPreview>(fetchPreview: (q: PromoPreviewInput) => Promise<P>, initialQuantity: number, missing: string | false) {
  const [quantity, setQuantity] = useState(Math.max(1, initialQuantity || 1))
  const [couponId, setCouponId] = useState<number | undefined>(undefined)
  const [useBalance, setUseBalance] = useState(false)
  const [preview, setPreview] = useState<P | null>(null)
  const [failed, setFailed] = useState('')
  const [remark, setRemark] = useState('')
  const [busy, setBusy] = useState(false)
  const requestId = useRef(newRequestId())
  const submitting = useRef(false)
  const { ask: askPayPassword, sheet: payPasswordSheet } = usePayPassword()

  const load = async (q = quantity, c = couponId, b = useBalance): Promise<void> => {
    if (missing) return setFailed(missing)
    const addressId = useCommonStore.getState().shippingAddress?.id
    try {
      setPreview(await fetchPreview({ quantity: q, addressId, couponId: c, useBalance: b }))
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

  const balanceUsed = preview?.extras.balance?.used ?? 0

  /**
   * Sends the order (`send` adds the promotion's own fields), then `done` goes where the page goes with it.
   * `inTap`: what must run inside the shopper's tap once the order can go (the mini-program's subscription request).
   */
  const submit = async <O>(send: (fields: PromoSubmitFields) => Promise<O>, done: (order: O) => Promise<unknown>, inTap?: () => void) => {
    if (!preview || submitting.current) return
    if (!preview.address) {
      toast('请先添加收货地址')
      return navigateTo(ROUTES.addressList, { select: 1 })
    }
    inTap?.()
    submitting.current = true
    const payPassword = balanceUsed ? await askPayPassword(`余额支付 ¥${yuan(balanceUsed)}`) : undefined
    if (payPassword === null) return void (submitting.current = false)
    setBusy(true)
    try {
      const order = await send({
        quantity,
        addressId: preview.address.id,
        useBalance,
        balanceAmount: balanceUsed || undefined,
        payPassword,
        remark: remark.trim(),
        requestId: requestId.current,
      })
      useCommonStore.getState().setShippingAddress(null)
      await done(order)
    } catch {
      // Refused (sold out, group full, limit, coupon...): the message was shown; the same requestId is kept for a retry.
      submitting.current = false
      setBusy(false)
      load()
    }
  }

  return {
    preview,
    failed,
    quantity,
    remark,
    setRemark,
    busy,
    payPasswordSheet,
    /** The quantity within [1, max], priced again. */
    changeQuantity: (v: number | string, max: number) => {
      const q = Math.max(1, Math.min(max, Number(v) || 1))
      setQuantity(q)
      load(q, couponId)
    },
    changeCoupon: (id: number | undefined) => {
      setCouponId(id)
      load(quantity, id)
    },
    changeBalance: (b: boolean) => {
      setUseBalance(b)
      load(quantity, couponId, b)
    },
    submit,
  }
}
