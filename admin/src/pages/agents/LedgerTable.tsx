import { useState } from 'react'
import { type ProColumns } from '@ant-design/pro-components'
import { Button, Space, Typography } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import type { AdminLedgerEntry, AdminLedgerPage, LedgerQuery } from '@contract/adminAgents'
import { LEDGER_TYPE_TEXT } from '@contract/agent'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan, yuanLabel } from '../../core/money'
import { ResponsiveList } from '../../components/ResponsiveList'

const signed = (fen: number) =>
  fen === 0 ? (
    '—'
  ) : (
    <Typography.Text type={fen > 0 ? 'success' : 'danger'}>
      {fen > 0 ? '+' : ''}
      {fenToYuan(fen)}
    </Typography.Text>
  )

/**
 * An agent commission ledger (every shop's, or one shop's): each entry's change per bucket and the balances after it,
 * with the sums of the whole filter above the table (they equal the accounts' buckets: frozen → available → withdrawn).
 */
export function LedgerTable({ shopId, load, exportUrl }: { shopId?: number; load: (q: LedgerQuery) => Promise<AdminLedgerPage>; exportUrl: (q: Omit<LedgerQuery, 'page' | 'pageSize'>) => string }) {
  const [sums, setSums] = useState<AdminLedgerPage['sums'] | null>(null)
  const [filters, setFilters] = useState<Omit<LedgerQuery, 'page' | 'pageSize'>>({ shopId })
  const columns: ProColumns<AdminLedgerEntry>[] = [
    { title: '类型', dataIndex: 'type', hideInTable: true, valueType: 'select', valueEnum: Object.fromEntries(Object.entries(LEDGER_TYPE_TEXT).map(([k, v]) => [k, { text: v }])) },
    { title: '时间', dataIndex: 'range', hideInTable: true, valueType: 'dateRange' },
    { title: '时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    ...(shopId ? [] : [{ title: '代理店铺', dataIndex: 'shopName', search: false, width: 140 } as ProColumns<AdminLedgerEntry>]),
    { title: '类型', dataIndex: 'typeText', search: false, width: 130 },
    { title: '可提现', dataIndex: 'availableChange', search: false, width: 100, align: 'right', render: (_, r) => signed(r.availableChange) },
    { title: '冻结', dataIndex: 'frozenChange', search: false, width: 100, align: 'right', render: (_, r) => signed(r.frozenChange) },
    { title: '提现中', dataIndex: 'withdrawingChange', search: false, width: 100, align: 'right', render: (_, r) => signed(r.withdrawingChange) },
    { title: '变动后（可提现/冻结/提现中）', search: false, width: 220, render: (_, r) => `${fenToYuan(r.availableAfter)} / ${fenToYuan(r.frozenAfter)} / ${fenToYuan(r.withdrawingAfter)}` },
    { title: '单号', search: false, width: 200, render: (_, r) => r.orderNo || r.withdrawNo || '—' },
    { title: '说明', dataIndex: 'note', search: false, ellipsis: true },
  ]
  return (
    <>
      {sums && (
        <Space wrap style={{ marginBottom: 12 }} data-testid='ledger-sums'>
          <span>合计 可提现 {yuanLabel(sums.available)}</span>
          <span>冻结中 {yuanLabel(sums.frozen)}</span>
          <span>提现中 {yuanLabel(sums.withdrawing)}</span>
          <span>已提现 {yuanLabel(sums.withdrawn)}</span>
          <strong>累计佣金 {yuanLabel(sums.available + sums.frozen + sums.withdrawing + sums.withdrawn)}</strong>
        </Space>
      )}
      <ResponsiveList<AdminLedgerEntry>
        rowKey='id'
        columns={columns}
        scrollX={1300}
        request={async (p) => {
          const [from, to] = (p.range as string[] | undefined) || []
          const q = { shopId, type: p.type || undefined, from: from ? Date.parse(`${from}T00:00:00+08:00`) : undefined, to: to ? Date.parse(`${to}T00:00:00+08:00`) + 86_400_000 : undefined }
          setFilters(q)
          const r = await run(load({ ...q, page: p.current, pageSize: p.pageSize }))
          setSums(r?.sums || null)
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        toolBarRender={() => [
          <Button key='export' icon={<DownloadOutlined />} href={exportUrl(filters)} download>
            导出 CSV
          </Button>,
        ]}
        card={(r) => ({
          title: r.typeText,
          subTitle: signed(r.availableChange || r.frozenChange || r.withdrawingChange),
          content: <div>{r.note}</div>,
          description: `${shopId ? '' : `${r.shopName} · `}${dateTime(r.createdAt)}`,
        })}
      />
    </>
  )
}
