import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Avatar, Button, Card, Checkbox, Form, Input, Popconfirm, Space, Table, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminBrand, BrandInput } from '@contract/adminGoods'
import { brands as brandsApi, createBrand, deleteBrand, updateBrand } from '../../api/goods'
import { run } from '../../core/feedback'
import { useSession } from '../../core/session'
import { FormModal, sortField } from '../../components/FormModal'
import { ImageInput } from '../../components/ImagesInput'

export default function Brands() {
  const [list, setList] = useState<AdminBrand[] | null>(null)
  const [editing, setEditing] = useState<Partial<AdminBrand> | null>(null)
  const writable = useSession().can('goods.write')
  const load = useCallback(() => void run(brandsApi()).then((b) => setList(b || [])), [])
  useEffect(load, [load])

  async function save(v: BrandInput) {
    const body = { name: v.name.trim(), logo: v.logo || '', intro: v.intro?.trim() || '', isExclusive: !!v.isExclusive, sort: v.sort ?? 0 }
    if (editing?.id) await updateBrand(editing.id, body)
    else await createBrand(body)
    load()
  }

  return (
    <PageContainer title='品牌'>
      <Card
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing({ sort: 0 })}>
              新建品牌
            </Button>
          )
        }
      >
        <Table<AdminBrand>
          rowKey='id'
          loading={!list}
          dataSource={list || []}
          pagination={{ pageSize: 20 }}
          scroll={{ x: 700 }}
          columns={[
            { title: '标志', dataIndex: 'logo', width: 80, render: (v: string, r: { name: string }) => (v ? <Avatar shape='square' src={v} alt={r.name} /> : '—') },
            {
              title: '名称',
              dataIndex: 'name',
              render: (v: string, r) => (
                <Space>
                  {v}
                  {r.isExclusive && <Tag color='gold'>独家</Tag>}
                </Space>
              ),
            },
            { title: '介绍', dataIndex: 'intro', ellipsis: true },
            { title: '排序', dataIndex: 'sort', width: 80 },
            { title: '商品数', dataIndex: 'goodsCount', width: 90 },
            {
              title: '操作',
              width: 130,
              fixed: 'right' as const,
              render: (_, r) =>
                writable && (
                  <Space>
                    <a onClick={() => setEditing(r)}>编辑</a>
                    <Popconfirm title={`删除「${r.name}」？`} description='有商品的品牌不能删除' onConfirm={() => run(deleteBrand(r.id), '已删除').then((ok) => ok && load())}>
                      <a>删除</a>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<BrandInput> open={!!editing} title={editing?.id ? '编辑品牌' : '新建品牌'} initialValues={editing || undefined} onSubmit={save} onClose={() => setEditing(null)}>
        <Form.Item
          label='名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写品牌名称' },
            { max: 64, message: '名称最多 64 个字' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label='标志' name='logo'>
          <ImageInput />
        </Form.Item>
        <Form.Item label='介绍' name='intro' rules={[{ max: 512, message: '介绍最多 512 个字' }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name='isExclusive' valuePropName='checked'>
          <Checkbox>独家品牌</Checkbox>
        </Form.Item>
        {sortField}
      </FormModal>
    </PageContainer>
  )
}
