import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, Image, Space, Tabs, Tag, Typography } from 'antd'
import { DownloadOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons'
import type { AdminOrderQuery, AdminOrderRow } from '@contract/adminOrders'
import { payMethodText } from '@contract/pay'
import { ORDER_STATUSES } from '@contract/adminOrders'
import { expressCompanies, exportUrl, orderList, pickingListUrl, shipBatch, shipTemplateUrl, type ExpressCompany } from '../../api/order'
import { run, toast } from '../../core/feedback'
import { dateTime, ORDER_AFTER_SALE, ORDER_STATUS, orderStatusTag } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { useQueryTab } from '../../core/useQueryTab'
import { CsvUpload } from '../../components/CsvUpload'
import { NameAndPhone } from '../../components/NameAndPhone'
import { ResponsiveList } from '../../components/ResponsiveList'
import { PriceChangeModal } from './PriceChange'

type Status = (typeof ORDER_STATUSES)[number]
const TABS = [{ key: 'all', label: '全部' }, ...ORDER_STATUSES.map((s) => ({ key: s, label: ORDER_STATUS[s].text }))]
const TAB_KEYS = TABS.map((t) => t.key)

/** The search form's values to the API's query (dates to epoch ms: from the start of the first day to the end of the last). */
function toQuery(p: Record<string, any>, status: string): Omit<AdminOrderQuery, 'page' | 'pageSize'> {
  const [from, to] = (p.createdAt as string[] | undefined) || []
  return {
    status: status === 'all' ? undefined : (status as Status),
    orderNo: p.orderNo?.trim() || undefined,
    phone: p.phone?.trim() || undefined,
    goods: p.goods?.trim() || undefined,
    from: from ? new Date(`${from}T00:00:00+08:00`).getTime() : undefined,
    to: to ? new Date(`${to}T23:59:59.999+08:00`).getTime() : undefined,
  }
}

/**
 * 批量发货: the format, the couriers the shop ships with and a template holding the orders waiting to ship are shown
 * before the upload; the result names every line left unshipped and why.
 */
function BatchShip({ onDone }: { onDone: () => void }) {
  const [couriers, setCouriers] = useState<ExpressCompany[] | null>(null)
  return (
    <CsvUpload
      label='批量发货'
      onOpen={() => !couriers && void run(expressCompanies()).then((c) => setCouriers(c || []))}
      onDone={onDone}
      send={async (csv) => {
        const r = await shipBatch({ csv })
        // A parcel already shipped under its number (the same file uploaded again) is listed with the reason, not shipped twice.
        const notShipped = [...r.skipped, ...r.failed].sort((a, b) => a.line - b.line)
        return {
          summary: `已发货 ${r.shipped} 个包裹${r.skipped.length ? `，${r.skipped.length} 个之前已发货` : ''}${r.failed.length ? `，${r.failed.length} 行未发货` : ''}`,
          changed: r.shipped > 0,
          failed: notShipped.map((f) => ({ line: f.line, label: f.orderNo, msg: f.msg })),
        }
      }}
      intro={
        <>
          <Typography.Paragraph>
            1. 下载
            <a href={shipTemplateUrl()} download style={{ textDecoration: 'underline' }}>
              发货模板
            </a>
            ：列出所有待发货的订单（收货人、地址、商品），只需填写「快递公司」和「运单号」两列。
          </Typography.Paragraph>
          <Typography.Paragraph>2. 快递公司填名称或编码均可，可选：</Typography.Paragraph>
          <div style={{ marginBottom: 12 }} data-testid='ship-couriers'>
            {(couriers || []).map((c) => (
              <Tag key={c.code} style={{ marginBottom: 4 }}>
                {c.name}（{c.code}）
              </Tag>
            ))}
          </div>
          <Typography.Paragraph>3. 保存为 CSV 后上传。第一行为表头；每行一单，前三列依次为订单号、快递公司、运单号。一次最多 1000 单。</Typography.Paragraph>
          <Typography.Paragraph>
            也可以上传「导出拣货单」的文件：每行一件商品，填好「快递公司」和「快递单号」的行发货，同一订单填同一单号的行装在一个包裹里；留空的行这次不发；已发货的行不会重复发货。
          </Typography.Paragraph>
        </>
      }
    />
  )
}

export default function OrderList() {
  const [status, setStatus] = useQueryTab('status', TAB_KEYS, 'all')
  const [filters, setFilters] = useState<Omit<AdminOrderQuery, 'page' | 'pageSize'>>({})
  const action = useRef<ActionType>()
  const writable = useSession().can('orders.write')
  const [repricing, setRepricing] = useState<AdminOrderRow | null>(null)
  const mobile = useMobile()

  const columns: ProColumns<AdminOrderRow>[] = [
    { title: '订单号', dataIndex: 'orderNo', width: 190, render: (_, r) => <a onClick={() => navigate(`/orders/${r.orderNo}`)}>{r.orderNo}</a> },
    { title: '手机号', dataIndex: 'phone', hideInTable: true, fieldProps: { placeholder: '收货人或会员手机号' } },
    {
      title: '商品',
      dataIndex: 'goods',
      fieldProps: { placeholder: '商品名称' },
      render: (_, r) => (
        <Space>
          <Image src={r.firstImage} alt={r.firstGoodsName} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} preview={false} />
          <span>
            {r.firstGoodsName}
            {r.itemCount > 1 ? ` 等 ${r.itemCount} 件` : ''}
          </span>
        </Space>
      ),
    },
    { title: '下单时间', dataIndex: 'createdAt', valueType: 'dateRange', width: 140, render: (_, r) => dateTime(r.createdAt) },
    {
      title: '收货人',
      dataIndex: 'receiverName',
      search: false,
      width: 140,
      render: (_, r) => <NameAndPhone name={r.receiverName} phone={r.receiverPhone} />,
    },
    {
      title: '实付',
      dataIndex: 'payAmount',
      search: false,
      width: 100,
      align: 'right',
      render: (_, r) => (
        <>
          ¥{fenToYuan(r.payAmount)}
          {r.payChannel && (
            <div>
              <Typography.Text type='secondary'>{payMethodText('', r.payChannel)}</Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 120,
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={orderStatusTag(r)?.color}>{orderStatusTag(r)?.text || r.status}</Tag>
          {ORDER_AFTER_SALE[r.afterSaleStatus] && <Tag color='purple'>{ORDER_AFTER_SALE[r.afterSaleStatus]}</Tag>}
        </Space>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      render: (_, r) => [
        <a key='d' onClick={() => navigate(`/orders/${r.orderNo}`)}>
          {r.status === 'to_ship' && !r.held && writable ? '发货' : '详情'}
        </a>,
        r.status === 'unpaid' && writable && (
          <a key='p' onClick={() => setRepricing(r)}>
            改价
          </a>
        ),
      ],
    },
  ]

  return (
    <PageContainer title='订单'>
      <Tabs activeKey={status} onChange={(k) => setStatus(k)} items={TABS} style={{ marginBottom: 0 }} />
      <ResponsiveList<AdminOrderRow>
        rowKey='orderNo'
        actionRef={action}
        columns={columns}
        params={{ status }}
        scrollX={920}
        request={async (p) => {
          const q = toQuery(p, status)
          setFilters(q)
          const r = await run(orderList({ ...q, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.orderNo,
          subTitle: <Tag color={orderStatusTag(r)?.color}>{orderStatusTag(r)?.text || r.status}</Tag>,
          content: (
            <Space align='start'>
              <Image src={r.firstImage} alt={r.firstGoodsName} width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} preview={false} />
              <div>
                <div>
                  {r.firstGoodsName}
                  {r.itemCount > 1 ? ` 等 ${r.itemCount} 件` : ''}
                </div>
                <div>
                  实付 ¥{fenToYuan(r.payAmount)}
                  {r.payChannel ? ` · ${payMethodText('', r.payChannel)}` : ''}
                </div>
              </div>
            </Space>
          ),
          description: `${r.receiverName} ${r.receiverPhone} · ${dateTime(r.createdAt)}`,
          actions: [
            <a key='d' onClick={() => navigate(`/orders/${r.orderNo}`)}>
              {r.status === 'to_ship' && writable ? '去发货' : '详情'}
            </a>,
            ...(r.status === 'unpaid' && writable
              ? [
                  <a key='p' onClick={(e) => (e.stopPropagation(), setRepricing(r))}>
                    改价
                  </a>,
                ]
              : []),
          ],
          onClick: () => navigate(`/orders/${r.orderNo}`),
        })}
        rowSelection={{ getCheckboxProps: (r: { orderNo: string }) => ({ 'aria-label': `选择订单 ${r.orderNo}` }) as object }}
        tableAlertOptionRender={({ selectedRowKeys }) => (
          <a onClick={() => window.open(`/admin/orders/print?orderNos=${selectedRowKeys.join(',')}`, '_blank')}>
            <PrinterOutlined /> 打印发货单
          </a>
        )}
        toolBarRender={() => [
          writable && <BatchShip key='batch' onDone={() => action.current?.reload()} />,
          <Button key='export' icon={<DownloadOutlined />} href={exportUrl(filters)} download>
            导出 CSV
          </Button>,
          // 拣货单: one row per goods line, 快递公司 and 快递单号 to fill; it goes back into 批量发货.
          <Button key='picking' icon={<FileTextOutlined />} href={pickingListUrl(filters)} download aria-label='导出拣货单' title='导出拣货单'>
            {mobile ? null : '导出拣货单'}
          </Button>,
        ]}
      />
      <PriceChangeModal
        open={!!repricing}
        orderNo={repricing?.orderNo || ''}
        payAmount={repricing?.payAmount || 0}
        onClose={() => setRepricing(null)}
        onDone={() => (toast.success('已改价'), action.current?.reload())}
      />
    </PageContainer>
  )
}
