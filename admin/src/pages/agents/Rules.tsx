import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Spin, Typography } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import type { AdminCategory } from '@contract/adminGoods'
import type { AgentRules } from '@contract/adminAgents'
import { agentRules, saveAgentRules } from '../../api/agents'
import { categories } from '../../api/goods'
import { confirm, errorText, toast } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan, yuanRule, yuanToFen } from '../../core/money'
import { useSession } from '../../core/session'
import { GoodsSelect } from '../../components/GoodsPicker'

/** The form's values: rates in percent, money in yuan (the wire has basis points and fen). */
interface RulesForm {
  defaultRate: number
  categoryRates: Array<{ categoryId: number; rate: number }>
  goodsRates: Array<{ goodsId: number; rate: number }>
  bindingRule: AgentRules['bindingRule']
  bindingDays: number
  freezeDays: number
  withdrawMin: string
  withdrawMax: string
  withdrawDailyCount: number
  /** Percent and yuan as typed. */
  withdrawFeeBp: number
  withdrawFeeMin: string
  withdrawDailyMax: string
  payoutDailyMaxShop: string
  /** 二级佣金 (the parent of the order's agent), percent like the first level's. */
  teamDefaultRate: number
  teamCategoryRates: Array<{ categoryId: number; rate: number }>
  teamGoodsRates: Array<{ goodsId: number; rate: number }>
}

const pct = (bp: number) => bp / 100
const bp = (p: number) => Math.round(Number(p) * 100)
const toForm = (r: AgentRules): RulesForm => ({
  ...r,
  defaultRate: pct(r.defaultRate),
  categoryRates: r.categoryRates.map((c) => ({ ...c, rate: pct(c.rate) })),
  goodsRates: r.goodsRates.map((g) => ({ ...g, rate: pct(g.rate) })),
  withdrawMin: fenToYuan(r.withdrawMin),
  withdrawMax: fenToYuan(r.withdrawMax),
  withdrawFeeBp: pct(r.withdrawFeeBp),
  withdrawFeeMin: fenToYuan(r.withdrawFeeMin),
  withdrawDailyMax: fenToYuan(r.withdrawDailyMax),
  payoutDailyMaxShop: fenToYuan(r.payoutDailyMaxShop),
  teamDefaultRate: pct(r.teamDefaultRate),
  teamCategoryRates: r.teamCategoryRates.map((c) => ({ ...c, rate: pct(c.rate) })),
  teamGoodsRates: r.teamGoodsRates.map((g) => ({ ...g, rate: pct(g.rate) })),
})
const toWire = (v: RulesForm): AgentRules => ({
  defaultRate: bp(v.defaultRate),
  categoryRates: (v.categoryRates || []).map((c) => ({ categoryId: c.categoryId, rate: bp(c.rate) })),
  goodsRates: (v.goodsRates || []).map((g) => ({ goodsId: g.goodsId, rate: bp(g.rate) })),
  bindingRule: v.bindingRule,
  bindingDays: v.bindingRule === 'days' ? v.bindingDays : 0,
  freezeDays: v.freezeDays,
  withdrawMin: yuanToFen(v.withdrawMin)!,
  withdrawMax: yuanToFen(v.withdrawMax)!,
  withdrawDailyCount: v.withdrawDailyCount,
  withdrawFeeBp: bp(v.withdrawFeeBp),
  withdrawFeeMin: yuanToFen(v.withdrawFeeMin)!,
  withdrawDailyMax: yuanToFen(v.withdrawDailyMax)!,
  payoutDailyMaxShop: yuanToFen(v.payoutDailyMaxShop)!,
  teamDefaultRate: bp(v.teamDefaultRate),
  teamCategoryRates: (v.teamCategoryRates || []).map((c) => ({ categoryId: c.categoryId, rate: bp(c.rate) })),
  teamGoodsRates: (v.teamGoodsRates || []).map((g) => ({ goodsId: g.goodsId, rate: bp(g.rate) })),
})

const rateInput = <InputNumber min={0} max={50} precision={2} addonAfter='%' style={{ width: 140 }} />
const rateRules = [{ required: true, message: '请填写比例' }]

/** The category and goods rate lists of one level (first: categoryRates / goodsRates; second: teamCategoryRates / teamGoodsRates). */
function RateLists({ cats, categoryField, goodsField }: { cats: AdminCategory[]; categoryField: 'categoryRates' | 'teamCategoryRates'; goodsField: 'goodsRates' | 'teamGoodsRates' }) {
  const second = categoryField === 'teamCategoryRates'
  return (
    <>
      <Form.List name={categoryField}>
        {(fields, { add, remove }) => (
          <Form.Item label={second ? '二级分类佣金比例' : '分类佣金比例'}>
            {fields.map((f) => (
              <Space key={f.key} align='baseline' wrap>
                <Form.Item name={[f.name, 'categoryId']} rules={[{ required: true, message: '请选择分类' }]}>
                  <Select style={{ width: 200 }} placeholder='选择分类' showSearch optionFilterProp='label' options={cats.map((c) => ({ value: c.id, label: `${c.parentId ? '　' : ''}${c.name}` }))} />
                </Form.Item>
                <Form.Item name={[f.name, 'rate']} rules={rateRules}>
                  {rateInput}
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} aria-label='删除' />
              </Space>
            ))}
            <Button type='dashed' icon={<PlusOutlined />} onClick={() => add({ rate: second ? 5 : 10 })}>
              {second ? '添加二级分类比例' : '添加分类比例'}
            </Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.List name={goodsField}>
        {(fields, { add, remove }) => (
          <Form.Item label={second ? '二级商品单独比例' : '商品单独比例'}>
            {fields.map((f) => (
              <Space key={f.key} align='baseline' wrap>
                <Form.Item name={[f.name, 'goodsId']} rules={[{ required: true, message: '请选择商品' }]}>
                  <GoodsSelect style={{ width: 260 }} />
                </Form.Item>
                <Form.Item name={[f.name, 'rate']} rules={rateRules}>
                  {rateInput}
                </Form.Item>
                <MinusCircleOutlined onClick={() => remove(f.name)} aria-label='删除' />
              </Space>
            ))}
            <Button type='dashed' icon={<PlusOutlined />} onClick={() => add({ rate: second ? 5 : 10 })}>
              {second ? '添加二级商品比例' : '添加商品比例'}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </>
  )
}

/** 代理规则: one form (agents.write); a change applies to orders submitted after it and is in the audit log. */
export default function Rules() {
  const [form] = Form.useForm<RulesForm>()
  const [updatedAt, setUpdatedAt] = useState<number | null>(null)
  // The form stays hidden until the saved rules are in it: an empty form could be edited and saved over them.
  const [loaded, setLoaded] = useState(false)
  const [loadError, setLoadError] = useState('')
  const [cats, setCats] = useState<AdminCategory[]>([])
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const session = useSession()
  const writable = session.can('agents.write')
  const binding = Form.useWatch('bindingRule', form)

  useEffect(() => {
    agentRules().then(
      (r) => {
        form.setFieldsValue(toForm(r.rules))
        setUpdatedAt(r.updatedAt)
        setLoaded(true)
      },
      (e) => setLoadError(errorText(e)),
    )
    if (session.can('goods.read')) categories().then(setCats, () => undefined)
  }, [form, session])

  async function save() {
    let v: RulesForm
    try {
      v = await form.validateFields()
    } catch {
      return setError('请按提示修改标红的内容')
    }
    if (!(await confirm('保存代理规则？', '新的佣金比例和冻结天数只对保存之后提交的订单生效；提现限额立即生效。'))) return
    setSaving(true)
    setError('')
    try {
      const r = await saveAgentRules(toWire(v))
      form.setFieldsValue(toForm(r.rules))
      setUpdatedAt(r.updatedAt)
      toast.success('代理规则已保存')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <PageContainer title='代理规则' content={loaded ? (updatedAt ? `最后保存：${dateTime(updatedAt)}` : '尚未保存过，当前为系统默认规则') : undefined}>
      {loadError && <Alert type='error' showIcon message={loadError} role='alert' />}
      {!loaded && !loadError && <Spin style={{ display: 'block', margin: '40px auto' }} />}
      <Form<RulesForm> form={form} layout='vertical' disabled={!writable} style={{ maxWidth: 760, display: loaded ? undefined : 'none' }}>
        <Card title='佣金比例' style={{ marginBottom: 16 }}>
          <Typography.Paragraph type='secondary'>优先级：商品单独比例 &gt; 分类比例 &gt; 默认比例。佣金 = 商品实付金额 × 比例（向下取整到分），下单时锁定。</Typography.Paragraph>
          <Form.Item name='defaultRate' label='默认佣金比例' rules={rateRules}>
            {rateInput}
          </Form.Item>
          <RateLists cats={cats} categoryField='categoryRates' goodsField='goodsRates' />
        </Card>
        <Card title='二级佣金（上级代理）' style={{ marginBottom: 16 }}>
          <Typography.Paragraph type='secondary'>
            会员通过代理的分享或邀请成为代理后，邀请他的代理即为其上级。下级代理店铺的订单产生佣金时，上级代理另得二级佣金：商品实付金额 ×
            二级比例（向下取整到分），下单时锁定，与一级佣金一同冻结、结算和随退款扣减。优先级：商品单独比例 &gt; 分类比例 &gt; 默认比例。
          </Typography.Paragraph>
          <Form.Item name='teamDefaultRate' label='二级默认佣金比例' rules={rateRules}>
            {rateInput}
          </Form.Item>
          <RateLists cats={cats} categoryField='teamCategoryRates' goodsField='teamGoodsRates' />
        </Card>
        <Card title='绑定与结算' style={{ marginBottom: 16 }}>
          <Form.Item name='bindingRule' label='绑定规则'>
            <Radio.Group
              options={[
                { value: 'permanent', label: '首次绑定永久有效' },
                { value: 'days', label: '首次绑定，有效期内有效' },
              ]}
            />
          </Form.Item>
          {binding === 'days' && (
            <Form.Item name='bindingDays' label='绑定有效期（天，过期后该会员的新订单不再产生佣金）' rules={[{ required: true, type: 'number', min: 1, message: '请填写绑定有效期（天）' }]}>
              <InputNumber min={1} max={3650} precision={0} addonAfter='天' />
            </Form.Item>
          )}
          <Form.Item name='freezeDays' label='确认收货后冻结天数（售后期满后佣金可提现）' rules={[{ required: true, message: '请填写冻结天数' }]}>
            <InputNumber min={0} max={90} precision={0} addonAfter='天' />
          </Form.Item>
        </Card>
        <Card title='提现' style={{ marginBottom: 16 }}>
          <Space wrap size='large'>
            <Form.Item name='withdrawMin' label='单笔最低提现' rules={[yuanRule('单笔最低提现', { min: 1 })]}>
              <Input prefix='¥' style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name='withdrawMax' label='单笔最高提现' rules={[yuanRule('单笔最高提现', { min: 1 })]}>
              <Input prefix='¥' style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name='withdrawDailyCount' label='每日提现次数' rules={[{ required: true, message: '请填写每日提现次数' }]}>
              <InputNumber min={1} max={100} precision={0} addonAfter='次' />
            </Form.Item>
          </Space>
          <Space wrap size='large'>
            <Form.Item name='withdrawFeeBp' label='提现手续费' extra='按提现金额计，从提现金额中扣除；填 0 且最低手续费为 0 即免手续费' rules={[{ required: true, message: '请填写手续费比例' }]}>
              <InputNumber min={0} max={10} precision={2} addonAfter='%' style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name='withdrawFeeMin' label='每笔最低手续费' rules={[yuanRule('最低手续费', { min: 0 })]}>
              <Input prefix='¥' style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Space wrap size='large'>
            <Form.Item name='withdrawDailyMax' label='每个代理每日提现上限' rules={[yuanRule('每日提现上限', { min: 1 })]}>
              <Input prefix='¥' style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name='payoutDailyMaxShop' label='店铺每日微信打款上限' rules={[yuanRule('店铺每日打款上限', { min: 1 })]}>
              <Input prefix='¥' style={{ width: 160 }} />
            </Form.Item>
          </Space>
        </Card>
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
        {writable && (
          <Button type='primary' loading={saving} onClick={save} disabled={false}>
            保存规则
          </Button>
        )}
      </Form>
    </PageContainer>
  )
}
