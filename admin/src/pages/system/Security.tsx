/**
 * 账号安全: the own two-factor sign-in (set up with an authenticator app, recovery codes shown once, new codes,
 * turning it off), the own signed-in devices (end any), and for the owner the rule that every staff must use
 * two-factor sign-in and every staff's signed-in devices.
 */
import { useCallback, useEffect, useState } from 'react'
import qrcode from 'qrcode-generator'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, App, Button, Card, Descriptions, Form, Input, List, Space, Switch, Tag, Typography } from 'antd'
import type { StaffSessionView, TwoFactorSetupReply, TwoFactorStatus } from '@contract/admin'
import * as authApi from '../../api/auth'
import { confirm, errorText, run, toast } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'

/** The otpauth:// link as a QR code picture (dark modules on white, whatever the theme). */
function QrCode({ text }: { text: string }) {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  return <img src={qr.createDataURL(5, 4)} alt='用身份验证器扫描此二维码' width={qr.getModuleCount() * 5 + 40} style={{ background: '#fff', display: 'block' }} />
}

type Modals = ReturnType<typeof App.useApp>['modal']

/** Recovery codes, shown once: the staff writes them down or copies them (a dialog in the console's theme). */
function showRecoveryCodes(modal: Modals, codes: string[]) {
  modal.info({
    title: '请保存这些恢复码',
    width: 440,
    okText: '我已保存',
    content: (
      <div data-testid='recovery-codes'>
        <Typography.Paragraph>手机丢失或身份验证器不可用时，每个恢复码可代替动态码登录一次。它们只显示这一次，请抄写或复制后妥善保管。</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: codes.join('\n'), tooltips: ['复制全部', '已复制'] }} style={{ fontFamily: 'monospace', fontSize: 15, columnCount: 2, whiteSpace: 'pre-line' }}>
          {codes.join('\n')}
        </Typography.Paragraph>
      </div>
    ),
  })
}

function TwoFactorCard({ onChange }: { onChange: () => void }) {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null)
  const [setup, setSetup] = useState<TwoFactorSetupReply | null>(null)
  const [confirmFor, setConfirmFor] = useState<'disable' | 'codes' | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [codeForm] = Form.useForm<{ code: string }>()
  const [confirmForm] = Form.useForm<{ password: string; code: string }>()
  const { modal } = App.useApp()

  const load = useCallback(() => {
    authApi
      .twoFactor()
      .then(setStatus)
      .catch((e) => setError(errorText(e)))
  }, [])
  useEffect(load, [load])

  async function begin() {
    setError('')
    const r = await run(authApi.twoFactorSetup())
    if (r) setSetup(r)
  }
  async function enable(v: { code: string }) {
    setBusy(true)
    setError('')
    try {
      const r = await authApi.twoFactorEnable({ code: v.code.trim() })
      setSetup(null)
      codeForm.resetFields()
      load()
      onChange()
      showRecoveryCodes(modal, r.recoveryCodes)
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  async function confirmed(v: { password: string; code: string }) {
    setBusy(true)
    setError('')
    try {
      if (confirmFor === 'disable') {
        await authApi.twoFactorDisable(v)
        toast.success('两步验证已关闭')
      } else {
        showRecoveryCodes(modal, (await authApi.newRecoveryCodes(v)).recoveryCodes)
      }
      setConfirmFor(null)
      confirmForm.resetFields()
      load()
      onChange()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title='两步验证' style={{ marginBottom: 24 }}>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
      {status && status.required && !status.enabled && <Alert type='warning' showIcon message='店主要求所有员工开启两步验证：设置完成后才能使用后台的其他功能。' style={{ marginBottom: 16 }} />}
      {status && !status.encrypted && (
        <Alert type='info' showIcon message='服务器尚未设置加密密钥，身份验证器的密钥未加密保存。请技术人员在「设置检查」中按提示设置后，重新开启两步验证。' style={{ marginBottom: 16 }} />
      )}
      {status && !status.enabled && !setup && (
        <Space direction='vertical'>
          <Typography.Text>登录时除密码外，还需输入手机身份验证器（如微信小程序「腾讯身份验证器」、谷歌身份验证器、微软身份验证器）上的 6 位动态码。密码泄露时，别人也无法登录。</Typography.Text>
          <Button type='primary' onClick={() => void begin()}>
            开启两步验证
          </Button>
        </Space>
      )}
      {setup && (
        <div>
          <Typography.Paragraph>1. 用身份验证器扫描下方二维码（或手动输入密钥）：</Typography.Paragraph>
          <Space wrap align='start' size={24} style={{ marginBottom: 16 }}>
            <QrCode text={setup.otpauthUrl} />
            <div>
              <Typography.Text type='secondary'>密钥（无法扫码时手动输入，类型选「基于时间」）</Typography.Text>
              <Typography.Paragraph
                copyable={{ text: setup.secret, tooltips: ['复制密钥', '已复制'] }}
                style={{ fontFamily: 'monospace', fontSize: 15, wordBreak: 'break-all', maxWidth: 300 }}
                data-testid='totp-secret'
              >
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Typography.Paragraph>
            </div>
          </Space>
          <Typography.Paragraph>2. 输入身份验证器上显示的 6 位动态码：</Typography.Paragraph>
          <Form form={codeForm} layout='inline' onFinish={enable} style={{ rowGap: 8 }}>
            <Form.Item name='code' rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '请输入 6 位数字' }]}>
              <Input aria-label='动态码' autoComplete='one-time-code' inputMode='numeric' maxLength={8} placeholder='6 位动态码' style={{ width: 160 }} />
            </Form.Item>
            <Button type='primary' htmlType='submit' loading={busy}>
              验证并开启
            </Button>
            <Button onClick={() => setSetup(null)}>取消</Button>
          </Form>
        </div>
      )}
      {status?.enabled && (
        <>
          <Descriptions column={1} size='small' style={{ marginBottom: 16 }}>
            <Descriptions.Item label='状态'>
              <Tag color='green'>已开启</Tag>
            </Descriptions.Item>
            <Descriptions.Item label='开启时间'>{dateTime(status.enabledAt)}</Descriptions.Item>
            <Descriptions.Item label='剩余恢复码'>{status.recoveryCodesLeft} 个</Descriptions.Item>
          </Descriptions>
          {status.recoveryCodesLeft <= 3 && <Alert type='warning' showIcon message='恢复码快用完了，请重新生成一组。' style={{ marginBottom: 16 }} />}
          {!confirmFor ? (
            <Space wrap>
              <Button onClick={() => setConfirmFor('codes')}>重新生成恢复码</Button>
              {!status.required && <Button onClick={() => setConfirmFor('disable')}>关闭两步验证</Button>}
            </Space>
          ) : (
            <Form form={confirmForm} layout='vertical' onFinish={confirmed} style={{ maxWidth: 360 }}>
              <Typography.Paragraph type='secondary'>{confirmFor === 'disable' ? '关闭前请再次确认身份。' : '生成新恢复码后，旧的恢复码全部失效。请再次确认身份。'}</Typography.Paragraph>
              <Form.Item label='登录密码' name='password' rules={[{ required: true, message: '请输入密码' }]}>
                <Input.Password autoComplete='current-password' />
              </Form.Item>
              <Form.Item label='动态码或恢复码' name='code' rules={[{ required: true, whitespace: true, message: '请输入动态码或恢复码' }]}>
                <Input autoComplete='one-time-code' maxLength={16} />
              </Form.Item>
              <Space>
                <Button type='primary' htmlType='submit' loading={busy}>
                  {confirmFor === 'disable' ? '确认关闭' : '生成新恢复码'}
                </Button>
                <Button onClick={() => setConfirmFor(null)}>取消</Button>
              </Space>
            </Form>
          )}
        </>
      )}
    </Card>
  )
}

function SessionsCard({ title, all }: { title: string; all: boolean }) {
  const [list, setList] = useState<StaffSessionView[] | null>(null)
  const load = useCallback(() => {
    ;(all ? authApi.allSessions() : authApi.mySessions()).then((r) => setList(r.list)).catch((e) => toast.error(errorText(e)))
  }, [all])
  useEffect(load, [load])

  async function end(s: StaffSessionView) {
    if (!(await confirm(s.current ? '退出当前登录？' : '让这台设备下线？', `${all ? `${s.username} · ` : ''}${s.device} · ${s.ip || '未知地址'}`))) return
    const ok = await run(all ? authApi.endAnySession(s.ref) : authApi.endMySession(s.ref), '已下线')
    if (ok && s.current) window.location.assign('/admin/login')
    else load()
  }

  return (
    <Card title={title} style={{ marginBottom: 24 }}>
      <List
        loading={!list}
        dataSource={list || []}
        locale={{ emptyText: '没有登录中的设备' }}
        renderItem={(s) => (
          <List.Item
            actions={[
              <Button key='end' size='small' onClick={() => void end(s)}>
                下线
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space wrap size={4}>
                  {all && <Typography.Text strong>{s.username}</Typography.Text>}
                  <span>{s.device}</span>
                  {s.current && <Tag color='blue'>当前设备</Tag>}
                </Space>
              }
              description={
                <span>
                  IP {s.ip || '未知'} · 登录于 {dateTime(s.createdAt)} · 最近活动 {dateTime(s.lastSeenAt)}
                </span>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  )
}

function OwnerRuleCard() {
  const [require2fa, setRequire2fa] = useState<boolean | null>(null)
  useEffect(() => {
    authApi
      .staffSecurity()
      .then((r) => setRequire2fa(r.require2fa))
      .catch((e) => toast.error(errorText(e)))
  }, [])
  async function change(v: boolean) {
    const r = await run(authApi.saveStaffSecurity({ require2fa: v }), v ? '已要求所有员工开启两步验证' : '已取消要求')
    if (r) setRequire2fa(r.require2fa)
  }
  return (
    <Card title='员工登录要求' style={{ marginBottom: 24 }}>
      <Space align='start'>
        <Switch checked={!!require2fa} loading={require2fa === null} onChange={(v) => void change(v)} aria-label='要求所有员工开启两步验证' />
        <div>
          <Typography.Text strong>要求所有员工开启两步验证</Typography.Text>
          <br />
          <Typography.Text type='secondary'>开启后，未设置两步验证的员工登录后只能先完成设置，才能使用其他功能。需先为自己的账号开启。</Typography.Text>
        </div>
      </Space>
    </Card>
  )
}

export default function Security() {
  const { can, signedIn } = useSession()
  // The session's two-factor state (menu and the lead to this page) follows a change made here.
  const refreshSession = useCallback(() => {
    authApi
      .me()
      .then(signedIn)
      .catch(() => undefined)
  }, [signedIn])
  return (
    <PageContainer title='账号安全'>
      <div style={{ maxWidth: 760 }}>
        <TwoFactorCard onChange={refreshSession} />
        <SessionsCard title='我的登录设备' all={false} />
        {can('staff.write') && <OwnerRuleCard />}
        {can('staff.write') && <SessionsCard title='全部员工的登录设备' all />}
      </div>
    </PageContainer>
  )
}
