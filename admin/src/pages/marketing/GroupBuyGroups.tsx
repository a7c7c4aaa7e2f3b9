/**
 * 营销 · 拼团 · 查看团: the groups of one activity (newest first, by state), each with its places filled, its deadline
 * or when it formed / failed, and its members: who, the order, paid or refunded. What staff read to answer "why was
 * my group order refunded".
 */
import { useEffect, useState } from 'react'
import { Card, Drawer, Empty, Pagination, Segmented, Space, Spin, Table, Tag, Typography } from 'antd'
import type { AdminGroupBuyActivity, AdminGroupBuyGroup, AdminGroupBuyGroupPage, AdminGroupBuyMember, GroupBuyGroupState } from '@contract/adminGroupBuy'
import { groupBuyGroups } from '../../api/groupBuy'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useMobile } from '../../core/useMobile'

export const GROUP_STATE: Record<GroupBuyGroupState, { text: string; color: string }> = {
  open: { text: '拼团中', color: 'orange' },
  formed: { text: '已成团', color: 'green' },
  failed: { text: '拼团失败', color: 'default' },
}
const MEMBER_STATE: Record<AdminGroupBuyMember['state'], { text: string; color: string }> = {
  unpaid: { text: '待付款', color: 'default' },
  paid: { text: '已付款', color: 'green' },
  late: { text: '待退款', color: 'orange' },
  refunded: { text: '已退款', color: 'default' },
}

/** When the group formed / failed, or until when it waits. */
const when = (g: AdminGroupBuyGroup) => (g.state === 'formed' ? `${dateTime(g.formedAt)} 成团` : g.state === 'failed' ? `${dateTime(g.failedAt)} 未满员，已退款` : `${dateTime(g.expiresAt)} 截止`)

function GroupCard({ g }: { g: AdminGroupBuyGroup }) {
  const filled = g.paidCount + g.virtualCount
  return (
    <Card
      size='small'
      style={{ marginBottom: 12 }}
      title={
        <Space wrap size={8}>
          <span>团 {g.id}</span>
          <Tag color={GROUP_STATE[g.state].color}>{GROUP_STATE[g.state].text}</Tag>
        </Space>
      }
      extra={
        <Typography.Text type='secondary'>
          {filled} / {g.size} 人{g.virtualCount ? `（模拟成团补 ${g.virtualCount} 人）` : ''}
        </Typography.Text>
      }
    >
      <Typography.Paragraph type='secondary' style={{ marginBottom: 8 }}>
        {dateTime(g.createdAt)} 开团 · {when(g)}
      </Typography.Paragraph>
      <Table<AdminGroupBuyMember>
        size='small'
        rowKey='orderNo'
        pagination={false}
        dataSource={g.members}
        scroll={{ x: 760 }}
        columns={[
          {
            title: '成员',
            key: 'who',
            width: 160,
            render: (_, m) => (
              <Space size={4}>
                <span>{m.nickname || m.phone || '拼团用户'}</span>
                {m.isLeader && <Tag color='red'>团长</Tag>}
              </Space>
            ),
          },
          { title: '手机号', dataIndex: 'phone', width: 120 },
          { title: '件数', dataIndex: 'quantity', width: 60 },
          { title: '状态', key: 'state', width: 90, render: (_, m) => <Tag color={MEMBER_STATE[m.state].color}>{MEMBER_STATE[m.state].text}</Tag> },
          { title: '订单号', dataIndex: 'orderNo', width: 210, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: '付款时间', key: 'paidAt', width: 140, render: (_, m) => dateTime(m.paidAt) },
        ]}
      />
    </Card>
  )
}

export function GroupBuyGroups({ activity, onClose }: { activity: AdminGroupBuyActivity | null; onClose: () => void }) {
  const mobile = useMobile()
  const [state, setState] = useState<GroupBuyGroupState | 'all'>('all')
  const [page, setPage] = useState(1)
  const [data, setData] = useState<AdminGroupBuyGroupPage | null>(null)
  const [loading, setLoading] = useState(false)
  const id = activity?.id
  useEffect(() => {
    setState('all')
    setPage(1)
  }, [id])
  useEffect(() => {
    if (!id) return setData(null)
    let live = true
    setLoading(true)
    void run(groupBuyGroups(id, { state: state === 'all' ? undefined : state, page, pageSize: 10 })).then((r) => {
      if (!live) return
      setData(r || null)
      setLoading(false)
    })
    return () => {
      live = false
    }
  }, [id, state, page])

  return (
    <Drawer open={!!activity} width={mobile ? '100%' : 760} title={activity ? `查看团 · ${activity.title}` : ''} onClose={onClose} destroyOnClose>
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v as GroupBuyGroupState | 'all')
          setPage(1)
        }}
        options={[{ value: 'all', label: '全部' }, ...Object.entries(GROUP_STATE).map(([value, s]) => ({ value, label: s.text }))]}
        style={{ marginBottom: 12 }}
        aria-label='团的状态'
      />
      <Spin spinning={loading}>{data?.list.length ? data.list.map((g) => <GroupCard key={g.id} g={g} />) : <Empty description={loading ? '加载中' : '还没有团'} />}</Spin>
      {data && data.total > data.pageSize && <Pagination current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} size='small' style={{ textAlign: 'right' }} />}
    </Drawer>
  )
}
