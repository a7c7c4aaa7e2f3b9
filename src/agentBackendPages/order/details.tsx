import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { AgentOrderDetail } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import { getShopOrderDetail } from '@/api/agent'
import { requireLogin } from '@/core/auth'
import { navigateTo, usePageParams } from '@/core/nav'
import { ROUTES } from '@/routes'
import { copyText } from '@/utils/clipboard'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import Avatar from '../components/Avatar'
import OrderGoods from '../components/OrderGoods'
import { leaveIfNotAgent } from '../components/shared'
import '../components/agent.scss'
import './details.scss'

const AFTER_SALE = { none: '', processing: '售后处理中', finished: '售后已完成' } as Record<string, string>

function commissionNote(o: AgentOrderDetail): string {
  switch (o.commissionStatus) {
    case 'frozen':
      return o.releaseAt ? `买家已收货，售后期满后（预计 ${formatTime(o.releaseAt, 'MM-DD HH:mm')}）结算为可提现` : '买家确认收货且售后期满后结算为可提现'
    case 'released':
      return o.releasedAt ? `已于 ${formatTime(o.releasedAt, 'YYYY-MM-DD HH:mm')} 结算到可提现余额` : '已结算到可提现余额'
    case 'cancelled':
      return '订单已退款，佣金已取消'
    default:
      return o.status === 'unpaid' ? '买家付款后产生佣金' : '本单商品不在店铺在售商品中，无佣金'
  }
}

/** One order of the shop: its commission and when it is settled, each line's commission, the buyer and the progress. */
export default function OrderDetailsPage() {
  const { orderNo = '' } = usePageParams<{ orderNo: string }>()
  const [o, setO] = useState<AgentOrderDetail | null>(null)
  const [missing, setMissing] = useState(false)

  useDidShow(() => {
    if (!requireLogin() || !orderNo) return
    getShopOrderDetail(orderNo, { catch: true })
      .then(setO)
      .catch((e) => {
        if (!leaveIfNotAgent(e)) setMissing(true)
      })
  })

  const steps: Array<[string, number | null]> = o
    ? [
        ['下单', o.createdAt],
        ['付款', o.paidAt],
        ['发货', o.shippedAt],
        ['收货', o.receivedAt],
        ['完成', o.completedAt],
      ]
    : []

  return (
    <PageLayout variant='back' title='订单详情'>
      {missing && <View className='empty-hint'>订单不存在</View>}
      {o && (
        <>
          <View className='agent-hero shop-detail__hero'>
            <Text className='agent-hero__title'>{o.statusText}</Text>
            {!!AFTER_SALE[o.afterSaleStatus] && <Text className='agent-hero__sub'>{AFTER_SALE[o.afterSaleStatus]}</Text>}
          </View>
          <View className='agent-panel agent-panel--lift shop-detail__commission'>
            <View className='shop-detail__commission-main'>
              <Text className='shop-detail__label'>本单佣金</Text>
              <Text className='shop-detail__commission-amount'>¥{yuan(o.commission)}</Text>
              {o.commissionStatus !== 'none' && <Text className={`agent-tag agent-tag--${o.commissionStatus}`}>{o.commissionStatusText}</Text>}
            </View>
            <Text className='shop-detail__note'>{commissionNote(o)}</Text>
          </View>

          <View className='agent-panel'>
            <View className='shop-detail__buyer' onClick={() => navigateTo(ROUTES.agentOrderList, { buyerId: o.buyer.id, buyer: o.buyer.nickname })}>
              <Avatar src={o.buyer.avatar} name={o.buyer.nickname} size={64} />
              <View className='shop-detail__buyer-info'>
                <Text className='shop-detail__buyer-name'>{o.buyer.nickname}</Text>
                <Text className='shop-detail__label'>
                  收货人 {o.receiverName} · {o.receiverCity}
                </Text>
              </View>
              <Text className='shop-detail__link'>TA的订单</Text>
            </View>
          </View>

          <View className='agent-panel'>
            {o.items.map((i, k) => (
              <OrderGoods key={k} item={i} withCommission />
            ))}
            <View className='shop-detail__sum'>
              <Row label='商品金额' value={`¥${yuan(o.goodsAmount)}`} />
              <Row label='运费' value={`¥${yuan(o.freightAmount)}`} />
              <Row label='实付款' value={`¥${yuan(o.payAmount)}`} strong />
            </View>
          </View>

          <View className='agent-panel'>
            <Row label='订单编号' value={o.orderNo} onClick={() => copyText(o.orderNo)} extra='复制' />
            {steps.map(([label, t]) => (t ? <Row key={label} label={`${label}时间`} value={formatTime(t, 'YYYY-MM-DD HH:mm:ss')} /> : null))}
            {o.cancelledAt && <Row label='取消时间' value={formatTime(o.cancelledAt, 'YYYY-MM-DD HH:mm:ss')} />}
          </View>
        </>
      )}
    </PageLayout>
  )
}

function Row({ label, value, strong, extra, onClick }: { label: string; value: string; strong?: boolean; extra?: string; onClick?: () => void }) {
  return (
    <View className='shop-detail__row' onClick={onClick}>
      <Text className='shop-detail__label'>{label}</Text>
      <Text className={`shop-detail__value ${strong ? 'is-strong' : ''}`}>
        {value}
        {extra && <Text className='shop-detail__link'> {extra}</Text>}
      </Text>
    </View>
  )
}
