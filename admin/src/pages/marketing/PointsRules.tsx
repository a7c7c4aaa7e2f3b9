import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, InputNumber, Space, Typography } from 'antd'
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons'
import type { PointsRulesBody, PointsRulesView } from '@contract/adminRewards'
import { pointsRules, savePointsRules } from '../../api/rewards'
import { errorText, run, toast } from '../../core/feedback'
import { useSession } from '../../core/session'

const pointsRule = (label: string, max: number) => ({ required: true, type: 'integer' as const, min: 0, max, message: `${label}须为 0 到 ${max} 的整数` })

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
          <Form.Item label='消费奖励：订单完成后每实付 1 元得（积分）' name='perYuan' rules={[pointsRule('每元积分', 100)]}>
            <InputNumber precision={0} min={0} max={100} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label='首次下单奖励（任务中心「首次下单」的积分）'
            name='firstOrder'
            rules={[pointsRule('首单积分', 100000)]}
            extra={rules?.firstOrder === null ? '该任务已删除：先在任务中心添加' : undefined}
          >
            <InputNumber precision={0} min={0} max={100000} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label='评价奖励（任务中心「评价商品」的积分，每天一次）'
            name='review'
            rules={[pointsRule('评价积分', 100000)]}
            extra={rules?.review === null ? '该任务已删除：先在任务中心添加' : undefined}
          >
            <InputNumber precision={0} min={0} max={100000} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label='积分抵现：下单时多少积分抵 1 元'
            name='redeemRate'
            rules={[{ required: true, type: 'integer' as const, min: 1, max: 10000, message: '积分抵现比例须为 1 到 10000 的整数' }]}
            extra='按整元抵扣，所用积分为该数的整数倍'
          >
            <InputNumber precision={0} min={1} max={10000} addonAfter='积分 = 1 元' style={{ width: 240 }} />
          </Form.Item>
          <Form.Item
            label='每单积分最多抵扣（商品金额扣除优惠券后的百分比）'
            name='redeemMaxPercent'
            rules={[{ required: true, type: 'integer' as const, min: 0, max: 100, message: '积分抵扣上限须为 0 到 100 的整数' }]}
            extra='填 0 表示下单时不能用积分抵扣'
          >
            <InputNumber precision={0} min={0} max={100} addonAfter='%' style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label='积分有效期（天）'
            name='expireDays'
            rules={[{ required: true, type: 'integer' as const, min: 0, max: 3650, message: '积分有效期须为 0 到 3650 的整数' }]}
            extra='获得超过这么多天、还没用掉的积分过期（先用的是最早获得的积分），系统每小时检查一次；填 0 表示永久有效'
          >
            <InputNumber precision={0} min={0} max={3650} addonAfter='天' style={{ width: 200 }} />
          </Form.Item>
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
