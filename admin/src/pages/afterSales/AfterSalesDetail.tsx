import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Descriptions, Form, Image, Input, InputNumber, Select, Space, Spin, Table, Tag, Timeline, Typography } from 'antd'
import type { AdminAfterSaleDetail } from '@contract/adminAfterSales'
import type { ReturnAddress } from '@contract/adminSettings'
import { afterSaleDetail, approve, receive, refund, refuse, returnAddresses } from '../../api/afterSales'
import { confirm, errorText, run } from '../../core/feedback'
import { addressText, AFTER_SALE_STATUS, AFTER_SALE_TYPE, dateTime } from '../../core/format'
import { operatorText } from '../../core/logText'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { FormModal } from '../../components/FormModal'

const yuan = (fen: number) => `¥${fenToYuan(fen)}`

export default function AfterSalesDetail({ params }: { params: Record<string, string> }) {
  const id = Number(params.id)
  const [data, setData] = useState<AdminAfterSaleDetail | null>(null)
  const [error, setError] = useState('')
  const [refusing, setRefusing] = useState(false)
  // The 同意 dialog (null while closed): the amount approved (at most what was asked; a reason when lower) and, for a
  // return, the shop's return addresses to choose from.
  const [approving, setApproving] = useState<{ addresses: ReturnAddress[] | null } | null>(null)
  const [busy, setBusy] = useState(false)
  const { can } = useSession()
  const mobile = useMobile()
  const load = useCallback(() => afterSaleDetail(id).then(setData, (e) => setError(errorText(e))), [id])
  useEffect(() => void load(), [load])

  async function act(question: string, call: () => Promise<unknown>, done: string) {
    if (!(await confirm(question))) return
    setBusy(true)
    await run(call(), done)
    setBusy(false)
    await load()
  }

  if (error && !data)
    return (
      <PageContainer onBack={() => navigate('/after-sales')}>
        <Alert type='error' showIcon message={error} />
      </PageContainer>
    )
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  const c = data.case
  const st = AFTER_SALE_STATUS[c.status]
  const write = can('afterSales.write')
  // The refund goes through the payment provider: once approved for a refund-only case, once the goods are back for a return.
  // What the refund sends: what staff approved when lower, else what was asked.
  const lowered = c.approvedAmount !== null && c.approvedAmount < c.amount
  const approvedAmount = lowered ? c.approvedAmount! : c.amount
  const addresses = approving?.addresses ?? null
  const canRefund = can('refunds.write') && ((c.type === 'refund' && c.status === 'approved') || c.status === 'received' || (c.status === 'refunding' && !!c.refundError))

  return (
    <PageContainer
      title={`售后 ${c.afterSaleNo}`}
      subTitle={<Tag color={st?.color}>{st?.text || c.status}</Tag>}
      onBack={() => navigate('/after-sales')}
      extra={
        <Space wrap>
          {write && c.status === 'applied' && (
            <>
              <Button
                type='primary'
                loading={busy}
                onClick={async () => {
                  if (c.type === 'refund') return setApproving({ addresses: null })
                  setBusy(true)
                  const list = await run(returnAddresses())
                  setBusy(false)
                  if (list) setApproving({ addresses: list })
                }}
              >
                同意
              </Button>
              <Button danger onClick={() => setRefusing(true)}>
                拒绝
              </Button>
            </>
          )}
          {write && c.status === 'returned' && (
            <Button type='primary' loading={busy} onClick={() => act('确认已收到买家寄回的商品？', () => receive(id), '已确认收货')}>
              确认收到退货
            </Button>
          )}
          {canRefund && (
            <Button type='primary' danger loading={busy} onClick={() => act(`向买家原路退款 ${yuan(approvedAmount)}？`, () => refund(id), '已提交退款')}>
              退款
            </Button>
          )}
        </Space>
      }
    >
      {c.refundError && <Alert type='error' showIcon message={`退款失败：${c.refundError}`} style={{ marginBottom: 16 }} />}
      <Card title='售后信息' style={{ marginBottom: 16 }}>
        <Descriptions column={mobile ? 1 : 3} size='small'>
          <Descriptions.Item label='类型'>{AFTER_SALE_TYPE[c.type] || c.type}</Descriptions.Item>
          <Descriptions.Item label='订单'>
            <a onClick={() => navigate(`/orders/${c.orderNo}`)}>{c.orderNo}</a>
          </Descriptions.Item>
          <Descriptions.Item label='会员'>{c.memberPhone}</Descriptions.Item>
          <Descriptions.Item label='申请金额'>{yuan(c.amount)}</Descriptions.Item>
          {lowered && (
            <Descriptions.Item label='同意退款'>
              {yuan(approvedAmount)}（原因：{c.approveNote}）
            </Descriptions.Item>
          )}
          <Descriptions.Item label='已退金额'>{yuan(c.refundAmount)}</Descriptions.Item>
          <Descriptions.Item label='申请时间'>{dateTime(c.createdAt)}</Descriptions.Item>
          <Descriptions.Item label='原因'>{c.reason}</Descriptions.Item>
          <Descriptions.Item label='说明' span={mobile ? 1 : 2}>
            {c.description || '—'}
          </Descriptions.Item>
          {c.rejectReason && <Descriptions.Item label='拒绝原因'>{c.rejectReason}</Descriptions.Item>}
          {c.returnAddress && (
            <Descriptions.Item label='退货地址' span={mobile ? 1 : 2}>
              {c.returnName} {c.returnPhone} {c.returnAddress}
            </Descriptions.Item>
          )}
          {c.returnTrackingNo && (
            <Descriptions.Item label='退货物流'>
              {c.returnExpressName} {c.returnTrackingNo}
            </Descriptions.Item>
          )}
          {c.refundedAt && <Descriptions.Item label='退款时间'>{dateTime(c.refundedAt)}</Descriptions.Item>}
        </Descriptions>
        {c.images.length > 0 && (
          <Image.PreviewGroup>
            <Space wrap style={{ marginTop: 12 }}>
              {c.images.map((src) => (
                <Image key={src} src={src} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </Card>
      <Card title='商品' style={{ marginBottom: 16 }}>
        <Table
          size='small'
          rowKey='orderItemId'
          pagination={false}
          dataSource={data.items}
          scroll={{ x: 480 }}
          columns={[
            {
              title: '商品',
              render: (_, i) => (
                <Space>
                  <Image src={i.image} width={48} height={48} style={{ objectFit: 'cover' }} />
                  <span>
                    {i.goodsName}
                    <br />
                    <Typography.Text type='secondary'>{i.specText}</Typography.Text>
                  </span>
                </Space>
              ),
            },
            { title: '数量', dataIndex: 'quantity', width: 60, align: 'right' },
            { title: '退款金额', width: 100, align: 'right', render: (_, i) => yuan(i.refundAmount) },
          ]}
        />
      </Card>
      <Card title='协商记录'>
        <Timeline
          items={data.logs.map((l) => ({
            color: operatorText(l.operator) === '买家' ? 'blue' : 'green',
            children: (
              <>
                <Typography.Text strong>{AFTER_SALE_STATUS[l.status]?.text || l.status}</Typography.Text>
                {l.note ? `：${l.note}` : ''}
                <br />
                <Typography.Text type='secondary'>
                  {operatorText(l.operator, l.staffName)} · {dateTime(l.createdAt)}
                </Typography.Text>
              </>
            ),
          }))}
        />
      </Card>
      <FormModal<{ amount: number; note?: string; returnAddressId?: number }>
        open={!!approving}
        title={c.type === 'refund' ? '同意仅退款' : '同意退货退款'}
        okText={c.type === 'refund' ? '同意退款' : '同意退货'}
        initialValues={{ amount: c.amount / 100, returnAddressId: addresses?.find((a) => a.isDefault)?.id }}
        onClose={() => setApproving(null)}
        onSubmit={(v) => {
          const fen = Math.round(v.amount * 100)
          return approve(id, {
            ...(c.type === 'return_refund' ? { returnAddressId: v.returnAddressId } : {}),
            ...(fen < c.amount ? { amount: fen, note: (v.note || '').trim() } : {}),
          }).then(() => load())
        }}
      >
        {c.type === 'return_refund' && addresses && !addresses.length ? (
          <Alert
            type='warning'
            showIcon
            message='还没有设置退货地址'
            description={
              <>
                买家需要知道把商品寄到哪里。请先在
                {can('settings.read') ? (
                  <a onClick={() => navigate('/settings/return-addresses')} style={{ textDecoration: 'underline' }}>
                    「设置 → 退货地址」
                  </a>
                ) : (
                  '「设置 → 退货地址」（请店主添加）'
                )}
                添加地址，再同意退货。
              </>
            }
          />
        ) : (
          <>
            <Form.Item
              label='同意退款金额（元）'
              name='amount'
              extra={`买家申请 ${yuan(c.amount)}；可同意更少的金额，并填写原因（买家可见）`}
              rules={[{ required: true, message: '请填写同意退款的金额' }]}
            >
              <InputNumber min={0.01} max={c.amount / 100} precision={2} step={1} prefix='¥' style={{ width: 200, maxWidth: '100%' }} data-testid='approve-amount' />
            </Form.Item>
            <Form.Item
              label='少退原因（买家可见）'
              name='note'
              dependencies={['amount']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) =>
                    Math.round(Number(getFieldValue('amount') || 0) * 100) < c.amount && !(value || '').trim() ? Promise.reject(new Error('少于申请金额时请填写原因')) : Promise.resolve(),
                }),
                { max: 100, message: '最多 100 个字' },
              ]}
            >
              <Input.TextArea rows={2} placeholder='同意全额时不必填写' />
            </Form.Item>
            {c.type === 'return_refund' && (
              <>
                <Typography.Paragraph>买家将按下面的地址寄回商品；地址会保存在这笔售后上，买家在售后详情中看到。</Typography.Paragraph>
                <Form.Item label='退货地址' name='returnAddressId' rules={[{ required: true, message: '请选择退货地址' }]}>
                  <Select
                    options={(addresses || []).map((a) => ({
                      value: a.id,
                      label: `${a.isDefault ? '【默认】' : ''}${a.name} ${a.phone} ${addressText(a)}`,
                    }))}
                    optionRender={(o) => <div style={{ whiteSpace: 'normal' }}>{o.label}</div>}
                  />
                </Form.Item>
              </>
            )}
          </>
        )}
      </FormModal>
      <FormModal<{ reason: string }> open={refusing} title='拒绝售后' okText='确认拒绝' onClose={() => setRefusing(false)} onSubmit={(v) => refuse(id, { reason: v.reason.trim() }).then(() => load())}>
        <Form.Item
          label='拒绝原因（买家可见）'
          name='reason'
          rules={[
            { required: true, whitespace: true, message: '请填写拒绝原因' },
            { max: 100, message: '最多 100 个字' },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
