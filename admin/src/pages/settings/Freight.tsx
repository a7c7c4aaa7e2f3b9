import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { FreightTemplate, FreightTemplateInput } from '@contract/adminSettings'
import { createFreightTemplate, deleteFreightTemplate, freightTemplates, updateFreightTemplate } from '../../api/settings'
import { confirm, errorText, run } from '../../core/feedback'
import { fenToYuan, yuanRule, yuanToFen } from '../../core/money'
import { useSession } from '../../core/session'
import { FormModal } from '../../components/FormModal'
import { PROVINCES } from '../../core/provinces'

interface Values {
  name: string
  baseFee: string
  freeThreshold: string
  isDefault: boolean
  regionFees: Array<{ provinces: string[]; extra: string }>
}

const rule = (t: FreightTemplate) => `${t.freeThreshold ? `满 ¥${fenToYuan(t.freeThreshold)} 包邮，否则` : '不包邮，'}运费 ¥${fenToYuan(t.baseFee)}`

/** 设置 → 运费: freight templates; each goods item picks one in its form (none = the default). */
export default function Freight() {
  const [list, setList] = useState<FreightTemplate[] | null>(null)
  const [error, setError] = useState('')
  const [editing, setEditing] = useState<FreightTemplate | 'new' | null>(null)
  const { can } = useSession()
  const writable = can('settings.write')
  const load = useCallback(() => freightTemplates().then(setList, (e) => setError(errorText(e))), [])
  useEffect(() => {
    void load()
  }, [load])

  async function submit(v: Values) {
    const body: FreightTemplateInput = {
      name: v.name.trim(),
      baseFee: yuanToFen(v.baseFee)!,
      freeThreshold: v.freeThreshold === '' || v.freeThreshold === undefined ? 0 : yuanToFen(v.freeThreshold)!,
      isDefault: !!v.isDefault,
      regionFees: (v.regionFees || []).map((r) => ({ provinces: r.provinces, extra: yuanToFen(r.extra)! })),
    }
    if (editing === 'new') await createFreightTemplate(body)
    else if (editing) await updateFreightTemplate(editing.id, body)
    await load()
  }
  const initial = (t: FreightTemplate | 'new'): Partial<Values> =>
    t === 'new'
      ? { name: '', baseFee: '', freeThreshold: '', isDefault: false, regionFees: [] }
      : {
          name: t.name,
          baseFee: fenToYuan(t.baseFee),
          freeThreshold: t.freeThreshold ? fenToYuan(t.freeThreshold) : '',
          isDefault: t.isDefault,
          regionFees: t.regionFees.map((r) => ({ provinces: r.provinces, extra: fenToYuan(r.extra) })),
        }

  return (
    <PageContainer
      title='运费模板'
      extra={
        writable && (
          <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新建模板
          </Button>
        )
      }
    >
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
      <Card>
        <Typography.Paragraph type='secondary'>
          订单按商品的运费模板分组计费：同一模板的商品金额达到包邮门槛则免运费，否则收该模板的运费（收货省份有加价时再加上）；没有选模板的商品用默认模板。
        </Typography.Paragraph>
        <Table<FreightTemplate>
          rowKey='id'
          loading={!list && !error}
          dataSource={list || []}
          pagination={false}
          scroll={{ x: 640 }}
          columns={[
            {
              title: '名称',
              dataIndex: 'name',
              render: (n, t) => (
                <Space>
                  {n}
                  {t.isDefault && <Tag color='blue'>默认</Tag>}
                </Space>
              ),
            },
            { title: '规则', render: (_, t) => rule(t) },
            {
              title: '地区加价',
              render: (_, t) =>
                t.regionFees.length
                  ? t.regionFees.map((r, i) => (
                      <div key={i}>
                        {r.provinces.join('、')} +¥{fenToYuan(r.extra)}
                      </div>
                    ))
                  : '—',
            },
            { title: '使用商品', dataIndex: 'goodsCount', width: 90 },
            {
              title: '操作',
              width: 140,
              fixed: 'right' as const,
              render: (_, t) =>
                writable && (
                  <Space>
                    <a onClick={() => setEditing(t)}>编辑</a>
                    {!t.isDefault && (
                      <a
                        onClick={async () => {
                          if (!(await confirm(`删除模板「${t.name}」？`))) return
                          if (await run(deleteFreightTemplate(t.id), '已删除')) await load()
                        }}
                      >
                        删除
                      </a>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<Values>
        open={!!editing}
        title={editing === 'new' ? '新建运费模板' : '编辑运费模板'}
        initialValues={editing ? initial(editing) : undefined}
        onSubmit={submit}
        onClose={() => setEditing(null)}
        width={640}
      >
        <Form.Item
          label='名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写名称' },
            { max: 32, message: '名称最多 32 个字' },
          ]}
        >
          <Input placeholder='如：大件商品' />
        </Form.Item>
        <Space wrap align='start'>
          <Form.Item label='运费（元）' name='baseFee' rules={[yuanRule('运费')]}>
            <Input inputMode='decimal' style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label='包邮门槛（元，不填为不包邮）' name='freeThreshold' rules={[yuanRule('包邮门槛', { required: false })]}>
            <Input inputMode='decimal' style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label='设为默认' name='isDefault' valuePropName='checked'>
            <Switch disabled={editing !== 'new' && !!editing && editing.isDefault} />
          </Form.Item>
        </Space>
        <Form.List name='regionFees'>
          {(fields, { add, remove }) => (
            <>
              <Typography.Text>地区加价（偏远地区）</Typography.Text>
              {fields.map((f) => (
                <Space key={f.key} align='start' style={{ display: 'flex', marginTop: 8 }} wrap>
                  <Form.Item name={[f.name, 'provinces']} rules={[{ required: true, type: 'array', min: 1, message: '请选择省份' }]} style={{ marginBottom: 0, minWidth: 300 }}>
                    <Select mode='multiple' placeholder='选择省份' options={PROVINCES.map((p) => ({ value: p, label: p }))} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'extra']} rules={[yuanRule('加价')]} style={{ marginBottom: 0 }}>
                    <Input prefix='+¥' inputMode='decimal' style={{ width: 120 }} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label='删除' />
                </Space>
              ))}
              <div style={{ marginTop: 8 }}>
                <Button icon={<PlusOutlined />} onClick={() => add({ provinces: [], extra: '' })} disabled={fields.length >= 20}>
                  添加地区
                </Button>
              </div>
            </>
          )}
        </Form.List>
      </FormModal>
    </PageContainer>
  )
}
