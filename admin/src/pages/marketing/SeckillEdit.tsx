/**
 * 营销 · 秒杀 · a session: day, start and end, its goods with flash price, quota and per-member limit. While it runs the
 * page polls sold / quota every 3 seconds. Rules (docs/promotions.md): an ended session is read-only; a running one
 * keeps its day and start; an item with orders stays and keeps its SKU; the quota never below what is sold.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Popconfirm, Progress, Select, Switch, Table, Tag, TimePicker, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import type { AdminSeckillItem, AdminSeckillSessionDetail, SeckillSessionInput, SkuOption } from '@contract/adminPromotions'
import { createSeckill, deleteSeckill, seckillLive, seckillSession, seckillSkus, updateSeckill } from '../../api/seckill'
import { errorText, run, toast } from '../../core/feedback'
import { fenToYuan, yuanToFen } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { GoodsOption } from '../../components/GoodsPicker'
import { SECKILL_STATE } from './SeckillSessions'

interface ItemRow {
  key: string
  id?: number
  skuId?: number
  label?: string
  skuPrice?: number
  price?: string
  quota?: number
  perMemberLimit?: number
  sold: number
  hasOrders: boolean
  /** The other SKUs of the goods just picked, offered in one click (a goods on sale in all its specs). */
  siblings?: SkuOption[]
}
interface FormValues {
  day: Dayjs
  start: Dayjs
  end: Dayjs
  repeatDaily: boolean
}

const skuLabel = (s: { goodsName: string; specText: string; skuPrice?: number; price?: number }) => `${s.goodsName}${s.specText ? ` · ${s.specText}` : ''}（¥${fenToYuan(s.skuPrice ?? s.price)}）`
let seq = 0
const rowOf = (i: AdminSeckillItem): ItemRow => ({
  key: `i${i.id}`,
  id: i.id,
  skuId: i.skuId,
  label: skuLabel(i),
  skuPrice: i.skuPrice,
  price: fenToYuan(i.price),
  quota: i.quota,
  perMemberLimit: i.perMemberLimit,
  sold: i.sold,
  hasOrders: i.hasOrders,
})

/** A SKU chosen by searching goods names (or a goods id). */
function SkuSelect({ value, label, onPick, disabled }: { value?: number; label?: string; onPick: (s: SkuOption, siblings: SkuOption[]) => void; disabled?: boolean }) {
  const [options, setOptions] = useState<SkuOption[]>([])
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const search = (kw: string) => {
    clearTimeout(timer.current)
    if (!kw.trim()) return
    timer.current = setTimeout(() => void seckillSkus(kw.trim()).then(setOptions, (e) => toast.error(errorText(e))), 300)
  }
  const opts: Array<{ value: number; label: string; sku?: SkuOption }> = options.map((s) => ({ value: s.skuId, label: skuLabel(s), sku: s }))
  if (value && !opts.some((o) => o.value === value)) opts.unshift({ value, label: label || '已选规格' })
  return (
    <Select
      showSearch
      value={value}
      disabled={disabled}
      placeholder='输入商品名称搜索'
      filterOption={false}
      onSearch={search}
      options={opts}
      // The console's goods picker look: picture, name, price; the spec and stock on the second line.
      optionRender={(o) =>
        o.data.sku ? (
          <GoodsOption
            name={o.data.sku.goodsName}
            image={o.data.sku.image}
            price={o.data.sku.price}
            off={o.data.sku.status !== 'on'}
            extra={`${o.data.sku.specText ? `${o.data.sku.specText} · ` : ''}库存 ${o.data.sku.stock}`}
          />
        ) : (
          o.data.label
        )
      }
      listItemHeight={52}
      notFoundContent='输入商品名称搜索'
      onChange={(v: number) => {
        const s = options.find((o) => o.skuId === v)
        if (s)
          onPick(
            s,
            options.filter((o) => o.goodsId === s.goodsId && o.skuId !== s.skuId),
          )
      }}
      style={{ width: '100%', minWidth: 220 }}
      aria-label='秒杀商品'
    />
  )
}

export default function SeckillEdit({ params }: { params: Record<string, string> }) {
  const id = params.id ? Number(params.id) : null
  const writable = useSession().can('marketing.write')
  const [form] = Form.useForm<FormValues>()
  const [detail, setDetail] = useState<AdminSeckillSessionDetail | null>(null)
  const [items, setItems] = useState<ItemRow[]>([])
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)

  const load = useCallback(async () => {
    if (!id) {
      form.setFieldsValue({ day: dayjs().add(1, 'day'), start: dayjs('10:00', 'HH:mm'), end: dayjs('12:00', 'HH:mm'), repeatDaily: false })
      setItems([{ key: `n${++seq}`, sold: 0, hasOrders: false, quota: 100, perMemberLimit: 1 }])
      return
    }
    const d = await run(seckillSession(id))
    if (!d) return
    setDetail(d)
    form.setFieldsValue({ day: dayjs(d.day), start: dayjs(d.start, 'HH:mm'), end: dayjs(d.end, 'HH:mm'), repeatDaily: d.repeatDaily })
    setItems(d.items.map(rowOf))
  }, [id, form])
  useEffect(() => {
    void load()
  }, [load])

  // Live sold / quota while the session runs.
  const state = detail?.state
  useEffect(() => {
    if (!id || state !== 'active') return
    const timer = setInterval(() => {
      void seckillLive(id).then(
        (l) =>
          setItems((rows) =>
            rows.map((r) => {
              const x = l.items.find((i) => i.id === r.id)
              return x ? { ...r, sold: x.sold, hasOrders: r.hasOrders || x.sold > 0 } : r
            }),
          ),
        () => {},
      )
    }, 3000)
    return () => clearInterval(timer)
  }, [id, state])

  const readOnly = !writable || state === 'ended'
  const running = state === 'active'
  const patch = (key: string, p: Partial<ItemRow>) => setItems((rows) => rows.map((r) => (r.key === key ? { ...r, ...p } : r)))

  /** The goods' other SKUs as rows of their own, after the picked one, with its quota and limit (each its own price). */
  const addSiblings = (r: ItemRow, more: SkuOption[]) =>
    setItems((rows) => {
      const at = rows.findIndex((x) => x.key === r.key)
      const added = more.map((o): ItemRow => ({ key: `n${++seq}`, skuId: o.skuId, label: skuLabel(o), skuPrice: o.price, quota: r.quota, perMemberLimit: r.perMemberLimit, sold: 0, hasOrders: false }))
      return [...rows.slice(0, at + 1).map((x) => (x.key === r.key ? { ...x, siblings: [] } : x)), ...added, ...rows.slice(at + 1)]
    })

  async function save() {
    setError('')
    let v: FormValues
    try {
      v = await form.validateFields()
    } catch {
      return setError('请按提示修改标红的内容')
    }
    const body: SeckillSessionInput = { day: v.day.format('YYYY-MM-DD'), start: v.start.format('HH:mm'), end: v.end.format('HH:mm'), repeatDaily: !!v.repeatDaily, items: [] }
    for (const [k, r] of items.entries()) {
      const price = yuanToFen(r.price ?? '')
      if (!r.skuId) return setError(`第 ${k + 1} 行：请选择商品`)
      if (price === null || price < 1) return setError(`第 ${k + 1} 行：秒杀价须为金额，最多两位小数`)
      if (!r.quota || r.quota < 1) return setError(`第 ${k + 1} 行：请填写限量`)
      if (!r.perMemberLimit || r.perMemberLimit < 1) return setError(`第 ${k + 1} 行：请填写每人限购`)
      body.items.push({ ...(r.id ? { id: r.id } : {}), skuId: r.skuId, price, quota: r.quota, perMemberLimit: r.perMemberLimit })
    }
    if (!body.items.length) return setError('请至少添加一个秒杀商品')
    setSaving(true)
    try {
      if (id) {
        await updateSeckill(id, body)
        toast.success('已保存')
        await load()
      } else {
        const r = await createSeckill(body)
        toast.success('已创建')
        navigate(`/marketing/seckill/${r.id}`, { replace: true })
      }
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  const columns = [
    {
      title: '商品规格',
      key: 'sku',
      render: (_: unknown, r: ItemRow) => {
        const more = (r.siblings || []).filter((o) => !items.some((i) => i.skuId === o.skuId))
        return (
          <>
            <SkuSelect value={r.skuId} label={r.label} disabled={readOnly || r.hasOrders} onPick={(s, siblings) => patch(r.key, { skuId: s.skuId, label: skuLabel(s), skuPrice: s.price, siblings })} />
            {!readOnly && more.length > 0 && (
              <a onClick={() => addSiblings(r, more)} style={{ display: 'inline-block', marginTop: 4 }}>
                加入该商品的其他 {more.length} 个规格
              </a>
            )}
          </>
        )
      },
    },
    {
      title: '秒杀价（元）',
      key: 'price',
      width: 130,
      render: (_: unknown, r: ItemRow) => <Input value={r.price} disabled={readOnly} prefix='¥' onChange={(e) => patch(r.key, { price: e.target.value })} aria-label='秒杀价' />,
    },
    {
      title: '限量',
      key: 'quota',
      width: 110,
      render: (_: unknown, r: ItemRow) => <InputNumber value={r.quota} min={1} precision={0} disabled={readOnly} onChange={(v) => patch(r.key, { quota: v ?? undefined })} aria-label='限量' />,
    },
    {
      title: '每人限购',
      key: 'limit',
      width: 100,
      render: (_: unknown, r: ItemRow) => (
        <InputNumber value={r.perMemberLimit} min={1} max={99} precision={0} disabled={readOnly} onChange={(v) => patch(r.key, { perMemberLimit: v ?? undefined })} aria-label='每人限购' />
      ),
    },
    {
      title: '已售 / 限量',
      key: 'sold',
      width: 150,
      render: (_: unknown, r: ItemRow) => (
        <div data-testid='seckill-sold'>
          <Progress aria-label={`售出 ${r.sold} / ${r.quota} 件`} percent={r.quota ? Math.min(100, Math.floor((r.sold * 100) / r.quota)) : 0} size='small' showInfo={false} style={{ margin: 0 }} />
          {r.sold} / {r.quota ?? '-'}
        </div>
      ),
    },
    ...(readOnly
      ? []
      : [
          {
            title: '',
            key: 'del',
            width: 50,
            render: (_: unknown, r: ItemRow) => (
              <Button
                type='text'
                danger
                icon={<DeleteOutlined />}
                disabled={r.hasOrders}
                title={r.hasOrders ? '已有订单，不能移出' : '移出'}
                onClick={() => setItems((rows) => rows.filter((x) => x.key !== r.key))}
              />
            ),
          },
        ]),
  ]

  const title = id ? `秒杀场次 ${detail ? `${detail.day} ${detail.start}-${detail.end}` : ''}` : '新建秒杀场次'
  return (
    <PageContainer
      title={title}
      onBack={() => navigate('/marketing/seckill')}
      tags={detail ? <Tag color={SECKILL_STATE[detail.state].color}>{SECKILL_STATE[detail.state].text}</Tag> : undefined}
      extra={
        !readOnly && [
          id && detail && !items.some((i) => i.hasOrders || i.sold > 0) && (
            <Popconfirm key='d' title='删除这个场次？' onConfirm={() => void run(deleteSeckill(id), '已删除').then((ok) => ok && navigate('/marketing/seckill'))}>
              <Button danger>删除</Button>
            </Popconfirm>
          ),
          <Button key='s' type='primary' loading={saving} onClick={save}>
            保存
          </Button>,
        ]
      }
    >
      {running && <Alert type='info' showIcon style={{ marginBottom: 12 }} message='场次进行中：已售数量每 3 秒刷新；日期和开始时间不能修改，限量不能低于已售数量，已有订单的商品不能更换或移出。' />}
      {state === 'ended' && <Alert type='warning' showIcon style={{ marginBottom: 12 }} message='场次已结束，只能查看。' />}
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} role='alert' data-testid='form-error' />}
      <Card title='场次' size='small' style={{ marginBottom: 12 }}>
        <Form form={form} layout='inline' disabled={readOnly} style={{ rowGap: 12 }}>
          <Form.Item label='日期' name='day' rules={[{ required: true, message: '请选择日期' }]}>
            <DatePicker disabled={readOnly || running} allowClear={false} />
          </Form.Item>
          <Form.Item label='开始' name='start' rules={[{ required: true, message: '请选择开始时间' }]}>
            <TimePicker format='HH:mm' disabled={readOnly || running} allowClear={false} />
          </Form.Item>
          <Form.Item
            label='结束'
            name='end'
            dependencies={['start']}
            rules={[
              { required: true, message: '请选择结束时间' },
              ({ getFieldValue }) => ({
                validator: (_, v?: Dayjs) =>
                  v && getFieldValue('start') && v.format('HH:mm') <= getFieldValue('start').format('HH:mm') ? Promise.reject(new Error('结束时间须晚于开始时间')) : Promise.resolve(),
              }),
            ]}
          >
            <TimePicker format='HH:mm' allowClear={false} />
          </Form.Item>
          <Form.Item label='每日重复' name='repeatDaily' valuePropName='checked' tooltip='某天没有场次时，按最近一天的重复场次复制商品和限量'>
            <Switch />
          </Form.Item>
        </Form>
      </Card>
      <Card
        title='秒杀商品'
        size='small'
        extra={
          !readOnly && (
            <Button icon={<PlusOutlined />} onClick={() => setItems((rows) => [...rows, { key: `n${++seq}`, sold: 0, hasOrders: false, quota: 100, perMemberLimit: 1 }])}>
              添加商品
            </Button>
          )
        }
      >
        <Table<ItemRow> rowKey='key' size='small' dataSource={items} columns={columns} pagination={false} scroll={{ x: 760 }} />
        <Typography.Paragraph type='secondary' style={{ marginTop: 8, marginBottom: 0 }}>
          秒杀价须低于商品原价；限量为本场可售件数，库存不足时以库存为准。
        </Typography.Paragraph>
      </Card>
    </PageContainer>
  )
}
