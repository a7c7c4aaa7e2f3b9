import { useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input } from 'antd'
import { changePassword } from '../../api/auth'
import { errorText, toast } from '../../core/feedback'
import { useSession } from '../../core/session'

interface Values {
  oldPassword: string
  newPassword: string
  confirm: string
}

export default function Password() {
  const [form] = Form.useForm<Values>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const { signOut } = useSession()
  async function submit(v: Values) {
    setBusy(true)
    setError('')
    try {
      await changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword })
      toast.success('密码已修改，请用新密码重新登录')
      await signOut()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <PageContainer title='修改密码'>
      <Card style={{ maxWidth: 480 }}>
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
        <Form form={form} layout='vertical' onFinish={submit}>
          <Form.Item label='原密码' name='oldPassword' rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password autoComplete='current-password' />
          </Form.Item>
          <Form.Item
            label='新密码'
            name='newPassword'
            rules={[
              { required: true, message: '请输入新密码' },
              { min: 8, message: '新密码至少 8 位' },
              { max: 128, message: '新密码最多 128 位' },
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
          <Button type='primary' htmlType='submit' loading={busy}>
            修改密码
          </Button>
        </Form>
      </Card>
    </PageContainer>
  )
}
