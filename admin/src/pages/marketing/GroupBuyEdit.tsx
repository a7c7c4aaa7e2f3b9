/**
 * 营销 · 拼团 · an activity: its goods (not changed once saved), a group price per SKU (below the single price shown
 * beside it; a SKU left empty is not in the activity), group size, hours to fill, per-member limit, time window,
 * 模拟成团 and 团长优惠. Rules: docs/promotions.md "Group buying".
 */
import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Switch, Table, Tag, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { AdminGroupBuyActivity } from '@contract/adminGroupBuy'
import { createGroupBuy, groupBuyActivity, updateGroupBuy } from '../../api/groupBuy'
import { seckillSkus } from '../../api/seckill'
import { errorText, run, toast } from '../../core/feedback'
import { yuanLabel, yuanRule } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { GoodsSelect } from '../../components/GoodsPicker'
import { GROUP_BUY_STATE, groupBuyState, mergeSkuRows, skuPriceError, specName, toFormValues, toGroupBuyBody, type GroupSkuRow } from './groupBuyForm'

interface FormFields {
  title: string
  goodsId?: number
  window: [Dayjs, Dayjs]
  size: number
  hours: number
  perMemberLimit: number
  virtualFill: boolean
  leaderDiscount: string
}

/** The goods' SKUs with their single price and stock (the marketing pages' SKU search, by goods number). */
const skusOfGoods = async (goodsId: number) => (await seckillSkus(String(goodsId))).filter((s) => s.goodsId === goodsId)

export default function GroupBuyEdit({ params }: { params: Record<string, string> }) {
  const id = params.id ? Number(params.id) : null
  const writable = useSession().can('marketing.write')
  const [form] = Form.useForm<FormFields>()
  const [detail, setDetail] = useState<AdminGroupBuyActivity | null>(null)
  const [rows, setRows] = useState<GroupSkuRow[]>([])
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const readOnly = !writable

  const load = useCallback(async () => {
    if (!id) {
      const start = dayjs().startOf('hour').add(1, 'hour')
      form.setFieldsValue({ title: '', window: [start, start.add(7, 'day')], size: 2, hours: 24, perMemberLimit: 1, virtualFill: false, leaderDiscount: '' })
      return
    }
    const a = await run(groupBuyActivity(id))
    if (!a) return
    setDetail(a)
    const v = toFormValues(a)
    form.setFieldsValue({ ...v, window: [dayjs(v.startAt), dayjs(v.endAt)] })
    const goodsSkus = await run(skusOfGoods(a.goodsId))
    setRows(mergeSkuRows(goodsSkus || [], a.skus))
  }, [id, form])
  useEffect(() => {
    void load()
  }, [load])

  const pickGoods = async (goodsId: number) => {
    setRows([])
    const skus = await run(skusOfGoods(goodsId))
    if (skus) setRows(mergeSkuRows(skus))
  }
  const setPrice = (skuId: number, price: string) => setRows((rs) => rs.map((r) => (r.skuId === skuId ? { ...r, price } : r)))

  async function save() {
    setError('')
    let v: FormFields
    try {
      v = await form.validateFields()
    } catch {
      return setError('请按提示修改标红的内容')
    }
    const r = toGroupBuyBody({ ...v, leaderDiscount: v.leaderDiscount || '', startAt: v.window[0].startOf('minute').valueOf(), endAt: v.window[1].startOf('minute').valueOf() }, rows)
    if ('error' in r) return setError(r.error)
    setSaving(true)
    try {
      if (id) {
        await updateGroupBuy(id, r.body)
        toast.success('已保存')
        await load()
      } else {
        const c = await createGroupBuy(r.body)
        toast.success('已创建')
        navigate(`/marketing/group-buy/${c.id}`, { replace: true })
      }
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  const columns = [
    { title: '规格', key: 'spec', render: (_: unknown, r: GroupSkuRow) => specName(r) },
    { title: '单买价', key: 'single', width: 110, render: (_: unknown, r: GroupSkuRow) => yuanLabel(r.singlePrice) },
    {
      title: '拼团价（元）',
      key: 'price',
      width: 200,
      render: (_: unknown, r: GroupSkuRow) => {
        const e = skuPriceError(r)
        return (
          <>
            <Input
              value={r.price}
              disabled={readOnly}
              prefix='¥'
              placeholder='不参加'
              status={e ? 'error' : undefined}
              onChange={(ev) => setPrice(r.skuId, ev.target.value)}
              aria-label={`${specName(r)}的拼团价`}
            />
            {e && (
              <Typography.Text type='danger' style={{ fontSize: 12 }}>
                {e.replace(/^「[^」]*」的/, '')}
              </Typography.Text>
            )}
          </>
        )
      },
    },
    { title: '库存', key: 'stock', width: 90, render: (_: unknown, r: GroupSkuRow) => r.stock ?? '—' },
  ]

  const state = detail ? GROUP_BUY_STATE[groupBuyState(detail)] : null
  return (
    <PageContainer
      title={id ? `拼团活动 ${detail?.title || ''}` : '新建拼团'}
      onBack={() => navigate('/marketing/group-buy')}
      tags={state ? <Tag color={state.color}>{state.text}</Tag> : undefined}
      extra={
        !readOnly && (
          <Button type='primary' loading={saving} onClick={save}>
            保存
          </Button>
        )
      }
    >
      {detail && detail.figures.open > 0 && <Alert type='info' showIcon style={{ marginBottom: 12 }} message='已开的团仍按开团时的人数进行；修改只影响之后的下单和新开的团。' />}
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} role='alert' data-testid='form-error' />}
      <Card title='活动设置' size='small' style={{ marginBottom: 12 }}>
        <Form form={form} layout='vertical' disabled={readOnly} style={{ maxWidth: 640 }}>
          <Form.Item label='商品' name='goodsId' rules={[{ required: true, message: '请选择商品' }]} extra={id ? '活动的商品不能修改，换商品请新建活动' : undefined}>
            <GoodsSelect onShelfOnly disabled={!!id} onChange={(g) => void pickGoods(g)} />
          </Form.Item>
          <Form.Item
            label='活动名称'
            name='title'
            rules={[
              { required: true, whitespace: true, message: '请填写活动名称' },
              { max: 40, message: '活动名称最多 40 个字' },
            ]}
          >
            <Input placeholder='如：两人拼团' />
          </Form.Item>
          <Form.Item label='活动时间' name='window' rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format='YYYY-MM-DD HH:mm' allowClear={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label='成团人数' name='size' rules={[{ required: true, type: 'integer', min: 2, max: 10, message: '成团人数为 2 到 10 人' }]}>
            <InputNumber precision={0} min={2} max={10} addonAfter='人' style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label='成团时限' name='hours' extra='从团长付款起计时，到时未满员即拼团失败' rules={[{ required: true, type: 'integer', min: 1, max: 720, message: '成团时限为 1 到 720 小时' }]}>
            <InputNumber precision={0} min={1} max={720} addonAfter='小时' style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label='每人限购' name='perMemberLimit' rules={[{ required: true, type: 'integer', min: 1, max: 99, message: '每人限购为 1 到 99 件' }]}>
            <InputNumber precision={0} min={1} max={99} addonAfter='件' style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label='团长优惠（元）' name='leaderDiscount' extra='团长每件再减的金额，不填为没有团长优惠' rules={[yuanRule('团长优惠', { required: false })]}>
            <Input prefix='¥' style={{ width: 200 }} placeholder='0.00' />
          </Form.Item>
          <Form.Item label='模拟成团' extra='开启后，到时未满员的团由系统补足人数并成团，已付款的订单照常发货；关闭则拼团失败并原路退款。'>
            <Form.Item name='virtualFill' valuePropName='checked' noStyle>
              <Switch aria-label='模拟成团' />
            </Form.Item>
          </Form.Item>
        </Form>
      </Card>
      <Card title='拼团价' size='small'>
        {rows.length ? (
          <Table<GroupSkuRow> rowKey='skuId' size='small' dataSource={rows} columns={columns} pagination={false} scroll={{ x: 560 }} />
        ) : (
          <Typography.Text type='secondary'>选择商品后按规格填写拼团价</Typography.Text>
        )}
        <Typography.Paragraph type='secondary' style={{ marginTop: 8, marginBottom: 0 }}>
          拼团价须低于单买价、不低于 ¥0.01；留空的规格不参加拼团。
        </Typography.Paragraph>
      </Card>
    </PageContainer>
  )
}
