/** 内容 · 短视频: the review queue (approve / take down with a reason) and the comments and danmu (hide / delete). */
import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Popconfirm, Space, Tabs, Tag, Typography } from 'antd'
import type { AdminVideoComment, AdminVideoRow } from '@contract/adminContent'
import { approveVideo, deleteComment, hideComment, takeDownVideo, videoComments, videoList } from '../../api/video'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { ResponsiveList } from '../../components/ResponsiveList'
import { TextModal } from './TextModal'

const STATE: Record<string, { text: string; color: string }> = { pending: { text: '待审核', color: 'orange' }, on: { text: '已上架', color: 'green' }, off: { text: '已下架', color: 'default' } }

function Queue({ writable }: { writable: boolean }) {
  const ref = useRef<ActionType>()
  const [status, setStatus] = useState('pending')
  const [downing, setDowning] = useState<AdminVideoRow | null>(null)
  const reload = () => ref.current?.reload()
  const approve = (r: AdminVideoRow) => run(approveVideo(r.id), '已通过，商城可见').then((ok) => ok && reload())
  const actions = (r: AdminVideoRow) =>
    writable
      ? [
          r.status !== 'on' && (
            <a key='a' onClick={() => approve(r)}>
              通过
            </a>
          ),
          r.status !== 'off' && (
            <a key='d' onClick={() => setDowning(r)}>
              下架
            </a>
          ),
        ].filter(Boolean)
      : []
  const player = (r: AdminVideoRow, w: number) => (
    <video src={r.url} poster={r.cover || undefined} controls preload='none' style={{ width: w, maxHeight: w * 1.5, borderRadius: 6, background: '#000' }} aria-label={`视频：${r.title}`} />
  )
  const columns: ProColumns<AdminVideoRow>[] = [
    { title: '标题', dataIndex: 'keyword', hideInTable: true, fieldProps: { placeholder: '视频标题' } },
    { title: '视频', dataIndex: 'url', search: false, width: 140, render: (_, r) => player(r, 110) },
    {
      title: '标题',
      dataIndex: 'title',
      search: false,
      render: (_, r) => (
        <Space direction='vertical' size={2}>
          <b>{r.title}</b>
          <Typography.Text type='secondary'>
            {r.authorName} · {r.duration}秒
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 180,
      render: (_, r) => (
        <Space direction='vertical' size={2}>
          <Tag color={STATE[r.status].color}>{STATE[r.status].text}</Tag>
          {r.reviewReason && <Typography.Text type='secondary'>原因：{r.reviewReason}</Typography.Text>}
        </Space>
      ),
    },
    { title: '点赞/评论/播放', dataIndex: 'likes', search: false, width: 130, render: (_, r) => `${r.likes} / ${r.comments} / ${r.views}` },
    { title: '发布时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    { title: '操作', valueType: 'option', width: 110, render: (_, r) => actions(r) },
  ]
  return (
    <>
      <Tabs
        activeKey={status}
        onChange={setStatus}
        items={[
          { key: 'pending', label: '待审核' },
          { key: 'on', label: '已上架' },
          { key: 'off', label: '已下架' },
          { key: 'all', label: '全部' },
        ]}
      />
      <ResponsiveList<AdminVideoRow>
        rowKey='id'
        actionRef={ref}
        columns={columns}
        params={{ status }}
        scrollX={900}
        request={async (p) => {
          const r = await run(videoList({ status: status === 'all' ? undefined : (status as AdminVideoRow['status']), keyword: p.keyword?.trim() || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.title,
          subTitle: <Tag color={STATE[r.status].color}>{STATE[r.status].text}</Tag>,
          content: player(r, 160),
          description: `${r.authorName} · ${r.duration}秒 · ${dateTime(r.createdAt)}${r.reviewReason ? ` · 原因：${r.reviewReason}` : ''}`,
          actions: actions(r) as never,
        })}
      />
      <TextModal
        open={!!downing}
        title='下架视频'
        label='下架原因'
        max={200}
        onSubmit={async (reason) => {
          await takeDownVideo(downing!.id, reason)
          reload()
        }}
        onClose={() => setDowning(null)}
      />
    </>
  )
}

function Comments({ writable }: { writable: boolean }) {
  const ref = useRef<ActionType>()
  const reload = () => ref.current?.reload()
  const actions = (r: AdminVideoComment) =>
    writable
      ? [
          <a key='h' onClick={() => run(hideComment(r.id, !r.hidden), r.hidden ? '已恢复显示' : '已隐藏').then((ok) => ok && reload())}>
            {r.hidden ? '取消隐藏' : '隐藏'}
          </a>,
          <Popconfirm key='d' title='删除这条评论？' onConfirm={() => run(deleteComment(r.id), '已删除').then((ok) => ok && reload())}>
            <a>删除</a>
          </Popconfirm>,
        ]
      : []
  const columns: ProColumns<AdminVideoComment>[] = [
    { title: '关键词', dataIndex: 'keyword', hideInTable: true },
    { title: '视频编号', dataIndex: 'videoId', hideInTable: true, valueType: 'digit' },
    { title: '状态', dataIndex: 'hidden', hideInTable: true, valueType: 'select', valueEnum: { false: { text: '显示中' }, true: { text: '已隐藏' } } },
    { title: '内容', dataIndex: 'content', search: false, render: (_, r) => <span style={{ opacity: r.hidden ? 0.5 : 1 }}>{r.content}</span> },
    { title: '弹幕时间', dataIndex: 'timeOffset', search: false, width: 90, render: (_, r) => `${r.timeOffset}秒` },
    { title: '视频', dataIndex: 'videoTitle', search: false, width: 180, ellipsis: true },
    { title: '会员', dataIndex: 'nickname', search: false, width: 120 },
    { title: '状态', dataIndex: 'hiddenTag', search: false, width: 80, render: (_, r) => (r.hidden ? <Tag>已隐藏</Tag> : <Tag color='green'>显示中</Tag>) },
    { title: '时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    { title: '操作', valueType: 'option', width: 120, render: (_, r) => actions(r) },
  ]
  return (
    <ResponsiveList<AdminVideoComment>
      rowKey='id'
      actionRef={ref}
      columns={columns}
      scrollX={1000}
      request={async (p) => {
        const r = await run(
          videoComments({
            keyword: p.keyword?.trim() || undefined,
            videoId: p.videoId ? Number(p.videoId) : undefined,
            hidden: p.hidden === undefined ? undefined : p.hidden === 'true',
            page: p.current,
            pageSize: p.pageSize,
          }),
        )
        return { data: r?.list || [], total: r?.total || 0, success: !!r }
      }}
      card={(r) => ({
        title: r.content,
        subTitle: r.hidden ? <Tag>已隐藏</Tag> : <Tag color='green'>显示中</Tag>,
        description: `${r.nickname} · ${r.videoTitle} · ${r.timeOffset}秒 · ${dateTime(r.createdAt)}`,
        actions: actions(r),
      })}
    />
  )
}

export default function Videos() {
  const { can } = useSession()
  const writable = can('content.write')
  return (
    <PageContainer title='短视频'>
      <Tabs
        items={[
          { key: 'queue', label: '视频审核', children: <Queue writable={writable} /> },
          { key: 'comments', label: '评论与弹幕', children: <Comments writable={writable} /> },
        ]}
      />
    </PageContainer>
  )
}
