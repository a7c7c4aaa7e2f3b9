import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Collapse, Form, Input, Space, Spin, Switch, Tag, Typography } from 'antd'
import type { TrackingFieldView, TrackingSettingsInput, TrackingSettingsView } from '@contract/adminTracking'
import { saveTrackingSettings, trackingSettings } from '../../api/logistics'
import { errorText, toast } from '../../core/feedback'
import { useSession } from '../../core/session'

type Key = Exclude<keyof TrackingSettingsInput, 'wechatWaybill'>
const HELP: Record<string, string> = {
  key: '快递100 企业管理后台「我的信息 → 企业信息」中的授权码',
  customer: '同一页面上的实时查询账号，用于买家点「刷新」时实时查询',
  salt: '自己设定的随机字符串（至少 8 位），用来校验快递100 推送的数据确实来自快递100',
  callbackUrl: '快递100 推送物流轨迹的地址，必须能从公网访问',
}

/**
 * 设置 → 物流跟踪: the 快递100 account. Secrets are sent once and never shown back (已设置 + a fingerprint); a field
 * set in the server's configuration is read-only here. Only the fields the operator changed are sent.
 */
export default function Tracking() {
  const [view, setView] = useState<TrackingSettingsView | null>(null)
  const [draft, setDraft] = useState<Partial<Record<Key, string>>>({})
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const [switching, setSwitching] = useState(false)
  const writable = useSession().can('settings.write')
  useEffect(() => {
    trackingSettings().then(setView, (e) => setError(errorText(e)))
  }, [])
  if (!view) return <PageContainer title='物流跟踪'>{error ? <Alert type='error' showIcon message={error} /> : <Spin />}</PageContainer>

  async function save() {
    setSaving(true)
    setError('')
    try {
      setView(await saveTrackingSettings(draft))
      setDraft({})
      toast.success('已保存')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }
  /** The 微信物流查询 switch is saved at once (audited on the server). */
  async function toggleWechat(on: boolean) {
    setSwitching(true)
    setError('')
    try {
      setView(await saveTrackingSettings({ wechatWaybill: on }))
      toast.success(on ? '已开启微信物流查询' : '已关闭微信物流查询')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSwitching(false)
    }
  }
  const input = (f: TrackingFieldView) => {
    const k = f.key as Key
    const locked = f.fromServer || !writable || (f.secret && !view.canSaveSecrets)
    const value = draft[k] ?? (f.secret ? '' : f.value)
    const onChange = (v: string) => setDraft((d) => ({ ...d, [k]: v }))
    return f.secret ? (
      <Input.Password
        aria-label={f.label}
        disabled={locked}
        value={value}
        placeholder={f.set ? '已设置，留空则不修改' : '未设置'}
        onChange={(e) => onChange(e.target.value)}
        autoComplete='new-password'
      />
    ) : (
      <Input
        aria-label={f.label}
        disabled={locked}
        value={value}
        placeholder={k === 'callbackUrl' ? view.suggestedCallbackUrl || 'https://你的域名/h5/api/logistics/kuaidi100' : '未设置'}
        onChange={(e) => onChange(e.target.value)}
      />
    )
  }

  return (
    <PageContainer title='物流跟踪'>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
      <Alert
        style={{ marginBottom: 16 }}
        type={view.live ? 'success' : 'warning'}
        showIcon
        message={view.live ? '已接入快递100：发货后自动订阅运单，快递公司的轨迹和签收会推送到商城' : '未接入快递跟踪：买家只能看到店员手动录入的物流轨迹'}
      />
      {!!view.keyProblem && <Alert style={{ marginBottom: 16 }} type='info' showIcon message={view.keyProblem} />}
      <Card title='快递100 企业版' extra={<Tag color={view.live ? 'success' : 'default'}>{view.live ? '已接入' : '未接入'}</Tag>}>
        <Form layout='vertical' style={{ maxWidth: 560 }}>
          {view.fields.map((f) => (
            <Form.Item
              key={f.key}
              label={
                <Space>
                  {f.label}
                  {f.fromServer && <Tag>服务器已配置</Tag>}
                </Space>
              }
              extra={
                <>
                  {HELP[f.key]}
                  {!!f.hint && <div>{f.hint}</div>}
                </>
              }
            >
              {input(f)}
            </Form.Item>
          ))}
          {writable && (
            <Button type='primary' loading={saving} disabled={!Object.keys(draft).length} onClick={save}>
              保存
            </Button>
          )}
        </Form>
        <Collapse
          ghost
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'how',
              label: '技术说明',
              children: (
                <Typography.Paragraph type='secondary' style={{ marginBottom: 0 }}>
                  推送地址为商城域名下的 /h5/api/logistics/kuaidi100{view.suggestedCallbackUrl ? `（如 ${view.suggestedCallbackUrl}）` : ''}。快递100 默认按 http 推送；填写 https 地址时，请在快递100
                  后台开启 HTTPS 推送。推送的数据用推送校验口令（快递100 后台写作 salt）校验签名，校验不通过的推送会被拒绝。快递100 后台把授权码写作 key，把实时查询账号写作
                  customer。买家在物流页点「刷新」时，同一运单每 5 分钟最多实时查询一次。
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <Card title='微信物流查询（小程序）' style={{ marginTop: 16 }} extra={<Tag color={view.wechatWaybill ? 'success' : 'default'}>{view.wechatWaybill ? '已开启' : '未开启'}</Tag>}>
        <Space align='start'>
          <Switch aria-label='微信物流查询' checked={view.wechatWaybill} loading={switching} disabled={!writable} onChange={toggleWechat} />
          <Typography.Paragraph style={{ marginBottom: 0, maxWidth: 640 }}>
            开启后，买家在小程序里查看已发货订单的物流时，会多一个「微信物流详情」入口，点开是微信官方的物流页面（免费），快递状态变化时微信也会提醒买家。只对在小程序中付款的订单有效，H5
            商城不受影响。
          </Typography.Paragraph>
        </Space>
        <Alert
          style={{ marginTop: 16 }}
          type='info'
          showIcon
          message='开启前请先在微信公众平台为小程序开通「物流查询」组件（功能 → 物流服务），并使用已加入物流查询插件的小程序版本；否则买家点开时会提示小程序还没有开通微信物流查询。'
        />
        <Collapse
          ghost
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'how',
              label: '技术说明',
              children: (
                <Typography.Paragraph type='secondary' style={{ marginBottom: 0 }}>
                  买家点开时，商城把运单号、收件人手机号、商品名称和微信支付交易单号交给微信换取查询凭证（同一运单会保存 7
                  天，不重复提交），小程序再用物流查询插件打开微信的物流页面。小程序需要在构建时加入物流查询插件，见部署文档的微信部分。
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  )
}
