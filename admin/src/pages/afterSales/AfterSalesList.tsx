import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import { Tabs, Tag, Typography } from 'antd'
import type { AdminAfterSaleQuery, AdminAfterSaleRow } from '@contract/adminAfterSales'
import { AFTER_SALE_STATUSES } from '@contract/adminAfterSales'
import { afterSaleList } from '../../api/afterSales'
import { run } from '../../core/feedback'
import { AFTER_SALE_STATUS, AFTER_SALE_TYPE, dateTime } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'
import { useQueryTab } from '../../core/useQueryTab'
import { ResponsiveList } from '../../components/ResponsiveList'

// 待处理: the cases waiting for the shop (to review, returned goods to receive, received goods to refund), as 工作台 counts them.
const TABS = [{ key: 'all', label: '全部' }, { key: 'waiting', label: '待处理' }, ...AFTER_SALE_STATUSES.map((s) => ({ key: s, label: AFTER_SALE_STATUS[s].text }))]
const TAB_KEYS = TABS.map((t) => t.key)

export default function AfterSalesList() {
  const [status, setStatus] = useQueryTab('status', TAB_KEYS, 'all')
  const open = (r: AdminAfterSaleRow) => navigate(`/after-sales/${r.id}`)

  const columns: ProColumns<AdminAfterSaleRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '售后单号、订单号或手机号' } },
    { title: '售后单号', dataIndex: 'afterSaleNo', search: false, width: 200, render: (_, r) => <a onClick={() => open(r)}>{r.afterSaleNo}</a> },
    { title: '订单号', dataIndex: 'orderNo', search: false, width: 200, render: (_, r) => <a onClick={() => navigate(`/orders/${r.orderNo}`)}>{r.orderNo}</a> },
    { title: '类型', dataIndex: 'type', search: false, width: 90, render: (_, r) => AFTER_SALE_TYPE[r.type] || r.type },
    { title: '金额', dataIndex: 'amount', search: false, width: 100, align: 'right', render: (_, r) => `¥${fenToYuan(r.amount)}` },
    { title: '原因', dataIndex: 'reason', search: false, ellipsis: true },
    { title: '会员', dataIndex: 'memberPhone', search: false, width: 120 },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 110,
      render: (_, r) => (
        <>
          <Tag color={AFTER_SALE_STATUS[r.status]?.color}>{AFTER_SALE_STATUS[r.status]?.text || r.status}</Tag>
          {r.refundError && <Typography.Text type='danger'>退款失败</Typography.Text>}
        </>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 80,
      render: (_, r) => [
        <a key='d' onClick={() => open(r)}>
          {r.status === 'applied' ? '处理' : '详情'}
        </a>,
      ],
    },
  ]

  return (
    <PageContainer title='售后'>
      <Tabs activeKey={status} onChange={setStatus} items={TABS} />
      <ResponsiveList<AdminAfterSaleRow>
        rowKey='id'
        columns={columns}
        params={{ status }}
        request={async (p) => {
          const r = await run(
            afterSaleList({ status: status === 'all' ? undefined : (status as AdminAfterSaleQuery['status']), keyword: p.keyword?.trim() || undefined, page: p.current, pageSize: p.pageSize }),
          )
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: `${AFTER_SALE_TYPE[r.type] || r.type} ¥${fenToYuan(r.amount)}`,
          subTitle: <Tag color={AFTER_SALE_STATUS[r.status]?.color}>{AFTER_SALE_STATUS[r.status]?.text || r.status}</Tag>,
          content: <div>{r.reason}</div>,
          description: `${r.afterSaleNo} · ${r.memberPhone} · ${dateTime(r.createdAt)}`,
          actions: [
            <a key='d' onClick={() => open(r)}>
              {r.status === 'applied' ? '处理' : '详情'}
            </a>,
          ],
          onClick: () => open(r),
        })}
      />
    </PageContainer>
  )
}
