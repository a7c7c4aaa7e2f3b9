import { useState } from 'react'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { LockOutlined, UserOutlined } from '@ant-design/icons'
import * as authApi from '../api/auth'
import { errorText } from '../core/feedback'
import { navigate, useLocation } from '../core/router'
import { useSession } from '../core/session'
import { useTheme } from '../core/theme'

export default function Login() {
  const { signedIn } = useSession()
  const { query } = useLocation()
  const { dark } = useTheme()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(values: { username: string; password: string }) {
    setBusy(true)
    setError('')
    try {
      signedIn(await authApi.login(values))
      const from = query.get('from')
      navigate(from && from.startsWith('/') && !from.startsWith('/login') ? from : '/dashboard', { replace: true })
    } catch (e) {
      // Wrong password, or locked out after repeated failures: the server says which (and for how long).
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: dark ? '#000' : '#f0f2f5' }}>
      <Card style={{ width: '100%', maxWidth: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          商家后台
        </Typography.Title>
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
        <Form layout='vertical' onFinish={submit} requiredMark={false} autoComplete='on'>
          <Form.Item label='用户名' name='username' rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} autoComplete='username' placeholder='用户名' />
          </Form.Item>
          <Form.Item label='密码' name='password' rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete='current-password' placeholder='密码' />
          </Form.Item>
          <Button type='primary' htmlType='submit' block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  )
}
