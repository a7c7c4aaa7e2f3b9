import { useCallback, useEffect, useMemo, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Avatar, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { PRIZE_KIND_TEXT, type AdminPrize, type BlindBoxView, type PrizeInput } from '@contract/adminRewards'
import { blindBox, createPrize, saveBlindBoxCost, savePool, updatePrize } from '../../api/turntable'
import { errorText, run, toast } from '../../core/feedback'
import { useSession } from '../../core/session'
import { FormModal, sortField } from '../../components/FormModal'
import { ImageInput } from '../../components/ImagesInput'
import { SkuPicker } from './PointsSkuPicker'

/** Odds travel in hundredths of a percent; people type percent with two decimals. */
export const ODDS_TOTAL = 10000
export const percentText = (weight: number) => `${(weight / 100).toFixed(2)}%`
const toWeight = (percent: number | null) => Math.round((percent ?? 0) * 100)

type Draft = Record<number, { weight: number; status: 'on' | 'off' }>

/** 营销 › 盲盒: the prize pool (odds and shelf state saved together, adding up to 100 %), each prize, the cost of a draw. */
export default function BlindBox() {
  const [view, setView] = useState<BlindBoxView | null>(null)
  const [draft, setDraft] = useState<Draft>({})
  const [editing, setEditing] = useState<Partial<AdminPrize> | null>(null)
  const [cost, setCost] = useState<number | null>(null)
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const writable = useSession().can('marketing.write')
  const [form] = Form.useForm<PrizeInput>()
  const kind = Form.useWatch('kind', form)

  const apply = (v: BlindBoxView) => {
    setView(v)
    setCost(v.cost)
    setDraft(Object.fromEntries(v.prizes.map((p) => [p.id, { weight: p.weight, status: p.status as 'on' | 'off' }])))
  }
  const load = useCallback(() => void run(blindBox()).then((v) => v && apply(v)), [])
  useEffect(load, [load])

  const total = useMemo(() => Object.values(draft).reduce((s, d) => s + (d.status === 'on' ? d.weight : 0), 0), [draft])
  const dirty = !!view && view.prizes.some((p) => draft[p.id] && (draft[p.id].weight !== p.weight || draft[p.id].status !== p.status))

  async function savePoolNow() {
    setSaving(true)
    setError('')
    try {
      apply(await savePool({ items: Object.entries(draft).map(([id, d]) => ({ id: Number(id), weight: d.weight, status: d.status })) }))
      toast.success('奖池已保存，商城盲盒页立即显示新的概率')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  async function saveCost() {
    if (!cost || cost < 1 || cost > 100000) return toast.error('每次消耗积分须为 1 到 100000 的整数')
    await run(saveBlindBoxCost(cost), '已保存').then(load)
  }

  async function savePrize(v: PrizeInput) {
    const body: PrizeInput = {
      name: v.name.trim(),
      image: v.image || '',
      kind: v.kind,
      points: v.kind === 'points' ? (v.points ?? 0) : 0,
      couponId: v.kind === 'coupon' ? (v.couponId ?? null) : null,
      skuId: v.kind === 'goods' ? (v.skuId ?? null) : null,
      stock: v.unlimited ? 0 : (v.stock ?? 0),
      unlimited: !!v.unlimited,
      sort: v.sort ?? 0,
    }
    if (editing?.id) await updatePrize(editing.id, { ...body, stockBefore: editing.stock })
    else await createPrize(body)
    load()
  }

  const set = (id: number, patch: Partial<Draft[number]>) => setDraft((d) => ({ ...d, [id]: { ...d[id], ...patch } }))

  return (
    <PageContainer title='盲盒奖池'>
      <Card title='每次开盒消耗' style={{ marginBottom: 16 }}>
        <Space>
          <InputNumber precision={0} min={1} max={100000} value={cost ?? undefined} onChange={(v) => setCost(v)} disabled={!writable} addonAfter='积分' aria-label='每次消耗积分' />
          {writable && (
            <Button onClick={saveCost} disabled={cost === view?.cost}>
              保存
            </Button>
          )}
        </Space>
      </Card>
      <Card
        title='奖池'
        loading={!view}
        extra={
          writable && (
            <Space>
              <Button icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'points', unlimited: true, stock: 0, sort: 0 })}>
                新建奖品
              </Button>
              <Button type='primary' loading={saving} disabled={!dirty} onClick={savePoolNow} data-testid='save-pool'>
                保存奖池
              </Button>
            </Space>
          )
        }
      >
        <Typography.Paragraph type='secondary'>
          上架奖品的中奖率合计须为 100.00%；「谢谢参与」也是一个奖品，未中奖的概率就是它的中奖率。已抽完的奖品不会被抽中，商城显示其概率为 0，其余奖品按比例分摊。新建的奖品先下架、概率为
          0，在这里设置后保存。
        </Typography.Paragraph>
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' data-testid='form-error' />}
        <Table<AdminPrize>
          rowKey='id'
          dataSource={view?.prizes || []}
          pagination={false}
          scroll={{ x: 900 }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                上架奖品合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1}>
                <Typography.Text type={total === ODDS_TOTAL ? 'success' : 'danger'} data-testid='odds-total'>
                  {percentText(total)}
                </Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} colSpan={4} />
            </Table.Summary.Row>
          )}
          columns={[
            { title: '图片', dataIndex: 'image', width: 64, render: (v: string, r) => (v ? <Avatar shape='square' src={v} alt={r.name} /> : '—') },
            { title: '奖品', dataIndex: 'name' },
            { title: '类型', dataIndex: 'kind', width: 90, render: (v: string) => PRIZE_KIND_TEXT[v as keyof typeof PRIZE_KIND_TEXT] || v },
            {
              title: '内容',
              width: 160,
              render: (_, r) => (r.kind === 'points' ? `${r.points} 积分` : r.kind === 'coupon' ? r.couponName || `券 #${r.couponId}` : r.kind === 'goods' ? `商品 #${r.goodsId}` : '—'),
            },
            {
              title: '中奖率',
              width: 150,
              render: (_, r) => (
                <InputNumber
                  min={0}
                  max={100}
                  precision={2}
                  step={0.01}
                  addonAfter='%'
                  disabled={!writable}
                  value={(draft[r.id]?.weight ?? r.weight) / 100}
                  onChange={(v) => set(r.id, { weight: toWeight(v) })}
                  aria-label={`${r.name} 中奖率`}
                  style={{ width: 130 }}
                />
              ),
            },
            { title: '库存', width: 90, align: 'right', render: (_, r) => (r.unlimited ? '不限' : r.stock > 0 ? r.stock : <Tag color='red'>已抽完</Tag>) },
            { title: '已抽中', dataIndex: 'won', width: 80, align: 'right' },
            {
              title: '上架',
              width: 70,
              render: (_, r) => (
                <Switch checked={(draft[r.id]?.status ?? r.status) === 'on'} disabled={!writable} aria-label={`上架 ${r.name}`} onChange={(on) => set(r.id, { status: on ? 'on' : 'off' })} />
              ),
            },
            { title: '操作', width: 70, fixed: 'right', render: (_, r) => writable && <a onClick={() => setEditing(r)}>编辑</a> },
          ]}
        />
      </Card>
      <FormModal<PrizeInput>
        form={form}
        open={!!editing}
        title={editing?.id ? '编辑奖品' : '新建奖品'}
        initialValues={editing ? ({ ...editing, couponId: editing.couponId ?? undefined, skuId: editing.skuId ?? undefined } as Partial<PrizeInput>) : undefined}
        onSubmit={savePrize}
        onClose={() => setEditing(null)}
        width={640}
      >
        <Form.Item label='类型' name='kind' rules={[{ required: true, message: '请选择类型' }]}>
          <Select options={Object.entries(PRIZE_KIND_TEXT).map(([value, label]) => ({ value, label }))} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label='名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写名称' },
            { max: 32, message: '名称最多 32 个字' },
          ]}
        >
          <Input />
        </Form.Item>
        {kind === 'points' && (
          <Form.Item label='奖励积分' name='points' rules={[{ required: true, type: 'integer', min: 1, max: 1000000, message: '奖励积分须为 1 到 1000000 的整数' }]}>
            <InputNumber precision={0} min={1} style={{ width: 200 }} />
          </Form.Item>
        )}
        {kind === 'coupon' && (
          <Form.Item label='优惠券' name='couponId' rules={[{ required: true, message: '请选择优惠券' }]}>
            <Select showSearch optionFilterProp='label' options={(view?.coupons || []).map((c) => ({ value: c.id, label: `${c.name}（#${c.id}）` }))} />
          </Form.Item>
        )}
        {kind === 'goods' && (
          <Form.Item label='实物商品' name='skuId' rules={[{ required: true, message: '请选择商品和规格' }]}>
            <SkuPicker goodsId={editing?.goodsId} onGoods={(g) => !form.getFieldValue('name') && form.setFieldsValue({ name: g.name.slice(0, 32) })} />
          </Form.Item>
        )}
        <Form.Item label='图片（实物不填用商品主图）' name='image'>
          <ImageInput />
        </Form.Item>
        <Form.Item name='unlimited' valuePropName='checked'>
          <Checkbox>不限库存</Checkbox>
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(a, b) => a.unlimited !== b.unlimited}>
          {() =>
            !form.getFieldValue('unlimited') && (
              <Form.Item label='库存' name='stock' rules={[{ required: true, type: 'integer', min: 0, max: 1000000, message: '库存须为 0 到 1000000 的整数' }]}>
                <InputNumber precision={0} min={0} style={{ width: 200 }} />
              </Form.Item>
            )
          }
        </Form.Item>
        {sortField}
      </FormModal>
    </PageContainer>
  )
}
