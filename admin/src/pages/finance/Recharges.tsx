import { useEffect, useState } from 'react'
import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import { Card, Table, Tag } from 'antd'
import { RECHARGE_STATUS_TEXT, type AdminBalanceSnapshot, type AdminRechargeOrder } from '@contract/balanceRecharge'
import { balanceSnapshots, rechargeOrders } from '../../api/recharge'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { ResponsiveList } from '../../components/ResponsiveList'

const COLOR: Record<string, string> = { unpaid: 'default', paid: 'green', closed: 'default' }

/** 财务 › 充值与余额: recharge orders (search by member, status, date) and the outstanding balance of the last 30 days. */
export default function Recharges() {
  const [snapshots, setSnapshots] = useState<AdminBalanceSnapshot[] | null>(null)
  useEffect(() => void run(balanceSnapshots()).then((r) => setSnapshots(r || [])), [])
  const columns: ProColumns<AdminRechargeOrder>[] = [
    { title: '会员', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '手机号、昵称或充值单号' } },
    { title: '日期', dataIndex: 'range', hideInTable: true, valueType: 'dateRange' },
    { title: '状态', dataIndex: 'status', hideInTable: true, valueType: 'select', valueEnum: Object.fromEntries(Object.entries(RECHARGE_STATUS_TEXT).map(([k, text]) => [k, { text }])) },
    { title: '充值单号', dataIndex: 'rechargeNo', search: false, width: 200 },
    { title: '会员', search: false, width: 160, render: (_, r) => `${r.nickname || '未设置昵称'} ${r.phone}` },
    { title: '套餐', dataIndex: 'packageName', search: false, width: 120, render: (_, r) => r.packageName || '—' },
    { title: '充值金额', dataIndex: 'amount', search: false, width: 100, align: 'right', render: (_, r) => yuanLabel(r.amount) },
    { title: '赠送', dataIndex: 'bonus', search: false, width: 90, align: 'right', render: (_, r) => yuanLabel(r.bonus) },
    { title: '状态', search: false, width: 90, render: (_, r) => <Tag color={COLOR[r.status]}>{r.statusText}</Tag> },
    { title: '支付方式', dataIndex: 'payMethod', search: false, width: 110, render: (_, r) => r.payMethod || '—' },
    { title: '到账时间', search: false, width: 150, render: (_, r) => dateTime(r.paidAt) },
    { title: '下单时间', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
  ]
  return (
    <PageContainer title='充值订单'>
      <ResponsiveList<AdminRechargeOrder>
        rowKey='id'
        columns={columns}
        scrollX={1200}
        request={async (p) => {
          const [from, to] = (p.range as string[] | undefined) || []
          const r = await run(rechargeOrders({ from, to, status: p.status || undefined, keyword: p.keyword?.trim() || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: `${yuanLabel(r.amount)} + 赠送 ${yuanLabel(r.bonus)}`,
          subTitle: <Tag color={COLOR[r.status]}>{r.statusText}</Tag>,
          description: `${r.nickname || r.phone} · ${dateTime(r.paidAt || r.createdAt)}`,
        })}
      />
      <Card title='每日余额（最近 30 天）' style={{ marginTop: 16 }}>
        <Table<AdminBalanceSnapshot>
          rowKey='day'
          loading={!snapshots}
          dataSource={snapshots || []}
          pagination={false}
          // On a phone the five columns scroll inside the card instead of widening the page (386 px at 375 once a day is recorded).
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '每天零点后记录前一天的余额总额，明天起可查看' }}
          columns={[
            { title: '日期', dataIndex: 'day', width: 120 },
            { title: '会员余额总额', dataIndex: 'total', align: 'right', render: (v: number) => yuanLabel(v) },
            { title: '其中可提现', dataIndex: 'withdrawable', align: 'right', render: (v: number) => yuanLabel(v) },
            { title: '待支付订单占用', dataIndex: 'held', align: 'right', render: (v: number) => yuanLabel(v) },
            { title: '与会员余额核对', width: 140, render: (_, r) => (r.consistent ? <Tag color='green'>一致</Tag> : <Tag color='red'>不一致 {yuanLabel(r.ledgerTotal)}</Tag>) },
          ]}
        />
      </Card>
    </PageContainer>
  )
}
