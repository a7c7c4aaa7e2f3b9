import { useCallback, useEffect, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { ArrowRight, Location, Service, Transit } from '@nutui/icons-react-taro'
import { HELD_TEXT, type OrderDetail } from '@contract/order'
import PageLayout from '@/components/PageLayout'
import ServiceEntry from '@/components/ServiceEntry'
import PickupCode from '@/components/PickupCode'
import { ActionBar, GoodsLine } from '@/components/Order'
import { getOrderDetail } from '@/api/order'
import { ROUTES } from '@/routes'
import { back, navigateTo } from '@/core/nav'
import { requireLogin } from '@/core/auth'
import { copyText } from '@/utils/clipboard'
import { formatTime } from '@/utils/time'
import { cashAndPoints, yuan } from '@/utils/money'
import { regionText } from '@/utils/regions'
import OrderGroupCard from './GroupCard'
import './details.scss'

const STATUS_HINT: Record<string, string> = {
  to_ship: '商家正在备货，请耐心等待',
  to_receive: '商品已发出，请注意查收',
  to_review: '交易成功，快来评价一下吧',
  completed: '交易已完成，感谢您的购买',
  cancelled: '订单已取消',
}
const PAY_CHANNEL: Record<string, string> = { sandbox: '沙箱支付', wechat_jsapi: '微信支付', wechat_mini: '微信支付', wechat_h5: '微信支付', balance: '余额支付' }

/** mm:ss until the order expires. */
function leftText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

export default function MyOrderDetailsPage() {
  const orderNo = String(useRouter().params?.orderNo || '')
  const [o, setO] = useState<OrderDetail | null>(null)
  const [missing, setMissing] = useState(false)
  const [now, setNow] = useState(Date.now())

  const load = useCallback(async () => {
    try {
      setO(await getOrderDetail(orderNo, { catch: true }))
    } catch {
      setMissing(true)
    }
  }, [orderNo])
  useDidShow(() => {
    if (requireLogin()) load()
  })
  // The timer follows the order's status and expiry only.
  const unpaidUntil = o?.status === 'unpaid' ? o.expireAt : null
  useEffect(() => {
    if (unpaidUntil === null) return
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= unpaidUntil) {
        clearInterval(timer)
        setTimeout(load, 1500)
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [unpaidUntil, load])

  if (missing)
    return (
      <PageLayout variant='back' title='订单详情'>
        <View className='empty-hint'>订单不存在或已删除</View>
      </PageLayout>
    )
  if (!o)
    return (
      <PageLayout variant='back' title='订单详情'>
        <View className='empty-hint'>加载中...</View>
      </PageLayout>
    )

  const hint =
    o.status === 'unpaid'
      ? o.expireAt > now
        ? `剩余 ${leftText(o.expireAt - now)} 未支付将自动取消`
        : '订单即将超时关闭'
      : o.status === 'cancelled' && o.cancelReason
        ? o.cancelReason
        : o.pickup && o.status === 'to_ship'
          ? '请在营业时间内到店，凭提货码提货'
          : o.orderType === 'group' && o.status === 'to_ship' && o.statusText === HELD_TEXT
            ? '拼团成功后商家将尽快发货，未成团将自动退款'
            : STATUS_HINT[o.status]
  const rows: Array<[string, string]> = [
    ['下单时间', formatTime(o.createdAt, 'YYYY-MM-DD HH:mm:ss')],
    ...(o.paidAt
      ? ([
          ['支付方式', PAY_CHANNEL[o.payChannel || ''] || '已支付'],
          ['支付时间', formatTime(o.paidAt, 'YYYY-MM-DD HH:mm:ss')],
        ] as Array<[string, string]>)
      : []),
    ...(o.shippedAt && !o.pickup ? ([['发货时间', formatTime(o.shippedAt, 'YYYY-MM-DD HH:mm:ss')]] as Array<[string, string]>) : []),
    ...(o.receivedAt ? ([[o.pickup ? '提货时间' : '收货时间', formatTime(o.receivedAt, 'YYYY-MM-DD HH:mm:ss')]] as Array<[string, string]>) : []),
    ...(o.completedAt ? ([['完成时间', formatTime(o.completedAt, 'YYYY-MM-DD HH:mm:ss')]] as Array<[string, string]>) : []),
    ...(o.cancelledAt ? ([['取消时间', formatTime(o.cancelledAt, 'YYYY-MM-DD HH:mm:ss')]] as Array<[string, string]>) : []),
    ...(o.remark ? ([['订单备注', o.remark]] as Array<[string, string]>) : []),
  ]
  const footer = o.actions.length ? <ActionBar className='order-detail__bar' orderNo={o.orderNo} actions={o.actions} onDone={(outcome) => (outcome === 'deleted' ? back() : load())} /> : undefined

  return (
    <PageLayout variant='back' title='订单详情' footer={footer}>
      <View className={`order-detail__status order-detail__status--${o.status}`}>
        <Text className='order-detail__status-text'>{o.statusText}</Text>
        {!!hint && <Text className='order-detail__status-hint'>{hint}</Text>}
      </View>
      {o.orderType === 'group' && <OrderGroupCard orderNo={o.orderNo} version={o.statusText} />}

      {/* One card per parcel (包裹1、包裹2…); an order of one parcel looks as it always did. */}
      {(o.parcels.length > 1 || (o.parcels.length === 1 && o.status === 'to_ship') ? o.parcels : o.shipment ? [o.shipment] : []).map((p, k, all) => (
        <View key={p.trackingNo} className='card order-detail__ship' onClick={() => navigateTo(ROUTES.seeLogistics, { orderNo: o.orderNo })}>
          <Transit size={20} className='order-detail__ship-icon' />
          <View className='order-detail__ship-body'>
            <Text className='order-detail__ship-text'>
              {all.length > 1 || o.status === 'to_ship' ? `包裹${k + 1}：` : ''}
              {p.latest?.text || `${p.expressName} ${p.trackingNo}`}
            </Text>
            <Text className='order-detail__ship-time'>{p.latest ? formatTime(p.latest.time, 'YYYY-MM-DD HH:mm') : ''}</Text>
          </View>
          <ArrowRight size={12} className='muted' />
        </View>
      ))}

      {o.pickup ? (
        <>
          <PickupCode pickup={o.pickup} />
          <View className='card order-detail__addr'>
            <View className='order-detail__addr-body'>
              <View>
                <Text className='order-detail__name'>提货人 {o.receiver.name}</Text>
                <Text className='order-detail__phone'>{o.receiver.phone}</Text>
              </View>
            </View>
          </View>
        </>
      ) : (
        <View className='card order-detail__addr'>
          <Location size={20} className='order-detail__pin' />
          <View className='order-detail__addr-body'>
            <View>
              <Text className='order-detail__name'>{o.receiver.name}</Text>
              <Text className='order-detail__phone'>{o.receiver.phone}</Text>
            </View>
            <Text className='order-detail__addr-text'>
              {regionText(o.receiver.province, o.receiver.city, o.receiver.district)} {o.receiver.detail}
            </Text>
          </View>
        </View>
      )}

      <View className='card'>
        {o.items.map((i) => (
          <GoodsLine
            key={i.id}
            image={i.image}
            goodsName={i.goodsName}
            specText={i.specText}
            price={i.price}
            quantity={i.quantity}
            note={i.refundedQuantity ? `已退款 ${i.refundedQuantity} 件 ¥${yuan(i.refundedAmount)}` : ''}
            onClick={() => navigateTo(ROUTES.goodsDetails, { id: i.goodsId })}
          />
        ))}
        <View className='order-detail__amounts'>
          <View className='order-detail__row'>
            <Text>商品金额</Text>
            <Text>¥{yuan(o.goodsAmount)}</Text>
          </View>
          <View className='order-detail__row'>
            <Text>运费</Text>
            <Text>{o.pickup ? '到店自提，免运费' : o.freightAmount ? `+¥${yuan(o.freightAmount)}` : '包邮'}</Text>
          </View>
          {o.couponDiscount > 0 && (
            <View className='order-detail__row'>
              <Text>优惠券</Text>
              <Text className='price'>-¥{yuan(o.couponDiscount)}</Text>
            </View>
          )}
          {o.levelDiscount > 0 && (
            <View className='order-detail__row'>
              <Text>会员折扣</Text>
              <Text className='price'>-¥{yuan(o.levelDiscount)}</Text>
            </View>
          )}
          {o.pointsDiscount > 0 && (
            <View className='order-detail__row'>
              <Text>积分抵扣</Text>
              <Text className='price'>-¥{yuan(o.pointsDiscount)}</Text>
            </View>
          )}
          {!!o.priceAdjust && (
            <View className='order-detail__row'>
              <Text>原价</Text>
              <Text>¥{yuan(o.payAmount + o.priceAdjust)}</Text>
            </View>
          )}
          <View className='order-detail__row order-detail__row--total'>
            <Text>{o.priceAdjust ? `改价后${o.paidAt ? '实付款' : '需付款'}` : o.paidAt ? '实付款' : '需付款'}</Text>
            <Text className='price'>{cashAndPoints(o.payAmount, o.orderType === 'points' ? o.pointsUsed : 0)}</Text>
          </View>
          {o.balanceAmount > 0 && (
            <>
              <View className='order-detail__row'>
                <Text>余额支付</Text>
                <Text>¥{yuan(o.balanceAmount)}</Text>
              </View>
              {o.payAmount > o.balanceAmount && (
                <View className='order-detail__row'>
                  <Text>{o.payChannel === 'sandbox' ? '沙箱支付' : '微信支付'}</Text>
                  <Text>¥{yuan(o.payAmount - o.balanceAmount)}</Text>
                </View>
              )}
            </>
          )}
        </View>
      </View>

      <View className='card order-detail__info'>
        <View className='order-detail__row'>
          <Text>订单编号</Text>
          <View>
            <Text>{o.orderNo}</Text>
            <Text className='order-detail__copy' onClick={() => copyText(o.orderNo)}>
              复制
            </Text>
          </View>
        </View>
        {rows.map(([k, v]) => (
          <View key={k} className='order-detail__row'>
            <Text>{k}</Text>
            <Text className='order-detail__value'>{v}</Text>
          </View>
        ))}
        <ServiceEntry className='order-detail__service'>
          <Service size={16} />
          <Text>联系客服</Text>
        </ServiceEntry>
      </View>
    </PageLayout>
  )
}
