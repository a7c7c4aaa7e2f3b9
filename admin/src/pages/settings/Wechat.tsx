import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Spin, Switch, Tag, Typography, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import type { WechatFieldView, WechatSettingsInput, WechatSettingsView } from '@contract/adminSettings'
import { saveWechatSettings, wechatSettings } from '../../api/settings'
import { confirm, errorText, toast } from '../../core/feedback'
import { useSession } from '../../core/session'
import { TechNote } from '../../components/TechNote'

type Key = keyof WechatSettingsInput
const GROUPS: Array<{ title: string; note: string; keys: Key[] }> = [
  { title: '公众号', note: '微信内网页登录、网页分享与支付、公众号模板消息', keys: ['h5AppId', 'h5Secret'] },
  { title: '小程序', note: '小程序登录、发货信息上传、订阅消息', keys: ['miniAppId', 'miniSecret', 'miniPushToken'] },
  {
    title: '微信支付 v3',
    note: '在微信支付商户平台「账户中心」的接口安全页查看',
    keys: ['payProvider', 'h5PayEnabled', 'mchId', 'mchSerialNo', 'apiV3Key', 'mchPrivateKey', 'platformCert', 'platformKeyId', 'notifyUrl'],
  },
]
const FILES: Key[] = ['mchPrivateKey', 'platformCert']

/**
 * 设置 → 微信. Secrets and key files are sent once and never shown back (the server answers 已设置 + a fingerprint);
 * a field set by an environment variable is read-only here. Only the fields the operator changed are sent.
 */
export default function Wechat() {
  const [view, setView] = useState<WechatSettingsView | null>(null)
  const [draft, setDraft] = useState<WechatSettingsInput>({})
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const { can } = useSession()
  const writable = can('settings.write')
  useEffect(() => {
    wechatSettings().then(setView, (e) => setError(errorText(e)))
  }, [])
  if (!view) return <PageContainer title='微信设置'>{error ? <Alert type='error' showIcon message={error} /> : <Spin />}</PageContainer>
  const field = (k: Key) => view.fields.find((f) => f.key === k) as WechatFieldView
  const set = (k: Key, v: string) => setDraft((d) => ({ ...d, [k]: v }))
  const changed = Object.keys(draft).length > 0

  async function save(body: WechatSettingsInput = draft) {
    setSaving(true)
    setError('')
    try {
      setView(await saveWechatSettings(body))
      setDraft({})
      toast.success('已保存')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  function input(f: WechatFieldView) {
    const k = f.key as Key
    const locked = f.fromEnv || !writable
    if (k === 'payProvider') {
      return (
        <Select
          aria-label={f.label}
          disabled={locked}
          value={(draft.payProvider as string) ?? (f.value || 'sandbox')}
          onChange={(v) => set(k, v)}
          options={[
            { value: 'sandbox', label: '沙箱支付（不真正收款）' },
            { value: 'wechatpay', label: '微信支付' },
          ]}
          style={{ width: 240 }}
        />
      )
    }
    if (k === 'h5PayEnabled') return <Switch aria-label={f.label} disabled={locked} checked={(draft.h5PayEnabled ?? f.value) === '1'} onChange={(on) => set(k, on ? '1' : '')} />
    if (FILES.includes(k)) {
      return (
        <Space wrap>
          <Upload
            accept='.pem,.crt,.cer'
            showUploadList={false}
            disabled={locked}
            beforeUpload={(file) => {
              void file.text().then((text) => set(k, text))
              return false
            }}
          >
            <Button icon={<UploadOutlined />} disabled={locked}>
              {draft[k] ? '已选择文件（保存后生效）' : f.set ? '重新上传' : '上传证书文件'}
            </Button>
          </Upload>
        </Space>
      )
    }
    if (f.secret) {
      return (
        <Input.Password
          aria-label={f.label}
          disabled={locked}
          value={(draft[k] as string) ?? ''}
          placeholder={f.set ? '已设置；留空则不修改' : '未设置'}
          autoComplete='new-password'
          onChange={(e) => set(k, e.target.value)}
        />
      )
    }
    return <Input aria-label={f.label} disabled={locked} value={(draft[k] as string) ?? f.value} onChange={(e) => set(k, e.target.value)} />
  }

  return (
    <PageContainer title='微信设置'>
      {!view.canSaveSecrets && <Alert type='warning' showIcon message='不能保存密钥类设置' description={view.keyProblem} style={{ marginBottom: 16 }} />}
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
      {GROUPS.map((g) => (
        <Card key={g.title} title={g.title} extra={<Typography.Text type='secondary'>{g.note}</Typography.Text>} style={{ marginBottom: 16 }}>
          <Row gutter={[24, 8]}>
            {g.keys.map((k) => {
              const f = field(k)
              return (
                <Col xs={24} md={12} key={k}>
                  <Form.Item
                    layout='vertical'
                    label={
                      <Space size={4} wrap>
                        {f.label}
                        {f.fromEnv && <Tag color='purple'>由服务器配置设置</Tag>}
                      </Space>
                    }
                    extra={
                      (f.secret || FILES.includes(k)) && f.set ? (
                        <Space size={8} wrap>
                          <span data-testid={`wx-hint-${k}`}>{f.hint}</span>
                          {writable && !f.fromEnv && (
                            <a
                              onClick={async () => {
                                if (await confirm(`清除「${f.label}」？`)) await save({ [k]: '' })
                              }}
                            >
                              清除
                            </a>
                          )}
                        </Space>
                      ) : undefined
                    }
                    style={{ marginBottom: 8 }}
                  >
                    {input(f)}
                  </Form.Item>
                </Col>
              )
            })}
          </Row>
        </Card>
      ))}
      <TechNote style={{ marginBottom: 16 }}>
        <Typography.Paragraph type='secondary' style={{ marginBottom: 0 }}>
          服务器的环境配置（{view.fields.map((f) => f.env).join('、')}）优先于本页；标有「由服务器配置设置」的项目只能在服务器上修改。密钥和证书用 SETTINGS_KEY（至少 32
          个字符的随机串）加密保存，未设置时不能保存；商户接口证书私钥是商户平台下载的 apiclient_key.pem，平台证书是 wechatpay_*.pem。商户平台菜单里的「API 安全」即本页所说的接口安全页，「商户 API
          证书」即商户接口证书；微信网页分享与支付用到的 JS-SDK 需要在公众号后台填写「JS接口安全域名」（网页分享与支付所需的安全域名）。
        </Typography.Paragraph>
      </TechNote>
      {writable && (
        <Space>
          <Button type='primary' disabled={!changed} loading={saving} onClick={() => save()}>
            保存
          </Button>
          <Button disabled={!changed} onClick={() => setDraft({})}>
            放弃修改
          </Button>
        </Space>
      )}
    </PageContainer>
  )
}
