import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import { Close } from '@nutui/icons-react-taro'
import type { AgentOrderSummary, AgentOrderTab } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getShopOrders } from '@/api/agent'
import { navigateTo, usePageParams } from '@/core/nav'
import { ROUTES } from '@/routes'
import { usePagedList } from '@/hooks/usePagedList'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import Avatar from '../components/Avatar'
import SearchBox from '../components/SearchBox'
import OrderGoods from '../components/OrderGoods'
import { leaveIfNotAgent, useLoginOnce } from '../components/shared'
import '../components/agent.scss'
import './list.scss'

const TABS: Array<{ value: AgentOrderTab; title: string }> = [
  { value: 'all', title: '全部' },
  { value: 'unpaid', title: '待付款' },
  { value: 'to_ship', title: '待发货' },
  { value: 'to_receive', title: '待收货' },
  { value: 'done', title: '已收货' },
  { value: 'cancelled', title: '已取消' },
]

/** Orders of the shop's bound shoppers, with the commission each earns; search by order number, or one shopper's. */
export default function OrderListPage() {
  const logged = useLoginOnce()
  const params = usePageParams<{ buyerId: string; buyer: string }>()
  const [buyerId, setBuyerId] = useState(Number(params.buyerId) || 0)
  const [tab, setTab] = useState<AgentOrderTab>('all')
  const [keyword, setKeyword] = useState('')

  const list = usePagedList<AgentOrderSummary>(
    (page, pageSize) =>
      getShopOrders({ tab, keyword, buyerId: buyerId || undefined, page, pageSize }, { catch: true }).catch((e) => {
        leaveIfNotAgent(e)
        throw e
      }),
    [tab, keyword, buyerId],
    { enabled: logged, pageSize: 10, key: (o) => o.orderNo },
  )
  useReachBottom(() => list.loadMore())

  return (
    <PageLayout variant='back' title='店铺订单'>
      <View className='agent-sticky'>
        <View className='agent-search'>
          <SearchBox placeholder='搜索订单号' onSearch={setKeyword} filter={(v) => v.replace(/\D/g, '')} />
        </View>
        <Tabs value={tab} onChange={(v) => setTab(v as AgentOrderTab)} activeType='line' align='left'>
          {TABS.map((t) => (
            <Tabs.TabPane key={t.value} value={t.value} title={t.title} />
          ))}
        </Tabs>
      </View>
      {!!buyerId && (
        <View className='agent-chip' onClick={() => setBuyerId(0)}>
          仅看：{params.buyer || '该用户'}的订单 <Close size={10} style={{ marginLeft: '6px' }} />
        </View>
      )}
      {list.list.map((o) => (
        <View key={o.orderNo} className='shop-order' onClick={() => navigateTo(ROUTES.agentOrderDetails, { orderNo: o.orderNo })}>
          <View className='shop-order__head'>
            <View className='shop-order__buyer'>
              <Avatar src={o.buyer.avatar} name={o.buyer.nickname} size={48} />
              <Text className='shop-order__nick'>{o.buyer.nickname}</Text>
            </View>
            <Text className={`shop-order__status ${o.status === 'cancelled' || o.status === 'completed' ? 'is-done' : ''}`}>{o.statusText}</Text>
          </View>
          {o.items.map((i, k) => (
            <OrderGoods key={k} item={i} />
          ))}
          <View className='shop-order__foot'>
            <Text className='shop-order__time'>{formatTime(o.createdAt)}</Text>
            <Text>
              实付 <Text className='shop-order__pay'>¥{yuan(o.payAmount)}</Text>
            </Text>
          </View>
          <View className={`shop-order__commission ${o.commissionStatus === 'none' ? 'is-none' : ''}`}>
            <Text>
              {o.commissionStatus !== 'none'
                ? `佣金 ¥${yuan(o.commission)}`
                : o.status === 'unpaid'
                  ? '买家付款后计算佣金'
                  : o.status === 'cancelled'
                    ? '订单已取消，无佣金'
                    : '本单商品未在店铺上架，无佣金'}
            </Text>
            {o.commissionStatus !== 'none' && <Text className={`agent-tag agent-tag--${o.commissionStatus}`}>{o.commissionStatusText}</Text>}
          </View>
        </View>
      ))}
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无订单' onRetry={list.reload} />
    </PageLayout>
  )
}
