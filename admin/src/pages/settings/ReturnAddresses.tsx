import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input, Space, Switch, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { ReturnAddress, ReturnAddressInput } from '@contract/adminSettings'
import { createReturnAddress, deleteReturnAddress, returnAddresses, updateReturnAddress } from '../../api/afterSales'
import { confirm, errorText, run } from '../../core/feedback'
import { addressText } from '../../core/format'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { FormModal } from '../../components/FormModal'
import { AddressFields, phoneRules } from '../../components/AddressFields'

type Values = Omit<ReturnAddressInput, 'isDefault'> & { isDefault: boolean }

/**
 * 设置 → 退货地址: where shoppers send returned goods. Approving a return shows the default (or another chosen
 * one) and stores it on the case; without any address a return cannot be approved.
 */
export default function ReturnAddresses() {
  const [list, setList] = useState<ReturnAddress[] | null>(null)
  const [error, setError] = useState('')
  const [editing, setEditing] = useState<ReturnAddress | 'new' | null>(null)
  const writable = useSession().can('settings.write')
  const mobile = useMobile()
  const load = useCallback(() => returnAddresses().then(setList, (e) => setError(errorText(e))), [])
  useEffect(() => {
    void load()
  }, [load])

  async function submit(v: Values) {
    const body: ReturnAddressInput = {
      name: v.name.trim(),
      phone: v.phone.trim(),
      province: v.province,
      city: v.city.trim(),
      district: (v.district || '').trim(),
      detail: v.detail.trim(),
      isDefault: !!v.isDefault,
    }
    if (editing === 'new') await createReturnAddress(body)
    else if (editing) await updateReturnAddress(editing.id, body)
    await load()
  }
  const initial = (a: ReturnAddress | 'new'): Partial<Values> => (a === 'new' ? { name: '', phone: '', province: undefined, city: '', district: '', detail: '', isDefault: !list?.length } : { ...a })

  const remove = async (a: ReturnAddress) => {
    if (!(await confirm(`删除退货地址「${a.name}」？`, '已同意的退货仍按当时的地址寄回，不受影响。'))) return
    if (await run(deleteReturnAddress(a.id), '已删除')) await load()
  }

  return (
    <PageContainer
      title='退货地址'
      extra={
        writable && (
          <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            添加地址
          </Button>
        )
      }
    >
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
      {list && !list.length && (
        <Alert type='warning' showIcon style={{ marginBottom: 16 }} message='还没有退货地址' description='买家申请退货退款时，您需要告诉买家把商品寄到哪里：添加地址之前，退货申请无法同意。' />
      )}
      <Card>
        <Typography.Paragraph type='secondary'>
          同意退货时默认使用「默认」地址，也可以为某一单改选其他地址；地址会保存在这笔售后上并显示给买家，之后修改或删除地址不影响已同意的退货。
        </Typography.Paragraph>
        <Table<ReturnAddress>
          rowKey='id'
          loading={!list && !error}
          dataSource={list || []}
          pagination={false}
          scroll={mobile ? undefined : { x: 640 }}
          locale={{ emptyText: '暂无退货地址' }}
          columns={[
            {
              title: '收件人',
              dataIndex: 'name',
              render: (n, a) => (
                <Space wrap size={4}>
                  {n}
                  {a.isDefault && <Tag color='blue'>默认</Tag>}
                </Space>
              ),
            },
            { title: '联系电话', dataIndex: 'phone', responsive: ['md'] },
            {
              title: '地址',
              render: (_, a) => (
                <>
                  {addressText(a)}
                  {mobile && <div style={{ opacity: 0.75 }}>{a.phone}</div>}
                </>
              ),
            },
            {
              title: '操作',
              width: mobile ? 96 : 180,
              fixed: 'right' as const,
              render: (_, a) =>
                writable && (
                  <Space wrap size={mobile ? 4 : 8}>
                    <a onClick={() => setEditing(a)}>编辑</a>
                    {!a.isDefault && (
                      <a
                        onClick={async () => {
                          if (
                            await run(
                              updateReturnAddress(a.id, { name: a.name, phone: a.phone, province: a.province, city: a.city, district: a.district, detail: a.detail, isDefault: true }),
                              '已设为默认',
                            )
                          )
                            await load()
                        }}
                      >
                        设为默认
                      </a>
                    )}
                    {(!a.isDefault || list?.length === 1) && <a onClick={() => remove(a)}>删除</a>}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<Values>
        open={!!editing}
        title={editing === 'new' ? '添加退货地址' : '编辑退货地址'}
        initialValues={editing ? initial(editing) : undefined}
        onSubmit={submit}
        onClose={() => setEditing(null)}
        width={560}
      >
        <Form.Item
          label='收件人'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写收件人' },
            { max: 32, message: '最多 32 个字' },
          ]}
        >
          <Input placeholder='姓名或部门，如：售后组 张三' maxLength={32} />
        </Form.Item>
        <Form.Item label='联系电话' name='phone' rules={phoneRules}>
          <Input inputMode='tel' placeholder='手机号或座机号' maxLength={20} />
        </Form.Item>
        <AddressFields districtExample='余杭区' detailPlaceholder='街道、门牌号、仓库或楼层' />
        <Form.Item label='设为默认' name='isDefault' valuePropName='checked'>
          <Switch disabled={editing !== 'new' && !!editing && editing.isDefault} />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
