/**
 * 营销 · 拼团: the activities, newest first: goods, group size and time to fill, time window and state, live figures
 * (groups open / formed / failed, paid group orders and their sales), on/off, 编辑 and 查看团 (who is in which group).
 */
import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, Space, Switch, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminGroupBuyActivity } from '@contract/adminGroupBuy'
import { groupBuyActivities, setGroupBuyEnabled } from '../../api/groupBuy'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { ResponsiveList } from '../../components/ResponsiveList'
import { GROUP_BUY_STATE, groupBuyState } from './groupBuyForm'
import { GroupBuyGroups } from './GroupBuyGroups'

const stateTag = (r: AdminGroupBuyActivity) => {
  const s = GROUP_BUY_STATE[groupBuyState(r)]
  return <Tag color={s.color}>{s.text}</Tag>
}
const figuresText = (r: AdminGroupBuyActivity) => `进行中 ${r.figures.open} 团 · 已成团 ${r.figures.formed} · 已失败 ${r.figures.failed} · ${r.figures.orders} 单 ${yuanLabel(r.figures.sales)}`

export default function GroupBuyActivities() {
  const action = useRef<ActionType>()
  const writable = useSession().can('marketing.write')
  const [groupsOf, setGroupsOf] = useState<AdminGroupBuyActivity | null>(null)
  const edit = (id: number) => navigate(`/marketing/group-buy/${id}`)
  const toggle = async (r: AdminGroupBuyActivity, on: boolean) => (await run(setGroupBuyEnabled(r.id, on), on ? '已开启' : '已关闭')) && action.current?.reload()
  const enabledSwitch = (r: AdminGroupBuyActivity) => (
    <Switch checked={r.enabled} disabled={!writable} onChange={(on) => void toggle(r, on)} aria-label={`开启「${r.title}」`} checkedChildren='开' unCheckedChildren='关' />
  )
  const actions = (r: AdminGroupBuyActivity) => [
    <a key='e' onClick={() => edit(r.id)}>
      {writable ? '编辑' : '查看'}
    </a>,
    <a key='g' onClick={() => setGroupsOf(r)}>
      查看团
    </a>,
  ]

  const columns: ProColumns<AdminGroupBuyActivity>[] = [
    {
      title: '活动',
      dataIndex: 'title',
      search: false,
      width: 200,
      render: (_, r) => (
        <Space direction='vertical' size={0} style={{ minWidth: 0 }}>
          <Typography.Text strong>{r.title}</Typography.Text>
          <Typography.Text type='secondary' ellipsis style={{ maxWidth: 180 }}>
            {r.goodsName}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '成团规则', dataIndex: 'size', search: false, width: 130, render: (_, r) => `${r.size} 人团 · ${r.hours} 小时` },
    {
      title: '活动时间',
      dataIndex: 'startAt',
      search: false,
      width: 150,
      render: (_, r) => (
        <span>
          {dateTime(r.startAt)}
          <br />至 {dateTime(r.endAt)}
        </span>
      ),
    },
    { title: '状态', dataIndex: 'enabled', search: false, width: 80, render: (_, r) => stateTag(r) },
    {
      title: '进行中 / 已成团 / 已失败',
      dataIndex: 'figures',
      search: false,
      width: 210,
      render: (_, r) => (
        <span>
          {r.figures.open} / {r.figures.formed} / {r.figures.failed}
        </span>
      ),
    },
    { title: '订单数', dataIndex: ['figures', 'orders'], search: false, width: 70 },
    { title: '销售额', dataIndex: ['figures', 'sales'], search: false, width: 100, render: (_, r) => yuanLabel(r.figures.sales) },
    { title: '开启', dataIndex: 'id', search: false, width: 70, fixed: 'right', render: (_, r) => enabledSwitch(r) },
    { title: '操作', valueType: 'option', width: 120, fixed: 'right', render: (_, r) => actions(r) },
  ]

  return (
    <PageContainer title='拼团'>
      <ResponsiveList<AdminGroupBuyActivity>
        rowKey='id'
        actionRef={action}
        columns={columns}
        scrollX={1130}
        request={async (p) => {
          const r = await run(groupBuyActivities({ page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.title,
          subTitle: stateTag(r),
          content: (
            <Space direction='vertical' size={2}>
              <Typography.Text>{r.goodsName}</Typography.Text>
              <Typography.Text type='secondary'>
                {r.size} 人团 · {r.hours} 小时成团 · {dateTime(r.startAt)} 至 {dateTime(r.endAt)}
              </Typography.Text>
            </Space>
          ),
          description: figuresText(r),
          actions: [enabledSwitch(r), ...actions(r)],
        })}
        toolBarRender={() => [
          writable && (
            <Button key='new' type='primary' icon={<PlusOutlined />} onClick={() => navigate('/marketing/group-buy/new')}>
              新建拼团
            </Button>
          ),
        ]}
      />
      <GroupBuyGroups activity={groupsOf} onClose={() => setGroupsOf(null)} />
    </PageContainer>
  )
}
