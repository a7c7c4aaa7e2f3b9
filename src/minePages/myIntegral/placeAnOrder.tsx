import { useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button, TextArea } from '@nutui/nutui-react-taro'
import type { RedeemPreview } from '@contract/integral'
import PageLayout from '@/components/PageLayout'
import { usePayPassword } from '@/components/PayPassword'
import PickAddress from '@/components/PickAddress'
import { newRequestId, payThenShowStatus } from '@/components/Order'
import { previewRedeem, redeemPointsGoods } from '@/api/integral'
import { requireLogin } from '@/core/auth'
import { assetUrl } from '@/core/request'
import { back, navigateTo, redirectTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useCommonStore } from '@/stores/common'
import { pointsPrice } from '@/utils/points'
import { yuan } from '@/utils/money'
import QuantityInput from '@/components/QuantityInput'
import { BalanceSwitch } from '@/components/CouponPicker'
import './placeAnOrder.scss'

/** Redeem points-mall goods: address, quantity, the points (and cash) it takes; points only is done at once, points + cash is paid like an order. */
export default function MyIntegralPlaceAnOrderPage() {
  const params = useRouter().params as Record<string, string>
  const id = Number(params.id || 0)
  const [quantity, setQuantity] = useState(Math.max(1, Number(params.quantity || 1)))
  const [p, setP] = useState<RedeemPreview | null>(null)
  const [failed, setFailed] = useState('')
  const [remark, setRemark] = useState('')
  const [busy, setBusy] = useState(false)
  const [useBalance, setUseBalance] = useState(false)
  const requestId = useRef(newRequestId())
  const submitting = useRef(false)
  const { ask: askPayPassword, sheet: payPasswordSheet } = usePayPassword()

  const load = async (q = quantity, b = useBalance) => {
    if (!id) return setFailed('兑换商品不存在')
    const addressId = useCommonStore.getState().shippingAddress?.id
    try {
      setP(await previewRedeem({ id, quantity: q, addressId, useBalance: b || undefined }, { catch: true }))
      setFailed('')
    } catch (e: any) {
      if (addressId && e?.code === 404 && /地址/.test(e?.message || '')) {
        useCommonStore.getState().setShippingAddress(null)
        return load(q, b)
      }
      if (!p) setFailed(e?.message || '加载失败')
    }
  }
  useDidShow(() => {
    if (!requireLogin()) return
    load()
  })

  const maxQty = p ? Math.max(1, Math.min(p.goods.perMemberLimit, p.goods.stock)) : 1
  const short = p ? p.points > p.balance : false

  const submit = async () => {
    if (!p || submitting.current) return
    if (!p.address) {
      toast('请先添加收货地址')
      return navigateTo(ROUTES.addressList, { select: 1 })
    }
    if (short) return toast('积分不足')
    submitting.current = true
    const balanceUsed = useBalance ? p.balancePay?.used || 0 : 0
    const payPassword = balanceUsed ? await askPayPassword(`余额支付 ¥${yuan(balanceUsed)}`) : undefined
    if (payPassword === null) return void (submitting.current = false)
    setBusy(true)
    try {
      const r = await redeemPointsGoods(
        { id, quantity, addressId: p.address.id, useBalance: useBalance || undefined, payPassword, remark: remark.trim(), requestId: requestId.current },
        { catch: true },
      )
      useCommonStore.getState().setShippingAddress(null)
      if (r.status !== 'unpaid') {
        toast('兑换成功', 'success')
        return redirectTo(ROUTES.payStatus, { orderNo: r.orderNo, result: 'paid' })
      }
      const res = await payThenShowStatus(r.orderNo, 'redirect')
      if (res === null) await redirectTo(ROUTES.orderDetails, { orderNo: r.orderNo })
    } catch {
      submitting.current = false
      setBusy(false)
      load()
    }
  }

  const footer = p && (
    <View className='points-order__bar'>
      <View className='points-order__sum'>
        <Text className='points-order__sum-main'>{pointsPrice(p.points, p.cash)}</Text>
        <Text className='points-order__sum-sub'>我的积分 {p.balance}</Text>
      </View>
      <Button type='primary' className='points-order__submit' loading={busy} disabled={busy || short} onClick={submit}>
        {short ? '积分不足' : '确认兑换'}
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='积分兑换' footer={footer}>
      {failed && !p && (
        <View className='empty-hint'>
          <Text>{failed}</Text>
          <View className='points-order__retry'>
            <Button size='small' onClick={() => back()}>
              返回
            </Button>
          </View>
        </View>
      )}
      {p && (
        <View className='points-order'>
          <PickAddress address={p.address} />
          <View className='card'>
            <View className='points-order__goods' onClick={() => navigateTo(ROUTES.integralGoods, { id: p.goods.id })}>
              <Image className='points-order__img' src={assetUrl(p.goods.image)} mode='aspectFill' />
              <View className='points-order__goods-body'>
                <Text className='points-order__goods-name'>{p.goods.name}</Text>
                <Text className='points-order__goods-price'>{pointsPrice(p.goods.points, p.goods.cash)}</Text>
              </View>
              <Text className='points-order__qty'>×{quantity}</Text>
            </View>
            <View className='points-order__row'>
              <Text>兑换数量</Text>
              <QuantityInput
                label='兑换数量'
                value={quantity}
                min={1}
                max={maxQty}
                onChange={(v) => {
                  const q = Math.max(1, Math.min(maxQty, Number(v) || 1))
                  setQuantity(q)
                  load(q)
                }}
                onOverlimit={() => toast(`每人限兑${p.goods.perMemberLimit}件`)}
              />
            </View>
          </View>
          <View className='card'>
            <View className='points-order__row'>
              <Text>所需积分</Text>
              <Text className='points-order__points'>{p.points}积分</Text>
            </View>
            <View className='points-order__row'>
              <Text>需付金额</Text>
              <Text className='price'>¥{yuan(p.cash)}</Text>
            </View>
            <View className='points-order__row'>
              <Text>运费</Text>
              <Text>包邮</Text>
            </View>
            <BalanceSwitch
              extras={p.balancePay}
              onChange={(on) => {
                setUseBalance(on)
                load(quantity, on)
              }}
            />
            {!!p.balancePay?.used && (
              <View className='points-order__row'>
                <Text>还需支付</Text>
                <Text className='price'>¥{yuan(p.balancePay.gatewayAmount)}</Text>
              </View>
            )}
            {short && <Text className='points-order__warn'>积分不足，还差{p.points - p.balance}积分，去任务中心赚积分吧</Text>}
          </View>
          <View className='card'>
            <Text className='points-order__label'>订单备注</Text>
            <TextArea value={remark} onChange={(v) => setRemark(v)} maxLength={200} rows={2} showCount placeholder='选填' />
          </View>
          <Text className='points-order__note'>{p.cash > 0 ? '积分+现金兑换需在30分钟内完成支付，超时自动取消并退回积分' : '确认兑换后立即扣除积分，商品将尽快为您发货'}</Text>
        </View>
      )}
      {payPasswordSheet}
    </PageLayout>
  )
}
