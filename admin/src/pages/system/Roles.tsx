import { useCallback, useEffect, useMemo, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Button, Card, Checkbox, Form, Input, Popconfirm, Space, Table, Typography } from 'antd'
import { CheckOutlined, PlusOutlined } from '@ant-design/icons'
import type { PermissionInfo, RoleBody, RolesReply, RoleView } from '@contract/adminSystem'
import { createRole, deleteRole, roles as rolesApi, updateRole } from '../../api/system'
import { run } from '../../core/feedback'
import { useSession } from '../../core/session'
import { useTheme } from '../../core/theme'
import { FormModal } from '../../components/FormModal'
import { groupPermissions, groupState, matrixRows, toggleGroup } from './roleMatrix'

/** The permissions of a role, ticked by menu: a menu's own box ticks or clears all of it. */
function PermissionPicker({ list, value = [], onChange }: { list: readonly PermissionInfo[]; value?: string[]; onChange?: (v: string[]) => void }) {
  const groups = useMemo(() => groupPermissions(list), [list])
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {groups.map((g) => {
        const state = groupState(g, value)
        return (
          <div key={g.group} role='group' aria-label={g.group}>
            <Checkbox checked={state === 'all'} indeterminate={state === 'some'} onChange={(e) => onChange?.(toggleGroup(list, g, value, e.target.checked))}>
              <Typography.Text strong>{g.group}</Typography.Text>
            </Checkbox>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', paddingLeft: 24, marginTop: 4 }}>
              {g.permissions.map((p) => (
                <Checkbox
                  key={p.permission}
                  checked={value.includes(p.permission)}
                  onChange={(e) => onChange?.(list.map((x) => x.permission).filter((x) => (x === p.permission ? e.target.checked : value.includes(x))))}
                >
                  {p.name}
                </Checkbox>
              ))}
            </div>
          </div>
        )
      })}
    </div>
  )
}

/**
 * The roles and what each may do: a permission per row (grouped by menu, as the server declares them), a role per
 * column. Staff who may manage staff add roles, rename them and change their permissions; 店主 always has every
 * permission and is never edited; built-in roles and roles some staff hold are not deleted (the server says why).
 */
export default function Roles() {
  const [data, setData] = useState<RolesReply | null>(null)
  const [editing, setEditing] = useState<RoleView | 'new' | null>(null)
  const { can } = useSession()
  const writable = can('staff.write')
  // The links in the dark table header: antd's link blue there is 4.37:1 on #1d1d1d (axe, consoleWalk 375 dark); a lighter blue is 7:1.
  const { dark } = useTheme()
  const headLink = dark ? { color: '#69b1ff' } : undefined
  const load = useCallback(() => void run(rolesApi()).then((r) => r && setData(r)), [])
  useEffect(load, [load])
  const rows = useMemo(() => matrixRows(data?.permissions || []), [data])

  async function save(v: RoleBody) {
    const body = { name: v.name.trim(), permissions: v.permissions || [] }
    if (editing === 'new') await createRole(body)
    else if (editing) await updateRole(editing.role, body)
    load()
  }
  async function remove(r: RoleView) {
    if (await run(deleteRole(r.role), `已删除角色「${r.name}」`)) load()
  }

  return (
    <PageContainer title='角色与权限'>
      <Card
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              新建角色
            </Button>
          )
        }
      >
        <Typography.Paragraph type='secondary'>
          店主拥有全部权限且不能修改；系统自带的角色不能删除，仍有员工使用的角色须先为员工更换角色才能删除。角色的修改在员工下一次操作时生效。
        </Typography.Paragraph>
        <Table
          rowKey='permission'
          loading={!data}
          pagination={false}
          size='middle'
          bordered
          scroll={{ x: 320 + (data?.roles.length || 0) * 110 }}
          dataSource={rows}
          columns={[
            { title: '菜单', dataIndex: 'group', width: 80, fixed: 'left', onCell: (r) => ({ rowSpan: r.span }) },
            { title: '权限', dataIndex: 'name', width: 220 },
            ...(data?.roles || []).map((r) => ({
              key: r.role,
              align: 'center' as const,
              width: 110,
              title: (
                <div data-testid={`role-${r.name}`}>
                  <div>{r.name}</div>
                  <Typography.Text type='secondary' style={{ fontSize: 12, fontWeight: 'normal' }}>
                    {r.staffCount} 名员工
                  </Typography.Text>
                  {writable && !r.owner && (
                    <Space size={8} style={{ display: 'flex', justifyContent: 'center', fontWeight: 'normal' }}>
                      <a onClick={() => setEditing(r)} aria-label={`编辑角色 ${r.name}`} style={headLink}>
                        编辑
                      </a>
                      {!r.builtIn && (
                        <Popconfirm title={`删除角色「${r.name}」？`} onConfirm={() => remove(r)}>
                          <a aria-label={`删除角色 ${r.name}`} style={headLink}>
                            删除
                          </a>
                        </Popconfirm>
                      )}
                    </Space>
                  )}
                </div>
              ),
              render: (_: unknown, row: PermissionInfo) => (r.permissions.includes(row.permission) ? <CheckOutlined aria-label='有' /> : null),
            })),
          ]}
        />
      </Card>
      <FormModal<RoleBody>
        open={!!editing}
        title={editing === 'new' ? '新建角色' : `编辑角色「${editing?.name ?? ''}」`}
        width={720}
        initialValues={editing && editing !== 'new' ? { name: editing.name, permissions: editing.permissions } : { name: '', permissions: [] }}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label='角色名称'
          name='name'
          rules={[
            { required: true, whitespace: true, message: '请填写角色名称' },
            { max: 16, message: '角色名称最多 16 个字' },
          ]}
        >
          <Input maxLength={16} placeholder='如：仓库发货' />
        </Form.Item>
        <Form.Item label='权限' name='permissions' rules={[{ required: true, type: 'array', min: 1, message: '请至少勾选一项权限' }]}>
          <PermissionPicker list={data?.permissions || []} />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
