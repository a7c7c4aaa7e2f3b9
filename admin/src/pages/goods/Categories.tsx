import { useCallback, useEffect, useMemo, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Avatar, Button, Card, Form, Input, Popconfirm, Select, Space, Table } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { AdminCategory, CategoryInput } from '@contract/adminGoods'
import { categories as categoriesApi, createCategory, deleteCategory, updateCategory } from '../../api/goods'
import { run } from '../../core/feedback'
import { useSession } from '../../core/session'
import { FormModal, sortField } from '../../components/FormModal'
import { ImageInput } from '../../components/ImagesInput'

type Row = AdminCategory & { children?: Row[] }

export default function Categories() {
  const [list, setList] = useState<AdminCategory[] | null>(null)
  const [editing, setEditing] = useState<Partial<AdminCategory> | null>(null)
  const writable = useSession().can('goods.write')
  const load = useCallback(() => void run(categoriesApi()).then((c) => setList(c || [])), [])
  useEffect(load, [load])

  // Two levels: top categories with their children, both by sort.
  const tree = useMemo<Row[]>(() => {
    const all = list || []
    return all
      .filter((c) => c.parentId === 0)
      .map((t) => {
        const children = all.filter((c) => c.parentId === t.id)
        return children.length ? { ...t, children } : { ...t }
      })
  }, [list])

  async function save(v: CategoryInput) {
    const body = { parentId: v.parentId || 0, name: v.name.trim(), icon: v.icon || '', sort: v.sort ?? 0 }
    if (editing?.id) await updateCategory(editing.id, body)
    else await createCategory(body)
    load()
  }

  return (
    <PageContainer title='商品分类'>
      <Card
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing({ parentId: 0, sort: 0 })}>
              新建分类
            </Button>
          )
        }
      >
        <Table<Row>
          rowKey='id'
          loading={!list}
          dataSource={tree}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          scroll={{ x: 600 }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '图标', dataIndex: 'icon', width: 80, render: (v: string, r: { name: string }) => (v ? <Avatar shape='square' src={v} alt={r.name} /> : '—') },
            { title: '排序', dataIndex: 'sort', width: 80 },
            { title: '商品数', dataIndex: 'goodsCount', width: 90 },
            {
              title: '操作',
              width: 200,
              fixed: 'right' as const,
              render: (_, r) =>
                writable && (
                  <Space>
                    <a onClick={() => setEditing(r)}>编辑</a>
                    {r.parentId === 0 && <a onClick={() => setEditing({ parentId: r.id, sort: 0 })}>添加子分类</a>}
                    <Popconfirm title={`删除「${r.name}」？`} description='有商品或子分类的分类不能删除' onConfirm={() => run(deleteCategory(r.id), '已删除').then((ok) => ok && load())}>
                      <a>删除</a>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<CategoryInput> open={!!editing} title={editing?.id ? '编辑分类' : '新建分类'} initialValues={editing || undefined} onSubmit={save} onClose={() => setEditing(null)}>
        <Form.Item label='上级分类' name='parentId'>
          <Select options={[{ value: 0, label: '无（一级分类）' }, ...(list || []).filter((c) => c.parentId === 0 && c.id !== editing?.id).map((c) => ({ value: c.id, label: c.name }))]} />
        </Form.Item>
        <Form.Item
          label='名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写分类名称' },
            { max: 32, message: '名称最多 32 个字' },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label='图标' name='icon'>
          <ImageInput />
        </Form.Item>
        {sortField}
      </FormModal>
    </PageContainer>
  )
}
