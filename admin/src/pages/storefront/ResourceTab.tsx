/** One storefront list (banners, icon entries, notices, sections, hot words): a table, an edit form, delete. */
import { useState, type ReactNode } from 'react'
import { Button, Popconfirm, Space, Table, type TableColumnsType } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { run } from '../../core/feedback'
import { FormModal } from '../../components/FormModal'

export interface Resource<Input> {
  create: (body: Input) => Promise<unknown>
  update: (id: number, body: Input) => Promise<unknown>
  remove: (id: number) => Promise<unknown>
}

export function ResourceTab<Row extends { id: number }, Input, FormValues extends object>({
  name,
  rows,
  api,
  columns,
  fields,
  toForm,
  toInput,
  reload,
  writable,
  blank,
}: {
  name: string
  rows: Row[] | null
  api: Resource<Input>
  columns: TableColumnsType<Row>
  fields: ReactNode
  toForm: (row: Row) => Partial<FormValues>
  toInput: (values: FormValues) => Input
  reload: () => void
  writable: boolean
  blank: Partial<FormValues>
}) {
  const [editing, setEditing] = useState<{ id?: number; values: Partial<FormValues> } | null>(null)
  async function save(v: FormValues) {
    const body = toInput(v)
    if (editing?.id) await api.update(editing.id, body)
    else await api.create(body)
    reload()
  }
  return (
    <>
      {writable && (
        <Button type='primary' icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => setEditing({ values: blank })}>
          新建{name}
        </Button>
      )}
      <Table<Row>
        rowKey='id'
        size='small'
        loading={!rows}
        dataSource={rows || []}
        pagination={false}
        // As wide as its columns (a column without a width counts 160): beside the phone preview the table scrolls
        // sideways rather than squeezing a title or a schedule under its header.
        scroll={{ x: columns.reduce((n, c) => n + (Number(c.width) || 160), writable ? 110 : 0) }}
        columns={[
          ...columns,
          ...(writable
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 110,
                  fixed: 'right' as const,
                  render: (_: unknown, r: Row) => (
                    <Space>
                      <a onClick={() => setEditing({ id: r.id, values: toForm(r) })}>编辑</a>
                      <Popconfirm title={`删除这条${name}？`} onConfirm={() => run(api.remove(r.id), '已删除').then((ok) => ok && reload())}>
                        <a>删除</a>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<FormValues> open={!!editing} title={`${editing?.id ? '编辑' : '新建'}${name}`} initialValues={editing?.values} onSubmit={save} onClose={() => setEditing(null)}>
        {fields}
      </FormModal>
    </>
  )
}
