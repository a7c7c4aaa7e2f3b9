import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Avatar, Button, Card, Descriptions, Form, Input, InputNumber, Space, Spin, Table, Tabs, Tag } from 'antd'
import type { AdminMemberDetail, PointsBody } from '@contract/adminMembers'
import { adjustPoints, memberDetail, setDisabled } from '../../api/member'
import { confirm, errorText, run } from '../../core/feedback'
import { dateTime, ORDER_STATUS } from '../../core/format'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { FormModal } from '../../components/FormModal'
import MemberGrowthCard from './MemberGrowthCard'

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

export default function MemberDetail({ params }: { params: Record<string, string> }) {
  const id = Number(params.id)
  const [data, setData] = useState<AdminMemberDetail | null>(null)
  const [error, setError] = useState('')
  const [pointsOpen, setPointsOpen] = useState(false)
  const writable = useSession().can('members.write')
  const mobile = useMobile()
  const load = useCallback(() => memberDetail(id).then(setData, (e) => setError(errorText(e))), [id])
  useEffect(() => void load(), [load])

  if (error && !data)
    return (
      <PageContainer onBack={() => navigate('/members')}>
        <Alert type='error' showIcon message={error} />
      </PageContainer>
    )
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  const m = data.member

  async function toggle() {
    const disabled = !m.disabled
    if (!(await confirm(disabled ? `停用会员 ${m.phone}？` : `恢复会员 ${m.phone}？`, disabled ? '停用后该会员立即退出登录，不能再下单。' : undefined))) return
    if (await run(setDisabled(id, { disabled }), disabled ? '已停用' : '已恢复')) await load()
  }

  return (
    <PageContainer
      title={
        <Space>
          <Avatar src={m.avatar || undefined}>{m.nickname.slice(0, 1)}</Avatar>
          {m.nickname || m.phone}
        </Space>
      }
      subTitle={m.disabled ? <Tag color='red'>已停用</Tag> : <Tag color='green'>正常</Tag>}
      onBack={() => navigate('/members')}
      extra={
        writable && (
          <Space>
            <Button onClick={() => setPointsOpen(true)}>调整积分</Button>
            <Button danger={!m.disabled} onClick={toggle}>
              {m.disabled ? '恢复' : '停用'}
            </Button>
          </Space>
        )
      }
    >
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={mobile ? 1 : 3} size='small'>
          <Descriptions.Item label='手机号'>{m.phone}</Descriptions.Item>
          <Descriptions.Item label='编号'>{m.id}</Descriptions.Item>
          <Descriptions.Item label='注册时间'>{dateTime(m.createdAt)}</Descriptions.Item>
          <Descriptions.Item label='积分'>{m.points}</Descriptions.Item>
          <Descriptions.Item label='余额'>¥{fenToYuan(m.balance)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <MemberGrowthCard memberId={id} />
      <Card>
        <Tabs
          items={[
            {
              key: 'orders',
              label: `订单（${data.orders.length}）`,
              children: (
                <Table
                  size='small'
                  rowKey='orderNo'
                  dataSource={data.orders}
                  pagination={{ pageSize: 10 }}
                  scroll={{ x: 600 }}
                  columns={[
                    { title: '订单号', dataIndex: 'orderNo', render: (v: string) => <a onClick={() => navigate(`/orders/${v}`)}>{v}</a> },
                    { title: '商品', render: (_, r) => `${r.firstGoodsName}${r.itemCount > 1 ? ` 等 ${r.itemCount} 件` : ''}` },
                    { title: '实付', align: 'right', render: (_, r) => `¥${fenToYuan(r.payAmount)}` },
                    { title: '状态', render: (_, r) => ORDER_STATUS[r.status]?.text || r.status },
                    { title: '下单时间', render: (_, r) => dateTime(r.createdAt) },
                  ]}
                />
              ),
            },
            {
              key: 'addresses',
              label: `地址（${data.addresses.length}）`,
              children: (
                <Table
                  size='small'
                  rowKey='id'
                  dataSource={data.addresses}
                  pagination={false}
                  scroll={{ x: 500 }}
                  columns={[
                    { title: '收货人', dataIndex: 'name' },
                    { title: '电话', dataIndex: 'phone' },
                    {
                      title: '地址',
                      dataIndex: 'address',
                      render: (v: string, r) => (
                        <>
                          {v} {r.isDefault && <Tag>默认</Tag>}
                        </>
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'points',
              label: '积分明细',
              children: (
                <Table
                  size='small'
                  rowKey='id'
                  dataSource={data.pointsLedger}
                  pagination={{ pageSize: 10 }}
                  scroll={{ x: 500 }}
                  columns={[
                    { title: '变动', render: (_, r) => signed(r.change) },
                    { title: '余额', dataIndex: 'balanceAfter' },
                    { title: '原因', render: (_, r) => `${r.reason}${r.note ? `（${r.note}）` : ''}` },
                    { title: '时间', render: (_, r) => dateTime(r.createdAt) },
                  ]}
                />
              ),
            },
            {
              key: 'balance',
              label: '余额明细',
              children: (
                <Table
                  size='small'
                  rowKey='id'
                  dataSource={data.balanceLedger}
                  pagination={{ pageSize: 10 }}
                  scroll={{ x: 500 }}
                  columns={[
                    { title: '变动（元）', render: (_, r) => (r.change > 0 ? '+' : '') + fenToYuan(r.change) },
                    { title: '余额（元）', render: (_, r) => fenToYuan(r.balanceAfter) },
                    { title: '类型', dataIndex: 'type' },
                    { title: '备注', dataIndex: 'note' },
                    { title: '时间', render: (_, r) => dateTime(r.createdAt) },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      <FormModal<PointsBody> open={pointsOpen} title='调整积分' onClose={() => setPointsOpen(false)} onSubmit={(v) => adjustPoints(id, { delta: v.delta, note: v.note.trim() }).then(() => load())}>
        <Form.Item
          label={`增减积分（当前 ${m.points}，负数为扣减）`}
          name='delta'
          rules={[
            { required: true, message: '请填写积分数量' },
            { type: 'integer', message: '积分须为整数' },
            { validator: (_, v) => (v === 0 ? Promise.reject(new Error('积分变动不能为 0')) : v < -m.points ? Promise.reject(new Error(`最多扣减 ${m.points} 积分`)) : Promise.resolve()) },
          ]}
        >
          <InputNumber precision={0} style={{ width: 200 }} placeholder='如 100 或 -50' />
        </Form.Item>
        <Form.Item
          label='备注（记入积分明细）'
          name='note'
          rules={[
            { required: true, whitespace: true, message: '请填写备注' },
            { max: 100, message: '最多 100 个字' },
          ]}
        >
          <Input placeholder='如：客诉补偿' />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
