import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, InputNumber, Space, Typography } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import type { PointsRulesBody, PointsRulesView } from '@contract/adminRewards'
import { pointsRules, savePointsRules } from '../../api/integral'
import { errorText, run, toast } from '../../core/feedback'
import { useSession } from '../../core/session'

const pointsRule = (label: string, max: number, min = 0) => ({ required: true, type: 'integer' as const, min, max, message: `${label}须为 ${min} 到 ${max} 的整数` })
const TASK_GONE = '该任务已删除：先在任务中心添加'

/** One whole-number setting: its label, the range the server accepts (said in the refusal), a note and a unit. */
function intRow(name: keyof PointsRulesBody, label: string, what: string, min: number, max: number, o: { extra?: string; addon?: string; width?: number } = {}) {
  return (
    <Form.Item label={label} name={name} rules={[pointsRule(what, max, min)]} extra={o.extra}>
      <InputNumber precision={0} min={min} max={max} addonAfter={o.addon} style={{ width: o.width ?? 200 }} />
    </Form.Item>
  )
}

/** 营销 › 积分规则: check-in cycle, points per yuan, first-order and review rewards, the checkout's 积分抵现 rate and cap. Saved changes apply from then on. */
export default function PointsRules() {
  const [form] = Form.useForm<PointsRulesBody>()
  const [rules, setRules] = useState<PointsRulesView | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState('')
  const writable = useSession().can('marketing.write')
  useEffect(() => {
    void run(pointsRules()).then((r) => {
      if (!r) return
      setRules(r)
      form.setFieldsValue({ ...r, firstOrder: r.firstOrder ?? 0, review: r.review ?? 0 })
    })
  }, [form])

  async function save() {
    let v: PointsRulesBody
    try {
      v = await form.validateFields()
    } catch {
      return setError('请按提示修改标红的内容')
    }
    setSaving(true)
    setError('')
    try {
      const r = await savePointsRules({
        signIn: v.signIn.map(Number),
        perYuan: v.perYuan,
        firstOrder: v.firstOrder,
        review: v.review,
        redeemRate: v.redeemRate,
        redeemMaxPercent: v.redeemMaxPercent,
        expireDays: v.expireDays,
      })
      setRules(r)
      toast.success('积分规则已保存，新的规则从现在起生效')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <PageContainer title='积分规则'>
      <Card loading={!rules}>
        <Typography.Paragraph type='secondary'>修改后从保存时起生效：之前已发放的积分不变。所有修改记入操作日志。</Typography.Paragraph>
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' data-testid='form-error' />}
        <Form form={form} layout='vertical' disabled={!writable} style={{ maxWidth: 640 }}>
          <Form.Item label='每日签到（按连续天数循环，最后一天之后从第 1 天重新开始）' required>
            <Form.List name='signIn'>
              {(fields, { add, remove }) => (
                <Space wrap>
                  {fields.map((f, i) => (
                    <Space key={f.key} size={2}>
                      <Form.Item {...f} noStyle rules={[pointsRule(`第 ${i + 1} 天`, 10000)]}>
                        <InputNumber precision={0} min={0} max={10000} addonBefore={`第${i + 1}天`} style={{ width: 150 }} aria-label={`第${i + 1}天签到积分`} />
                      </Form.Item>
                      {fields.length > 1 && <MinusCircleOutlined onClick={() => remove(f.name)} aria-label='删除这一天' />}
                    </Space>
                  ))}
                  {fields.length < 14 && (
                    <Button icon={<PlusOutlined />} onClick={() => add(0)}>
                      加一天
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          </Form.Item>
          {intRow('perYuan', '消费奖励：订单完成后每实付 1 元得（积分）', '每元积分', 0, 100)}
          {intRow('firstOrder', '首次下单奖励（任务中心「首次下单」的积分）', '首单积分', 0, 100000, { extra: rules?.firstOrder === null ? TASK_GONE : undefined })}
          {intRow('review', '评价奖励（任务中心「评价商品」的积分，每天一次）', '评价积分', 0, 100000, { extra: rules?.review === null ? TASK_GONE : undefined })}
          {intRow('redeemRate', '积分抵现：下单时多少积分抵 1 元', '积分抵现比例', 1, 10000, { extra: '按整元抵扣，所用积分为该数的整数倍', addon: '积分 = 1 元', width: 240 })}
          {intRow('redeemMaxPercent', '每单积分最多抵扣（商品金额扣除优惠券后的百分比）', '积分抵扣上限', 0, 100, { extra: '填 0 表示下单时不能用积分抵扣', addon: '%' })}
          {intRow('expireDays', '积分有效期（天）', '积分有效期', 0, 3650, {
            extra: '获得超过这么多天、还没用掉的积分过期（先用的是最早获得的积分），系统每小时检查一次；填 0 表示永久有效',
            addon: '天',
          })}
          {writable && (
            <Button type='primary' loading={saving} onClick={save}>
              保存
            </Button>
          )}
        </Form>
      </Card>
    </PageContainer>
  )
}
