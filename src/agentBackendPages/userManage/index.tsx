import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import type { ShopUser, ShopUserSort } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getShopUsers } from '@/api/agent'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { usePagedList } from '@/hooks/usePagedList'
import { formatTime, fromNow } from '@/utils/time'
import { yuan } from '@/utils/money'
import Avatar from '../components/Avatar'
import SearchBox from '../components/SearchBox'
import { leaveIfNotAgent, useLoginOnce } from '../components/shared'
import '../components/agent.scss'
import './index.scss'

const SORTS: Array<{ value: ShopUserSort; title: string }> = [
  { value: 'recent', title: '最近绑定' },
  { value: 'spend', title: '消费金额' },
  { value: 'orders', title: '订单数' },
]

/** The shop's bound shoppers with their orders and spend in the shop; search by nickname or phone. */
export default function UserManageIndexPage() {
  const logged = useLoginOnce()
  const [sort, setSort] = useState<ShopUserSort>('recent')
  const [keyword, setKeyword] = useState('')

  const list = usePagedList<ShopUser>(
    (page, pageSize) =>
      getShopUsers({ keyword, sort, page, pageSize }, { catch: true }).catch((e) => {
        leaveIfNotAgent(e)
        throw e
      }),
    [sort, keyword],
    { enabled: logged },
  )
  useReachBottom(() => list.loadMore())

  return (
    <PageLayout variant='back' title='用户管理'>
      <View className='agent-sticky'>
        <View className='agent-search'>
          <SearchBox placeholder='搜索昵称或手机号' onSearch={setKeyword} />
        </View>
        <Tabs value={sort} onChange={(v) => setSort(v as ShopUserSort)} activeType='line'>
          {SORTS.map((s) => (
            <Tabs.TabPane key={s.value} value={s.value} title={s.title} />
          ))}
        </Tabs>
      </View>
      {list.loaded && <Text className='users-total'>共 {list.total} 位用户</Text>}
      {list.list.map((u) => (
        <View key={u.id} className='users-card'>
          <View className='users-card__top'>
            <Avatar src={u.avatar} name={u.nickname} size={88} />
            <View className='users-card__who'>
              <Text className='users-card__nick'>{u.nickname}</Text>
              <Text className='users-card__sub'>
                {u.phone} · {formatTime(u.boundAt, 'YYYY-MM-DD')} 绑定
              </Text>
              <Text className='users-card__sub'>{u.lastViewAt ? `最近浏览 ${fromNow(u.lastViewAt)}` : '暂无浏览'}</Text>
            </View>
          </View>
          <View className='users-card__nums'>
            <View className='users-card__num'>
              <Text className='users-card__value'>{u.orderCount}</Text>
              <Text className='users-card__label'>订单数</Text>
            </View>
            <View className='users-card__num'>
              <Text className='users-card__value'>¥{yuan(u.spend)}</Text>
              <Text className='users-card__label'>消费金额</Text>
            </View>
            <View className='users-card__actions'>
              <Text className='users-card__btn' onClick={() => navigateTo(ROUTES.agentOrderList, { buyerId: u.id, buyer: u.nickname })}>
                订单
              </Text>
              <Text className='users-card__btn' onClick={() => navigateTo(ROUTES.agentFootprints, { memberId: u.id, nickname: u.nickname })}>
                足迹
              </Text>
            </View>
          </View>
        </View>
      ))}
      <ListFooter
        loading={list.loading}
        finished={list.finished}
        error={list.error}
        empty={list.loaded && !list.list.length}
        emptyText={keyword ? '没有找到相关用户' : '还没有绑定的用户，分享商品给好友吧'}
        onRetry={list.reload}
      />
    </PageLayout>
  )
}
