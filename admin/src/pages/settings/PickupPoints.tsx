import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminPickupPoint, PickupPointInput } from '@contract/adminSettings'
import { createPickupPoint, deletePickupPoint, pickupPoints, updatePickupPoint } from '../../api/order'
import { confirm, errorText, run } from '../../core/feedback'
import { addressText } from '../../core/format'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { FormModal } from '../../components/FormModal'
import { AddressFields, phoneRules } from '../../components/AddressFields'

/**
 * 设置 → 自提点: where shoppers may pick up their goods (到店自提). While one is enabled the checkout offers 快递配送 /
 * 到店自提; an order keeps a copy of the point chosen, so later edits change no order already placed.
 */
export default function PickupPoints() {
  const [list, setList] = useState<AdminPickupPoint[] | null>(null)
  const [error, setError] = useState('')
  const [editing, setEditing] = useState<AdminPickupPoint | 'new' | null>(null)
  const writable = useSession().can('settings.write')
  const mobile = useMobile()
  const load = useCallback(() => pickupPoints().then(setList, (e) => setError(errorText(e))), [])
  useEffect(() => {
    void load()
  }, [load])

  async function submit(v: PickupPointInput) {
    const body: PickupPointInput = {
      name: v.name.trim(),
      province: v.province,
      city: v.city.trim(),
      district: (v.district || '').trim(),
      detail: v.detail.trim(),
      hours: v.hours.trim(),
      phone: v.phone.trim(),
      enabled: !!v.enabled,
      sort: Number(v.sort) || 0,
    }
    if (editing === 'new') await createPickupPoint(body)
    else if (editing) await updatePickupPoint(editing.id, body)
    await load()
  }
  const initial = (p: AdminPickupPoint | 'new'): Partial<PickupPointInput> =>
    p === 'new' ? { name: '', phone: '', province: undefined, city: '', district: '', detail: '', hours: '每天 09:00-21:00', enabled: true, sort: 0 } : { ...p }
  const toInput = (p: AdminPickupPoint): PickupPointInput => ({
    name: p.name,
    province: p.province,
    city: p.city,
    district: p.district,
    detail: p.detail,
    hours: p.hours,
    phone: p.phone,
    enabled: p.enabled,
    sort: p.sort,
  })

  const remove = async (p: AdminPickupPoint) => {
    if (!(await confirm(`删除自提点「${p.name}」？`, '已下单的自提订单仍按下单时的自提点信息提货，不受影响。'))) return
    if (await run(deletePickupPoint(p.id), '已删除')) await load()
  }

  return (
    <PageContainer
      title='自提点'
      extra={
        writable && (
          <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            添加自提点
          </Button>
        )
      }
    >
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
      <Card>
        <Typography.Paragraph type='secondary'>
          有启用的自提点时，买家下单可选择「到店自提」：不填收货地址、不付运费，付款后凭提货码到店提货，店员在「订单 → 自提核销」核销。秒杀和积分商城订单只支持快递配送。
        </Typography.Paragraph>
        <Table<AdminPickupPoint>
          rowKey='id'
          loading={!list && !error}
          dataSource={list || []}
          pagination={false}
          scroll={mobile ? undefined : { x: 720 }}
          locale={{ emptyText: '暂无自提点' }}
          columns={[
            {
              title: '名称',
              dataIndex: 'name',
              width: mobile ? undefined : 160,
              render: (n, p) => (
                <Space wrap size={4}>
                  {n}
                  {!p.enabled && <Tag>已停用</Tag>}
                </Space>
              ),
            },
            {
              title: '地址',
              render: (_, p) => (
                <>
                  {addressText(p)}
                  {mobile && (
                    <div style={{ opacity: 0.75 }}>
                      {p.hours} · {p.phone}
                    </div>
                  )}
                </>
              ),
            },
            { title: '营业时间', dataIndex: 'hours', width: 160, responsive: ['md'] },
            { title: '联系电话', dataIndex: 'phone', width: 140, responsive: ['md'] },
            { title: '排序', dataIndex: 'sort', width: 72, responsive: ['md'] },
            {
              title: '操作',
              width: mobile ? 96 : 160,
              fixed: 'right' as const,
              render: (_, p) =>
                writable && (
                  <Space wrap size={mobile ? 4 : 8}>
                    <a onClick={() => setEditing(p)}>编辑</a>
                    <a
                      onClick={async () => {
                        if (await run(updatePickupPoint(p.id, { ...toInput(p), enabled: !p.enabled }), p.enabled ? '已停用' : '已启用')) await load()
                      }}
                    >
                      {p.enabled ? '停用' : '启用'}
                    </a>
                    <a onClick={() => remove(p)}>删除</a>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<PickupPointInput>
        open={!!editing}
        title={editing === 'new' ? '添加自提点' : '编辑自提点'}
        initialValues={editing ? initial(editing) : undefined}
        onSubmit={submit}
        onClose={() => setEditing(null)}
        width={560}
      >
        <Form.Item
          label='名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写自提点名称' },
            { max: 32, message: '最多 32 个字' },
          ]}
        >
          <Input placeholder='如：西湖门店' maxLength={32} />
        </Form.Item>
        <AddressFields districtExample='西湖区' detailPlaceholder='街道、门牌号、楼层' />
        <Form.Item
          label='营业时间'
          name='hours'
          rules={[
            { required: true, whitespace: true, message: '请填写营业时间' },
            { max: 64, message: '最多 64 个字' },
          ]}
        >
          <Input placeholder='如：每天 09:00-21:00' maxLength={64} />
        </Form.Item>
        <Form.Item label='联系电话' name='phone' rules={phoneRules}>
          <Input inputMode='tel' placeholder='手机号或座机号' maxLength={20} />
        </Form.Item>
        <Space wrap align='start'>
          <Form.Item label='排序' name='sort' tooltip='数字小的排在前面' rules={[{ required: true, message: '请填写排序' }]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label='启用' name='enabled' valuePropName='checked'>
            <Switch />
          </Form.Item>
        </Space>
      </FormModal>
    </PageContainer>
  )
}
