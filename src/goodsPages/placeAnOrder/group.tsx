import { useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Button, TextArea } from '@nutui/nutui-react-taro'
import type { GroupPreview } from '@contract/groupBuy'
import PageLayout from '@/components/PageLayout'
import { BalanceSwitch } from '@/components/CouponPicker'
import PickAddress from '@/components/PickAddress'
import { GoodsLine, newRequestId, payOrder } from '@/components/Order'
import { previewGroup, submitGroup } from '@/api/groupBuy'
import { requireLogin } from '@/core/auth'
import { back, navigateTo, redirectTo } from '@/core/nav'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { useCommonStore } from '@/stores/common'
import { yuan } from '@/utils/money'
import QuantityInput from '@/components/QuantityInput'
import './seckill.scss'

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
    submitting.current = true
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

  const footer = preview && (
    <View className='seckill-order__bar'>
      <View className='seckill-order__sum'>
        <Text>{balanceUsed ? '还需支付：' : '实付款：'}</Text>
        <Text className='seckill-order__sum-price'>¥{yuan(preview.payAmount - balanceUsed)}</Text>
      </View>
      <Button type='primary' className='seckill-order__submit' loading={busy} disabled={busy} onClick={submit}>
        {preview.leader ? '发起拼团' : '立即参团'}
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='拼团下单' footer={footer}>
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
      {preview && a && (
        <View className='seckill-order'>
          <PickAddress address={preview.address} />
          <View className='card'>
            <View className='seckill-order__badge'>
              <Text className='seckill-order__badge-tag'>{a.size}人团</Text>
              <Text className='seckill-order__badge-text'>
                {preview.leader ? (a.leaderDiscount > 0 ? `团长优惠每件减¥${yuan(a.leaderDiscount)}` : '发起拼团') : '参加好友的团'} · 每人限购{a.perMemberLimit}件
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
          <Text className='seckill-order__note'>
            请在15分钟内完成支付；{preview.leader ? `支付后${a.hours}小时内` : '拼团截止前'}凑满{a.size}人即拼团成功并发货，未凑满将自动退款
          </Text>
        </View>
      )}
    </PageLayout>
  )
}
