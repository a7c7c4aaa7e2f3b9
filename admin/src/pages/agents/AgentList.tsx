import { PageContainer, type ProColumns } from '@ant-design/pro-components'
import { Tag } from 'antd'
import { AGENT_SHOP_STATUS_TEXT, type AdminAgentRow } from '@contract/adminAgents'
import { agentList } from '../../api/agents'
import { run } from '../../core/feedback'
import { date } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'
import { NameAndPhone } from '../../components/NameAndPhone'
import { ResponsiveList } from '../../components/ResponsiveList'

/** 代理列表: each shop with its bound members, sales and the commission figures of docs/agent.md. */
export default function AgentList() {
  const open = (r: AdminAgentRow) => navigate(`/agents/list/${r.shopId}`)
  const columns: ProColumns<AdminAgentRow>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '店铺名或代理手机号' } },
    { title: '状态', dataIndex: 'status', hideInTable: true, valueType: 'select', valueEnum: Object.fromEntries(Object.entries(AGENT_SHOP_STATUS_TEXT).map(([k, text]) => [k, { text }])) },
    { title: '店铺', dataIndex: 'shopName', search: false, width: 130, render: (_, r) => <a onClick={() => open(r)}>{r.shopName}</a> },
    {
      title: '代理',
      dataIndex: 'realName',
      search: false,
      width: 110,
      render: (_, r) => <NameAndPhone name={r.realName} phone={r.memberPhone} />,
    },
    { title: '绑定会员', dataIndex: 'members', search: false, width: 80, align: 'right' },
    { title: '订单', dataIndex: 'orders', search: false, width: 60, align: 'right' },
    { title: '销售额', dataIndex: 'sales', search: false, width: 100, align: 'right', render: (_, r) => yuanLabel(r.sales) },
    { title: '累计佣金', dataIndex: 'figures', search: false, width: 100, align: 'right', render: (_, r) => yuanLabel(r.figures.totalCommission) },
    // 提现中 and 已提现, the rest of 累计佣金, are on the agent's page: the list fits a 1280px screen without scrolling sideways.
    { title: '可提现', search: false, width: 90, align: 'right', render: (_, r) => yuanLabel(r.figures.available) },
    { title: '冻结中', search: false, width: 90, align: 'right', render: (_, r) => yuanLabel(r.figures.frozen) },
    {
      title: '开店日期',
      dataIndex: 'createdAt',
      search: false,
      width: 110,
      render: (_, r) => (
        <>
          {date(r.createdAt)}
          {r.status !== 'active' && (
            <>
              <br />
              <Tag color={r.status === 'suspended' ? 'red' : undefined}>{AGENT_SHOP_STATUS_TEXT[r.status] || '已关闭'}</Tag>
            </>
          )}
        </>
      ),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 60,
      render: (_, r) => [
        <a key='d' onClick={() => open(r)}>
          详情
        </a>,
      ],
    },
  ]
  return (
    <PageContainer title='代理列表'>
      <ResponsiveList<AdminAgentRow>
        rowKey='shopId'
        columns={columns}
        scrollX={930}
        request={async (p) => {
          const r = await run(agentList({ keyword: p.keyword?.trim() || undefined, status: p.status || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.shopName,
          subTitle: `累计佣金 ${yuanLabel(r.figures.totalCommission)}`,
          content: (
            <div>
              绑定会员 {r.members} · 订单 {r.orders} · 销售额 {yuanLabel(r.sales)}
            </div>
          ),
          description: `${r.realName} ${r.memberPhone} · 可提现 ${yuanLabel(r.figures.available)}`,
          onClick: () => open(r),
        })}
      />
    </PageContainer>
  )
}
