import { useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Avatar, Button, Card, Form, Input, InputNumber, Switch, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminPointsGoods } from '@contract/adminRewards'
import { createPointsGoods, pointsGoodsList, setPointsGoodsStatus, updatePointsGoods } from '../../api/integral'
import { run } from '../../core/feedback'
import { useSession } from '../../core/session'
import { useServerPages } from '../../hooks/useServerPages'
import { fenToYuan, yuanRule, yuanToFen } from '../../core/money'
import { FormModal, sortField } from '../../components/FormModal'
import { ImageInput } from '../../components/ImagesInput'
import { SkuPicker } from './PointsSkuPicker'

interface GoodsForm {
  skuId: number
  name: string
  image?: string
  points: number
  cash: string
  marketPrice: string
  stock: number
  perMemberLimit: number
  description?: string
  sort?: number
  status: boolean
}

/** 营销 › 积分商城: the goods members redeem with points (plus cash when set), their stock and limits, on/off. */
export default function PointsGoods() {
  const { data, pagination, reload: load } = useServerPages((paging) => pointsGoodsList(paging), [])
  const [editing, setEditing] = useState<Partial<AdminPointsGoods> | null>(null)
  const [form] = Form.useForm<GoodsForm>()
  const writable = useSession().can('marketing.write')

  async function save(v: GoodsForm) {
    const body = {
      skuId: v.skuId,
      name: v.name.trim(),
      image: v.image || '',
      points: v.points,
      cash: yuanToFen(v.cash) ?? 0,
      marketPrice: yuanToFen(v.marketPrice) ?? 0,
      stock: v.stock,
      perMemberLimit: v.perMemberLimit,
      description: v.description?.trim() || '',
      sort: v.sort ?? 0,
      status: v.status ? ('on' as const) : ('off' as const),
    }
    if (editing?.id) await updatePointsGoods(editing.id, { ...body, stockBefore: editing.stock })
    else await createPointsGoods(body)
    load()
  }

  const initial = (g: Partial<AdminPointsGoods>): Partial<GoodsForm> =>
    ({
      ...g,
      cash: g.cash !== undefined ? fenToYuan(g.cash) : '0',
      marketPrice: g.marketPrice !== undefined ? fenToYuan(g.marketPrice) : '',
      status: g.status === 'on',
      perMemberLimit: g.perMemberLimit ?? 1,
      stock: g.stock ?? 0,
    }) as Partial<GoodsForm>

  return (
    <PageContainer title='积分商城'>
      <Card
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing({ sort: 0 })}>
              新建兑换商品
            </Button>
          )
        }
      >
        <Table<AdminPointsGoods>
          rowKey='id'
          loading={!data}
          dataSource={data?.list || []}
          pagination={pagination}
          scroll={{ x: 900 }}
          columns={[
            { title: '图片', dataIndex: 'image', width: 70, render: (v: string, r) => (v ? <Avatar shape='square' src={v} alt={r.name} /> : '—') },
            {
              title: '名称',
              dataIndex: 'name',
              render: (v: string, r) => (
                <>
                  {v}
                  <Typography.Text type='secondary' style={{ display: 'block', fontSize: 12 }}>
                    {r.specText}
                  </Typography.Text>
                </>
              ),
            },
            { title: '积分', dataIndex: 'points', width: 90, align: 'right' },
            { title: '加价', dataIndex: 'cash', width: 90, align: 'right', render: (v: number) => (v ? `¥${fenToYuan(v)}` : '—') },
            { title: '库存', dataIndex: 'stock', width: 80, align: 'right', render: (v: number) => (v ? v : <Tag color='red'>0</Tag>) },
            { title: '已兑换', dataIndex: 'redeemed', width: 80, align: 'right' },
            { title: '每人限兑', dataIndex: 'perMemberLimit', width: 90, align: 'right' },
            {
              title: '上架',
              dataIndex: 'status',
              width: 80,
              render: (v: string, r) => (
                <Switch
                  checked={v === 'on'}
                  disabled={!writable}
                  aria-label={`上架 ${r.name}`}
                  onChange={(on) => run(setPointsGoodsStatus(r.id, on ? 'on' : 'off'), on ? '已上架' : '已下架').then(load)}
                />
              ),
            },
            { title: '操作', width: 70, fixed: 'right', render: (_, r) => writable && <a onClick={() => setEditing(r)}>编辑</a> },
          ]}
        />
      </Card>
      <FormModal<GoodsForm>
        form={form}
        open={!!editing}
        title={editing?.id ? '编辑兑换商品' : '新建兑换商品'}
        initialValues={editing ? initial(editing) : undefined}
        onSubmit={save}
        onClose={() => setEditing(null)}
        width={640}
      >
        <Form.Item label='商品规格' name='skuId' rules={[{ required: true, message: '请选择商品和规格' }]}>
          <SkuPicker
            goodsId={editing?.goodsId}
            onGoods={(g) => {
              if (!form.getFieldValue('name')) form.setFieldsValue({ name: g.name })
              if (!form.getFieldValue('marketPrice')) form.setFieldsValue({ marketPrice: fenToYuan(g.price) })
            }}
          />
        </Form.Item>
        <Form.Item
          label='名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写名称' },
            { max: 64, message: '名称最多 64 个字' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label='图片（不填用商品主图）' name='image'>
          <ImageInput />
        </Form.Item>
        <Form.Item label='所需积分' name='points' rules={[{ required: true, type: 'integer', min: 1, max: 10000000, message: '积分须为 1 到 10000000 的整数' }]}>
          <InputNumber precision={0} min={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='另需现金（元，0 为纯积分）' name='cash' rules={[yuanRule('现金')]}>
          <Input style={{ width: 200 }} prefix='¥' />
        </Form.Item>
        <Form.Item label='市场价（元）' name='marketPrice' rules={[yuanRule('市场价')]}>
          <Input style={{ width: 200 }} prefix='¥' />
        </Form.Item>
        <Form.Item label='库存' name='stock' rules={[{ required: true, type: 'integer', min: 0, max: 1000000, message: '库存须为 0 到 1000000 的整数' }]}>
          <InputNumber precision={0} min={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='每人限兑（件）' name='perMemberLimit' rules={[{ required: true, type: 'integer', min: 1, max: 1000, message: '每人限兑须为 1 到 1000 的整数' }]}>
          <InputNumber precision={0} min={1} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='说明' name='description' rules={[{ max: 500, message: '说明最多 500 个字' }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        {sortField}
        <Form.Item label='上架' name='status' valuePropName='checked'>
          <Switch />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
