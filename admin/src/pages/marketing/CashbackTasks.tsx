import { useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Card, Form, Image, Input, Popconfirm, Rate, Space, Table, Tabs, Tag } from 'antd'
import type { ReasonBody } from '@contract/adminOrders'
import type { AdminCashbackTask, CashbackTaskQuery } from '@contract/adminRewards'
import { approveCashback, cashbackTasks, refuseCashback } from '../../api/cashback'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { useSession } from '../../core/session'
import { useServerPages } from '../../hooks/useServerPages'
import { useQueryTab } from '../../core/useQueryTab'
import { FormModal } from '../../components/FormModal'

const TABS = [
  { key: 'submitted', label: '待审核' },
  { key: 'paid', label: '已返现' },
  { key: 'rejected', label: '已驳回' },
  { key: 'all', label: '全部' },
]
const TAB_KEYS = TABS.map((t) => t.key)
const COLOR: Record<string, string> = { submitted: 'orange', approved: 'blue', paid: 'green', rejected: 'default' }

/** 营销 › 返现审核: approve (pays the cashback once) or refuse with a reason the member sees. */
export default function CashbackTasks() {
  const [status, setStatus] = useQueryTab('status', TAB_KEYS, 'submitted')
  const { data, setPage, pagination, reload: load } = useServerPages((paging) => cashbackTasks({ status: status === 'all' ? undefined : (status as CashbackTaskQuery['status']), ...paging }), [status])
  const [refusing, setRefusing] = useState<AdminCashbackTask | null>(null)
  const writable = useSession().can('marketing.write')

  return (
    <PageContainer title='返现审核'>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k)
          setPage(1)
        }}
        items={TABS}
      />
      <Card>
        <Table<AdminCashbackTask>
          rowKey='id'
          loading={!data}
          dataSource={data?.list || []}
          pagination={pagination}
          scroll={{ x: 1080 }}
          columns={[
            { title: '任务', dataIndex: 'id', width: 70, render: (v: number) => `#${v}` },
            {
              title: '活动 / 商品',
              render: (_, r) => (
                <>
                  {r.campaignTitle}
                  <div style={{ color: '#999', fontSize: 12 }}>{r.goodsName}</div>
                </>
              ),
            },
            { title: '会员', dataIndex: 'memberPhone', width: 120 },
            { title: '返现', dataIndex: 'amount', width: 90, align: 'right', render: (v: number) => `¥${fenToYuan(v)}` },
            {
              title: '凭证',
              width: 240,
              render: (_, r) => (
                <Space direction='vertical' size={4}>
                  {r.review && (
                    <span>
                      <Rate disabled value={r.review.rating} style={{ fontSize: 12 }} /> {r.review.content}
                    </span>
                  )}
                  {r.proofText && <span>{r.proofText}</span>}
                  <Image.PreviewGroup>
                    <Space size={4} wrap>
                      {[...(r.review?.images || []), ...r.proofImages].map((src) => (
                        <Image key={src} src={src} width={40} height={40} style={{ objectFit: 'cover' }} />
                      ))}
                    </Space>
                  </Image.PreviewGroup>
                </Space>
              ),
            },
            {
              title: '状态',
              dataIndex: 'status',
              width: 110,
              render: (v: string, r) => (
                <>
                  <Tag color={COLOR[v]}>{r.statusText}</Tag>
                  {r.rejectReason && <div style={{ fontSize: 12 }}>{r.rejectReason}</div>}
                </>
              ),
            },
            { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (v: number) => dateTime(v) },
            {
              title: '操作',
              width: 110,
              fixed: 'right',
              render: (_, r) =>
                writable &&
                r.status === 'submitted' && (
                  <Space>
                    <Popconfirm
                      title={`通过并返现 ¥${fenToYuan(r.amount)}？`}
                      description='返现存入会员的余额（可提现），每个任务只发一次'
                      onConfirm={() => run(approveCashback(r.id), '已通过，返现已到账').then(load)}
                    >
                      <a>通过</a>
                    </Popconfirm>
                    <a onClick={() => setRefusing(r)}>驳回</a>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<ReasonBody> open={!!refusing} title='驳回返现任务' okText='驳回' onClose={() => setRefusing(null)} onSubmit={(v) => refuseCashback(refusing!.id, v.reason.trim()).then(load)}>
        <Form.Item
          label='原因（会员可见）'
          name='reason'
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: 100, message: '原因最多 100 个字' },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
