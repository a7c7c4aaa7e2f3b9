import { useEffect, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { LedgerType } from '@contract/integral'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getPointsLedger } from '@/api/integral'
import { usePagedList } from '@/hooks/usePagedList'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { formatTime } from '@/utils/time'
import './list.scss'

const TABS: Array<{ key: LedgerType; label: string }> = [
  { key: 'all', label: '全部' },
  { key: 'in', label: '收入' },
  { key: 'out', label: '支出' },
]

/** The points ledger: every change with its reason, time and the balance after it. */
export default function MyIntegralListPage() {
  const [type, setType] = useState<LedgerType>('all')
  const [loggedIn] = useState(() => isLoggedIn())
  const list = usePagedList((page, size) => getPointsLedger(type, page, size), [type], { enabled: loggedIn, pageSize: 20 })
  useEffect(() => {
    if (!loggedIn) requireLogin()
  }, [loggedIn])
  useReachBottom(() => {
    list.loadMore()
  })

  return (
    <PageLayout variant='back' title='积分明细' className='points-ledger'>
      <View className='points-ledger__tabs'>
        {TABS.map((t) => (
          <View key={t.key} className={`points-ledger__tab ${type === t.key ? 'is-active' : ''}`} onClick={() => setType(t.key)}>
            {t.label}
          </View>
        ))}
      </View>
      <View className='points-ledger__list'>
        {list.list.map((e) => (
          <View key={e.id} className='points-ledger__row'>
            <View className='points-ledger__left'>
              <Text className='points-ledger__reason'>{e.reasonText}</Text>
              {!!e.note && e.note !== e.reasonText && <Text className='points-ledger__note'>{e.note}</Text>}
              <Text className='points-ledger__time'>{formatTime(e.createdAt)}</Text>
            </View>
            <View className='points-ledger__right'>
              <Text className={`points-ledger__change ${e.change > 0 ? 'is-in' : 'is-out'}`}>{e.change > 0 ? `+${e.change}` : e.change}</Text>
              <Text className='points-ledger__after'>余额 {e.balanceAfter}</Text>
            </View>
          </View>
        ))}
      </View>
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无积分记录' onRetry={list.reload} />
    </PageLayout>
  )
}
