/**
 * 营销 · 优惠券: templates (无门槛 / 满减 / 折扣; all goods, categories or named goods; validity as dates or days after
 * receipt; total and per-member limits; claimable or not), issue to members by id or phone, delete an unissued one.
 * Once handed out, a template's terms are fixed (docs/promotions.md); the form says which fields still change.
 */
import { useEffect, useRef, useState } from 'react'
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components'
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Popconfirm, Radio, Select, Space, Switch, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import type { AdminCategory } from '@contract/adminGoods'
import type { AdminCoupon, CouponInput, IssueReply } from '@contract/adminPromotions'
import { categories as loadCategories } from '../../api/goods'
import { coupons, createCoupon, deleteCoupon, issueCoupon, updateCoupon } from '../../api/coupon'
import { errorText, run } from '../../core/feedback'
import { fenToYuan, yuanRule, yuanToFen } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { FormModal, sortField } from '../../components/FormModal'
import { GoodsPicker } from '../../components/GoodsPicker'
import { MemberPicker } from '../../components/MemberPicker'
import { pastedPhones } from '../../core/pickers'
import { ResponsiveList } from '../../components/ResponsiveList'

export const KIND_TEXT: Record<string, string> = { amount: '无门槛', threshold: '满减', discount: '折扣' }
const SCOPE_TEXT: Record<string, string> = { all: '全场', category: '指定分类', goods: '指定商品' }

interface FormValues {
  name: string
  kind: 'amount' | 'threshold' | 'discount'
  amount?: string
  threshold?: string
  zhe?: number
  maxDiscount?: string
  scope: 'all' | 'category' | 'goods'
  categoryIds?: number[]
  goodsIds?: number[]
  validType: 'fixed' | 'days'
  range?: [Dayjs, Dayjs]
  validDays?: number
  totalCount: number
  perMemberLimit: number
  visible: boolean
  allowSeckill: boolean
  on: boolean
  description?: string
  sort?: number
}

const toForm = (c: AdminCoupon): Partial<FormValues> => ({
  name: c.name,
  kind: c.kind,
  amount: fenToYuan(c.amount),
  threshold: fenToYuan(c.threshold),
  zhe: c.kind === 'discount' ? c.rate / 10 : undefined,
  maxDiscount: fenToYuan(c.maxDiscount),
  scope: c.scope,
  categoryIds: c.scope === 'category' ? c.scopeIds : [],
  goodsIds: c.scope === 'goods' ? c.scopeIds : [],
  validType: c.validType,
  range: c.validFrom && c.validTo ? [dayjs(c.validFrom), dayjs(c.validTo - 1)] : undefined,
  validDays: c.validDays || undefined,
  totalCount: c.totalCount,
  perMemberLimit: c.perMemberLimit,
  visible: c.visible,
  allowSeckill: c.allowSeckill,
  on: c.status === 'on',
  description: c.description,
  sort: c.sort,
})

/** Dates are whole China days: from the first day's start to the end of the last. */
const toInput = (v: FormValues): CouponInput => ({
  name: v.name.trim(),
  kind: v.kind,
  amount: v.kind === 'discount' ? 0 : (yuanToFen(v.amount ?? '') ?? 0),
  threshold: v.kind === 'amount' ? 0 : (yuanToFen(v.threshold ?? '') ?? 0),
  rate: v.kind === 'discount' ? Math.round((v.zhe ?? 0) * 10) : undefined,
  maxDiscount: v.kind === 'discount' ? (yuanToFen(v.maxDiscount || '0') ?? 0) : 0,
  scope: v.scope,
  scopeIds: v.scope === 'category' ? (v.categoryIds ?? []) : v.scope === 'goods' ? (v.goodsIds ?? []) : [],
  validType: v.validType,
  validFrom: v.validType === 'fixed' && v.range ? new Date(`${v.range[0].format('YYYY-MM-DD')}T00:00:00+08:00`).getTime() : null,
  validTo: v.validType === 'fixed' && v.range ? new Date(`${v.range[1].format('YYYY-MM-DD')}T00:00:00+08:00`).getTime() + 86_400_000 : null,
  validDays: v.validType === 'days' ? (v.validDays ?? 0) : 0,
  totalCount: v.totalCount,
  perMemberLimit: v.perMemberLimit,
  visible: !!v.visible,
  allowSeckill: !!v.allowSeckill,
  status: v.on ? 'on' : 'off',
  description: (v.description || '').trim(),
  sort: v.sort ?? 0,
})

const BLANK: Partial<FormValues> = { kind: 'threshold', scope: 'all', validType: 'days', validDays: 7, totalCount: 1000, perMemberLimit: 1, visible: true, allowSeckill: false, on: true, sort: 0 }

function CouponFields({ issued, cats }: { issued: boolean; cats: AdminCategory[] }) {
  const kind = Form.useWatch('kind')
  const scope = Form.useWatch('scope')
  const validType = Form.useWatch('validType')
  return (
    <>
      {issued && <Alert type='info' showIcon style={{ marginBottom: 12 }} message='已发放：优惠内容、适用范围和秒杀可用不能再改（可停用后新建一张）。' />}
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
      <Form.Item label='类型' name='kind'>
        <Radio.Group
          disabled={issued}
          options={[
            { value: 'amount', label: '无门槛' },
            { value: 'threshold', label: '满减' },
            { value: 'discount', label: '折扣' },
          ]}
        />
      </Form.Item>
      <Space wrap align='start'>
        {kind !== 'amount' && (
          <Form.Item label='使用门槛（元，满多少可用）' name='threshold' rules={[yuanRule('使用门槛', { required: kind === 'threshold' })]}>
            <Input prefix='¥' disabled={issued} style={{ width: 160 }} />
          </Form.Item>
        )}
        {kind !== 'discount' ? (
          <Form.Item label='面额（元）' name='amount' rules={[yuanRule('面额', { min: 0.01 })]}>
            <Input prefix='¥' disabled={issued} style={{ width: 160 }} />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              label='折扣（折）'
              name='zhe'
              rules={[
                { required: true, message: '请填写折扣' },
                { type: 'number', min: 0.1, max: 9.9, message: '折扣须在 0.1 到 9.9 折之间' },
              ]}
            >
              <InputNumber min={0.1} max={9.9} step={0.1} precision={1} disabled={issued} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item label='最多优惠（元，0 为不限）' name='maxDiscount' rules={[yuanRule('最多优惠', { required: false })]}>
              <Input prefix='¥' disabled={issued} style={{ width: 160 }} />
            </Form.Item>
          </>
        )}
      </Space>
      <Form.Item label='适用范围' name='scope'>
        <Radio.Group
          disabled={issued}
          options={[
            { value: 'all', label: '全场' },
            { value: 'category', label: '指定分类' },
            { value: 'goods', label: '指定商品' },
          ]}
        />
      </Form.Item>
      {scope === 'category' && (
        <Form.Item label='分类' name='categoryIds' rules={[{ required: true, type: 'array', min: 1, message: '请选择适用分类' }]}>
          <Select mode='multiple' disabled={issued} options={cats.map((c) => ({ value: c.id, label: c.parentId ? `\u3000${c.name}` : c.name }))} optionFilterProp='label' />
        </Form.Item>
      )}
      {scope === 'goods' && (
        <Form.Item label='商品' name='goodsIds' rules={[{ required: true, type: 'array', min: 1, message: '请选择适用商品' }]}>
          <GoodsPicker />
        </Form.Item>
      )}
      <Form.Item label='有效期' name='validType'>
        <Radio.Group
          options={[
            { value: 'days', label: '领取后 N 天' },
            { value: 'fixed', label: '固定日期' },
          ]}
        />
      </Form.Item>
      {validType === 'fixed' ? (
        <Form.Item label='日期' name='range' rules={[{ required: true, message: '请填写有效期' }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
      ) : (
        <Form.Item label='领取后有效天数' name='validDays' rules={[{ required: true, message: '请填写领取后的有效天数' }]}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: 160 }} />
        </Form.Item>
      )}
      <Space wrap>
        <Form.Item label='发放总量' name='totalCount' rules={[{ required: true, message: '请填写发放总量' }]}>
          <InputNumber min={1} max={10_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label='每人限领' name='perMemberLimit' rules={[{ required: true, message: '请填写每人限领' }]}>
          <InputNumber min={1} max={999} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Space>
      <Space wrap size={24}>
        <Form.Item label='会员可领取' name='visible' valuePropName='checked' tooltip='领券中心和活动页可领取；关闭后只能由后台发放或作为奖品'>
          <Switch />
        </Form.Item>
        <Form.Item label='秒杀商品可用' name='allowSeckill' valuePropName='checked'>
          <Switch disabled={issued} />
        </Form.Item>
        <Form.Item label='启用' name='on' valuePropName='checked'>
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item label='使用说明' name='description' rules={[{ max: 200, message: '说明最多 200 个字' }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      {sortField}
    </>
  )
}

function IssueModal({ target, onClose, onDone }: { target: AdminCoupon | null; onClose: () => void; onDone: () => void }) {
  const [memberIds, setMemberIds] = useState<number[]>([])
  const [text, setText] = useState('')
  const [result, setResult] = useState<IssueReply | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    setMemberIds([])
    setText('')
    setResult(null)
    setError('')
  }, [target])
  async function send() {
    const { phones, wrong } = pastedPhones(text)
    if (wrong.length) return setError(`无法识别：${wrong.slice(0, 5).join('、')}（请粘贴 11 位手机号）`)
    if (!memberIds.length && !phones.length) return setError('请选择会员或粘贴手机号')
    if (memberIds.length > 500 || phones.length > 500) return setError('一次最多发放 500 人')
    setBusy(true)
    setError('')
    try {
      const r = await issueCoupon(target!.id, { memberIds, phones })
      setResult(r)
      if (r.issued) onDone()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal open={!!target} title={`发放「${target?.name ?? ''}」`} onCancel={onClose} onOk={result ? onClose : send} okText={result ? '完成' : '发放'} cancelText='取消' confirmLoading={busy}>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} role='alert' />}
      {result ? (
        <>
          <Alert
            type={result.failed.length ? 'warning' : 'success'}
            showIcon
            message={`已发放 ${result.issued} 人${result.failed.length ? `，${result.failed.length} 人未发放` : ''}`}
            style={{ marginBottom: 8 }}
          />
          {result.failed.map((f) => (
            <div key={f.who}>
              {f.who}：<Typography.Text type='danger'>{f.msg}</Typography.Text>
            </div>
          ))}
        </>
      ) : (
        <>
          <Typography.Paragraph style={{ marginBottom: 6 }}>发给这些会员（输入手机号或昵称搜索）：</Typography.Paragraph>
          <MemberPicker value={memberIds} onChange={setMemberIds} />
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 6 }}>或粘贴一批手机号：</Typography.Paragraph>
          <Input.TextArea rows={3} value={text} onChange={(e) => setText(e.target.value)} placeholder='每行一个手机号（也可用逗号、空格分隔）' aria-label='粘贴手机号' />
          <Typography.Paragraph type='secondary' style={{ marginTop: 8, marginBottom: 0 }}>
            按每人限领和发放总量发放；已领满的会员会列出原因。
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  )
}

export default function Coupons() {
  const action = useRef<ActionType>()
  const writable = useSession().can('marketing.write')
  const [editing, setEditing] = useState<{ row?: AdminCoupon; values: Partial<FormValues> } | null>(null)
  const [issuing, setIssuing] = useState<AdminCoupon | null>(null)
  const [cats, setCats] = useState<AdminCategory[]>([])
  useEffect(() => {
    void loadCategories().then(setCats, () => {})
  }, [])
  const reload = () => action.current?.reload()

  async function save(v: FormValues) {
    const body = toInput(v)
    if (editing?.row) await updateCoupon(editing.row.id, body)
    else await createCoupon(body)
    reload()
  }

  const columns: ProColumns<AdminCoupon>[] = [
    {
      title: '名称',
      dataIndex: 'keyword',
      render: (_, r) => (
        <>
          {r.name}
          {r.newMember && (
            <Tag color='magenta' style={{ marginLeft: 6 }}>
              新人礼包
            </Tag>
          )}
        </>
      ),
      fieldProps: { placeholder: '券名称' },
    },
    { title: '类型', dataIndex: 'kind', search: false, width: 70, render: (_, r) => KIND_TEXT[r.kind] },
    { title: '优惠', dataIndex: 'ruleText', search: false, width: 170 },
    { title: '范围', dataIndex: 'scope', search: false, width: 90, render: (_, r) => SCOPE_TEXT[r.scope] },
    { title: '有效期', dataIndex: 'validText', search: false, width: 180 },
    { title: '已领 / 总量', dataIndex: 'issuedCount', search: false, width: 110, render: (_, r) => `${r.issuedCount} / ${r.totalCount}` },
    { title: '已用', dataIndex: 'usedCount', search: false, width: 70 },
    { title: '可领取', dataIndex: 'visible', search: false, width: 80, render: (_, r) => (r.visible && !r.newMember ? <Tag color='green'>可领取</Tag> : <Tag>仅发放</Tag>) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      valueEnum: { on: { text: '启用' }, off: { text: '停用' } },
      render: (_, r) => (r.status === 'on' ? <Tag color='blue'>启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      valueType: 'option',
      width: 180,
      fixed: 'right',
      render: (_, r) => [
        writable && (
          <a key='e' onClick={() => setEditing({ row: r, values: toForm(r) })}>
            编辑
          </a>
        ),
        writable && r.status === 'on' && (
          <a key='i' onClick={() => setIssuing(r)}>
            发放
          </a>
        ),
        <a key='r' onClick={() => navigate(`/marketing/coupon-records?couponId=${r.id}`)}>
          记录
        </a>,
        writable && r.issuedCount === 0 && (
          <Popconfirm key='d' title='删除这张优惠券？' onConfirm={() => void run(deleteCoupon(r.id), '已删除').then((ok) => ok && reload())}>
            <a>删除</a>
          </Popconfirm>
        ),
      ],
    },
  ]

  return (
    <PageContainer title='优惠券'>
      <ResponsiveList<AdminCoupon>
        rowKey='id'
        actionRef={action}
        columns={columns}
        scrollX={1200}
        request={async (p) => {
          const r = await run(coupons({ keyword: p.keyword?.trim() || undefined, status: p.status || undefined, page: p.current, pageSize: p.pageSize }))
          return { data: r?.list || [], total: r?.total || 0, success: !!r }
        }}
        card={(r) => ({
          title: r.name,
          subTitle: r.status === 'on' ? <Tag color='blue'>启用</Tag> : <Tag>停用</Tag>,
          content: `${r.ruleText} · ${SCOPE_TEXT[r.scope]} · ${r.validText}`,
          description: `已领 ${r.issuedCount} / ${r.totalCount}，已用 ${r.usedCount}`,
          actions: writable
            ? [
                <a key='e' onClick={() => setEditing({ row: r, values: toForm(r) })}>
                  编辑
                </a>,
                // On a phone too: issuing to a member picked by phone or nickname.
                r.status === 'on' && (
                  <a key='i' onClick={() => setIssuing(r)}>
                    发放
                  </a>
                ),
              ].filter(Boolean)
            : [],
        })}
        toolBarRender={() => [
          writable && (
            <Button key='new' type='primary' icon={<PlusOutlined />} onClick={() => setEditing({ values: BLANK })}>
              新建优惠券
            </Button>
          ),
        ]}
      />
      <FormModal<FormValues> open={!!editing} title={editing?.row ? '编辑优惠券' : '新建优惠券'} initialValues={editing?.values} onSubmit={save} onClose={() => setEditing(null)} width={640}>
        <CouponFields issued={!!editing?.row && editing.row.issuedCount > 0} cats={cats} />
      </FormModal>
      <IssueModal target={issuing} onClose={() => setIssuing(null)} onDone={reload} />
    </PageContainer>
  )
}
