import { useState } from 'react'
import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import { Button, Tag } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import type { AdminPayment, PaymentQuery } from '@contract/adminFinance'
import { payMethodText } from '@contract/pay'
import { paymentList, paymentsExportUrl } from '../../api/pay'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'
import { ResponsiveList } from '../../components/ResponsiveList'

const COLOR: Record<string, string> = { pending: 'default', paid: 'green', closed: 'default', refund_pending: 'orange', refunded: 'red' }
type Filters = Omit<PaymentQuery, 'page' | 'pageSize'>

/** 支付记录: every payment with the provider's transaction id; filters by date, state and order number; CSV. */
export default function Payments() {
  const [filters, setFilters] = useState<Filters>({})
  const columns: ProColumns<AdminPayment>[] = [
    { title: '订单号', dataIndex: 'orderNo', hideInTable: true },
    { title: '日期', dataIndex: 'range', hideInTable: true, valueType: 'dateRange' },
    {
      title: '状态',
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { pending: { text: '待支付' }, paid: { text: '已支付' }, closed: { text: '已关闭' }, refund_pending: { text: '退款中' }, refunded: { text: '已退款' } },
    },
    { title: '支付单号', dataIndex: 'payNo', search: false, width: 200 },
    { title: '订单号', dataIndex: 'orderNo', search: false, width: 200, render: (_, r) => <a onClick={() => navigate(`/orders/${r.orderNo}`)}>{r.orderNo}</a> },
    { title: '金额', dataIndex: 'amount', search: false, width: 100, align: 'right', render: (_, r) => yuanLabel(r.amount) },
    { title: '支付方式', search: false, width: 140, render: (_, r) => payMethodText(r.provider, r.channel) },
    { title: '状态', search: false, width: 90, render: (_, r) => <Tag color={COLOR[r.status]}>{r.statusText}</Tag> },
    { title: '支付平台单号', dataIndex: 'transactionId', search: false, width: 240, copyable: true },
    { title: '支付时间', dataIndex: 'paidAt', search: false, width: 150, render: (_, r) => dateTime(r.paidAt) },
  ]
  return (
    <PageContainer title='支付记录'>
      <ResponsiveList<AdminPayment>
        rowKey='id'
        columns={columns}
        scrollX={1200}
        request={async (p) => {
          const [from, to] = (p.range as string[] | undefined) || []
          const f: Filters = { from, to, status: p.status || undefined, orderNo: p.orderNo?.trim() || undefined }
          setFilters(f)
          const r = await run(paymentList({ ...f, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        toolBarRender={() => [
          <Button key='e' icon={<DownloadOutlined />} href={paymentsExportUrl(filters)} download>
            导出 CSV
          </Button>,
        ]}
        card={(r) => ({
          title: `${yuanLabel(r.amount)} ${r.orderNo}`,
          subTitle: <Tag color={COLOR[r.status]}>{r.statusText}</Tag>,
          description: `${r.transactionId || r.payNo} · ${dateTime(r.paidAt || r.createdAt)}`,
        })}
      />
    </PageContainer>
  )
}
