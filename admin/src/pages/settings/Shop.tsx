import { useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Spin, Tabs, Typography } from 'antd'
import type { ShopProfile } from '@contract/adminSettings'
import { saveDocument, saveShopProfile, settingsDocument, shopProfile } from '../../api/settings'
import { errorText, toast } from '../../core/feedback'
import { TechNote } from '../../components/TechNote'
import { dateTime } from '../../core/format'
import { useSession } from '../../core/session'
import { ImageInput } from '../../components/ImagesInput'
import { RichText } from '../../components/RichText'

/** 设置 → 店铺: the shop's profile, customer service, timeouts and the documents the login page opens. */
export default function Shop() {
  const [form] = Form.useForm<ShopProfile>()
  const [loaded, setLoaded] = useState(false)
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const { can } = useSession()
  const writable = can('settings.write')
  useEffect(() => {
    shopProfile().then(
      (p) => {
        form.setFieldsValue(p)
        setLoaded(true)
      },
      (e) => setError(errorText(e)),
    )
  }, [form])

  async function save(v: ShopProfile) {
    setSaving(true)
    setError('')
    try {
      form.setFieldsValue(
        await saveShopProfile({ ...v, name: v.name || '', logo: v.logo || '', servicePhone: v.servicePhone || '', serviceUrl: v.serviceUrl || '', serviceWechatUrl: v.serviceWechatUrl || '' }),
      )
      toast.success('已保存')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }

  return (
    <PageContainer title='店铺设置'>
      {!loaded && !error && <Spin style={{ display: 'block', margin: '40px auto' }} />}
      <Card title='店铺与客服' style={{ marginBottom: 16, display: loaded ? undefined : 'none' }}>
        {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
        <Form form={form} layout='vertical' onFinish={save} disabled={!writable}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label='店铺名称' name='name' extra='显示在登录页、首页标题、分享卡片和商品海报上。' rules={[{ max: 32, message: '店铺名称最多 32 个字' }]}>
                <Input placeholder='如：橙子小铺' />
              </Form.Item>
              <Form.Item
                label='客服电话'
                name='servicePhone'
                rules={[
                  { pattern: /^[0-9+\- ]*$/, message: '客服电话只能包含数字、+、- 和空格' },
                  { max: 20, message: '客服电话最多 20 位' },
                ]}
              >
                <Input placeholder='如：400-800-1234' />
              </Form.Item>
              <Form.Item
                label='微信客服链接'
                name='serviceWechatUrl'
                extra='企业微信后台「微信客服」→ 客服账号 → 复制链接；在微信里和手机浏览器中打开微信客服会话。'
                rules={[{ pattern: /^(https:\/\/work\.weixin\.qq\.com\/kfid\/\S+)?$/, message: '微信客服链接须为 https://work.weixin.qq.com/kfid/ 开头的链接' }]}
              >
                <Input placeholder='https://work.weixin.qq.com/kfid/…' />
              </Form.Item>
              <Form.Item
                label='客服链接'
                name='serviceUrl'
                extra={
                  <>
                    在线客服网页的完整网址，或本店页面（如意见反馈页）。设置了多种客服时，顾客点「客服」后自选。小程序里使用微信自带的客服按钮。
                    <TechNote>本店页面填页面路径，如意见反馈页：/minePages/setting/feedback</TechNote>
                  </>
                }
                rules={[{ pattern: /^((https:\/\/|\/)\S+)?$/, message: '客服链接须以 https:// 开头，或为本店页面路径' }]}
              >
                <Input placeholder='在线客服网址，或本店页面路径' />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label='店铺标志' name='logo' extra='显示在登录页。'>
                <ImageInput />
              </Form.Item>
              <Form.Item
                label='文章栏目名称'
                name='articleSectionName'
                extra='商城文章列表的标题；首页上同名的入口一起改名。'
                rules={[
                  { required: true, whitespace: true, message: '请填写文章栏目名称' },
                  { min: 2, max: 8, message: '文章栏目名称须为 2 到 8 个字' },
                  { pattern: /^\S*$/, message: '文章栏目名称不含空格' },
                ]}
              >
                <Input placeholder='如：两性学堂' maxLength={8} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>订单与售后</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label='未支付订单关闭（分钟）' name='orderExpireMinutes' rules={[{ required: true, type: 'integer', min: 5, max: 1440, message: '请填写 5 到 1440 之间的整数' }]}>
                <InputNumber min={5} max={1440} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label='发货后自动确认收货（天）' name='autoReceiveDays' rules={[{ required: true, type: 'integer', min: 3, max: 60, message: '请填写 3 到 60 之间的整数' }]}>
                <InputNumber min={3} max={60} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label='收货后可申请售后（天）' name='afterSalesDays' rules={[{ required: true, type: 'integer', min: 0, max: 60, message: '请填写 0 到 60 之间的整数' }]}>
                <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Paragraph type='secondary'>修改对新下单、新发货的订单生效；代理佣金在售后期结束后解冻。</Typography.Paragraph>
          {writable && (
            <Button type='primary' htmlType='submit' loading={saving}>
              保存
            </Button>
          )}
        </Form>
      </Card>
      <Card title='协议与政策（登录页打开）'>
        <Tabs
          destroyInactiveTabPane
          items={[
            { key: 'userAgreement', label: '用户协议', children: <DocumentEditor docKey='userAgreement' writable={writable} /> },
            { key: 'privacyPolicy', label: '隐私政策', children: <DocumentEditor docKey='privacyPolicy' writable={writable} /> },
          ]}
        />
      </Card>
    </PageContainer>
  )
}

function DocumentEditor({ docKey, writable }: { docKey: string; writable: boolean }) {
  const [form] = Form.useForm<{ title: string; contentHtml: string }>()
  const [updatedAt, setUpdatedAt] = useState(0)
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    settingsDocument(docKey).then(
      (d) => {
        form.setFieldsValue({ title: d.title, contentHtml: d.contentHtml })
        setUpdatedAt(d.updatedAt)
        setLoaded(true)
      },
      (e) => setError(errorText(e)),
    )
  }, [docKey, form])
  async function save(v: { title: string; contentHtml: string }) {
    setSaving(true)
    setError('')
    try {
      const d = await saveDocument(docKey, { title: v.title.trim(), contentHtml: v.contentHtml || '' })
      setUpdatedAt(d.updatedAt)
      toast.success('已保存，登录页即刻生效')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }
  if (!loaded && !error) return <Spin />
  return (
    <Form form={form} layout='vertical' onFinish={save} disabled={!writable} data-testid={`doc-${docKey}`}>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
      <Form.Item
        label='标题'
        name='title'
        rules={[
          { required: true, whitespace: true, message: '请填写标题' },
          { max: 64, message: '标题最多 64 个字' },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item label='内容' name='contentHtml' rules={[{ required: true, message: '请填写内容' }]}>
        <RichText />
      </Form.Item>
      <Typography.Paragraph type='secondary'>最后修改：{dateTime(updatedAt)}</Typography.Paragraph>
      {writable && (
        <Button type='primary' htmlType='submit' loading={saving}>
          保存
        </Button>
      )}
    </Form>
  )
}
