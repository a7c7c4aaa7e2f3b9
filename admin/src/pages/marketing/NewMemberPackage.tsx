/**
 * 营销 · 新人礼包: which coupon templates a new member gets. Registering gives exactly these (in the transaction
 * that creates the member) and the shop's home popup shows exactly these: both read the same flag this page sets.
 */
import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Empty, List, Select, Space, Tag, Typography } from 'antd'
import type { AdminCoupon } from '@contract/adminPromotions'
import { coupons, newMemberPackage, setNewMemberPackage } from '../../api/coupon'
import { errorText, run, toast } from '../../core/feedback'
import { fenToYuan } from '../../core/money'
import { useSession } from '../../core/session'

export default function NewMemberPackage() {
  const writable = useSession().can('marketing.write')
  const [current, setCurrent] = useState<AdminCoupon[] | null>(null)
  const [all, setAll] = useState<AdminCoupon[]>([])
  const [chosen, setChosen] = useState<number[]>([])
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)

  const load = async () => {
    const [p, list] = await Promise.all([run(newMemberPackage()), run(coupons({ status: 'on', pageSize: 100 }))])
    if (p) {
      setCurrent(p.coupons)
      setChosen(p.coupons.map((c) => c.id))
    }
    if (list) setAll(list.list)
  }
  useEffect(() => {
    void load()
  }, [])

  async function save() {
    setSaving(true)
    setError('')
    try {
      const r = await setNewMemberPackage(chosen)
      setCurrent(r.coupons)
      toast.success('新人礼包已保存')
      void load()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  const total = (current || []).filter((c) => c.kind !== 'discount').reduce((s, c) => s + c.amount, 0)
  const options = [...new Map([...(current || []), ...all].map((c) => [c.id, c])).values()].map((c) => ({ value: c.id, label: `${c.name}（${c.ruleText}，${c.validText}）` }))
  return (
    <PageContainer title='新人礼包'>
      <Alert
        type='info'
        showIcon
        style={{ marginBottom: 12 }}
        message='新会员注册时自动获得下列优惠券（每种一张），首页新人弹窗展示的也正是这些券。新人券不在领券中心出现；停用或已过期的券不能放入礼包。'
      />
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 12 }} role='alert' data-testid='form-error' />}
      <Card title={`当前礼包${current?.length ? `（合计 ¥${fenToYuan(total)}）` : ''}`} size='small' style={{ marginBottom: 12 }} loading={!current}>
        {current?.length ? (
          <List
            size='small'
            dataSource={current}
            renderItem={(c) => (
              <List.Item>
                <Space wrap>
                  <Typography.Text strong>{c.name}</Typography.Text>
                  <Tag color='red'>{c.ruleText}</Tag>
                  <span>{c.validText}</span>
                  {c.status !== 'on' && <Tag>已停用，不会发放</Tag>}
                  <Typography.Text type='secondary'>
                    已发 {c.issuedCount} / {c.totalCount}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        ) : (
          <Empty description='未设置新人礼包：新会员注册不送券，首页不弹新人券' />
        )}
      </Card>
      {writable && (
        <Card title='设置礼包' size='small'>
          <Space direction='vertical' style={{ width: '100%' }}>
            <Select
              mode='multiple'
              value={chosen}
              onChange={setChosen}
              options={options}
              optionFilterProp='label'
              placeholder='选择优惠券（可在「优惠券」中新建，建议设为不可领取）'
              style={{ width: '100%' }}
              aria-label='新人礼包优惠券'
            />
            <Button type='primary' loading={saving} onClick={save}>
              保存礼包
            </Button>
          </Space>
        </Card>
      )}
    </PageContainer>
  )
}
