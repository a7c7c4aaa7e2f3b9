import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Card, Form, Input, Space, Switch, Table, Tag, Typography } from 'antd'
import type { MessageSettings, MessageTemplate } from '@contract/adminSettings'
import { SUBSCRIBE_EVENT_NAMES } from '@contract/adminSettings'
import { messageSettings, saveMessageTemplate, setReviewMode } from '../../api/settings'
import { errorText, run } from '../../core/feedback'
import { useSession } from '../../core/session'
import { FormModal } from '../../components/FormModal'

type Kind = 'subscribe' | 'official'
interface Values {
  templateId: string
  enabled: boolean
  page: string
  fields: string
}
/**
 * What a template field can hold, by the name the merchant reads (notifications/service.ts and the other events
 * queue these values under the key on the right). The editor shows and takes the Chinese name; the key is saved.
 */
const VALUES: Array<[string, string]> = [
  ['订单号', 'orderNo'],
  ['商品名称', 'goodsName'],
  ['快递公司', 'expressName'],
  ['运单号', 'trackingNo'],
  ['售后单号', 'afterSaleNo'],
  ['提现单号', 'withdrawNo'],
  ['处理结果', 'result'],
  ['备注', 'note'],
  ['金额', 'amount'],
  ['成团人数', 'groupSize'],
  ['时间', 'time'],
]
const VALUE_KEY = new Map(VALUES)
const VALUE_NAME = new Map(VALUES.map(([name, key]) => [key, name]))

const toText = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}=${VALUE_NAME.get(v) || v}`)
    .join('\n')
function parseFields(text: string): Record<string, string> | string {
  const out: Record<string, string> = {}
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const m = line.match(/^([a-z_]+[0-9]*)\s*=\s*(\S+)$/)
    if (!m) return `「${line}」格式不对，应为 模板字段=内容，如 thing2=商品名称`
    const key = VALUE_KEY.get(m[2]) || (VALUE_NAME.has(m[2]) ? m[2] : '')
    if (!key) return `「${m[2]}」不是可用的内容，可用：${VALUES.map(([name]) => name).join('、')}`
    out[m[1]] = key
  }
  return out
}

/** 设置 → 消息: subscribe messages (mini-program) and template messages (official account) per event, and review mode. */
export default function Messages() {
  const [data, setData] = useState<MessageSettings | null>(null)
  const [error, setError] = useState('')
  const [editing, setEditing] = useState<{ kind: Kind; t: MessageTemplate } | null>(null)
  const { can } = useSession()
  const writable = can('settings.write')
  useEffect(() => {
    messageSettings().then(setData, (e) => setError(errorText(e)))
  }, [])

  async function submit(v: Values) {
    if (!editing) return
    const fields = parseFields(v.fields || '') as Record<string, string> // checked by the field's rule
    setData(await saveMessageTemplate(editing.kind, editing.t.event, { templateId: (v.templateId || '').trim(), enabled: !!v.enabled, page: (v.page || '').trim(), fields }))
  }

  const table = (kind: Kind, rows: MessageTemplate[]) => (
    <Table<MessageTemplate>
      rowKey='event'
      dataSource={rows}
      pagination={false}
      scroll={{ x: 640 }}
      columns={[
        { title: '事件', dataIndex: 'event', render: (e) => SUBSCRIBE_EVENT_NAMES[e] || e },
        { title: '模板 ID', dataIndex: 'templateId', render: (id) => id || <Typography.Text type='secondary'>未设置</Typography.Text> },
        { title: '状态', dataIndex: 'enabled', render: (on) => (on ? <Tag color='green'>发送</Tag> : <Tag>不发送</Tag>) },
        { title: kind === 'subscribe' ? '打开页面' : '跳转网址', dataIndex: 'page', ellipsis: true },
        { title: '操作', width: 80, fixed: 'right', render: (_, t) => writable && <a onClick={() => setEditing({ kind, t })}>编辑</a> },
      ]}
    />
  )

  if (!data) return <PageContainer title='消息设置'>{error ? <Alert type='error' showIcon message={error} /> : null}</PageContainer>
  return (
    <PageContainer title='消息设置'>
      <Card title='小程序审核模式' style={{ marginBottom: 16 }}>
        <Space wrap>
          <Switch
            checked={data.reviewMode}
            disabled={!writable}
            data-testid='review-mode'
            aria-label='小程序审核模式'
            onChange={async (on) => {
              const r = await run(setReviewMode(on), on ? '已开启审核模式' : '已关闭审核模式')
              if (r) setData(r)
            }}
          />
          <Typography.Text type='secondary'>新版本提交微信审核期间开启：隐藏视频发布、盲盒和承诺奖励的分享提示，无需重新发版。</Typography.Text>
        </Space>
      </Card>
      <Card title='小程序订阅消息' style={{ marginBottom: 16 }}>
        {table('subscribe', data.subscribe)}
      </Card>
      <Card title='公众号模板消息（微信内网页下单的顾客）'>{table('official', data.official)}</Card>
      <FormModal<Values>
        open={!!editing}
        title={editing ? `${editing.kind === 'subscribe' ? '订阅消息' : '公众号模板消息'}：${SUBSCRIBE_EVENT_NAMES[editing.t.event]}` : ''}
        initialValues={editing ? { templateId: editing.t.templateId, enabled: editing.t.enabled, page: editing.t.page, fields: toText(editing.t.fields) } : undefined}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      >
        <Form.Item label='模板 ID' name='templateId' rules={[{ max: 64, message: '模板 ID 最多 64 个字符' }]}>
          <Input placeholder='在微信后台选用模板后复制' />
        </Form.Item>
        <Form.Item label='发送' name='enabled' valuePropName='checked'>
          <Switch />
        </Form.Item>
        <Form.Item label={editing?.kind === 'official' ? '跳转网址（https://）' : '打开的小程序页面'} name='page' rules={[{ max: 256, message: '最多 256 个字符' }]}>
          <Input placeholder={editing?.kind === 'official' ? 'https://' : '小程序页面路径；不填则点消息不跳转'} />
        </Form.Item>
        <Form.Item
          label='字段对应（每行 模板字段=内容）'
          name='fields'
          extra={`模板字段照微信后台模板详情填写；内容可用：${VALUES.map(([name]) => name).join('、')}`}
          rules={[{ validator: (_, v: string) => (typeof parseFields(v || '') === 'string' ? Promise.reject(new Error(parseFields(v || '') as string)) : Promise.resolve()) }]}
        >
          <Input.TextArea rows={4} placeholder={'number1=订单号\nthing2=商品名称'} />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
