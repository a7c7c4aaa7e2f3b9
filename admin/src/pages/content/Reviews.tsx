/** 内容 · 评价: goods reviews filtered by goods, stars, pictures; hide / show; reply as the shop (shown on the goods page). */
import { useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Image, Rate, Space, Tag, Typography } from 'antd'
import type { AdminReviewRow } from '@contract/adminContent'
import { hideReview, replyReview, reviewList } from '../../api/review'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { GoodsSelect } from '../../components/GoodsPicker'
import { ResponsiveList } from '../../components/ResponsiveList'
import { TextModal } from './TextModal'

export default function Reviews() {
  const { can } = useSession()
  const writable = can('content.write')
  const ref = useRef<ActionType>()
  const [replying, setReplying] = useState<AdminReviewRow | null>(null)
  const reload = () => ref.current?.reload()
  const actions = (r: AdminReviewRow) =>
    writable
      ? [
          <a key='r' onClick={() => setReplying(r)}>
            {r.reply ? '修改回复' : '回复'}
          </a>,
          <a key='h' onClick={() => run(hideReview(r.id, !r.hidden), r.hidden ? '已恢复显示' : '已隐藏').then((ok) => ok && reload())}>
            {r.hidden ? '取消隐藏' : '隐藏'}
          </a>,
        ]
      : []
  const body = (r: AdminReviewRow) => (
    <Space direction='vertical' size={4} style={{ opacity: r.hidden ? 0.55 : 1 }}>
      <span>{r.content}</span>
      {r.images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap size={4}>
            {r.images.map((src, i) => (
              <Image key={src} src={src} alt={`评价图片 ${i + 1}`} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {r.followUp && <Typography.Text type='secondary'>追评：{r.followUp}</Typography.Text>}
      {r.reply && (
        <Typography.Text type='success' data-testid='review-reply'>
          商家回复：{r.reply}
        </Typography.Text>
      )}
    </Space>
  )
  const columns: ProColumns<AdminReviewRow>[] = [
    { title: '商品', dataIndex: 'goodsId', hideInTable: true, renderFormItem: () => <GoodsSelect allowClear placeholder='输入商品名称搜索' /> },
    {
      title: '评分',
      dataIndex: 'rating',
      hideInTable: true,
      valueType: 'select',
      valueEnum: { 5: { text: '5 星' }, 4: { text: '4 星' }, 3: { text: '3 星' }, 2: { text: '2 星' }, 1: { text: '1 星' } },
    },
    { title: '有图', dataIndex: 'hasImages', hideInTable: true, valueType: 'select', valueEnum: { true: { text: '有图' }, false: { text: '无图' } } },
    { title: '状态', dataIndex: 'hidden', hideInTable: true, valueType: 'select', valueEnum: { false: { text: '显示中' }, true: { text: '已隐藏' } } },
    {
      title: '商品',
      dataIndex: 'goodsName',
      search: false,
      width: 180,
      render: (_, r) => (
        <Space>
          <Image src={r.goodsImage} alt={r.goodsName} width={40} height={40} preview={false} style={{ objectFit: 'cover', borderRadius: 4 }} />
          <span>
            {r.goodsName}
            <br />
            <Typography.Text type='secondary'>{r.specText}</Typography.Text>
          </span>
        </Space>
      ),
    },
    {
      title: '评价',
      dataIndex: 'content',
      search: false,
      render: (_, r) => (
        <Space direction='vertical' size={2}>
          <Rate disabled value={r.rating} style={{ fontSize: 12 }} />
          {body(r)}
        </Space>
      ),
    },
    { title: '会员', dataIndex: 'nickname', search: false, width: 120, render: (_, r) => `${r.nickname || `会员${r.memberId}`}${r.anonymous ? '（匿名）' : ''}` },
    { title: '状态', dataIndex: 'hiddenTag', search: false, width: 80, render: (_, r) => (r.hidden ? <Tag>已隐藏</Tag> : <Tag color='green'>显示中</Tag>) },
    { title: '时间', dataIndex: 'createdAt', search: false, width: 150, render: (_, r) => dateTime(r.createdAt) },
    { title: '操作', valueType: 'option', width: 130, render: (_, r) => actions(r) },
  ]
  return (
    <PageContainer title='评价'>
      <ResponsiveList<AdminReviewRow>
        rowKey='id'
        actionRef={ref}
        columns={columns}
        scrollX={960}
        request={async (p) => {
          const bool = (v: unknown) => (v === undefined ? undefined : v === 'true' || v === true)
          const r = await run(
            reviewList({
              goodsId: p.goodsId ? Number(p.goodsId) : undefined,
              rating: p.rating ? Number(p.rating) : undefined,
              hasImages: bool(p.hasImages),
              hidden: bool(p.hidden),
              page: p.current,
              pageSize: p.pageSize,
            }),
          )
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.goodsName,
          subTitle: <Rate disabled value={r.rating} style={{ fontSize: 12 }} />,
          content: body(r),
          description: `${r.nickname || `会员${r.memberId}`} · ${dateTime(r.createdAt)}${r.hidden ? ' · 已隐藏' : ''}`,
          actions: actions(r),
        })}
      />
      <TextModal
        open={!!replying}
        title='回复评价'
        label='回复内容'
        max={500}
        initial={replying?.reply}
        required={!replying?.reply}
        onSubmit={async (text) => {
          await replyReview(replying!.id, text)
          reload()
        }}
        onClose={() => setReplying(null)}
      />
    </PageContainer>
  )
}
