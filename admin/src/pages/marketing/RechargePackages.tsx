import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Button, Card, Form, Input, Switch, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminRechargePackage, AdminRechargePackages, RechargePackageBody } from '@contract/balanceRecharge'
import { createRechargePackage, deleteRechargePackage, rechargePackages, saveRechargeSettings, updateRechargePackage } from '../../api/recharge'
import { confirm, run } from '../../core/feedback'
import { fenToYuan, yuanLabel, yuanRule, yuanToFen } from '../../core/money'
import { useSession } from '../../core/session'
import { FormModal, sortField } from '../../components/FormModal'

interface PackageForm {
  name: string
  payAmount: string
  bonusAmount: string
  enabled: boolean
  sort: number
}

/** 营销 › 充值: recharge packages (pay X, get X + bonus), on/off, order; the 充值金额可提现 setting (the bonus never is). */
export default function RechargePackages() {
  const [data, setData] = useState<AdminRechargePackages | null>(null)
  const [editing, setEditing] = useState<Partial<AdminRechargePackage> | null>(null)
  const writable = useSession().can('marketing.write')
  const load = useCallback(() => void run(rechargePackages()).then((r) => r && setData(r)), [])
  useEffect(load, [load])

  async function save(v: PackageForm) {
    const body: RechargePackageBody = { name: v.name.trim(), payAmount: yuanToFen(v.payAmount) ?? 0, bonusAmount: yuanToFen(v.bonusAmount) ?? 0, enabled: v.enabled, sort: v.sort ?? 0 }
    if (editing?.id) await updateRechargePackage(editing.id, body)
    else await createRechargePackage(body)
    load()
  }
  async function remove(p: AdminRechargePackage) {
    if (!(await confirm(`删除充值套餐「${p.name}」？`, '已有的充值记录不受影响。'))) return
    if (await run(deleteRechargePackage(p.id), '已删除')) load()
  }
  async function toggleWithdrawable(on: boolean) {
    if (await run(saveRechargeSettings({ withdrawable: on }), '已保存')) load()
  }

  return (
    <PageContainer title='充值'>
      <Card title='充值设置' style={{ marginBottom: 16 }}>
        <Switch checked={!!data?.withdrawable} disabled={!writable || !data} onChange={toggleWithdrawable} aria-label='充值金额可提现' /> <span style={{ marginLeft: 8 }}>充值金额可提现</span>
        <Typography.Paragraph type='secondary' style={{ marginTop: 8, marginBottom: 0 }}>
          关闭时（默认）充值到账的金额只能在商城消费；打开后会员可以把充值金额提现。赠送金额任何时候都不可提现。修改只影响之后到账的充值。
        </Typography.Paragraph>
      </Card>
      <Card
        title='充值套餐'
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing({ enabled: true, sort: 0 })}>
              新建套餐
            </Button>
          )
        }
      >
        <Table<AdminRechargePackage>
          rowKey='id'
          loading={!data}
          dataSource={data?.list || []}
          pagination={false}
          scroll={{ x: 760 }}
          columns={[
            { title: '套餐', dataIndex: 'name', width: 160 },
            { title: '充值金额', dataIndex: 'payAmount', width: 110, align: 'right', render: (v: number) => yuanLabel(v) },
            { title: '赠送金额', dataIndex: 'bonusAmount', width: 110, align: 'right', render: (v: number) => yuanLabel(v) },
            { title: '到账', width: 110, align: 'right', render: (_, r) => yuanLabel(r.payAmount + r.bonusAmount) },
            { title: '已充值', dataIndex: 'paidCount', width: 90, align: 'right', render: (v: number) => `${v} 笔` },
            { title: '排序', dataIndex: 'sort', width: 70 },
            { title: '状态', width: 80, render: (_, r) => (r.enabled ? <Tag color='green'>上架</Tag> : <Tag>下架</Tag>) },
            {
              title: '操作',
              width: 110,
              fixed: 'right',
              render: (_, r) =>
                writable && (
                  <>
                    <a onClick={() => setEditing(r)}>编辑</a>
                    <a style={{ marginLeft: 12 }} onClick={() => remove(r)}>
                      删除
                    </a>
                  </>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<PackageForm>
        open={!!editing}
        title={editing?.id ? '编辑充值套餐' : '新建充值套餐'}
        initialValues={
          editing
            ? {
                name: editing.name || '',
                payAmount: editing.payAmount !== undefined ? fenToYuan(editing.payAmount) : '',
                bonusAmount: editing.bonusAmount !== undefined ? fenToYuan(editing.bonusAmount) : '0',
                enabled: editing.enabled ?? true,
                sort: editing.sort ?? 0,
              }
            : undefined
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label='套餐名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写套餐名称' },
            { max: 30, message: '套餐名称最多 30 个字' },
          ]}
        >
          <Input placeholder='如：充100送10' />
        </Form.Item>
        <Form.Item
          label='充值金额（元）'
          name='payAmount'
          rules={[yuanRule('充值金额', { min: 0.01 }), { validator: (_, v) => ((yuanToFen(v) ?? 0) > 10_000_000 ? Promise.reject(new Error('充值金额最多 100000 元')) : Promise.resolve()) }]}
        >
          <Input prefix='¥' style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label='赠送金额（元，不可提现）' name='bonusAmount' rules={[yuanRule('赠送金额')]}>
          <Input prefix='¥' style={{ width: 200 }} />
        </Form.Item>
        {sortField}
        <Form.Item label='上架' name='enabled' valuePropName='checked'>
          <Switch />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
