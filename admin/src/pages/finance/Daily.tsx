import { useEffect, useState } from 'react'
import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import { Button, Card, DatePicker, Space, Table } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import dayjs, { type Dayjs } from 'dayjs'
import type { DailyReply, DailyTotal } from '@contract/adminFinance'
import { dailyExportUrl, dailyTotals } from '../../api/pay'
import { run } from '../../core/feedback'
import { fenToYuan, yuanLabel } from '../../core/money'
import { useMobile } from '../../core/useMobile'

/** 每日汇总: per China day, payments (paid), refunds (refunded) and net; the last 30 days by default. */
export default function Daily() {
  const mobile = useMobile()
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()])
  const [data, setData] = useState<DailyReply | null>(null)
  const from = range[0].format('YYYY-MM-DD')
  const to = range[1].format('YYYY-MM-DD')
  useEffect(() => {
    run(dailyTotals({ from, to })).then((r) => setData(r || null))
  }, [from, to])
  const t = data?.total
  return (
    <PageContainer
      title='每日汇总'
      extra={
        <Space wrap>
          <DatePicker.RangePicker value={range} allowClear={false} onChange={(v) => v && v[0] && v[1] && setRange([v[0], v[1]])} />
          <Button icon={<DownloadOutlined />} href={dailyExportUrl({ from, to })} download>
            导出 CSV
          </Button>
        </Space>
      }
    >
      <StatisticCard.Group direction={mobile ? 'column' : 'row'} style={{ marginBottom: 16, flexWrap: 'wrap' }}>
        <StatisticCard statistic={{ title: `收款（${t?.paidCount ?? 0} 笔）`, value: fenToYuan(t?.paid ?? 0), prefix: '¥' }} />
        <StatisticCard statistic={{ title: `退款（${t?.refundCount ?? 0} 笔）`, value: fenToYuan(t?.refunded ?? 0), prefix: '¥' }} />
        <StatisticCard statistic={{ title: '净收入', value: fenToYuan(t?.net ?? 0), prefix: '¥' }} />
      </StatisticCard.Group>
      <Card>
        <Table<DailyTotal>
          rowKey='day'
          size='small'
          loading={!data}
          dataSource={data?.days || []}
          pagination={{ pageSize: 31, hideOnSinglePage: true }}
          scroll={{ x: 600 }}
          columns={[
            { title: '日期', dataIndex: 'day' },
            { title: '支付笔数', dataIndex: 'paidCount', align: 'right' },
            { title: '收款', dataIndex: 'paid', align: 'right', render: (v: number) => yuanLabel(v) },
            { title: '退款笔数', dataIndex: 'refundCount', align: 'right' },
            { title: '退款', dataIndex: 'refunded', align: 'right', render: (v: number) => yuanLabel(v) },
            { title: '净收入', dataIndex: 'net', align: 'right', render: (v: number) => <strong>{yuanLabel(v)}</strong> },
          ]}
        />
      </Card>
    </PageContainer>
  )
}
