import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, Table, Tabs } from 'antd'
import type { FailuresReply } from '@contract/adminSettings'
import { SUBSCRIBE_EVENT_NAMES } from '@contract/adminSettings'
import { refund } from '../../api/afterSales'
import { failures, retryLatePayment, retryMessage, retryShipping, retryTracking } from '../../api/settings'
import { errorText, run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'
import { useSession } from '../../core/session'
import { useQueryTab } from '../../core/useQueryTab'

/** 工作台 → 待处理异常: refunds the gateway refused, shipping info WeChat did not take, courier tracking that stopped, messages not sent; each with a retry. */
const TRACKING_STATUS: Record<string, string> = { failed: '订阅失败', aborted: '已停止跟踪', pending: '等待重试' }
/** One kind at a time when a 工作台 tile opened the page (`?kind=refunds`), or all of them. */
const KINDS = [
  { key: 'all', label: '全部' },
  { key: 'refunds', label: '退款失败' },
  { key: 'shipping', label: '发货信息上传失败' },
  { key: 'tracking', label: '物流跟踪异常' },
  { key: 'messages', label: '消息发送失败' },
]
const KIND_KEYS = KINDS.map((k) => k.key)
export default function Failures() {
  const [data, setData] = useState<FailuresReply | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState('')
  const { can } = useSession()
  const [kind, setKind] = useQueryTab('kind', KIND_KEYS, 'all')
  const show = (k: string) => kind === 'all' || kind === k
  const load = useCallback(() => failures().then(setData, (e) => setError(errorText(e))), [])
  useEffect(() => {
    void load()
  }, [load])
  async function retry(key: string, p: () => Promise<unknown>, done: string) {
    setBusy(key)
    try {
      await run(p(), done)
      await load()
    } finally {
      setBusy('')
    }
  }
  const btn = (key: string, permission: string, p: () => Promise<unknown>, done: string) =>
    can(permission) && (
      <Button size='small' loading={busy === key} onClick={() => retry(key, p, done)} data-testid={`retry-${key}`}>
        重试
      </Button>
    )
  const order = (no: string) => <a onClick={() => navigate(`/orders/${no}`)}>{no}</a>
  return (
    <PageContainer title='待处理异常' onBack={() => navigate('/dashboard')}>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} />}
      <Tabs activeKey={kind} onChange={setKind} items={KINDS} />
      {show('refunds') && (
        <Card title={`退款失败（${(data?.refunds.length || 0) + (data?.latePayments.length || 0)}）`} style={{ marginBottom: 16 }}>
          <Table
            rowKey={(r) => `${r.kind}${r.key}`}
            loading={!data && !error}
            pagination={false}
            scroll={{ x: 860 }}
            dataSource={[
              ...(data?.refunds || []).map((r) => ({
                kind: '售后退款',
                key: String(r.afterSaleId),
                orderNo: r.orderNo,
                amount: r.amount,
                error: r.error,
                at: r.at,
                retry: () => btn(`as${r.afterSaleId}`, 'refunds.write', () => refund(r.afterSaleId), '已重新发起退款'),
              })),
              ...(data?.latePayments || []).map((p) => ({
                kind: '关单后到账退回',
                key: p.payNo,
                orderNo: p.orderNo,
                amount: p.amount,
                error: p.error,
                at: p.at,
                retry: () => btn(`pay${p.payNo}`, 'refunds.write', () => retryLatePayment(p.payNo), '已重新发起退款'),
              })),
            ]}
            columns={[
              { title: '类型', dataIndex: 'kind', width: 130 },
              { title: '订单', dataIndex: 'orderNo', width: 200, render: order },
              { title: '金额', dataIndex: 'amount', width: 100, render: (v) => yuanLabel(v) },
              { title: '原因', dataIndex: 'error', ellipsis: { showTitle: true } },
              { title: '时间', dataIndex: 'at', width: 150, render: dateTime },
              { title: '操作', width: 100, fixed: 'right', render: (_, r) => r.retry() },
            ]}
          />
        </Card>
      )}
      {show('shipping') && (
        <Card title={`发货信息上传失败（${data?.shipping.length || 0}）`} style={{ marginBottom: 16 }}>
          <Table
            rowKey='orderNo'
            loading={!data && !error}
            pagination={false}
            scroll={{ x: 560 }}
            dataSource={data?.shipping || []}
            columns={[
              { title: '订单', dataIndex: 'orderNo', width: 200, render: order },
              { title: '尝试次数', dataIndex: 'attempts', width: 100 },
              { title: '原因', dataIndex: 'error', ellipsis: { showTitle: true } },
              { title: '时间', dataIndex: 'at', width: 150, render: dateTime },
              { title: '操作', width: 100, fixed: 'right', render: (_, s) => btn(`ship${s.orderNo}`, 'orders.write', () => retryShipping(s.orderNo), '已加入重新上传') },
            ]}
          />
        </Card>
      )}
      {show('tracking') && (
        <Card title={`物流跟踪异常（${data?.tracking.length || 0}）`} style={{ marginBottom: 16 }}>
          <Table
            rowKey='orderNo'
            loading={!data && !error}
            pagination={false}
            scroll={{ x: 960 }}
            dataSource={data?.tracking || []}
            columns={[
              { title: '订单', dataIndex: 'orderNo', width: 200, render: order },
              { title: '运单', width: 180, ellipsis: { showTitle: true }, render: (_, r) => `${r.expressName} ${r.trackingNo}` },
              { title: '状态', dataIndex: 'status', width: 100, render: (v) => TRACKING_STATUS[v] || v },
              { title: '原因', dataIndex: 'error', ellipsis: { showTitle: true } },
              { title: '时间', dataIndex: 'at', width: 150, render: dateTime },
              {
                title: '操作',
                width: 180,
                fixed: 'right',
                render: (_, r) => (
                  <>
                    <a onClick={() => navigate(`/orders/${r.orderNo}`)} style={{ marginRight: 8 }}>
                      更正运单号
                    </a>
                    {btn(`trk${r.orderNo}`, 'orders.write', () => retryTracking(r.orderNo), '已加入重新订阅')}
                  </>
                ),
              },
            ]}
          />
        </Card>
      )}
      {show('messages') && (
        <Card title={`消息发送失败（${data?.messages.length || 0}）`}>
          <Table
            rowKey='id'
            loading={!data && !error}
            pagination={false}
            scroll={{ x: 560 }}
            dataSource={data?.messages || []}
            columns={[
              { title: '事件', dataIndex: 'event', width: 140, render: (e) => SUBSCRIBE_EVENT_NAMES[e] || e },
              { title: '会员', dataIndex: 'memberId', width: 90, render: (id) => <a onClick={() => navigate(`/members/${id}`)}>{id}</a> },
              { title: '原因', dataIndex: 'error', ellipsis: { showTitle: true } },
              { title: '时间', dataIndex: 'at', width: 150, render: dateTime },
              { title: '操作', width: 100, fixed: 'right', render: (_, m) => btn(`msg${m.id}`, 'settings.write', () => retryMessage(m.id), '已加入重新发送') },
            ]}
          />
        </Card>
      )}
    </PageContainer>
  )
}
