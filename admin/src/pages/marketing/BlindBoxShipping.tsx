import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Card, Form, Input, Select, Table, Tabs, Tag } from 'antd'
import type { ShipBody } from '@contract/adminOrders'
import type { AdminDrawRecord } from '@contract/adminRewards'
import { drawRecords, shipPrize } from '../../api/turntable'
import { expressCompanies, type ExpressCompany } from '../../api/order'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { useServerPages } from '../../hooks/useServerPages'
import { FormModal } from '../../components/FormModal'

const TABS = [
  { key: 'to_ship', label: '待发货' },
  { key: 'shipped', label: '已发货' },
  { key: 'await_address', label: '待填地址' },
  { key: 'all', label: '全部记录' },
]
const STATUS_COLOR: Record<string, string> = { to_ship: 'red', shipped: 'green', await_address: 'orange', unclaimed: 'blue', received: 'green', none: 'default' }

/** 营销 › 盲盒发货: draw records; physical prizes with an address are shipped here (the CLI's turntable-ship). */
export default function BlindBoxShipping() {
  const [status, setStatus] = useState('to_ship')
  const { data, setPage, pagination, reload: load } = useServerPages((paging) => drawRecords({ status: status === 'all' ? undefined : status, ...paging }), [status])
  const [shipping, setShipping] = useState<AdminDrawRecord | null>(null)
  const [express, setExpress] = useState<ExpressCompany[]>([])
  const writable = useSession().can('marketing.write')
  useEffect(() => {
    if (shipping && !express.length) expressCompanies().then(setExpress, () => undefined)
  }, [shipping, express.length])

  return (
    <PageContainer title='盲盒发货'>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k)
          setPage(1)
        }}
        items={TABS}
      />
      <Card>
        <Table<AdminDrawRecord>
          rowKey='id'
          loading={!data}
          dataSource={data?.list || []}
          pagination={pagination}
          scroll={{ x: 1110 }}
          columns={[
            { title: '记录', dataIndex: 'id', width: 70, render: (v: number) => `#${v}` },
            { title: '奖品', dataIndex: 'prizeName', width: 160, ellipsis: true },
            { title: '会员', dataIndex: 'memberPhone', width: 120 },
            { title: '收货人', width: 260, ellipsis: true, render: (_, r) => (r.receiverName ? `${r.receiverName} ${r.receiverPhone} ${r.receiverAddress}` : '—') },
            { title: '状态', dataIndex: 'status', width: 100, render: (v: string, r) => <Tag color={STATUS_COLOR[v]}>{r.statusText}</Tag> },
            { title: '物流', width: 180, render: (_, r) => (r.trackingNo ? `${r.expressName} ${r.trackingNo}` : '—') },
            { title: '抽中时间', dataIndex: 'createdAt', width: 150, render: (v: number) => dateTime(v) },
            { title: '操作', width: 70, fixed: 'right', render: (_, r) => writable && r.status === 'to_ship' && <a onClick={() => setShipping(r)}>发货</a> },
          ]}
        />
      </Card>
      <FormModal<ShipBody>
        open={!!shipping}
        title={`发货：${shipping?.prizeName || ''}`}
        okText='确认发货'
        onClose={() => setShipping(null)}
        onSubmit={(v) => shipPrize(shipping!.id, { expressCode: v.expressCode, trackingNo: v.trackingNo.trim() }).then(load)}
      >
        <Form.Item label='快递公司' name='expressCode' rules={[{ required: true, message: '请选择快递公司' }]}>
          <Select showSearch optionFilterProp='label' placeholder='选择快递公司' options={express.map((e) => ({ value: e.code, label: e.name }))} />
        </Form.Item>
        <Form.Item
          label='运单号'
          name='trackingNo'
          rules={[
            { required: true, whitespace: true, message: '请填写运单号' },
            { pattern: /^[A-Za-z0-9]{6,40}$/, message: '运单号为 6 到 40 位字母或数字' },
          ]}
        >
          <Input />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
