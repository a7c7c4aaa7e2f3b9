import { useEffect, useRef, useState } from 'react'
import { useDidShow, useReachBottom } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { BalanceFlow, BalanceSummary } from '@contract/balance'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import LedgerList from '@/components/LedgerList'
import { getBalanceLedger, getBalanceSummary } from '@/api/balance'
import { usePagedList } from '@/hooks/usePagedList'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import './index.scss'

const TABS: Array<{ key: BalanceFlow; label: string }> = [
  { key: 'all', label: '全部' },
  { key: 'in', label: '收入' },
  { key: 'out', label: '支出' },
]

const signed = (fen: number) => (fen > 0 ? `+${yuan(fen)}` : `-${yuan(-fen)}`)

/** 我的 → 余额: the balance, what may be withdrawn, what unpaid orders hold, and every change (全部 / 收入 / 支出). */
export default function BalancePage() {
  const [flow, setFlow] = useState<BalanceFlow>('all')
  const [loggedIn] = useState(() => isLoggedIn())
  const [summary, setSummary] = useState<BalanceSummary | null>(null)
  const list = usePagedList((page, size) => getBalanceLedger(flow, page, size), [flow], { enabled: loggedIn, pageSize: 20 })
  useEffect(() => {
    if (!loggedIn) requireLogin()
  }, [loggedIn])
  // Back from 充值 (or an order): the figures and the ledger are read again, so a new credit shows at once.
  const shownBefore = useRef(false)
  useDidShow(() => {
    if (!loggedIn) return
    getBalanceSummary({ catch: true }).then(setSummary, () => undefined)
    if (shownBefore.current) list.reload()
    shownBefore.current = true
  })
  useReachBottom(() => {
    list.loadMore()
  })

  return (
    <PageLayout variant='back' title='我的余额' className='balance'>
      <View className='balance__head'>
        <Text className='balance__label'>余额（元）</Text>
        <Text className='balance__amount'>{summary ? yuan(summary.balance) : '--'}</Text>
        <View className='balance__parts'>
          <Text>可提现 ¥{summary ? yuan(summary.withdrawable) : '--'}</Text>
          {!!summary?.held && <Text>待支付订单占用 ¥{yuan(summary.held)}</Text>}
        </View>
        <Text className='balance__hint'>下单时打开「使用余额」即可抵扣；好评返现、售后退款会存入余额</Text>
        <View className='balance__actions'>
          <View className='balance__action' onClick={() => navigateTo(ROUTES.balanceRecharge)}>
            充值
          </View>
          <View className='balance__action balance__action--plain' onClick={() => navigateTo(ROUTES.balanceWithdraw)}>
            提现
          </View>
          <View className='balance__action balance__action--plain' onClick={() => navigateTo(ROUTES.balancePassword)}>
            支付密码
          </View>
        </View>
      </View>
      <LedgerList<BalanceFlow>
        tabs={TABS}
        active={flow}
        onTab={setFlow}
        rows={list.list.map((e) => ({ id: e.id, title: e.kindText, note: e.note, at: e.createdAt, change: signed(e.amount), inward: e.amount > 0, after: `余额 ${yuan(e.balanceAfter)}` }))}
      />
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无余额记录' onRetry={list.reload} />
    </PageLayout>
  )
}
