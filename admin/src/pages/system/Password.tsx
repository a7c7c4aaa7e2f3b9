import { useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input } from 'antd'
import { changePassword } from '../../api/auth'
import { NewPasswordFields, type PasswordChangeValues } from '../../components/NewPasswordFields'
import { errorText, toast } from '../../core/feedback'
import { useSession } from '../../core/session'

type Values = PasswordChangeValues

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
          <NewPasswordFields />
          <Button type='primary' htmlType='submit' loading={busy}>
            修改密码
          </Button>
        </Form>
      </Card>
    </PageContainer>
  )
}
