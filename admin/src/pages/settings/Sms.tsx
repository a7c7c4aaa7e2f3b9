import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Col, Collapse, Form, Input, Row, Select, Space, Spin, Tag, Typography } from 'antd'
import type { SmsSettingsInput, SmsSettingsView, WechatFieldView } from '@contract/adminSettings'
import { saveSmsSettings, sendTestSms, smsSettings } from '../../api/settings'
import { errorText, toast } from '../../core/feedback'
import { useSession } from '../../core/session'

type Key = keyof SmsSettingsInput
type Provider = 'log' | 'tencent' | 'aliyun'

/** The fields each provider uses, with the name the vendor's console gives them. */
const FIELDS: Record<Provider, Array<{ key: Key; label: string; help: string }>> = {
  log: [],
  tencent: [
    { key: 'secretId', label: 'SecretId', help: '腾讯云「访问管理 → API 密钥管理」（建议为短信单独建子用户，只授予短信发送权限）' },
    { key: 'secretKey', label: 'SecretKey', help: '与 SecretId 成对生成，只在创建时显示一次' },
    { key: 'sdkAppId', label: '短信应用 SDK AppID', help: '短信控制台「应用管理 → 应用列表」，1400 开头的 10 位数字' },
    { key: 'signName', label: '签名', help: '已审核通过的签名名称，不含【】' },
    { key: 'templateId', label: '验证码模板 ID', help: '已审核通过的正文模板 ID，模板只含一个变量 {1}（验证码）' },
    { key: 'region', label: '地域', help: '一般为 ap-guangzhou' },
  ],
  aliyun: [
    { key: 'secretId', label: 'AccessKey ID', help: '阿里云「RAM 访问控制」中为短信单独创建的用户的 AccessKey' },
    { key: 'secretKey', label: 'AccessKey Secret', help: '与 AccessKey ID 成对生成，只在创建时显示一次' },
    { key: 'signName', label: '签名', help: '已审核通过的签名名称，不含【】' },
    { key: 'templateId', label: '验证码模板 CODE', help: '已审核通过的验证码模板，SMS_ 开头，模板变量为 ${code}' },
  ],
}
const PROVIDERS = [
  { value: 'log', label: '演示（验证码只写入服务器日志，顾客收不到）' },
  { value: 'tencent', label: '腾讯云短信' },
  { value: 'aliyun', label: '阿里云短信' },
]

/**
 * 设置 → 短信: who sends the login codes. The secret key is sent once and never shown back (the server answers
 * 已设置 + a fingerprint); a field the server's own configuration sets is read-only here. A test message goes to
 * the merchant's phone through the provider that is live.
 */
export default function Sms() {
  const [view, setView] = useState<SmsSettingsView | null>(null)
  const [draft, setDraft] = useState<SmsSettingsInput>({})
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const [testPhone, setTestPhone] = useState('')
  const [testing, setTesting] = useState(false)
  const [testResult, setTestResult] = useState<{ sent: boolean; message: string } | null>(null)
  const { can } = useSession()
  const writable = can('settings.write')
  useEffect(() => {
    smsSettings().then(setView, (e) => setError(errorText(e)))
  }, [])
  if (!view) return <PageContainer title='短信设置'>{error ? <Alert type='error' showIcon message={error} /> : <Spin />}</PageContainer>
  const field = (k: Key) => view.fields.find((f) => f.key === k) as WechatFieldView
  const providerField = field('provider')
  const provider = ((draft.provider as Provider | undefined) ?? (providerField.value || 'log')) as Provider
  const set = (k: Key, v: string) => setDraft((d) => ({ ...d, [k]: v }))
  const changed = Object.keys(draft).length > 0

  async function save() {
    setSaving(true)
    setError('')
    try {
      setView(await saveSmsSettings(draft))
      setDraft({})
      toast.success('已保存')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  async function test() {
    setTesting(true)
    setTestResult(null)
    try {
      setTestResult(await sendTestSms(testPhone.trim()))
    } catch (e) {
      setTestResult({ sent: false, message: errorText(e) })
    } finally {
      setTesting(false)
    }
  }

  const locked = (f: WechatFieldView) => f.fromEnv || !writable
  const label = (f: WechatFieldView, text: string) => (
    <Space size={4} wrap>
      {text}
      {f.fromEnv && <Tag color='purple'>由服务器配置设置</Tag>}
    </Space>
  )

  return (
    <PageContainer title='短信设置'>
      <Alert
        type={view.live.provider === 'log' ? 'warning' : view.live.missing.length ? 'error' : 'success'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid='sms-live'
        message={`当前发送方式：${view.live.label}`}
        description={
          view.live.provider === 'log'
            ? '顾客收不到验证码短信，无法在网页端登录，小程序新用户也无法用短信完成注册。正式营业前请开通腾讯云或阿里云短信。'
            : view.live.missing.length
              ? `还缺少：${view.live.missing.join('、')}`
              : '登录和注册验证码由短信服务商发送。签名和模板须已通过审核；保存后可发送一条测试短信确认。'
        }
      />
      {!view.canSaveSecrets && <Alert type='warning' showIcon message='不能保存密钥类设置' description={view.keyProblem} style={{ marginBottom: 16 }} />}
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
      <Card title='短信服务商' style={{ marginBottom: 16 }}>
        <Typography.Paragraph type='secondary'>签名和模板须先在服务商处审核通过（一般需要 1–3 个工作日），请提前申请。</Typography.Paragraph>
        <Form.Item layout='vertical' label={label(providerField, '发送方式')} style={{ marginBottom: 16 }}>
          <Select aria-label='发送方式' disabled={locked(providerField)} value={provider} onChange={(v) => set('provider', v)} options={PROVIDERS} style={{ maxWidth: 420 }} />
        </Form.Item>
        <Row gutter={[24, 8]}>
          {FIELDS[provider].map(({ key, label: text, help }) => {
            const f = field(key)
            return (
              <Col xs={24} md={12} key={key}>
                <Form.Item
                  layout='vertical'
                  label={label(f, text)}
                  extra={
                    <Space direction='vertical' size={0}>
                      <span>{help}</span>
                      {f.secret && f.set && <span data-testid={`sms-hint-${key}`}>{f.hint}</span>}
                    </Space>
                  }
                  style={{ marginBottom: 8 }}
                >
                  {f.secret ? (
                    <Input.Password
                      aria-label={text}
                      disabled={locked(f)}
                      value={(draft[key] as string) ?? ''}
                      placeholder={f.set ? '已设置；留空则不修改' : '未设置'}
                      autoComplete='new-password'
                      onChange={(e) => set(key, e.target.value)}
                    />
                  ) : (
                    <Input aria-label={text} disabled={locked(f)} value={(draft[key] as string) ?? f.value} onChange={(e) => set(key, e.target.value)} />
                  )}
                </Form.Item>
              </Col>
            )
          })}
        </Row>
        {writable && (
          <Space style={{ marginTop: 8 }}>
            <Button type='primary' disabled={!changed} loading={saving} onClick={save}>
              保存
            </Button>
            <Button disabled={!changed} onClick={() => setDraft({})}>
              放弃修改
            </Button>
          </Space>
        )}
      </Card>
      {writable && (
        <Card title='发送测试短信' style={{ marginBottom: 16 }}>
          <Typography.Paragraph type='secondary'>用当前的发送方式给您自己的手机发一条验证码短信（测试用，不能用于登录）。</Typography.Paragraph>
          <Space wrap>
            <Input aria-label='接收测试短信的手机号' placeholder='手机号' value={testPhone} maxLength={11} onChange={(e) => setTestPhone(e.target.value.replace(/\D/g, ''))} style={{ width: 200 }} />
            <Button loading={testing} disabled={testPhone.length !== 11 || changed} onClick={test}>
              发送测试短信
            </Button>
            {changed && <Typography.Text type='secondary'>请先保存修改</Typography.Text>}
          </Space>
          {testResult && <Alert style={{ marginTop: 12 }} type={testResult.sent ? 'success' : 'error'} showIcon message={testResult.message} data-testid='sms-test-result' />}
        </Card>
      )}
      <Collapse
        items={[
          {
            key: 'tech',
            label: '技术说明',
            children: (
              <Typography.Paragraph type='secondary' style={{ marginBottom: 0 }}>
                服务器的环境配置（{view.fields.map((f) => f.env).join('、')}
                ）优先于本页；标有「由服务器配置设置」的项目只能在服务器上修改。密钥加密保存，页面只显示指纹。发送失败时，顾客看到简短的原因，服务商的错误码和请求编号记录在服务器日志中。
              </Typography.Paragraph>
            ),
          },
        ]}
      />
    </PageContainer>
  )
}
