import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import type { StaffView } from '@contract/admin'
import type { RoleView, StaffCreateBody } from '@contract/adminSystem'
import { isMobile } from '@contract/validate'
import { resetStaffTwoFactor } from '../../api/auth'
import { createStaff, resetPassword, roles as rolesApi, staffList, updateStaff } from '../../api/system'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { FormModal } from '../../components/FormModal'
import { roleOptions } from './roleMatrix'

interface NameAndPhone {
  realName: string
  phone: string
}

const NAME_RULES = [
  { required: true, whitespace: true, message: '请填写姓名' },
  { max: 32, message: '姓名最多 32 个字' },
]
const PHONE_RULES = [{ required: true, message: '请填写手机号' }, { validator: (_: unknown, v: string) => (!v || isMobile(v) ? Promise.resolve() : Promise.reject(new Error('手机号格式不正确'))) }]

export default function Staff() {
  const [list, setList] = useState<StaffView[] | null>(null)
  const [roles, setRoles] = useState<RoleView[]>([])
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<StaffView | null>(null)
  const [secret, setSecret] = useState<{ username: string; password: string } | null>(null)
  const { session, can } = useSession()
  const writable = can('staff.write')
  const load = useCallback(() => void run(staffList()).then((s) => setList(s || [])), [])
  useEffect(load, [load])
  useEffect(() => void run(rolesApi()).then((r) => r && setRoles(r.roles)), [])
  const options = roleOptions(roles)

  async function create(v: StaffCreateBody) {
    const r = await createStaff({ username: v.username.trim(), realName: v.realName.trim(), phone: v.phone.trim(), role: v.role, ...(v.password ? { password: v.password } : {}) })
    setSecret({ username: r.staff.username, password: r.password })
    load()
  }
  async function edit(v: NameAndPhone) {
    if (!editing) return
    await updateStaff(editing.id, { realName: v.realName.trim(), phone: v.phone.trim() })
    load()
  }
  async function resetTwoFactor(s: StaffView) {
    if (await run(resetStaffTwoFactor(s.id), '已关闭该员工的两步验证')) load()
  }
  async function update(s: StaffView, patch: { role?: StaffView['role']; disabled?: boolean }) {
    if (await run(updateStaff(s.id, patch), '已保存')) load()
  }
  async function reset(s: StaffView) {
    const r = await run(resetPassword(s.id))
    if (r) setSecret({ username: s.username, password: r.password })
  }

  return (
    <PageContainer title='员工'>
      <Card
        extra={
          writable && (
            <Button type='primary' icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              添加员工
            </Button>
          )
        }
      >
        <Table<StaffView>
          rowKey='id'
          loading={!list}
          dataSource={list || []}
          pagination={false}
          scroll={{ x: 1080 }}
          columns={[
            {
              title: '用户名',
              dataIndex: 'username',
              width: 160,
              render: (v: string, s) => (
                <>
                  {v} {s.id === session?.staff.id && <Tag>我</Tag>}
                </>
              ),
            },
            { title: '姓名', dataIndex: 'realName', width: 100, render: (v: string) => v || <Typography.Text type='secondary'>未填写</Typography.Text> },
            { title: '手机号', dataIndex: 'phone', width: 130, render: (v: string) => v || <Typography.Text type='secondary'>未填写</Typography.Text> },
            {
              title: '角色',
              dataIndex: 'role',
              width: 140,
              render: (_, s) =>
                writable && s.id !== session?.staff.id ? (
                  <Select size='small' value={s.role} options={options} style={{ width: 120 }} onChange={(role) => update(s, { role })} aria-label={`${s.username} 的角色`} />
                ) : (
                  s.roleName
                ),
            },
            { title: '状态', dataIndex: 'disabled', width: 90, render: (d: boolean) => (d ? <Tag color='red'>已停用</Tag> : <Tag color='green'>正常</Tag>) },
            { title: '两步验证', dataIndex: 'twoFactor', width: 100, render: (v: boolean) => (v ? <Tag color='green'>已开启</Tag> : <Tag>未开启</Tag>) },
            { title: '最近登录', dataIndex: 'lastLoginAt', width: 150, render: (v: number | null) => dateTime(v) },
            { title: '创建时间', dataIndex: 'createdAt', width: 150, render: (v: number) => dateTime(v) },
            {
              title: '操作',
              width: 300,
              fixed: 'right' as const,
              render: (_, s) =>
                writable && (
                  <Space wrap>
                    <a onClick={() => setEditing(s)} aria-label={`编辑 ${s.username} 的姓名和手机号`}>
                      编辑
                    </a>
                    {s.id !== session?.staff.id && (
                      <>
                        <Popconfirm title={`重置 ${s.username} 的密码？`} description='新密码只显示一次' onConfirm={() => reset(s)}>
                          <a>重置密码</a>
                        </Popconfirm>
                        <a onClick={() => update(s, { disabled: !s.disabled })}>{s.disabled ? '启用' : '停用'}</a>
                        {s.twoFactor && (
                          <Popconfirm title={`关闭 ${s.username} 的两步验证？`} description='用于员工手机和恢复码都丢失时；其登录会全部失效' onConfirm={() => resetTwoFactor(s)}>
                            <a>关闭两步验证</a>
                          </Popconfirm>
                        )}
                      </>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <FormModal<StaffCreateBody> open={creating} title='添加员工' initialValues={{ role: 'operator' }} onSubmit={create} onClose={() => setCreating(false)}>
        <Form.Item
          label='用户名'
          name='username'
          rules={[
            { required: true, message: '请填写用户名' },
            { pattern: /^[A-Za-z0-9_.-]{3,32}$/, message: '用户名为 3 到 32 位字母、数字、下划线、点或短横线' },
          ]}
        >
          <Input autoComplete='off' />
        </Form.Item>
        <Form.Item label='姓名' name='realName' rules={NAME_RULES}>
          <Input autoComplete='off' maxLength={32} />
        </Form.Item>
        <Form.Item label='手机号' name='phone' rules={PHONE_RULES}>
          <Input autoComplete='off' inputMode='numeric' maxLength={11} />
        </Form.Item>
        <Form.Item label='角色' name='role' rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={options} />
        </Form.Item>
        <Form.Item
          label='初始密码（不填则自动生成）'
          name='password'
          rules={[
            { min: 8, message: '密码至少 8 位' },
            { max: 128, message: '密码最多 128 位' },
          ]}
        >
          <Input.Password autoComplete='new-password' />
        </Form.Item>
      </FormModal>
      <FormModal<NameAndPhone>
        open={!!editing}
        title={`编辑员工 ${editing?.username ?? ''}`}
        initialValues={editing ? { realName: editing.realName, phone: editing.phone } : undefined}
        onSubmit={edit}
        onClose={() => setEditing(null)}
      >
        <Form.Item label='姓名' name='realName' rules={NAME_RULES}>
          <Input autoComplete='off' maxLength={32} />
        </Form.Item>
        <Form.Item label='手机号' name='phone' rules={PHONE_RULES}>
          <Input autoComplete='off' inputMode='numeric' maxLength={11} />
        </Form.Item>
      </FormModal>
      <Modal
        open={!!secret}
        title='请把密码告诉员工'
        onCancel={() => setSecret(null)}
        footer={
          <Button type='primary' onClick={() => setSecret(null)}>
            我已记下
          </Button>
        }
      >
        <Alert type='warning' showIcon message='密码只显示这一次；员工首次用它登录时须先设置自己的新密码。' style={{ marginBottom: 12 }} />
        <p>用户名：{secret?.username}</p>
        <p>
          密码：
          <Typography.Text copyable code>
            {secret?.password}
          </Typography.Text>
        </p>
      </Modal>
    </PageContainer>
  )
}
