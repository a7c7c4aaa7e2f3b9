import { Form, Input } from 'antd'

/** The values both password forms (修改密码, the first sign-in's 设置新密码) collect. */
export interface PasswordChangeValues {
  oldPassword: string
  newPassword: string
  confirm: string
}

/** 新密码 and 确认新密码 with the server's rules (server/src/admin/staff.ts: 8–128 characters, letters and digits). */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item
        label='新密码'
        name='newPassword'
        extra='至少 8 位，同时包含字母和数字'
        rules={[
          { required: true, message: '请输入新密码' },
          { min: 8, message: '新密码至少 8 位' },
          { max: 128, message: '新密码最多 128 位' },
          { pattern: /(?=.*[A-Za-z])(?=.*\d)/, message: '新密码须同时包含字母和数字' },
        ]}
      >
        <Input.Password autoComplete='new-password' />
      </Form.Item>
      <Form.Item
        label='确认新密码'
        name='confirm'
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({ validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致'))) }),
        ]}
      >
        <Input.Password autoComplete='new-password' />
      </Form.Item>
    </>
  )
}
