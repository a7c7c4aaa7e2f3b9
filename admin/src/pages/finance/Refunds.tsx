import { useState } from 'react'
import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import { Button, Tag, Typography } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import type { AdminRefund, RefundQuery } from '@contract/adminFinance'
import { refundList, refundsExportUrl } from '../../api/pay'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'
import { ResponsiveList } from '../../components/ResponsiveList'

const COLOR: Record<string, string> = { refunding: 'orange', refunded: 'green', failed: 'red' }
type Filters = Omit<RefundQuery, 'page' | 'pageSize'>

/** 退款记录: after-sales refunds and late payments given back, with the provider's references; CSV. */
export default function Refunds() {
  const [filters, setFilters] = useState<Filters>({})
  const columns: ProColumns<AdminRefund>[] = [
    { title: '订单号', dataIndex: 'orderNo', hideInTable: true },
    { title: '日期', dataIndex: 'range', hideInTable: true, valueType: 'dateRange' },
    { title: '状态', dataIndex: 'status', hideInTable: true, valueType: 'select', valueEnum: { refunding: { text: '退款中' }, refunded: { text: '已退款' }, failed: { text: '退款失败' } } },
    { title: '来源', dataIndex: 'kind', search: false, width: 110, render: (_, r) => (r.kind === 'afterSale' ? '售后退款' : '迟到支付退回') },
    { title: '单号', dataIndex: 'refNo', search: false, width: 200 },
    { title: '订单号', dataIndex: 'orderNo', search: false, width: 200, render: (_, r) => <a onClick={() => navigate(`/orders/${r.orderNo}`)}>{r.orderNo}</a> },
    { title: '支付方式', dataIndex: 'payMethod', search: false, width: 100 },
    { title: '金额', dataIndex: 'amount', search: false, width: 100, align: 'right', render: (_, r) => yuanLabel(r.amount) },
    {
      title: '状态',
      search: false,
      width: 160,
      render: (_, r) => (
        <>
          <Tag color={COLOR[r.status]}>{r.statusText}</Tag>
          {r.error && <Typography.Text type='danger'>{r.error}</Typography.Text>}
        </>
      ),
    },
    { title: '退款单号 / 平台单号', search: false, width: 260, render: (_, r) => `${r.refundNo}${r.providerRefundId ? ` / ${r.providerRefundId}` : ''}` },
    { title: '退款时间', dataIndex: 'refundedAt', search: false, width: 150, render: (_, r) => dateTime(r.refundedAt) },
  ]
  return (
    <PageContainer title='退款记录'>
      <ResponsiveList<AdminRefund>
        rowKey='refNo'
        columns={columns}
        scrollX={1400}
        request={async (p) => {
          const [from, to] = (p.range as string[] | undefined) || []
          const f: Filters = { from, to, status: p.status || undefined, orderNo: p.orderNo?.trim() || undefined }
          setFilters(f)
          const r = await run(refundList({ ...f, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        toolBarRender={() => [
          <Button key='e' icon={<DownloadOutlined />} href={refundsExportUrl(filters)} download>
            导出 CSV
          </Button>,
        ]}
        card={(r) => ({
          title: `${yuanLabel(r.amount)} ${r.orderNo}`,
          subTitle: <Tag color={COLOR[r.status]}>{r.statusText}</Tag>,
          description: `${r.refNo} · ${r.payMethod} · ${dateTime(r.refundedAt || r.createdAt)}`,
        })}
      />
    </PageContainer>
  )
}
