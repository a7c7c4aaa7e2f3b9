import { useState } from 'react'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import * as authApi from '../api/auth'
import { NewPasswordFields, type PasswordChangeValues } from '../components/NewPasswordFields'
import { errorText, toast } from '../core/feedback'
import { navigate } from '../core/router'
import { useSession } from '../core/session'
import { useTheme } from '../core/theme'
import { homePath } from '../layout/home'

type Values = PasswordChangeValues

/**
 * The first sign-in with a password somebody else saw (generated, reset by the owner, the demo's): a new one before
 * anything else. The server answers nothing else for this session until it is changed (code 8008), so the step
 * cannot be skipped by typing another address.
 */
export default function FirstPassword() {
  const { session, signedIn, signOut } = useSession()
  const { dark } = useTheme()
  const [form] = Form.useForm<Values>()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(v: Values) {
    setBusy(true)
    setError('')
    try {
      await authApi.changePassword({ oldPassword: v.oldPassword, newPassword: v.newPassword })
      const s = await authApi.me()
      signedIn(s)
      toast.success('新密码已设置')
      // Signed in for the first time: the staff's first page (a role without 工作台 does not land on 没有权限).
      const here = window.location.pathname.replace(/^\/admin/, '')
      if (!here || here === '/' || here === '/login' || here === '/dashboard') navigate(homePath(s.permissions), { replace: true })
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: dark ? '#000' : '#f0f2f5' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          设置新密码
        </Typography.Title>
        <Typography.Paragraph type='secondary'>{session?.staff.realName || session?.staff.username}，你好：当前密码是别人为你设置的，请先换成只有你知道的新密码，再开始使用后台。</Typography.Paragraph>
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
        <Form form={form} layout='vertical' onFinish={submit} requiredMark={false}>
          <Form.Item label='当前密码' name='oldPassword' rules={[{ required: true, message: '请输入当前密码' }]}>
            <Input.Password autoComplete='current-password' />
          </Form.Item>
          <NewPasswordFields />
          <Button type='primary' htmlType='submit' block loading={busy}>
            设置新密码
          </Button>
          <Button type='link' block style={{ marginTop: 8 }} onClick={() => void signOut()}>
            退出登录
          </Button>
        </Form>
      </Card>
    </div>
  )
}
