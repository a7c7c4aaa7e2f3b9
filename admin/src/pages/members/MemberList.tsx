import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import { Avatar, Space, Tag } from 'antd'
import type { AdminMemberRow } from '@contract/adminMembers'
import { memberList } from '../../api/member'
import { membersGrowth } from '../../api/level'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'

/** A member row with its level and growth (会员等级, read beside the list). */
type Row = AdminMemberRow & { growth?: number; levelName?: string }

export default function MemberList() {
  const open = (r: AdminMemberRow) => navigate(`/members/${r.id}`)
  const columns: ProColumns<Row>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '手机号、昵称或会员编号' } },
    {
      title: '会员',
      dataIndex: 'phone',
      search: false,
      render: (_, r) => (
        <Space>
          <Avatar src={r.avatar || undefined}>{r.nickname.slice(0, 1)}</Avatar>
          <a onClick={() => open(r)}>{r.nickname || r.phone}</a>
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'phone', search: false, width: 130 },
    { title: '编号', dataIndex: 'id', search: false, width: 80 },
    { title: '等级', dataIndex: 'levelName', search: false, width: 100, render: (_, r) => (r.growth === undefined ? '—' : r.levelName || '普通会员') },
    { title: '成长值', dataIndex: 'growth', search: false, width: 90, align: 'right', render: (_, r) => r.growth ?? '—' },
    { title: '积分', dataIndex: 'points', search: false, width: 90, align: 'right' },
    { title: '余额', dataIndex: 'balance', search: false, width: 110, align: 'right', render: (_, r) => `¥${fenToYuan(r.balance)}` },
    {
      title: '状态',
      dataIndex: 'disabled',
      valueType: 'select',
      width: 90,
      valueEnum: { false: { text: '正常' }, true: { text: '已停用' } },
      render: (_, r) => (r.disabled ? <Tag color='red'>已停用</Tag> : <Tag color='green'>正常</Tag>),
    },
    { title: '注册时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    {
      title: '操作',
      valueType: 'option',
      width: 70,
      fixed: 'right' as const,
      render: (_, r) => [
        <a key='d' onClick={() => open(r)}>
          详情
        </a>,
      ],
    },
  ]
  return (
    <PageContainer title='会员'>
      <ProTable<Row>
        rowKey='id'
        columns={columns}
        scroll={{ x: 1100 }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        request={async (p) => {
          const r = await run(memberList({ keyword: p.keyword?.trim() || undefined, disabled: p.disabled === undefined ? undefined : p.disabled === 'true', page: p.current, pageSize: p.pageSize }))
          const list = r?.list || []
          const growth = list.length ? await run(membersGrowth(list.map((m) => m.id))) : undefined
          const data: Row[] = list.map((m) => ({ ...m, ...growth?.list.find((g) => g.memberId === m.id) }))
          return { data, total: r?.total || 0, success: !!r }
        }}
      />
    </PageContainer>
  )
}
