import { View, Text } from '@tarojs/components'
import { formatTime } from '@/utils/time'
import './index.scss'

export interface LedgerTab<K extends string> {
  key: K
  label: string
}

export interface LedgerRow {
  id: number
  /** What the change was, in the shopper's words (积分 reason, 余额 kind). */
  title: string
  /** The note written with it; left out when it only repeats the title. */
  note?: string | null
  at: number
  /** Signed and in the page's unit (+12, −¥3.00). */
  change: string
  /** Money or points coming in (coloured) or going out. */
  inward: boolean
  /** The figure after it, as the page writes it (余额 120, 余额 ¥30.00). */
  after: string
}

export interface LedgerListProps<K extends string> {
  tabs: ReadonlyArray<LedgerTab<K>>
  active: K
  onTab: (key: K) => void
  rows: LedgerRow[]
}

/** A ledger (积分明细, 我的余额): the 全部 / 收入 / 支出 tabs kept at the top, and each change with its note, time and the figure after it. */
export default function LedgerList<K extends string>({ tabs, active, onTab, rows }: LedgerListProps<K>) {
  return (
    <>
      <View className='ledger-list__tabs'>
        {tabs.map((t) => (
          <View key={t.key} className={`ledger-list__tab ${active === t.key ? 'is-active' : ''}`} onClick={() => onTab(t.key)}>
            {t.label}
          </View>
        ))}
      </View>
      <View className='ledger-list__list'>
        {rows.map((r) => (
          <View key={r.id} className='ledger-list__row'>
            <View className='ledger-list__left'>
              <Text className='ledger-list__title'>{r.title}</Text>
              {!!r.note && r.note !== r.title && <Text className='ledger-list__note'>{r.note}</Text>}
              <Text className='ledger-list__time'>{formatTime(r.at)}</Text>
            </View>
            <View className='ledger-list__right'>
              <Text className={`ledger-list__change ${r.inward ? 'is-in' : 'is-out'}`}>{r.change}</Text>
              <Text className='ledger-list__after'>{r.after}</Text>
            </View>
          </View>
        ))}
      </View>
    </>
  )
}
