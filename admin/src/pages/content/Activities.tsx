/**
 * 内容 · 活动: banner, title, summary, rules (rich text), dates, where its button leads, and the claimable coupons
 * shoppers take from the activity page (in the order chosen here).
 */
import { useEffect, useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Button, DatePicker, Form, Image, Input, Popconfirm, Radio, Select, Space, Switch, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import type { ActivityInput, AdminActivity, AdminCoupon } from '@contract/adminPromotions'
import { activities, createActivity, deleteActivity, updateActivity } from '../../api/content'
import { coupons } from '../../api/coupon'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { FormModal, sortField } from '../../components/FormModal'
import { ImageInput } from '../../components/ImagesInput'
import { ResponsiveList } from '../../components/ResponsiveList'
import { RichText } from '../../components/RichText'
import { LinkPicker } from '../../components/LinkPicker'
import { formatLink, parseLink } from '../../core/links'

interface FormValues {
  title: string
  cover: string
  summary?: string
  range: [Dayjs, Dayjs]
  contentHtml?: string
  linkType: 'none' | 'web' | 'customize'
  linkUrl?: string
  couponIds: number[]
  sort?: number
  on: boolean
}

const stateOf = (a: AdminActivity, now = Date.now()) => (now < a.startAt ? { text: '未开始', color: 'blue' } : now > a.endAt ? { text: '已结束', color: 'default' } : { text: '进行中', color: 'red' })
const toForm = (a: AdminActivity): Partial<FormValues> => ({
  title: a.title,
  cover: a.cover,
  summary: a.summary,
  range: [dayjs(a.startAt), dayjs(a.endAt)],
  contentHtml: a.contentHtml,
  linkType: a.linkType,
  linkUrl: a.linkUrl,
  couponIds: a.couponIds,
  sort: a.sort,
  on: a.status === 'on',
})
const toInput = (v: FormValues): ActivityInput => ({
  title: v.title.trim(),
  cover: v.cover,
  summary: (v.summary || '').trim(),
  contentHtml: v.contentHtml || '',
  startAt: v.range[0].valueOf(),
  endAt: v.range[1].valueOf(),
  linkType: v.linkType,
  linkUrl: v.linkType === 'none' ? '' : (v.linkUrl || '').trim(),
  sort: v.sort ?? 0,
  status: v.on ? 'on' : 'off',
  couponIds: v.couponIds || [],
})

type CouponOption = Pick<AdminCoupon, 'id' | 'name' | 'ruleText'>

/**
 * The button's web page, picked by name from 内容 → 网页链接 with the link picker of 店铺装修 (only its 网页 kind):
 * the activity stores the page's address itself, the picker the shop's web-view path around it.
 */
function ActivityWebPage({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const link = value ? formatLink({ kind: 'web', url: value }) : ''
  return (
    <LinkPicker
      id={id}
      kinds={['web']}
      ariaLabel='跳转网页'
      placeholder='请选择网页'
      value={link}
      onChange={(picked) => {
        const v = parseLink(picked)
        onChange?.(v.kind === 'web' ? v.url : '')
      }}
    />
  )
}

function ActivityFields({ claimable }: { claimable: CouponOption[] }) {
  const linkType = Form.useWatch('linkType')
  return (
    <>
      <Form.Item
        label='标题'
        name='title'
        rules={[
          { required: true, whitespace: true, message: '请填写标题' },
          { max: 64, message: '标题最多 64 个字' },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item label='横幅图（建议 750×360）' name='cover' rules={[{ required: true, message: '请上传横幅图' }]}>
        <ImageInput />
      </Form.Item>
      <Form.Item label='摘要' name='summary' rules={[{ max: 200, message: '摘要最多 200 个字' }]}>
        <Input />
      </Form.Item>
      <Form.Item
        label='活动时间'
        name='range'
        rules={[
          { required: true, message: '请选择活动时间' },
          { validator: (_, r?: [Dayjs, Dayjs]) => (r && !r[1].isAfter(r[0]) ? Promise.reject(new Error('结束时间须晚于开始时间')) : Promise.resolve()) },
        ]}
      >
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format='YYYY-MM-DD HH:mm' style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label='活动规则与介绍' name='contentHtml'>
        <RichText placeholder='活动规则、参与方式……' />
      </Form.Item>
      <Form.Item label='可领优惠券（按选择顺序展示）' name='couponIds' tooltip='只能选择启用、可领取、非新人券的优惠券'>
        <Select mode='multiple' options={claimable.map((c) => ({ value: c.id, label: `${c.name}（${c.ruleText}）` }))} optionFilterProp='label' placeholder='选择优惠券' aria-label='可领优惠券' />
      </Form.Item>
      <Form.Item label='按钮跳转' name='linkType'>
        <Radio.Group
          options={[
            { value: 'none', label: '无' },
            { value: 'web', label: '活动网页' },
            { value: 'customize', label: '自定义页面' },
          ]}
        />
      </Form.Item>
      {linkType !== 'none' && (
        <Form.Item label='跳转网页' name='linkUrl' extra='从「内容 → 网页链接」里按名称选择；新的网页请先在那里添加。' rules={[{ required: true, message: '请选择跳转的网页' }]}>
          <ActivityWebPage />
        </Form.Item>
      )}
      <Space size={24}>
        {sortField}
        <Form.Item label='上线' name='on' valuePropName='checked'>
          <Switch />
        </Form.Item>
      </Space>
    </>
  )
}

export default function Activities() {
  const action = useRef<ActionType>()
  const writable = useSession().can('content.write')
  const [editing, setEditing] = useState<{ row?: AdminActivity; values: Partial<FormValues> } | null>(null)
  const [claimable, setClaimable] = useState<AdminCoupon[]>([])
  useEffect(() => {
    if (!writable) return
    // Claimable coupons: on, claimable, not in the new-member package.
    void coupons({ status: 'on', pageSize: 100 }).then(
      (r) => setClaimable(r.list.filter((c) => c.visible && !c.newMember)),
      () => {},
    )
  }, [writable])
  const reload = () => action.current?.reload()

  async function save(v: FormValues) {
    const body = toInput(v)
    if (editing?.row) await updateActivity(editing.row.id, body)
    else await createActivity(body)
    reload()
  }

  const columns: ProColumns<AdminActivity>[] = [
    { title: '横幅', dataIndex: 'cover', search: false, width: 110, render: (_, r) => <Image src={r.cover} alt={r.title} width={96} height={46} style={{ objectFit: 'cover', borderRadius: 4 }} /> },
    { title: '标题', dataIndex: 'keyword', render: (_, r) => r.title, fieldProps: { placeholder: '活动标题' } },
    { title: '时间', dataIndex: 'startAt', search: false, width: 270, render: (_, r) => `${dateTime(r.startAt)} ~ ${dateTime(r.endAt)}` },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 130,
      render: (_, r) => <Space size={4}>{r.status === 'on' ? <Tag color={stateOf(r).color}>{stateOf(r).text}</Tag> : <Tag>已下线</Tag>}</Space>,
    },
    { title: '可领优惠券', dataIndex: 'coupons', search: false, render: (_, r) => (r.coupons.length ? r.coupons.map((c) => <Tag key={c.id}>{c.name}</Tag>) : '—') },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      fixed: 'right',
      render: (_, r) =>
        writable
          ? [
              <a key='e' onClick={() => setEditing({ row: r, values: toForm(r) })}>
                编辑
              </a>,
              <Popconfirm key='d' title='删除这个活动？已领的优惠券不受影响' onConfirm={() => void run(deleteActivity(r.id), '已删除').then((ok) => ok && reload())}>
                <a>删除</a>
              </Popconfirm>,
            ]
          : [],
    },
  ]

  return (
    <PageContainer title='活动'>
      <ResponsiveList<AdminActivity>
        rowKey='id'
        actionRef={action}
        columns={columns}
        scrollX={1000}
        request={async (p) => {
          const r = await run(activities({ keyword: p.keyword?.trim() || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.title,
          subTitle: r.status === 'on' ? <Tag color={stateOf(r).color}>{stateOf(r).text}</Tag> : <Tag>已下线</Tag>,
          content: <Image src={r.cover} alt={r.title} width='100%' height={120} style={{ objectFit: 'cover', borderRadius: 4 }} preview={false} />,
          description: `${dateTime(r.startAt)} ~ ${dateTime(r.endAt)}${r.coupons.length ? ` · ${r.coupons.length} 张券` : ''}`,
          onClick: writable ? () => setEditing({ row: r, values: toForm(r) }) : undefined,
        })}
        toolBarRender={() => [
          writable && (
            <Button key='new' type='primary' icon={<PlusOutlined />} onClick={() => setEditing({ values: { linkType: 'none', couponIds: [], sort: 0, on: true } })}>
              新建活动
            </Button>
          ),
        ]}
      />
      <FormModal<FormValues> open={!!editing} title={editing?.row ? '编辑活动' : '新建活动'} initialValues={editing?.values} onSubmit={save} onClose={() => setEditing(null)} width={720}>
        {/* The linked ones stay listed even if no longer claimable (the server then says why on save). */}
        <ActivityFields claimable={[...new Map<number, CouponOption>([...(editing?.row?.coupons || []), ...claimable].map((c) => [c.id, c])).values()]} />
      </FormModal>
    </PageContainer>
  )
}
