/** 营销 · 秒杀: the sessions, newest first, with sold / quota; a running one is marked and opens to its live figures. */
import { useRef } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, Popconfirm, Progress, Space, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminSeckillSessionRow } from '@contract/adminPromotions'
import { deleteSeckill, seckillSessions } from '../../api/seckill'
import { run } from '../../core/feedback'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { ResponsiveList } from '../../components/ResponsiveList'

export const SECKILL_STATE: Record<string, { text: string; color: string }> = {
  upcoming: { text: '未开始', color: 'blue' },
  active: { text: '进行中', color: 'red' },
  ended: { text: '已结束', color: 'default' },
}
/** Sessions are defined in China time (their day and HH:mm), whatever the browser's zone. */
const hhmm = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(11, 16)
const soldBar = (r: { sold: number; quota: number }) => (
  <Space size={8}>
    <Progress
      aria-label={`售出 ${r.sold} / ${r.quota} 件`}
      percent={r.quota ? Math.min(100, Math.floor((r.sold * 100) / r.quota)) : 0}
      size='small'
      style={{ width: 90, margin: 0 }}
      showInfo={false}
    />
    <span>
      {r.sold} / {r.quota}
    </span>
  </Space>
)

export default function SeckillSessions() {
  const action = useRef<ActionType>()
  const writable = useSession().can('marketing.write')
  const open = (id: number) => navigate(`/marketing/seckill/${id}`)
  const remove = async (id: number) => (await run(deleteSeckill(id), '已删除')) && action.current?.reload()

  const columns: ProColumns<AdminSeckillSessionRow>[] = [
    { title: '日期', dataIndex: 'day', valueType: 'date', width: 120, render: (_, r) => r.day },
    { title: '时间', dataIndex: 'startAt', search: false, width: 120, render: (_, r) => `${hhmm(r.startAt)} - ${hhmm(r.endAt)}` },
    { title: '状态', dataIndex: 'state', search: false, width: 90, render: (_, r) => <Tag color={SECKILL_STATE[r.state].color}>{SECKILL_STATE[r.state].text}</Tag> },
    { title: '商品数', dataIndex: 'itemCount', search: false, width: 80 },
    { title: '已售 / 限量', dataIndex: 'sold', search: false, width: 190, render: (_, r) => soldBar(r) },
    { title: '每日重复', dataIndex: 'repeatDaily', search: false, width: 90, render: (_, r) => (r.repeatDaily ? '是' : '否') },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, r) => [
        <a key='o' onClick={() => open(r.id)}>
          {writable && r.state !== 'ended' ? '编辑' : '查看'}
        </a>,
        writable && r.sold === 0 && (
          <Popconfirm key='d' title='删除这个场次？' onConfirm={() => remove(r.id)}>
            <a>删除</a>
          </Popconfirm>
        ),
      ],
    },
  ]

  return (
    <PageContainer title='秒杀'>
      <ResponsiveList<AdminSeckillSessionRow>
        rowKey='id'
        actionRef={action}
        columns={columns}
        scrollX={800}
        request={async (p) => {
          const r = await run(seckillSessions({ day: p.day || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: `${r.day} ${hhmm(r.startAt)} - ${hhmm(r.endAt)}`,
          subTitle: <Tag color={SECKILL_STATE[r.state].color}>{SECKILL_STATE[r.state].text}</Tag>,
          content: soldBar(r),
          description: `${r.itemCount} 个商品`,
          onClick: () => open(r.id),
        })}
        toolBarRender={() => [
          writable && (
            <Button key='new' type='primary' icon={<PlusOutlined />} onClick={() => navigate('/marketing/seckill/new')}>
              新建场次
            </Button>
          ),
        ]}
      />
    </PageContainer>
  )
}
