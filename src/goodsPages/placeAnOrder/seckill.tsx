import { useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, TextArea } from '@nutui/nutui-react-taro'
import type { SeckillPreview } from '@contract/seckill'
import PageLayout from '@/components/PageLayout'
import { usePayPassword } from '@/components/PayPassword'
import CouponPicker, { BalanceSwitch } from '@/components/CouponPicker'
import PickAddress from '@/components/PickAddress'
import { GoodsLine, newRequestId, payThenShowStatus } from '@/components/Order'
import { previewSeckill, submitSeckill } from '@/api/seckill'
import { requireLogin } from '@/core/auth'
import { back, navigateTo, redirectTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useCommonStore } from '@/stores/common'
import { yuan } from '@/utils/money'
import QuantityInput from '@/components/QuantityInput'
import './seckill.scss'

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

  const footer = preview && (
    <View className='seckill-order__bar'>
      <View className='seckill-order__sum'>
        <Text>{balanceUsed ? '还需支付：' : '实付款：'}</Text>
        <Text className='seckill-order__sum-price'>¥{yuan(preview.payAmount - balanceUsed)}</Text>
      </View>
      <Button type='primary' className='seckill-order__submit' loading={busy} disabled={busy} onClick={submit}>
        立即抢购
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='秒杀下单' footer={footer}>
      {failed && !preview && (
        <View className='empty-hint'>
          <Text>{failed}</Text>
          <View className='seckill-order__retry'>
            <Button size='small' onClick={() => back()}>
              返回
            </Button>
          </View>
        </View>
      )}
      {preview && item && (
        <View className='seckill-order'>
          <PickAddress address={preview.address} />
          <View className='card'>
            <View className='seckill-order__badge'>
              <Text className='seckill-order__badge-tag'>限时秒杀</Text>
              <Text className='seckill-order__badge-text'>
                {preview.session.title}场 · 每人限购{item.perMemberLimit}件{preview.myBought > 0 ? `（已购${preview.myBought}件）` : ''}
              </Text>
            </View>
            {preview.lines.map((l) => (
              <GoodsLine key={l.skuId} image={l.image} goodsName={l.goodsName} specText={l.specText} price={l.price} quantity={l.quantity} />
            ))}
            <View className='seckill-order__row'>
              <Text>购买数量</Text>
              <QuantityInput label='购买数量' value={quantity} min={1} max={maxQty} onChange={changeQty} />
            </View>
          </View>
          <View className='card seckill-order__amounts'>
            <View className='seckill-order__row'>
              <Text>商品金额</Text>
              <Text>¥{yuan(preview.goodsAmount)}</Text>
            </View>
            <View className='seckill-order__row'>
              <Text>运费</Text>
              <Text>{preview.freightAmount ? `+¥${yuan(preview.freightAmount)}` : '包邮'}</Text>
            </View>
            <CouponPicker extras={preview.extras.coupons} discount={preview.couponDiscount} onChange={changeCoupon} />
            <View className='seckill-order__row seckill-order__row--total'>
              <Text>小计</Text>
              <Text className='price'>¥{yuan(preview.payAmount)}</Text>
            </View>
            <BalanceSwitch extras={preview.extras.balance} onChange={changeBalance} />
            {!!balanceUsed && (
              <View className='seckill-order__row'>
                <Text>余额支付</Text>
                <Text className='price'>-¥{yuan(balanceUsed)}</Text>
              </View>
            )}
          </View>
          <View className='card'>
            <Text className='seckill-order__label'>订单备注</Text>
            <TextArea value={remark} onChange={(v) => setRemark(v)} maxLength={200} rows={2} showCount placeholder='选填，请先和商家协商一致' />
          </View>
          <Text className='seckill-order__note'>秒杀订单请在10分钟内完成支付，超时自动取消并释放名额</Text>
        </View>
      )}
      {payPasswordSheet}
    </PageLayout>
  )
}
