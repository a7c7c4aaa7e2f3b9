import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Checkbox, Descriptions, Form, Image, Input, InputNumber, Select, Space, Spin, Table, Tag, Timeline, Typography } from 'antd'
import type { AdminOrderDetail, ShipBody } from '@contract/adminOrders'
import { TRACKING_STATE_LABEL } from '@contract/logistics'
import { payMethodText } from '@contract/pay'
import { addTrace, cancel, correctWaybill, staffRefund, expressCompanies, orderDetail, remark, ship, type ExpressCompany } from '../../api/order'
import { errorText } from '../../core/feedback'
import { ApiError } from '../../core/request'
import { AFTER_SALE_STATUS, dateTime, ORDER_STATUS, orderStatusTag } from '../../core/format'
import { logNoteText, operatorText, orderActionText } from '../../core/logText'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { FormModal } from '../../components/FormModal'
import { PriceChangeModal } from './PriceChange'
import { allUnits, refundableLines, refundSelection, unitsLeft } from './refundLines'

type Dialog = 'ship' | 'waybill' | 'trace' | 'remark' | 'cancel' | 'price' | 'refund' | null
const yuan = (fen: number) => `¥${fenToYuan(fen)}`
/** The 发货 dialog's values: the courier and number, and per line (by its id) whether it goes in this parcel and how many units. */
type ShipForm = { expressCode: string; trackingNo: string; pick: Record<string, boolean>; qty: Record<string, number> }
type Parcel = AdminOrderDetail['parcels'][number]
const PAY_STATUS: Record<string, string> = { paid: '已支付', pending: '待支付', closed: '已关闭', refunded: '已退款' }
/** The courier subscription (快递100), in the merchant's words. */
const SUBSCRIPTION: Record<string, { text: string; color?: string }> = {
  pending: { text: '等待订阅', color: 'processing' },
  subscribed: { text: '跟踪中', color: 'success' },
  failed: { text: '订阅失败', color: 'error' },
  aborted: { text: '已停止跟踪', color: 'warning' },
  skipped: { text: '不跟踪' },
  '': { text: '未接入快递跟踪' },
}

export default function OrderDetail({ params }: { params: Record<string, string> }) {
  const orderNo = params.id
  const [data, setData] = useState<AdminOrderDetail | null>(null)
  const [error, setError] = useState('')
  const [dialog, setDialog] = useState<Dialog>(null)
  const [express, setExpress] = useState<ExpressCompany[]>([])
  // The parcel 更正运单号 works on (an order of several parcels names one).
  const [fixing, setFixing] = useState<Parcel | null>(null)
  const session = useSession()
  const writable = session.can('orders.write')
  const canRefund = session.can('refunds.write')
  const mobile = useMobile()
  const load = useCallback(() => orderDetail(orderNo).then(setData, (e) => setError(errorText(e))), [orderNo])
  useEffect(() => void load(), [load])
  useEffect(() => {
    if ((dialog === 'ship' || dialog === 'waybill') && !express.length) expressCompanies().then(setExpress, () => undefined)
  }, [dialog, express.length])

  if (error && !data)
    return (
      <PageContainer onBack={() => navigate('/orders')}>
        <Alert type='error' showIcon message={error} />
      </PageContainer>
    )
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  const { order, items, timeline, payments, parcels, refunds, commissions, pickup } = data
  const partly = order.status === 'to_ship' && parcels.length > 0
  const st = orderStatusTag({ status: order.status, deliveryType: pickup ? 'pickup' : 'delivery', partlyShipped: partly, held: order.held })
  // Units of each line still waiting: neither in a parcel nor refunded.
  const waiting = items.map((i) => ({ ...i, left: Math.max(0, i.quantity - i.refundedQuantity - i.shippedQuantity) })).filter((i) => i.left > 0)
  const openWaybill = (p: Parcel) => (setFixing(p), setDialog('waybill'))
  const openTrace = (p: Parcel) => (setFixing(p), setDialog('trace'))
  const parcelName = (p: Parcel | null) => (p && parcels.length > 1 ? `（包裹${parcels.findIndex((x) => x.id === p.id) + 1}）` : '')
  const done = async () => void (await load())

  // The courier and the waybill number: the same two fields when shipping and when correcting a waybill.
  const waybillFields = (
    <>
      <Form.Item label='快递公司' name='expressCode' rules={[{ required: true, message: '请选择快递公司' }]}>
        <Select showSearch optionFilterProp='label' placeholder='选择快递公司' options={express.map((e) => ({ value: e.code, label: e.name }))} />
      </Form.Item>
      <Form.Item
        label='运单号'
        name='trackingNo'
        rules={[
          { required: true, whitespace: true, message: '请填写运单号' },
          { max: 40, message: '运单号最多 40 个字符' },
          { pattern: /^[A-Za-z0-9-]+$/, message: '运单号只能包含字母、数字和短横线' },
        ]}
      >
        <Input placeholder='运单号' />
      </Form.Item>
    </>
  )

  return (
    <PageContainer
      title={`订单 ${order.orderNo}`}
      subTitle={<Tag color={st?.color}>{st?.text || order.status}</Tag>}
      onBack={() => navigate('/orders')}
      extra={
        (writable || canRefund) && (
          <Space wrap>
            {writable && order.status === 'to_ship' && !order.held && !pickup && (
              <Button type='primary' onClick={() => setDialog('ship')}>
                发货
              </Button>
            )}
            {writable && order.status === 'to_ship' && pickup && (
              <Button type='primary' onClick={() => navigate('/pickup-verify')}>
                自提核销
              </Button>
            )}
            {/* 退款 returns the whole order: not once a parcel has left (部分发货: lines are refunded through 售后). */}
            {canRefund && order.status === 'to_ship' && !partly && order.afterSaleStatus !== 'processing' && (
              <Button danger onClick={() => setDialog('refund')}>
                退款
              </Button>
            )}
            {writable && parcels.length === 1 && ['to_ship', 'to_receive'].includes(order.status) && <Button onClick={() => openWaybill(parcels[0])}>更正运单号</Button>}
            {writable && parcels.length === 1 && <Button onClick={() => openTrace(parcels[0])}>添加物流轨迹</Button>}
            {writable && <Button onClick={() => setDialog('remark')}>备注</Button>}
            {writable && order.status === 'unpaid' && order.orderType !== 'points' && <Button onClick={() => setDialog('price')}>改价</Button>}
            {writable && order.status === 'unpaid' && (
              <Button danger onClick={() => setDialog('cancel')}>
                取消订单
              </Button>
            )}
          </Space>
        )
      }
    >
      <Card title='订单信息' style={{ marginBottom: 16 }}>
        <Descriptions column={mobile ? 1 : 3} size='small'>
          <Descriptions.Item label='会员'>
            {order.memberPhone} <a onClick={() => navigate(`/members/${order.memberId}`)}>查看</a>
          </Descriptions.Item>
          <Descriptions.Item label='下单时间'>{dateTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label='支付时间'>{dateTime(order.paidAt)}</Descriptions.Item>
          <Descriptions.Item label={pickup ? '提货人' : '收货人'}>
            {order.receiverName} {order.receiverPhone}
          </Descriptions.Item>
          {pickup ? (
            <Descriptions.Item label='配送方式' span={mobile ? 1 : 2}>
              到店自提
            </Descriptions.Item>
          ) : (
            <Descriptions.Item label='收货地址' span={mobile ? 1 : 2}>
              {order.receiverAddress}
            </Descriptions.Item>
          )}
          <Descriptions.Item label='买家留言'>{order.remark || '—'}</Descriptions.Item>
          <Descriptions.Item label='商家备注'>{order.adminRemark || '—'}</Descriptions.Item>
          {order.cancelReason && <Descriptions.Item label='取消原因'>{order.cancelReason}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title='商品' style={{ marginBottom: 16 }}>
        <Table
          size='small'
          rowKey='id'
          pagination={false}
          dataSource={items}
          scroll={{ x: 560 }}
          columns={[
            {
              title: '商品',
              render: (_, i) => (
                <Space>
                  <Image src={i.image} alt={i.goodsName} width={48} height={48} style={{ objectFit: 'cover' }} />
                  <span>
                    {i.goodsName}
                    <br />
                    <Typography.Text type='secondary'>{i.specText}</Typography.Text>
                  </span>
                </Space>
              ),
            },
            { title: '单价', width: 90, align: 'right', render: (_, i) => yuan(i.price) },
            { title: '数量', dataIndex: 'quantity', width: 60, align: 'right' },
            { title: '实付', width: 90, align: 'right', render: (_, i) => yuan(i.payAmount) },
            { title: '已发', width: 60, align: 'right', render: (_, i) => i.shippedQuantity || '—' },
            { title: '已退', width: 110, align: 'right', render: (_, i) => (i.refundedQuantity ? `${i.refundedQuantity} 件 ${yuan(i.refundedAmount)}` : '—') },
          ]}
        />
        <Descriptions column={mobile ? 2 : 5} size='small' style={{ marginTop: 12 }}>
          <Descriptions.Item label='商品金额'>{yuan(order.goodsAmount)}</Descriptions.Item>
          <Descriptions.Item label='运费'>{yuan(order.freightAmount)}</Descriptions.Item>
          {order.levelDiscount > 0 && <Descriptions.Item label='会员折扣'>-{yuan(order.levelDiscount)}</Descriptions.Item>}
          <Descriptions.Item label='优惠券'>-{yuan(order.couponDiscount)}</Descriptions.Item>
          <Descriptions.Item label='积分抵扣'>-{yuan(order.pointsDiscount)}</Descriptions.Item>
          {order.priceAdjust !== 0 && <Descriptions.Item label='改价前'>{yuan(order.payAmount + order.priceAdjust)}</Descriptions.Item>}
          <Descriptions.Item label={order.priceAdjust !== 0 ? '改价后实付' : '实付'}>
            <Typography.Text strong>{yuan(order.payAmount)}</Typography.Text>
          </Descriptions.Item>
          {order.balanceAmount > 0 && <Descriptions.Item label='余额支付'>{yuan(order.balanceAmount)}</Descriptions.Item>}
          {order.balanceAmount > 0 && order.payAmount > order.balanceAmount && <Descriptions.Item label='微信支付'>{yuan(order.payAmount - order.balanceAmount)}</Descriptions.Item>}
        </Descriptions>
      </Card>
      {pickup && (
        <Card title='到店自提' style={{ marginBottom: 16 }}>
          <Descriptions column={mobile ? 1 : 3} size='small'>
            <Descriptions.Item label='自提点'>{pickup.name}</Descriptions.Item>
            <Descriptions.Item label='地址' span={mobile ? 1 : 2}>
              {pickup.address}
            </Descriptions.Item>
            <Descriptions.Item label='营业时间'>{pickup.hours}</Descriptions.Item>
            <Descriptions.Item label='联系电话'>{pickup.phone}</Descriptions.Item>
            <Descriptions.Item label='核销'>{pickup.verifiedAt ? `${dateTime(pickup.verifiedAt)} 由 ${pickup.verifiedBy || '店员'} 核销` : '未核销'}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {!pickup && (
        <Card title='物流' style={{ marginBottom: 16 }}>
          {parcels.length ? (
            parcels.map((shipment, k) => (
              <div key={shipment.id} data-testid='order-parcel' style={k ? { marginTop: 24, paddingTop: 16, borderTop: '1px solid rgba(5, 5, 5, 0.06)' } : undefined}>
                {parcels.length > 1 && (
                  <Space wrap style={{ marginBottom: 8 }}>
                    <Typography.Text strong>包裹{k + 1}</Typography.Text>
                    {writable && ['to_ship', 'to_receive'].includes(order.status) && (
                      <Button size='small' onClick={() => openWaybill(shipment)}>
                        更正运单号
                      </Button>
                    )}
                    {writable && (
                      <Button size='small' onClick={() => openTrace(shipment)}>
                        添加物流轨迹
                      </Button>
                    )}
                  </Space>
                )}
                <Descriptions column={mobile ? 1 : 3} size='small'>
                  <Descriptions.Item label='快递公司'>{shipment.expressName}</Descriptions.Item>
                  <Descriptions.Item label='运单号'>
                    <Typography.Text copyable>{shipment.trackingNo}</Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label='发货时间'>{dateTime(shipment.createdAt)}</Descriptions.Item>
                  {(parcels.length > 1 || partly) && (
                    <Descriptions.Item label='包裹内商品' span={mobile ? 1 : 3}>
                      {shipment.items.map((i) => `${i.goodsName}${i.specText ? `（${i.specText}）` : ''} ×${i.quantity}`).join('；')}
                    </Descriptions.Item>
                  )}
                  <Descriptions.Item label='快递状态'>{TRACKING_STATE_LABEL[shipment.trackingState] || '快递公司尚无记录'}</Descriptions.Item>
                  <Descriptions.Item label='物流跟踪'>
                    <Tag color={SUBSCRIPTION[shipment.subscription]?.color}>{SUBSCRIPTION[shipment.subscription]?.text || shipment.subscription}</Tag>
                  </Descriptions.Item>
                  <Descriptions.Item label='最新轨迹'>{shipment.traces[0] ? `${dateTime(shipment.traces[0].time)} ${shipment.traces[0].text}` : '暂无'}</Descriptions.Item>
                </Descriptions>
                {!!shipment.subscriptionProblem && (
                  <Alert
                    style={{ marginTop: 12 }}
                    type='warning'
                    showIcon
                    message={shipment.subscriptionProblem}
                    description='运单号或快递公司填错时，请点「更正运单号」；快递100 的设置问题请到「设置 → 物流跟踪」处理。'
                  />
                )}
                <Timeline
                  style={{ marginTop: 16 }}
                  items={[...shipment.traces].reverse().map((t) => ({
                    children: (
                      <>
                        {t.text}
                        {t.typed && <Tag style={{ marginLeft: 8 }}>人工录入</Tag>}
                        <br />
                        <Typography.Text type='secondary'>{dateTime(t.time)}</Typography.Text>
                      </>
                    ),
                  }))}
                />
              </div>
            ))
          ) : (
            <Typography.Text type='secondary'>未发货</Typography.Text>
          )}
          {partly && (
            <Typography.Paragraph type='secondary' style={{ marginTop: 8, marginBottom: 0 }}>
              还有 {waiting.reduce((n, i) => n + i.left, 0)} 件商品待发货，全部发出后订单变为待收货。
            </Typography.Paragraph>
          )}
        </Card>
      )}
      <Card title='支付与退款' style={{ marginBottom: 16 }}>
        <Table
          size='small'
          rowKey='payNo'
          pagination={false}
          dataSource={payments}
          scroll={{ x: 560 }}
          locale={{ emptyText: '无支付记录' }}
          columns={[
            { title: '支付单号', dataIndex: 'payNo' },
            { title: '方式', render: (_, p) => payMethodText(p.provider, p.channel) },
            { title: '金额', align: 'right', render: (_, p) => yuan(p.amount) },
            { title: '状态', render: (_, p) => PAY_STATUS[p.status] || p.status },
            { title: '支付时间', render: (_, p) => dateTime(p.paidAt) },
          ]}
        />
        {refunds.length > 0 && (
          <Table
            style={{ marginTop: 12 }}
            size='small'
            rowKey='id'
            pagination={false}
            dataSource={refunds}
            scroll={{ x: 560 }}
            columns={[
              { title: '售后单号', dataIndex: 'afterSaleNo', render: (v: string, r) => <a onClick={() => navigate(`/after-sales/${r.id}`)}>{v}</a> },
              { title: '状态', render: (_, r) => AFTER_SALE_STATUS[r.status]?.text || r.status },
              { title: '申请金额', align: 'right', render: (_, r) => yuan(r.amount) },
              { title: '已退', align: 'right', render: (_, r) => yuan(r.refundAmount) },
              { title: '退款时间', render: (_, r) => dateTime(r.refundedAt) },
            ]}
          />
        )}
      </Card>
      {commissions.length > 0 && (
        <Card title='代理佣金' style={{ marginBottom: 16 }} data-testid='order-commissions'>
          <Table
            size='small'
            rowKey={(c) => `${c.shopId}-${c.orderItemId}`}
            pagination={false}
            dataSource={commissions}
            scroll={{ x: 640 }}
            columns={[
              { title: '代理店铺', render: (_, c) => (session.can('agents.read') ? <a onClick={() => navigate(`/agents/list/${c.shopId}`)}>{c.shopName}</a> : c.shopName) },
              { title: '级别', render: (_, c) => (c.level === 2 ? '二级（上级代理）' : '一级') },
              { title: '商品', render: (_, c) => items.find((i) => i.id === c.orderItemId)?.goodsName || '—', ellipsis: true },
              { title: '佣金比例', align: 'right', render: (_, c) => `${Number((c.rate / 100).toFixed(2))}%` },
              { title: '计佣金额', align: 'right', render: (_, c) => yuan(c.baseAmount) },
              { title: '佣金', align: 'right', render: (_, c) => (c.amount !== c.originalAmount ? `${yuan(c.amount)}（原 ${yuan(c.originalAmount)}）` : yuan(c.amount)) },
              { title: '状态', render: (_, c) => (c.status === '冻结中' && c.releaseAt ? `冻结中，${dateTime(c.releaseAt)} 结算` : c.status) },
            ]}
          />
        </Card>
      )}
      <Card title='订单日志'>
        <Timeline
          data-testid='order-timeline'
          items={timeline.map((t) => ({
            children: (
              <>
                {orderActionText(t.action)}
                {t.toStatus && t.toStatus !== t.fromStatus ? ` → ${ORDER_STATUS[t.toStatus]?.text || '已更新'}` : ''}
                {t.note ? `：${logNoteText(t.note)}` : ''}
                <br />
                <Typography.Text type='secondary'>
                  {dateTime(t.createdAt)} · {operatorText(t.operator, t.staffName)}
                </Typography.Text>
              </>
            ),
          }))}
        />
      </Card>

      <FormModal<ShipForm>
        open={dialog === 'ship'}
        title={partly ? `发货（包裹${parcels.length + 1}）` : '发货'}
        okText='确认发货'
        initialValues={{ pick: Object.fromEntries(waiting.map((i) => [i.id, true])), qty: Object.fromEntries(waiting.map((i) => [i.id, i.left])) }}
        onClose={() => setDialog(null)}
        onSubmit={(v) => {
          const chosen = waiting.filter((i) => v.pick?.[i.id] && (v.qty?.[i.id] || 0) > 0).map((i) => ({ orderItemId: i.id, quantity: v.qty[i.id] }))
          if (!chosen.length) return Promise.reject(new Error('请勾选这个包裹里的商品'))
          // Everything still waiting in this parcel: sent without lines, as one parcel (the order ships now).
          const all = chosen.length === waiting.length && chosen.every((c) => c.quantity === waiting.find((i) => i.id === c.orderItemId)!.left)
          const body: ShipBody = { expressCode: v.expressCode, trackingNo: v.trackingNo.trim(), ...(all ? {} : { items: chosen }) }
          return ship(orderNo, body).then(done)
        }}
      >
        <Typography.Paragraph type='secondary'>默认全部商品装在一个包裹里；分开发货时，取消勾选或减少数量，其余商品稍后再发。</Typography.Paragraph>
        <div data-testid='ship-lines' style={{ marginBottom: 16 }}>
          {waiting.map((i) => (
            <Space key={i.id} wrap style={{ display: 'flex', marginBottom: 8 }}>
              <Form.Item name={['pick', String(i.id)]} valuePropName='checked' noStyle>
                <Checkbox>
                  {i.goodsName}
                  {i.specText ? `（${i.specText}）` : ''}
                </Checkbox>
              </Form.Item>
              <Form.Item name={['qty', String(i.id)]} noStyle>
                <InputNumber min={1} max={i.left} precision={0} style={{ width: 96 }} aria-label={`${i.goodsName}${i.specText ? `（${i.specText}）` : ''} 发货数量`} addonAfter='件' />
              </Form.Item>
              <Typography.Text type='secondary'>待发 {i.left} 件</Typography.Text>
            </Space>
          ))}
        </div>
        {waybillFields}
      </FormModal>
      <FormModal<ShipBody>
        open={dialog === 'waybill'}
        title={`更正运单号${parcelName(fixing)}`}
        okText='确认更正'
        initialValues={fixing ? { expressCode: fixing.expressCode, trackingNo: fixing.trackingNo } : undefined}
        onClose={() => (setDialog(null), setFixing(null))}
        onSubmit={(v) => correctWaybill(orderNo, { expressCode: v.expressCode, trackingNo: v.trackingNo.trim(), ...(fixing ? { shipmentId: fixing.id } : {}) }).then(done)}
      >
        <Alert style={{ marginBottom: 16 }} type='info' showIcon message='更正后，原运单的快递轨迹会被清除，并按新运单号重新向快递公司订阅；人工录入的轨迹保留。' />
        {waybillFields}
      </FormModal>
      <FormModal<{ text: string }>
        open={dialog === 'trace'}
        title={`添加物流轨迹${parcelName(fixing)}`}
        onClose={() => (setDialog(null), setFixing(null))}
        onSubmit={(v) => addTrace(orderNo, { text: v.text.trim(), ...(fixing ? { shipmentId: fixing.id } : {}) }).then(done)}
      >
        <Form.Item
          label='轨迹内容'
          name='text'
          rules={[
            { required: true, whitespace: true, message: '请填写轨迹内容' },
            { max: 200, message: '最多 200 个字' },
          ]}
        >
          <Input.TextArea rows={3} placeholder='如：已到达上海转运中心' />
        </Form.Item>
      </FormModal>
      <FormModal<{ remark: string }>
        open={dialog === 'remark'}
        title='商家备注'
        initialValues={{ remark: order.adminRemark }}
        onClose={() => setDialog(null)}
        onSubmit={(v) => remark(orderNo, { remark: (v.remark || '').trim() }).then(done)}
      >
        <Form.Item label='备注（买家看不到）' name='remark' rules={[{ max: 500, message: '最多 500 个字' }]}>
          <Input.TextArea rows={4} />
        </Form.Item>
      </FormModal>
      <FormModal<{ reason: string; qty: Record<string, number | null> }>
        open={dialog === 'refund'}
        title='退款'
        okText='确认退款'
        initialValues={{ qty: allUnits(items) }}
        onClose={() => setDialog(null)}
        onSubmit={(v) => {
          const pick = refundSelection(items, v.qty || {})
          // A choice the server would refuse is said in the form, like the server's refusals.
          if (pick.error) return Promise.reject(new ApiError(400, pick.error))
          return staffRefund(orderNo, { reason: v.reason.trim(), ...(pick.items ? { items: pick.items } : {}) }).then(done)
        }}
      >
        <Typography.Paragraph>
          选择要退款的商品和数量（默认全部未退的商品）。所选商品按实付金额原路退回，库存和积分随之退回；全部退完时运费和优惠券一并退回，订单关闭，否则订单保留其余商品待发货。退款记入售后单和操作日志。
        </Typography.Paragraph>
        <Table
          size='small'
          rowKey='id'
          pagination={false}
          dataSource={refundableLines(items)}
          style={{ marginBottom: 16 }}
          columns={[
            {
              title: '商品',
              render: (_, i) => (
                <span>
                  {i.goodsName}
                  {i.specText ? <Typography.Text type='secondary'>（{i.specText}）</Typography.Text> : null}
                </span>
              ),
            },
            { title: '可退', width: 60, align: 'right', render: (_, i) => `${unitsLeft(i)} 件` },
            {
              title: '退款数量',
              width: 110,
              render: (_, i) => (
                <Form.Item name={['qty', String(i.id)]} noStyle>
                  <InputNumber min={0} max={unitsLeft(i)} precision={0} style={{ width: 88 }} aria-label={`${i.goodsName}的退款数量`} data-testid={`refund-qty-${i.id}`} />
                </Form.Item>
              ),
            },
          ]}
        />
        <Form.Item
          label='退款原因（买家可见）'
          name='reason'
          rules={[
            { required: true, whitespace: true, message: '请填写退款原因' },
            { max: 100, message: '最多 100 个字' },
          ]}
        >
          <Input placeholder='如：缺货，无法发货' />
        </Form.Item>
      </FormModal>
      <PriceChangeModal open={dialog === 'price'} orderNo={orderNo} payAmount={order.payAmount} onClose={() => setDialog(null)} onDone={done} />
      <FormModal<{ reason: string }>
        open={dialog === 'cancel'}
        title='取消订单'
        okText='确认取消'
        onClose={() => setDialog(null)}
        onSubmit={(v) => cancel(orderNo, { reason: v.reason.trim() }).then(done)}
      >
        <Form.Item
          label='取消原因（买家可见）'
          name='reason'
          rules={[
            { required: true, whitespace: true, message: '请填写取消原因' },
            { max: 100, message: '最多 100 个字' },
          ]}
        >
          <Input placeholder='如：缺货' />
        </Form.Item>
      </FormModal>
    </PageContainer>
  )
}
