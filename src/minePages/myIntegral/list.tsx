import { useEffect, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import type { LedgerType } from '@contract/integral'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import LedgerList from '@/components/LedgerList'
import { getPointsLedger } from '@/api/integral'
import { usePagedList } from '@/hooks/usePagedList'
import { isLoggedIn, requireLogin } from '@/core/auth'

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
    <PageLayout variant='back' title='积分明细'>
      <LedgerList<LedgerType>
        tabs={TABS}
        active={type}
        onTab={setType}
        rows={list.list.map((e) => ({
          id: e.id,
          title: e.reasonText,
          note: e.note,
          at: e.createdAt,
          change: e.change > 0 ? `+${e.change}` : String(e.change),
          inward: e.change > 0,
          after: `余额 ${e.balanceAfter}`,
        }))}
      />
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无积分记录' onRetry={list.reload} />
    </PageLayout>
  )
}
