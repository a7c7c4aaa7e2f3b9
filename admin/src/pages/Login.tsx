import { useState } from 'react'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { AdminCode } from '@contract/admin'
import * as authApi from '../api/auth'
import { errorText } from '../core/feedback'
import { ApiError } from '../core/request'
import { navigate, useLocation } from '../core/router'
import { useSession } from '../core/session'
import { useTheme } from '../core/theme'
import { homePath } from '../layout/home'

interface Values {
  username: string
  password: string
  code?: string
}

/** Sign-in: username and password, then (two-factor sign-in on) the authenticator's code or a recovery code. */
export default function Login() {
  const { signedIn } = useSession()
  const { query } = useLocation()
  const { dark } = useTheme()
  const [form] = Form.useForm<Values>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [askCode, setAskCode] = useState(false)

  async function submit(values: Values) {
    setBusy(true)
    setError('')
    try {
      const s = await authApi.login({ username: values.username, password: values.password, ...(askCode && values.code ? { code: values.code.trim() } : {}) })
      signedIn(s)
      const from = query.get('from')
      // The owner requires two-factor sign-in and this account has none yet: set it up first.
      if (s.twoFactor.setupRequired) navigate('/system/security', { replace: true })
      else navigate(from && from.startsWith('/') && !from.startsWith('/login') ? from : homePath(s.permissions), { replace: true })
    } catch (e) {
      if (e instanceof ApiError && e.code === AdminCode.CODE_REQUIRED) {
        setAskCode(true)
        return
      }
      // Wrong password or code, or refused for a while after repeated failures: the server says which (and for how long).
      setError(errorText(e))
      if (askCode) form.setFieldValue('code', '')
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
        <Form form={form} layout='vertical' onFinish={submit} requiredMark={false} autoComplete='on'>
          <div style={askCode ? { display: 'none' } : undefined}>
            <Form.Item label='用户名' name='username' rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <Input prefix={<UserOutlined />} autoComplete='username' placeholder='用户名' />
            </Form.Item>
            <Form.Item label='密码' name='password' rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete='current-password' placeholder='密码' />
            </Form.Item>
          </div>
          {askCode && (
            <>
              <Typography.Paragraph type='secondary'>此账号已开启两步验证：请打开手机上的身份验证器，输入当前显示的 6 位动态码；手机不在身边时，可输入一个恢复码。</Typography.Paragraph>
              <Form.Item label='动态码' name='code' rules={[{ required: true, whitespace: true, message: '请输入动态码或恢复码' }]}>
                <Input prefix={<SafetyOutlined />} autoComplete='one-time-code' inputMode='numeric' maxLength={16} placeholder='6 位动态码' autoFocus />
              </Form.Item>
            </>
          )}
          <Button type='primary' htmlType='submit' block loading={busy}>
            {askCode ? '验证并登录' : '登录'}
          </Button>
          {askCode && (
            <Button
              type='link'
              block
              style={{ marginTop: 8 }}
              onClick={() => {
                setAskCode(false)
                setError('')
                form.setFieldsValue({ password: '', code: '' })
              }}
            >
              换个账号登录
            </Button>
          )}
        </Form>
      </Card>
    </div>
  )
}
