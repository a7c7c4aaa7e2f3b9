/** 反馈: members' feedback (feedback.read / .write): open (marks it read), reply (the member sees it), close. */
import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Descriptions, Drawer, Image, Popconfirm, Space, Tabs, Tag } from 'antd'
import type { AdminFeedbackRow } from '@contract/adminContent'
import { FEEDBACK_TYPES } from '@contract/feedback'
import { closeFeedback, feedbackList, readFeedback, replyFeedback } from '../../api/feedback'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { useQueryTab } from '../../core/useQueryTab'
import { ResponsiveList } from '../../components/ResponsiveList'
import { TextModal } from './TextModal'

const STATE: Record<string, { text: string; color: string }> = {
  new: { text: '未读', color: 'red' },
  read: { text: '已读', color: 'blue' },
  replied: { text: '已回复', color: 'green' },
  closed: { text: '已关闭', color: 'default' },
}
const TAB_KEYS = ['all', ...Object.keys(STATE)]

export default function Feedback() {
  const { can } = useSession()
  const writable = can('feedback.write')
  const mobile = useMobile()
  const ref = useRef<ActionType>()
  const [status, setStatus] = useQueryTab('status', TAB_KEYS, 'all')
  const [open, setOpen] = useState<AdminFeedbackRow | null>(null)
  const [replying, setReplying] = useState<AdminFeedbackRow | null>(null)
  const reload = () => ref.current?.reload()
  const view = async (r: AdminFeedbackRow) => {
    setOpen(r)
    if (writable && r.status === 'new' && (await run(readFeedback(r.id)))) {
      setOpen({ ...r, status: 'read' })
      reload()
    }
  }
  const actions = (r: AdminFeedbackRow) => [
    <a key='v' onClick={() => view(r)}>
      查看
    </a>,
    ...(writable && r.status !== 'closed'
      ? [
          <a key='r' onClick={() => setReplying(r)}>
            {r.reply ? '修改回复' : '回复'}
          </a>,
          <Popconfirm key='c' title='关闭这条反馈？关闭后不能再回复' onConfirm={() => run(closeFeedback(r.id), '已关闭').then((ok) => ok && reload())}>
            <a>关闭</a>
          </Popconfirm>,
        ]
      : []),
  ]
  const columns: ProColumns<AdminFeedbackRow>[] = [
    { title: '类型', dataIndex: 'type', valueType: 'select', width: 100, valueEnum: Object.fromEntries(FEEDBACK_TYPES.map((t) => [t.value, { text: t.text }])), render: (_, r) => r.typeText },
    { title: '内容', dataIndex: 'content', search: false, ellipsis: true },
    { title: '会员', dataIndex: 'phone', search: false, width: 140, render: (_, r) => r.nickname || r.phone || `会员${r.memberId}` },
    { title: '状态', dataIndex: 'status', search: false, width: 90, render: (_, r) => <Tag color={STATE[r.status].color}>{STATE[r.status].text}</Tag> },
    { title: '提交时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    { title: '操作', valueType: 'option', width: 150, render: (_, r) => actions(r) },
  ]
  return (
    <PageContainer title='意见反馈'>
      <Tabs activeKey={status} onChange={setStatus} items={[{ key: 'all', label: '全部' }, ...Object.entries(STATE).map(([key, s]) => ({ key, label: s.text }))]} />
      <ResponsiveList<AdminFeedbackRow>
        rowKey='id'
        actionRef={ref}
        columns={columns}
        params={{ status }}
        scrollX={900}
        request={async (p) => {
          const r = await run(feedbackList({ status: status === 'all' ? undefined : (status as AdminFeedbackRow['status']), type: p.type || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.content,
          subTitle: <Tag color={STATE[r.status].color}>{STATE[r.status].text}</Tag>,
          description: `${r.typeText} · ${r.nickname || r.phone} · ${dateTime(r.createdAt)}`,
          actions: actions(r),
          onClick: () => view(r),
        })}
      />
      <Drawer open={!!open} title='反馈详情' width={mobile ? '100%' : 520} onClose={() => setOpen(null)}>
        {open && (
          <Descriptions column={1} size='small' bordered>
            <Descriptions.Item label='类型'>{open.typeText}</Descriptions.Item>
            <Descriptions.Item label='状态'>
              <Tag color={STATE[open.status].color}>{STATE[open.status].text}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label='会员'>
              {open.nickname} {open.phone}（编号 {open.memberId}）
            </Descriptions.Item>
            <Descriptions.Item label='联系方式'>{open.contact || '—'}</Descriptions.Item>
            <Descriptions.Item label='内容'>
              <div style={{ whiteSpace: 'pre-wrap' }}>{open.content}</div>
            </Descriptions.Item>
            {open.images.length > 0 && (
              <Descriptions.Item label='图片'>
                <Image.PreviewGroup>
                  <Space wrap>
                    {open.images.map((src) => (
                      <Image key={src} src={src} width={72} height={72} style={{ objectFit: 'cover' }} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              </Descriptions.Item>
            )}
            <Descriptions.Item label='提交时间'>{dateTime(open.createdAt)}</Descriptions.Item>
            <Descriptions.Item label='回复'>
              {open.reply ? (
                <div style={{ whiteSpace: 'pre-wrap' }}>
                  {open.reply}
                  <br />（{dateTime(open.repliedAt)}）
                </div>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            {open.closedAt && <Descriptions.Item label='关闭时间'>{dateTime(open.closedAt)}</Descriptions.Item>}
          </Descriptions>
        )}
      </Drawer>
      <TextModal
        open={!!replying}
        title='回复反馈'
        label='回复内容'
        max={1000}
        initial={replying?.reply}
        onSubmit={async (text) => {
          await replyFeedback(replying!.id, text)
          setOpen(null)
          reload()
        }}
        onClose={() => setReplying(null)}
      />
    </PageContainer>
  )
}
