import { useState } from 'react'
import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import { Button, Space, Tabs, Typography } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import type { LedgerKind, MemberLedgerEntry, MemberLedgerQuery } from '@contract/adminFinance'
import { agentLedger, agentLedgerExportUrl } from '../../api/agents'
import { memberLedger, memberLedgerExportUrl } from '../../api/pay'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { MemberSelect } from '../../components/MemberPicker'
import { ResponsiveList } from '../../components/ResponsiveList'
import { LedgerTable } from '../agents/LedgerTable'

type Filters = Omit<MemberLedgerQuery, 'page' | 'pageSize'>

/** Points (in points) or cashback (in yuan) entries with the sums of the filter. */
function MemberLedger({ kind }: { kind: LedgerKind }) {
  const [filters, setFilters] = useState<Filters>({})
  const [sums, setSums] = useState<{ income: number; expense: number } | null>(null)
  const v = (x: number) => (kind === 'points' ? String(x) : fenToYuan(x))
  const signed = (x: number) => (
    <Typography.Text type={x >= 0 ? 'success' : 'danger'}>
      {x > 0 ? '+' : ''}
      {v(x)}
    </Typography.Text>
  )
  const columns: ProColumns<MemberLedgerEntry>[] = [
    { title: '会员', dataIndex: 'memberId', hideInTable: true, renderFormItem: () => <MemberSelect /> },
    { title: '日期', dataIndex: 'range', hideInTable: true, valueType: 'dateRange' },
    { title: '时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    { title: '会员', search: false, width: 180, render: (_, r) => `${r.nickname} ${r.memberPhone}（${r.memberId}）` },
    { title: kind === 'points' ? '积分变动' : '返现变动(元)', dataIndex: 'change', search: false, width: 120, align: 'right', render: (_, r) => signed(r.change) },
    { title: '余额', dataIndex: 'balanceAfter', search: false, width: 110, align: 'right', render: (_, r) => v(r.balanceAfter) },
    { title: '类型', dataIndex: 'reason', search: false, width: 120 },
    { title: '说明', dataIndex: 'note', search: false, ellipsis: true },
  ]
  return (
    <>
      {sums && (
        <Space style={{ marginBottom: 12 }}>
          合计 收入 {v(sums.income)} · 支出 {v(sums.expense)}
        </Space>
      )}
      <ResponsiveList<MemberLedgerEntry>
        rowKey='id'
        columns={columns}
        request={async (p) => {
          const [from, to] = (p.range as string[] | undefined) || []
          const f: Filters = { from, to, memberId: p.memberId ? Number(p.memberId) : undefined }
          setFilters(f)
          const r = await run(memberLedger(kind, { ...f, page: p.current, pageSize: p.pageSize }))
          setSums(r ? { income: r.income, expense: r.expense } : null)
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        toolBarRender={() => [
          <Button key='e' icon={<DownloadOutlined />} href={memberLedgerExportUrl(kind, filters)} download>
            导出 CSV
          </Button>,
        ]}
        card={(r) => ({ title: `${r.reason} ${v(r.change)}`, subTitle: `余额 ${v(r.balanceAfter)}`, description: `${r.nickname} ${r.memberPhone} · ${dateTime(r.createdAt)}` })}
      />
    </>
  )
}

/** 账本: the points, cashback and agent commission ledgers, each with CSV. */
export default function Ledgers() {
  const [tab, setTab] = useState('points')
  return (
    <PageContainer title='账本'>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyInactiveTabPane
        items={[
          { key: 'points', label: '积分', children: <MemberLedger kind='points' /> },
          { key: 'cashback', label: '余额', children: <MemberLedger kind='cashback' /> },
          { key: 'agent', label: '代理佣金', children: <LedgerTable load={agentLedger} exportUrl={agentLedgerExportUrl} /> },
        ]}
      />
    </PageContainer>
  )
}
