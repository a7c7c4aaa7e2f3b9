/** 内容 · 网页链接: the web-view links (checked against the allow-list) and the allowed hosts added here. */
import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Space, Table, Tag, Typography } from 'antd'
import type { AdminWebLink, WebLinkInput, WebLinksReply } from '@contract/adminContent'
import { addHost, removeHost, webLinkApi, webLinks } from '../../api/content'
import { errorText, run, toast } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { TechNote } from '../../components/TechNote'
import { ResourceTab } from '../storefront/ResourceTab'

export default function WebLinks() {
  const { can } = useSession()
  const writable = can('content.write')
  const [data, setData] = useState<WebLinksReply | null>(null)
  const [form] = Form.useForm<{ host: string; note?: string }>()
  const [hostError, setHostError] = useState('')
  const load = useCallback(() => void run(webLinks()).then((r) => r && setData(r)), [])
  useEffect(load, [load])
  async function add(v: { host: string; note?: string }) {
    setHostError('')
    try {
      await addHost({ host: v.host, note: v.note || '' })
      toast.success('已添加')
      form.resetFields()
      load()
    } catch (e) {
      setHostError(errorText(e))
    }
  }
  return (
    <PageContainer title='网页链接'>
      <Card title='链接' style={{ marginBottom: 16 }}>
        <Typography.Paragraph type='secondary'>
          商城用内嵌网页打开这些链接；地址须是完整网址且域名在下方名单中，或本店页面的路径（以 /
          开头）。在轮播图、图标入口的「跳转」里选「网页」即可按名称选用可打开的链接；活动的按钮跳转也可按名称选用。
        </Typography.Paragraph>
        <ResourceTab<AdminWebLink, WebLinkInput, { title: string; url: string; sort?: number }>
          name='链接'
          rows={data?.links || null}
          api={webLinkApi}
          reload={load}
          writable={writable}
          blank={{ sort: 0 }}
          columns={[
            { title: '名称', dataIndex: 'title', width: 140 },
            { title: '地址', dataIndex: 'url', ellipsis: true },
            {
              title: '商城页面',
              dataIndex: 'pagePath',
              ellipsis: true,
              // The page's path is for pasting elsewhere (a 公众号 menu, a mini-program link), not for reading: copied, not shown.
              render: (v: string) => <Typography.Text copyable={{ text: v, tooltips: ['复制商城页面路径', '已复制'] }}>复制路径</Typography.Text>,
            },
            { title: '名单', dataIndex: 'allowed', width: 90, render: (v: boolean) => (v ? <Tag color='green'>可打开</Tag> : <Tag color='red'>不在名单</Tag>) },
          ]}
          toForm={(r) => ({ title: r.title, url: r.url, sort: r.sort })}
          toInput={(v) => ({ title: v.title, url: v.url, sort: v.sort ?? 0 })}
          fields={
            <>
              <Form.Item label='名称' name='title' rules={[{ required: true, whitespace: true, message: '请填写名称' }]}>
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item
                label='地址'
                name='url'
                rules={[{ required: true, whitespace: true, message: '请填写链接地址' }]}
                extra={<TechNote>例如 https://m.example.com/page，或本店的活动页 /media/activity/festival.html</TechNote>}
              >
                <Input maxLength={512} placeholder='完整网址，或本店页面的路径' />
              </Form.Item>
              <Form.Item label='排序（小的在前）' name='sort'>
                <InputNumber precision={0} min={0} max={100000} style={{ width: 160 }} />
              </Form.Item>
            </>
          }
        />
      </Card>
      <Card title='允许打开的域名'>
        <Typography.Paragraph type='secondary'>
          填写域名即允许该域名及其子域名（如 example.com 包括 m.example.com），可带端口。小程序里这些域名还须在小程序后台配置为业务域名。部署人员在服务器上设置的域名始终允许：{' '}
          {(data?.envHosts || []).map((h) => (
            <Tag key={h}>{h}</Tag>
          ))}
          {!data?.envHosts?.length && '（没有）'}
        </Typography.Paragraph>
        <TechNote style={{ marginBottom: 12 }}>
          <Typography.Paragraph type='secondary' style={{ marginBottom: 0 }}>
            服务器环境变量 WEBVIEW_ALLOW_LIST（逗号分隔的域名）中的域名始终允许，本页不能移除。
          </Typography.Paragraph>
        </TechNote>
        {writable && (
          <Form form={form} layout='inline' onFinish={add} style={{ marginBottom: 12, rowGap: 8 }}>
            <Form.Item name='host' rules={[{ required: true, whitespace: true, message: '请填写域名' }]}>
              <Input placeholder='m.example.com' aria-label='域名' maxLength={128} />
            </Form.Item>
            <Form.Item name='note'>
              <Input placeholder='备注（可选）' aria-label='备注' maxLength={64} />
            </Form.Item>
            <Button type='primary' htmlType='submit'>
              添加域名
            </Button>
          </Form>
        )}
        {hostError && <Alert type='error' showIcon message={hostError} role='alert' style={{ marginBottom: 12 }} />}
        <Table
          rowKey='id'
          size='small'
          loading={!data}
          dataSource={data?.hosts || []}
          pagination={false}
          columns={[
            { title: '域名', dataIndex: 'host' },
            { title: '备注', dataIndex: 'note' },
            { title: '添加时间', dataIndex: 'createdAt', width: 150, render: (v: number) => dateTime(v) },
            ...(writable
              ? [
                  {
                    title: '操作',
                    key: 'a',
                    width: 80,
                    fixed: 'right' as const,
                    render: (_: unknown, r: { id: number; host: string }) => (
                      <Space>
                        <Popconfirm title={`移除 ${r.host}？`} onConfirm={() => run(removeHost(r.id), '已移除').then((ok) => ok && load())}>
                          <a>移除</a>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </PageContainer>
  )
}
