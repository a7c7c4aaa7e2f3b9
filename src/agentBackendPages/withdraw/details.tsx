import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import { ArrowLeft, ArrowRight } from '@nutui/icons-react-taro'
import type { LedgerEntry, LedgerFilter, LedgerPage } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getLedger } from '@/api/agent'
import { navigateTo, usePageParams } from '@/core/nav'
import { ROUTES } from '@/routes'
import { usePagedList } from '@/hooks/usePagedList'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import { leaveIfNotAgent, signedYuan, useLoginOnce } from '../components/shared'
import '../components/agent.scss'
import './details.scss'

const FILTERS: Array<{ value: LedgerFilter; title: string }> = [
  { value: 'all', title: '全部' },
  { value: 'commission', title: '佣金' },
  { value: 'withdraw', title: '提现' },
]
const BUCKET_TEXT = { available: '可提现', frozen: '冻结', withdrawing: '提现中' } as const

/** "2026-11" of now + delta months (China time is what the server filters by; the device clock is close enough to pick). */
function monthOf(delta: number): string {
  const d = new Date()
  d.setDate(1)
  d.setMonth(d.getMonth() + delta)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

/** The account ledger: every change of the balances, filtered by kind and month, with the balances after it. */
export default function WithdrawDetailsPage() {
  const params = usePageParams<{ filter: LedgerFilter }>()
  const [filter, setFilter] = useState<LedgerFilter>(FILTERS.some((f) => f.value === params.filter) ? (params.filter as LedgerFilter) : 'all')
  const [offset, setOffset] = useState<number | null>(null)
  const month = offset === null ? undefined : monthOf(offset)
  const [sums, setSums] = useState({ income: 0, expense: 0 })
  const logged = useLoginOnce()

  const list = usePagedList<LedgerEntry>(
    async (page, pageSize) => {
      try {
        const res: LedgerPage = await getLedger({ filter, month, page, pageSize }, { catch: true })
        if (page === 1) setSums({ income: res.income, expense: res.expense })
        return res
      } catch (e) {
        leaveIfNotAgent(e)
        throw e
      }
    },
    [filter, month],
    { enabled: logged },
  )
  useReachBottom(() => list.loadMore())

  return (
    <PageLayout variant='back' title='账户明细'>
      <View className='agent-sticky'>
        <Tabs value={filter} onChange={(v) => setFilter(v as LedgerFilter)} activeType='line'>
          {FILTERS.map((f) => (
            <Tabs.TabPane key={f.value} value={f.value} title={f.title} />
          ))}
        </Tabs>
        <View className='ledger-month'>
          <View className='ledger-month__pick'>
            <View className='ledger-month__arrow' onClick={() => setOffset((o) => (o ?? 1) - 1)}>
              <ArrowLeft size={14} />
            </View>
            <Text className='ledger-month__text' onClick={() => setOffset(offset === null ? 0 : null)}>
              {month ? `${month.replace('-', '年')}月` : '全部时间'}
            </Text>
            <View className={`ledger-month__arrow ${offset === null || offset >= 0 ? 'is-disabled' : ''}`} onClick={() => offset !== null && offset < 0 && setOffset(offset + 1)}>
              <ArrowRight size={14} />
            </View>
          </View>
          <Text className='ledger-month__sum'>
            入账 ¥{yuan(sums.income)} · 支出 ¥{yuan(sums.expense)}
          </Text>
        </View>
      </View>
      <View className='ledger-list'>
        {list.list.map((e) => (
          <View key={e.id} className='ledger-item' onClick={() => e.orderNo && navigateTo(ROUTES.agentOrderDetails, { orderNo: e.orderNo })}>
            <View className='ledger-item__main'>
              <Text className='ledger-item__type'>{e.typeText}</Text>
              <Text className={`ledger-item__amount ${e.amount > 0 ? 'is-in' : 'is-out'}`}>
                {signedYuan(e.amount)}
                <Text className='ledger-item__bucket'>{BUCKET_TEXT[e.bucket]}</Text>
              </Text>
            </View>
            <Text className='ledger-item__note'>{e.note}</Text>
            <View className='ledger-item__foot'>
              <Text>{formatTime(e.createdAt)}</Text>
              <Text>
                可提现 {yuan(e.availableAfter)} · 冻结 {yuan(e.frozenAfter)}
              </Text>
            </View>
          </View>
        ))}
      </View>
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无明细' onRetry={list.reload} />
    </PageLayout>
  )
}
