import { useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, Input, TextArea } from '@nutui/nutui-react-taro'
import type { DeliveryType, OrderPreview } from '@contract/order'
import PageLayout from '@/components/PageLayout'
import CouponPicker, { BalanceSwitch, PointsSwitch } from '@/components/CouponPicker'
import PickAddress from '@/components/PickAddress'
import PickupPicker from '@/components/PickupPicker'
import { usePayPassword } from '@/components/PayPassword'
import { GoodsLine, newRequestId, orderRequestFromQuery, payThenShowStatus } from '@/components/Order'
import { previewOrder, submitOrder } from '@/api/order'
import { ROUTES } from '@/routes'
import { back, navigateTo, redirectTo } from '@/core/nav'
import { requireLogin } from '@/core/auth'
import { toast } from '@/core/toast'
import { useCommonStore } from '@/stores/common'
import { yuan } from '@/utils/money'
import './index.scss'
import { subscribeAt } from '@/platform/subscribe'

export default function PlaceAnOrderIndexPage() {
  const router = useRouter()
  const base = useRef(orderRequestFromQuery(router.params as Record<string, string>))
  const requestId = useRef(newRequestId())
  const submitting = useRef(false)
  const { ask: askPayPassword, sheet: payPasswordSheet } = usePayPassword()
  const [busy, setBusy] = useState(false)
  const [preview, setPreview] = useState<OrderPreview | null>(null)
  const [failed, setFailed] = useState('')
  const [remark, setRemark] = useState('')
  const chosen = useCommonStore((s) => s.shippingAddress)
  // 到店自提: who picks up (the member's phone prefilled once the preview says it).
  const [contactName, setContactName] = useState('')
  const [contactPhone, setContactPhone] = useState<string | null>(null)

  const load = async () => {
    if (!base.current) return setFailed('商品信息有误，请返回重新选择')
    const addressId = useCommonStore.getState().shippingAddress?.id
    try {
      const p = await previewOrder({ ...base.current, addressId }, { catch: true })
      setPreview(p)
      setContactPhone((v) => (v === null ? p.pickup.contactPhone : v))
      setContactName((v) => v || p.pickup.contactName)
      setFailed('')
    } catch (err: any) {
      if (addressId && err?.code === 404) {
        // The chosen address was deleted meanwhile: fall back to the default one.
        useCommonStore.getState().setShippingAddress(null)
        return load()
      }
      setFailed(err?.message || '订单信息加载失败')
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load()
  })

  const address = preview?.address ?? null
  const balanceUsed = preview?.extras.balance?.used ?? 0
  const chooseAddress = () => navigateTo(ROUTES.addressList, { select: 1 })
  const pickup = preview?.deliveryType === 'pickup'
  const offersPickup = !!preview?.pickup.points.length
  /** 快递配送 / 到店自提: priced again by the server (pickup: no address, no freight). */
  const chooseDelivery = (deliveryType: DeliveryType, pickupPointId?: number) => {
    if (!base.current) return
    base.current = { ...base.current, deliveryType, pickupPointId: deliveryType === 'pickup' ? pickupPointId : undefined }
    load()
  }

  const submit = async () => {
    if (!preview || !base.current || submitting.current) return
    const point = pickup ? preview.pickup.point : null
    if (pickup) {
      if (!point) return toast('请选择自提点')
      if (!contactName.trim()) return toast('请填写提货人姓名')
      if (!/^1[3-9]\d{9}$/.test((contactPhone || '').trim())) return toast('请填写正确的提货人手机号')
    } else if (!address) {
      toast('请先添加收货地址')
      return chooseAddress()
    }
    // Mini-program: ask for shipped / refund / cashback messages inside the tap (never blocks the order).
    void subscribeAt('placeOrder')
    submitting.current = true
    // 支付密码 when the balance pays a part (checked by the server; wrong tries counted there).
    const payPassword = balanceUsed ? await askPayPassword(`余额支付 ¥${yuan(balanceUsed)}`) : undefined
    if (payPassword === null) return void (submitting.current = false)
    setBusy(true)
    try {
      const where = point
        ? { deliveryType: 'pickup' as const, pickupPointId: point.id, receiverName: contactName.trim(), receiverPhone: (contactPhone || '').trim() }
        : { deliveryType: 'delivery' as const, pickupPointId: undefined, addressId: address!.id }
      // The balance part the shopper saw: spent meanwhile (another checkout), the server refuses instead of asking the gateway for more.
      const balanceAmount = preview.extras.balance?.used || undefined
      const order = await submitOrder({ ...base.current, ...where, balanceAmount, payPassword, remark: remark.trim(), requestId: requestId.current }, { catch: true })
      // The chosen address is for this order only; the next order starts from the default again.
      useCommonStore.getState().setShippingAddress(null)
      if (order.status !== 'unpaid') {
        await redirectTo(ROUTES.payStatus, { orderNo: order.orderNo, result: 'paid' })
        return
      }
      const result = await payThenShowStatus(order.orderNo, 'redirect')
      if (result === null) await redirectTo(ROUTES.orderDetails, { orderNo: order.orderNo })
    } catch {
      // Refused (stock, address...): the message was toasted; the same requestId is kept, so a retry cannot make a second order.
      submitting.current = false
      setBusy(false)
      load()
    }
  }

  const footer = preview && (
    <View className='place-order__bar'>
      <View className='place-order__sum'>
        <Text className='place-order__sum-label'>{balanceUsed ? '还需支付：' : '实付款：'}</Text>
        <Text className='place-order__sum-price'>¥{yuan(preview.payAmount - balanceUsed)}</Text>
      </View>
      <Button type='primary' className='place-order__submit' loading={busy} disabled={busy} onClick={submit}>
        提交订单
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='确认订单' footer={footer}>
      {failed && !preview && (
        <View className='empty-hint'>
          <Text>{failed}</Text>
          <View className='place-order__retry'>
            <Button size='small' onClick={() => back()}>
              返回
            </Button>
          </View>
        </View>
      )}
      {preview && (
        <View className='place-order'>
          {offersPickup && (
            <View className='place-order__modes' role='tablist' aria-label='配送方式'>
              {(
                [
                  ['delivery', '快递配送'],
                  ['pickup', '到店自提'],
                ] as const
              ).map(([type, label]) => (
                <View
                  key={type}
                  role='tab'
                  aria-selected={preview.deliveryType === type}
                  className={`place-order__mode ${preview.deliveryType === type ? 'is-on' : ''}`}
                  onClick={() => preview.deliveryType !== type && chooseDelivery(type)}
                >
                  <Text>{label}</Text>
                </View>
              ))}
            </View>
          )}
          {pickup ? (
            <>
              <PickupPicker points={preview.pickup.points} chosen={preview.pickup.point} onChange={(id) => chooseDelivery('pickup', id)} />
              <View className='card place-order__contact'>
                <View className='place-order__field'>
                  <Text className='place-order__field-label'>提货人</Text>
                  <Input className='place-order__field-input' value={contactName} onChange={(v) => setContactName(v)} maxLength={20} placeholder='请填写提货人姓名' />
                </View>
                <View className='place-order__field'>
                  <Text className='place-order__field-label'>手机号</Text>
                  <Input className='place-order__field-input' type='number' value={contactPhone || ''} onChange={(v) => setContactPhone(v)} maxLength={11} placeholder='请填写提货人手机号' />
                </View>
              </View>
            </>
          ) : (
            <>
              <PickAddress address={address} onClick={chooseAddress} />
              {chosen && address && chosen.id !== address.id && <Text className='place-order__note'>所选地址不可用，已使用默认地址</Text>}
            </>
          )}

          <View className='card'>
            {preview.lines.map((l) => (
              <GoodsLine
                key={l.skuId}
                image={l.image}
                goodsName={l.goodsName}
                specText={l.specText}
                price={l.price}
                quantity={l.quantity}
                onClick={() => navigateTo(ROUTES.goodsDetails, { id: l.goodsId })}
              />
            ))}
          </View>

          <View className='card place-order__amounts'>
            <View className='place-order__row'>
              <Text>商品金额</Text>
              <Text>¥{yuan(preview.goodsAmount)}</Text>
            </View>
            <View className='place-order__row'>
              <Text>运费</Text>
              <Text>{pickup ? '到店自提，免运费' : preview.freightAmount ? `+¥${yuan(preview.freightAmount)}` : '包邮'}</Text>
            </View>
            {preview.freightAmount > 0 && preview.freeFreightThreshold > preview.goodsAmount && (
              <Text className='place-order__hint'>
                再买¥{yuan(preview.freeFreightThreshold - preview.goodsAmount)}即可包邮（满¥{yuan(preview.freeFreightThreshold)}包邮）
              </Text>
            )}
            {preview.levelDiscount > 0 && (
              <View className='place-order__row'>
                <Text>会员折扣{preview.extras.level ? `（${preview.extras.level.name}）` : ''}</Text>
                <Text className='price'>-¥{yuan(preview.levelDiscount)}</Text>
              </View>
            )}
            <CouponPicker extras={preview.extras.coupons} discount={preview.couponDiscount} onChange={(couponId) => ((base.current = { ...base.current!, couponId }), load())} />
            <PointsSwitch extras={preview.extras.points} onChange={(usePoints) => ((base.current = { ...base.current!, usePoints }), load())} />
            {preview.pointsDiscount > 0 && (
              <View className='place-order__row'>
                <Text>积分抵扣</Text>
                <Text className='price'>-¥{yuan(preview.pointsDiscount)}</Text>
              </View>
            )}
            <View className='place-order__row place-order__row--total'>
              <Text>小计</Text>
              <Text className='price'>¥{yuan(preview.payAmount)}</Text>
            </View>
            <BalanceSwitch extras={preview.extras.balance} onChange={(useBalance) => ((base.current = { ...base.current!, useBalance }), load())} />
            {!!balanceUsed && (
              <View className='place-order__row'>
                <Text>余额支付</Text>
                <Text className='price'>-¥{yuan(balanceUsed)}</Text>
              </View>
            )}
          </View>

          <View className='card place-order__remark'>
            <Text className='place-order__remark-label'>订单备注</Text>
            <TextArea className='place-order__remark-input' value={remark} onChange={(v) => setRemark(v)} maxLength={200} rows={2} showCount placeholder='选填，请先和商家协商一致' />
          </View>
        </View>
      )}
      {payPasswordSheet}
    </PageLayout>
  )
}
