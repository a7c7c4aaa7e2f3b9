import { useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import type { OrderTab } from '@contract/order'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { ActionBar, GoodsLine } from '@/components/Order'
import { getOrderList } from '@/api/order'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { useOwnPagedList } from '@/hooks/useOwnPagedList'
import { formatTime } from '@/utils/time'
import { cashAndPoints } from '@/utils/money'
import './list.scss'

const TABS: Array<{ value: OrderTab; title: string }> = [
  { value: 'all', title: '全部' },
  { value: 'unpaid', title: '待付款' },
  { value: 'unshipped', title: '待发货' },
  { value: 'unreceived', title: '待收货' },
  { value: 'unreviewed', title: '待评价' },
  { value: 'afterSale', title: '售后' },
]
const PAGE_SIZE = 10
const AFTER_SALE_TEXT = { none: '', processing: '售后处理中', finished: '售后已完成' } as const

export default function MyOrderListPage() {
  const initial = String(useRouter().params?.tab || 'all') as OrderTab
  const [tab, setTab] = useState<OrderTab>(TABS.some((t) => t.value === initial) ? initial : 'all')
  // Logged in first; back from the detail or the pay-status page it loads again (what is shown may have changed).
  const list = useOwnPagedList((page, size) => getOrderList(tab, page, size, { catch: true }), [tab], { pageSize: PAGE_SIZE, key: (o) => o.orderNo })

  return (
    <PageLayout variant='back' title='我的订单'>
      <View className='order-list__tabs'>
        <Tabs value={tab} onChange={(v) => setTab(v as OrderTab)} activeType='line'>
          {TABS.map((t) => (
            <Tabs.TabPane key={t.value} value={t.value} title={t.title} />
          ))}
        </Tabs>
      </View>
      {list.list.map((o) => (
        <View key={o.orderNo} className='order-card' onClick={() => navigateTo(ROUTES.orderDetails, { orderNo: o.orderNo })}>
          <View className='order-card__head'>
            <Text>{formatTime(o.createdAt)}</Text>
            <View>
              {o.afterSaleStatus !== 'none' && <Text className='order-card__after'>{AFTER_SALE_TEXT[o.afterSaleStatus]}</Text>}
              <Text className={`order-card__status ${o.status === 'completed' || o.status === 'cancelled' ? 'order-card__status--done' : ''}`}>{o.statusText}</Text>
            </View>
          </View>
          {o.items.map((i) => (
            <GoodsLine
              key={i.id}
              image={i.image}
              goodsName={i.goodsName}
              specText={i.specText}
              price={i.price}
              quantity={i.quantity}
              note={i.refundedQuantity ? `已退款 ${i.refundedQuantity} 件` : ''}
            />
          ))}
          <View className='order-card__sum'>
            共{o.itemCount}件商品 {o.status === 'unpaid' ? '需付款' : '实付款'}
            <Text className='order-card__pay'>{cashAndPoints(o.payAmount, o.orderType === 'points' ? o.pointsUsed : 0)}</Text>
          </View>
          <ActionBar orderNo={o.orderNo} actions={o.actions} onDone={list.reload} />
        </View>
      ))}
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无相关订单' onRetry={list.reload} />
    </PageLayout>
  )
}
