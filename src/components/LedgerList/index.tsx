import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { formatTime } from '@/utils/time'
import './index.scss'

export interface LedgerTab<K extends string> {
  key: K
  label: string
}

export interface LedgerRow {
  id: number | string
  /** What the change was, in the shopper's words (积分 reason, 余额 kind). */
  title: string
  /** The note written with it; left out when it only repeats the title. */
  note?: string | null
  at: number
  /** Signed and in the page's unit (+12, −¥3.00); left out on a list of requests (提现记录). */
  change?: string
  /** Money or points coming in (coloured) or going out. */
  inward?: boolean
  /** The figure after it, or the request's state, as the page writes it (余额 120, 余额 ¥30.00, 已到账). */
  after: string
  /** A step the row waits for (确认收款). */
  action?: ReactNode
}

export interface LedgerListProps<K extends string> {
  /** The 全部 / 收入 / 支出 tabs; left out, the rows alone. */
  tabs?: ReadonlyArray<LedgerTab<K>>
  active?: K
  onTab?: (key: K) => void
  rows: LedgerRow[]
}

/**
 * A ledger (积分明细, 我的余额): the 全部 / 收入 / 支出 tabs kept at the top, and each change with its note, time and the
 * figure after it; without tabs, a list of requests with their state (提现记录).
 */
export default function LedgerList<K extends string>({ tabs, active, onTab, rows }: LedgerListProps<K>) {
  return (
    <>
      {tabs && (
        <View className='ledger-list__tabs'>
          {tabs.map((t) => (
            <View key={t.key} className={`ledger-list__tab ${active === t.key ? 'is-active' : ''}`} onClick={() => onTab?.(t.key)}>
              {t.label}
            </View>
          ))}
        </View>
      )}
      <View className='ledger-list__list'>
        {rows.map((r) => (
          <View key={r.id} className='ledger-list__row'>
            <View className='ledger-list__left'>
              <Text className='ledger-list__title'>{r.title}</Text>
              {!!r.note && r.note !== r.title && <Text className='ledger-list__note'>{r.note}</Text>}
              <Text className='ledger-list__time'>{formatTime(r.at)}</Text>
            </View>
            <View className='ledger-list__right'>
              {r.change !== undefined && <Text className={`ledger-list__change ${r.inward ? 'is-in' : 'is-out'}`}>{r.change}</Text>}
              <Text className='ledger-list__after'>{r.after}</Text>
              {r.action}
            </View>
          </View>
        ))}
      </View>
    </>
  )
}
