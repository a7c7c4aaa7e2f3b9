import { useCallback, useEffect, useState } from 'react'
import { PageContainer } from '@ant-design/pro-components'
import { Alert, Button, Card, DatePicker, Descriptions, Space, Table, Tag } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { ReconcileReply } from '@contract/adminReconcile'
import { payMethodText } from '@contract/pay'
import { reconcile, runReconcile } from '../../api/reconcile'
import { errorText, toast } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { yuanLabel } from '../../core/money'

const ISSUE = { missing_ours: { text: '我方缺少', color: 'red' }, missing_wechat: { text: '微信缺少', color: 'orange' }, amount_differs: { text: '金额不一致', color: 'volcano' } } as Record<
  string,
  { text: string; color: string }
>
/** Yesterday in China time: the bill WeChat makes available after 9:00. */
const chinaYesterday = () => dayjs(Date.now() + 8 * 3600_000 - 86400_000).format('YYYY-MM-DD')

/** 财务 → 对账: a day's trade bill against our payments and refunds; every difference listed. */
export default function Reconcile() {
  const [date, setDate] = useState(chinaYesterday())
  const [data, setData] = useState<ReconcileReply | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const load = useCallback((d: string) => reconcile(d).then(setData, (e) => setError(errorText(e))), [])
  useEffect(() => {
    setError('')
    void load(date)
  }, [date, load])
  async function runIt() {
    setBusy(true)
    setError('')
    try {
      const r = await runReconcile(date)
      setData(r)
      toast.success(r.diffs.length ? `对账完成，有 ${r.diffs.length} 条差异` : '对账完成，没有差异')
    } catch (e) {
      setError(errorText(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <PageContainer title='对账'>
      {error && <Alert type='error' showIcon message={error} style={{ marginBottom: 16 }} role='alert' />}
      <Card style={{ marginBottom: 16 }}>
        <Space wrap>
          <DatePicker value={dayjs(date)} allowClear={false} disabledDate={(d: Dayjs) => d.format('YYYY-MM-DD') > chinaYesterday()} onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))} />
          <Button type='primary' loading={busy} onClick={runIt} data-testid='reconcile-run'>
            {data?.run ? '重新对账' : '对账'}
          </Button>
        </Space>
        {data?.run ? (
          <Descriptions size='small' column={{ xs: 1, sm: 2, md: 4 }} style={{ marginTop: 16 }}>
            <Descriptions.Item label='支付通道'>{payMethodText(data.run.provider, '')}</Descriptions.Item>
            <Descriptions.Item label='账单支付'>{data.run.payments} 笔</Descriptions.Item>
            <Descriptions.Item label='账单退款'>{data.run.refunds} 笔</Descriptions.Item>
            <Descriptions.Item label='对账时间'>{dateTime(data.run.ranAt)}</Descriptions.Item>
          </Descriptions>
        ) : (
          data && <Alert type='info' showIcon message='该日尚未对账（每天上午 10 点后自动对账前一天）' style={{ marginTop: 16 }} />
        )}
      </Card>
      <Card title={`差异（${data?.diffs.length ?? 0}）`}>
        <Table
          rowKey='id'
          dataSource={data?.diffs || []}
          pagination={false}
          scroll={{ x: 560 }}
          locale={{ emptyText: data?.run ? '没有差异' : '暂无数据' }}
          columns={[
            { title: '类型', dataIndex: 'kind', render: (k) => (k === 'payment' ? '支付' : '退款') },
            { title: '单号', dataIndex: 'refNo' },
            { title: '问题', dataIndex: 'issue', render: (i) => <Tag color={ISSUE[i]?.color}>{ISSUE[i]?.text || i}</Tag> },
            { title: '我方金额', dataIndex: 'ours', render: (v) => (v === null ? '—' : yuanLabel(v)) },
            { title: '微信金额', dataIndex: 'theirs', render: (v) => (v === null ? '—' : yuanLabel(v)) },
          ]}
        />
      </Card>
    </PageContainer>
  )
}
