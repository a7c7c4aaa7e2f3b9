import { useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Button, Card, DatePicker, Form, Input, InputNumber, Select, Switch, Table, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import { CAMPAIGN_TYPE_TEXT, type AdminCampaign, type CampaignInput } from '@contract/adminRewards'
import { campaigns as campaignsApi, createCampaign, updateCampaign } from '../../api/cashback'
import { dateTime } from '../../core/format'
import { fenToYuan, yuanRule, yuanToFen } from '../../core/money'
import { useSession } from '../../core/session'
import { useServerPages } from '../../hooks/useServerPages'
import { FormModal } from '../../components/FormModal'
import { GoodsSelect } from '../../components/GoodsPicker'

interface CampaignForm extends Omit<CampaignInput, 'amount' | 'startAt' | 'endAt' | 'quota' | 'status'> {
  amount: string
  range: [Dayjs, Dayjs]
  quota?: number | null
  active: boolean
}

/** 营销 › 返现规则: per goods, the cashback amount, what the review must have, the places and the dates. */
export default function CashbackCampaigns() {
  const { data, pagination, reload: load } = useServerPages((paging) => campaignsApi(paging), [])
  const [editing, setEditing] = useState<Partial<AdminCampaign> | null>(null)
  const writable = useSession().can('marketing.write')

  async function save(v: CampaignForm) {
    const body: CampaignInput = {
      goodsId: v.goodsId,
      title: v.title.trim(),
      type: v.type,
      amount: yuanToFen(v.amount) ?? 0,
      requirement: v.requirement?.trim() || '',
      minRating: v.minRating,
      minChars: v.minChars,
      minImages: v.minImages,
      quota: v.quota || null,
      status: v.active ? 'active' : 'ended',
      startAt: v.range[0].startOf('day').valueOf(),
      endAt: v.range[1].endOf('day').valueOf(),
    }
    if (editing?.id) await updateCampaign(editing.id, body)
    else await createCampaign(body)
    load()
  }
  const initial = (c: Partial<AdminCampaign>): Partial<CampaignForm> => ({
    goodsId: c.goodsId,
    title: c.title,
    type: (c.type as CampaignInput['type']) || 'review',
    amount: c.amount !== undefined ? fenToYuan(c.amount) : '',
    requirement: c.requirement,
    minRating: c.minRating ?? 4,
    minChars: c.minChars ?? 0,
    minImages: c.minImages ?? 0,
    quota: c.quota ?? null,
    active: (c.status ?? 'active') === 'active',
    range: [dayjs(c.startAt ?? Date.now()), dayjs(c.endAt ?? Date.now() + 30 * 86_400_000)],
  })
  const live = (c: AdminCampaign) => c.status === 'active' && c.startAt <= Date.now() && c.endAt > Date.now()

  return (
    <PageContainer title='返现规则'>
      <Card
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing({})}>
              新建返现规则
            </Button>
          )
        }
      >
        <Table<AdminCampaign>
          rowKey='id'
          loading={!data}
          dataSource={data?.list || []}
          pagination={pagination}
          scroll={{ x: 1250 }}
          columns={[
            { title: '商品', dataIndex: 'goodsName', width: 200, ellipsis: true },
            { title: '活动', dataIndex: 'title', width: 160 },
            { title: '方式', dataIndex: 'type', width: 170, render: (v: string) => CAMPAIGN_TYPE_TEXT[v as keyof typeof CAMPAIGN_TYPE_TEXT] || v },
            { title: '返现', dataIndex: 'amount', width: 90, align: 'right', render: (v: number) => `¥${fenToYuan(v)}` },
            { title: '要求', width: 170, render: (_, r) => `${r.minRating}星以上 · ${r.minChars}字 · ${r.minImages}图` },
            { title: '名额', width: 100, render: (_, r) => `${r.used} / ${r.quota ?? '不限'}` },
            { title: '时间', width: 200, render: (_, r) => `${dateTime(r.startAt).slice(0, 10)} ~ ${dateTime(r.endAt).slice(0, 10)}` },
            { title: '状态', width: 90, render: (_, r) => (live(r) ? <Tag color='green'>进行中</Tag> : r.status === 'ended' ? <Tag>已结束</Tag> : <Tag color='orange'>未在期内</Tag>) },
            { title: '操作', width: 70, fixed: 'right', render: (_, r) => writable && <a onClick={() => setEditing(r)}>编辑</a> },
          ]}
        />
      </Card>
      <FormModal<CampaignForm>
        open={!!editing}
        title={editing?.id ? '编辑返现规则' : '新建返现规则'}
        initialValues={editing ? initial(editing) : undefined}
        onSubmit={save}
        onClose={() => setEditing(null)}
        width={640}
      >
        <Form.Item label='商品' name='goodsId' rules={[{ required: true, message: '请选择商品' }]}>
          <GoodsSelect />
        </Form.Item>
        <Form.Item
          label='活动名称'
          name='title'
          rules={[
            { required: true, whitespace: true, message: '请填写活动名称' },
            { max: 32, message: '活动名称最多 32 个字' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label='方式' name='type' rules={[{ required: true, message: '请选择方式' }]}>
          <Select options={Object.entries(CAMPAIGN_TYPE_TEXT).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          label='返现金额（元）'
          name='amount'
          rules={[yuanRule('返现金额', { min: 0.01 }), { validator: (_, v) => ((yuanToFen(v) ?? 0) > 100000 ? Promise.reject(new Error('返现金额最多 1000 元')) : Promise.resolve()) }]}
        >
          <Input prefix='¥' style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='最低星级' name='minRating' rules={[{ required: true, type: 'integer', min: 1, max: 5, message: '星级为 1 到 5' }]}>
          <InputNumber precision={0} min={1} max={5} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='评价最少字数' name='minChars' rules={[{ required: true, type: 'integer', min: 0, max: 500, message: '字数为 0 到 500' }]}>
          <InputNumber precision={0} min={0} max={500} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='评价最少图片' name='minImages' rules={[{ required: true, type: 'integer', min: 0, max: 9, message: '图片数为 0 到 9' }]}>
          <InputNumber precision={0} min={0} max={9} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='名额（不填为不限）' name='quota' rules={[{ type: 'integer', min: 1, max: 1000000, message: '名额为 1 到 1000000 的整数' }]}>
          <InputNumber precision={0} min={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='活动时间' name='range' rules={[{ required: true, message: '请选择活动时间' }]}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item label='要求说明（展示给会员）' name='requirement' rules={[{ max: 500, message: '要求说明最多 500 个字' }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item label='启用' name='active' valuePropName='checked'>
          <Switch />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
