import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Form, Input, Space, Tabs, Tag, Typography } from 'antd'
import type { AdminAgentApplication, ApplicationStatus, RefuseBody } from '@contract/adminAgents'
import { applicationList, approveApplication, refuseApplication } from '../../api/agents'
import { confirm, run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { useQueryTab } from '../../core/useQueryTab'
import { FormModal } from '../../components/FormModal'
import { ResponsiveList } from '../../components/ResponsiveList'

export const APPLICATION_STATUS: Record<string, { text: string; color: string }> = {
  pending: { text: '待审核', color: 'orange' },
  approved: { text: '已通过', color: 'green' },
  rejected: { text: '已驳回', color: 'red' },
}
const TABS = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'rejected', label: '已驳回' },
  { key: 'all', label: '全部' },
]
const TAB_KEYS = TABS.map((t) => t.key)

/** 代理申请: approve (opens the member's shop) or refuse with a reason the applicant sees in the shop. */
export default function Applications() {
  const [status, setStatus] = useQueryTab('status', TAB_KEYS, 'pending')
  const [refusing, setRefusing] = useState<AdminAgentApplication | null>(null)
  const action = useRef<ActionType>()
  const writable = useSession().can('agents.write')

  const approve = async (r: AdminAgentApplication) => {
    if (!(await confirm(`通过「${r.shopName}」的代理申请？`, `申请人 ${r.realName}，通过后即开通代理店铺。`))) return
    if (await run(approveApplication(r.id), '已通过，代理店铺已开通')) action.current?.reload()
  }
  const actions = (r: AdminAgentApplication) =>
    r.status === 'pending' && writable
      ? [
          <a key='ok' onClick={(e) => (e.stopPropagation(), approve(r))}>
            通过
          </a>,
          <a key='no' onClick={(e) => (e.stopPropagation(), setRefusing(r))}>
            驳回
          </a>,
        ]
      : []
  const state = (r: AdminAgentApplication) => <Tag color={APPLICATION_STATUS[r.status].color}>{APPLICATION_STATUS[r.status].text}</Tag>

  const columns: ProColumns<AdminAgentApplication>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '店铺名、姓名或手机号' } },
    { title: '店铺名称', dataIndex: 'shopName', search: false, width: 160 },
    { title: '姓名', dataIndex: 'realName', search: false, width: 90 },
    { title: '手机号', dataIndex: 'phone', search: false, width: 120 },
    { title: '身份证', dataIndex: 'idCard', search: false, width: 180 },
    { title: '申请理由', dataIndex: 'reason', search: false, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 150,
      render: (_, r) => (
        <Space direction='vertical' size={0}>
          {state(r)}
          {r.rejectReason && <Typography.Text type='secondary'>{r.rejectReason}</Typography.Text>}
        </Space>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    { title: '操作', valueType: 'option', width: 110, render: (_, r) => actions(r) },
  ]

  return (
    <PageContainer title='代理申请'>
      <Tabs activeKey={status} onChange={setStatus} items={TABS} />
      <ResponsiveList<AdminAgentApplication>
        rowKey='id'
        actionRef={action}
        columns={columns}
        params={{ status }}
        request={async (p) => {
          const r = await run(applicationList({ status: status === 'all' ? undefined : (status as ApplicationStatus), keyword: p.keyword?.trim() || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.shopName,
          subTitle: state(r),
          content: (
            <div>
              {r.realName} · {r.phone} · {r.reason}
            </div>
          ),
          description: `${dateTime(r.createdAt)}${r.rejectReason ? ` · 驳回：${r.rejectReason}` : ''}`,
          actions: actions(r),
        })}
      />
      <FormModal<RefuseBody>
        open={!!refusing}
        title={`驳回「${refusing?.shopName || ''}」的申请`}
        okText='驳回'
        onClose={() => setRefusing(null)}
        onSubmit={async (v) => {
          await refuseApplication(refusing!.id, { reason: v.reason.trim() })
          action.current?.reload()
        }}
      >
        <Form.Item name='reason' label='驳回原因（申请人可见）' rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }, { max: 120 }]}>
          <Input.TextArea rows={3} maxLength={120} showCount placeholder='例如：身份证信息与姓名不符' />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
