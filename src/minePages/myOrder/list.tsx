import { useRef, useState } from 'react'
import { useDidShow, useReachBottom, useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import type { OrderSummary, OrderTab } from '@contract/order'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { ActionBar, GoodsLine } from '@/components/Order'
import { getOrderList } from '@/api/order'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { requireLogin } from '@/core/auth'
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
  const [list, setList] = useState<OrderSummary[]>([])
  const [page, setPage] = useState(0)
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState(false)
  const seq = useRef(0)

  const load = async (which: OrderTab, p: number) => {
    const mine = ++seq.current
    setLoading(true)
    setError(false)
    try {
      const data = await getOrderList(which, p, PAGE_SIZE, { catch: true })
      if (mine !== seq.current) return
      setList((old) => (p === 1 ? data.list : [...old, ...data.list]))
      setPage(p)
      setTotal(data.total)
    } catch {
      if (mine === seq.current) setError(true)
    } finally {
      if (mine === seq.current) setLoading(false)
    }
  }

  // Back from the detail or the pay-status page: refresh what is shown.
  useDidShow(() => {
    if (requireLogin()) load(tab, 1)
  })
  useReachBottom(() => {
    if (!loading && list.length < total) load(tab, page + 1)
  })

  const switchTo = (v: OrderTab) => {
    setTab(v)
    setList([])
    setTotal(0)
    load(v, 1)
  }

  return (
    <PageLayout variant='back' title='我的订单'>
      <View className='order-list__tabs'>
        <Tabs value={tab} onChange={(v) => switchTo(v as OrderTab)} activeType='line'>
          {TABS.map((t) => (
            <Tabs.TabPane key={t.value} value={t.value} title={t.title} />
          ))}
        </Tabs>
      </View>
      {list.map((o) => (
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
          <ActionBar orderNo={o.orderNo} actions={o.actions} onDone={() => load(tab, 1)} />
        </View>
      ))}
      <ListFooter
        loading={loading}
        error={error}
        finished={!loading && list.length >= total && list.length > 0}
        empty={!loading && !error && page > 0 && !list.length}
        emptyText='暂无相关订单'
        onRetry={() => load(tab, page + 1 || 1)}
      />
    </PageLayout>
  )
}
