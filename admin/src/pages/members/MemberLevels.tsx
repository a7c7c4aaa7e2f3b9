import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input, InputNumber, Space, Switch, Table } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminLevel } from '@contract/adminLevels'
import { createLevel, levelList, setLevelEnabled, updateLevel } from '../../api/level'
import { run } from '../../core/feedback'
import { useSession } from '../../core/session'
import { FormModal } from '../../components/FormModal'
import { benefitsText, toFormValues, toLevelBody, type LevelFormValues } from './levelForm'

/** 会员 › 会员等级: the levels a member reaches by growth value, and their benefits (docs/promotions.md "Member levels"). */
export default function MemberLevels() {
  const [list, setList] = useState<AdminLevel[] | null>(null)
  const [editing, setEditing] = useState<{ id?: number; values: Partial<LevelFormValues> } | null>(null)
  const writable = useSession().can('members.write')
  const load = useCallback(() => void run(levelList()).then((r) => setList(r?.list || [])), [])
  useEffect(load, [load])

  async function save(v: LevelFormValues) {
    const body = toLevelBody(v)
    if (editing?.id) await updateLevel(editing.id, body)
    else await createLevel(body)
    load()
  }
  const toggle = (l: AdminLevel, enabled: boolean) => run(setLevelEnabled(l.id, enabled), enabled ? '已启用' : '已停用').then(load)

  return (
    <PageContainer title='会员等级'>
      <Card
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing({ values: { minGrowth: 0, freeShipping: false, multiplier: 1 } })}>
              新建等级
            </Button>
          )
        }
      >
        <Alert
          type='info'
          showIcon
          style={{ marginBottom: 16 }}
          message='订单完成后，实付金额每满1元得1成长值，退款时按比例扣回。会员的等级是成长值达到门槛的最高一个已启用等级；折扣只用于原价购买的商品（秒杀、积分商城不参与），先打折再用优惠券和积分。'
        />
        <Table<AdminLevel>
          rowKey='id'
          loading={!list}
          dataSource={list || []}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: '暂无会员等级：会员不享受等级权益' }}
          columns={[
            { title: '等级名称', dataIndex: 'name' },
            { title: '成长值门槛', dataIndex: 'minGrowth', width: 120, align: 'right' },
            { title: '权益', key: 'benefits', render: (_, r) => benefitsText(r) },
            { title: '当前会员数', dataIndex: 'members', width: 110, align: 'right', render: (v: number, r) => (r.enabled ? v : '—') },
            { title: '启用', dataIndex: 'enabled', width: 80, render: (v: boolean, r) => <Switch checked={v} disabled={!writable} aria-label={`启用 ${r.name}`} onChange={(on) => toggle(r, on)} /> },
            {
              title: '操作',
              width: 90,
              fixed: 'right',
              render: (_, r) =>
                writable && (
                  <Space>
                    <a onClick={() => setEditing({ id: r.id, values: toFormValues(r) })}>编辑</a>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<LevelFormValues> open={!!editing} title={editing?.id ? '编辑会员等级' : '新建会员等级'} initialValues={editing?.values} onSubmit={save} onClose={() => setEditing(null)}>
        <Form.Item
          label='等级名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写等级名称' },
            { max: 16, message: '等级名称最多 16 个字' },
          ]}
        >
          <Input placeholder='如：黄金会员' />
        </Form.Item>
        <Form.Item
          label='成长值门槛'
          name='minGrowth'
          extra='成长值达到此数即升为该等级'
          rules={[{ required: true, type: 'integer', min: 0, max: 100000000, message: '成长值门槛须为 0 到 100000000 的整数' }]}
        >
          <InputNumber precision={0} min={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='商品折扣（折）' name='discountZhe' extra='如 9.5 表示打九五折；不填为不打折' rules={[{ type: 'number', min: 1, max: 10, message: '折扣须为 1 到 10 之间，最多一位小数' }]}>
          <InputNumber precision={1} min={1} max={10} step={0.5} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='包邮' name='freeShipping' valuePropName='checked'>
          <Switch />
        </Form.Item>
        <Form.Item
          label='积分倍数'
          name='multiplier'
          extra='订单完成所得积分乘以此倍数，如 1.5'
          rules={[{ required: true, type: 'number', min: 1, max: 10, message: '积分倍数须为 1 到 10 之间，最多一位小数' }]}
        >
          <InputNumber precision={1} min={1} max={10} step={0.1} style={{ width: 200 }} />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
