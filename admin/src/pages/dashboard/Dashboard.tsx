import { useEffect, useMemo, useState } from 'react'
import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import { Badge, Card, Col, Row, Segmented, Spin, Alert } from 'antd'
import type { DashboardReply, Figures } from '@contract/admin'
import { dashboard } from '../../api/dashboard'
import { errorText } from '../../core/feedback'
import { fenToYuan } from '../../core/money'
import { navigate } from '../../core/router'
import { useTheme } from '../../core/theme'
import { useMobile } from '../../core/useMobile'
import { TrendChart } from '../../components/TrendChart'

const SALES_AXES: [string, string] = ['元', '单']
const VISITOR_AXES: [string] = ['人']
const percent = (x: number) => `${(x * 100).toFixed(1)}%`

function FigureCards({ title, f }: { title: string; f: Figures }) {
  // Four figures side by side; on a phone, one under the other.
  const mobile = useMobile()
  return (
    <StatisticCard.Group title={title} direction={mobile ? 'column' : 'row'} style={{ marginBottom: 16 }}>
      <StatisticCard statistic={{ title: '销售额（元）', value: fenToYuan(f.sales) }} />
      <StatisticCard statistic={{ title: '支付订单', value: f.paidOrders }} />
      <StatisticCard statistic={{ title: '访客', value: f.visitors, tip: '浏览过商品的会员数（不含未登录访问）' }} />
      <StatisticCard statistic={{ title: '转化率', value: percent(f.conversion), tip: '支付会员数 / 访客数' }} />
    </StatisticCard.Group>
  )
}

/** To-dos and the lists they open (part 2 lists — withdrawals, agents, cashback, feedback — show counts only until they exist). */
const TODOS: Array<{ key: keyof DashboardReply['todo']; label: string; to?: string }> = [
  { key: 'toShip', label: '待发货订单', to: '/orders?status=to_ship' },
  { key: 'afterSales', label: '待处理售后', to: '/after-sales?status=applied' },
  { key: 'withdrawals', label: '待打款提现' },
  { key: 'agentApplications', label: '代理申请' },
  { key: 'cashbackTasks', label: '返现任务' },
  { key: 'feedback', label: '用户反馈' },
  { key: 'failedRefunds', label: '退款失败', to: '/todo/failures' },
  { key: 'failedShipping', label: '发货信息上传失败', to: '/todo/failures' },
  { key: 'failedMessages', label: '消息发送失败', to: '/todo/failures' },
  { key: 'failedTracking', label: '物流跟踪异常', to: '/todo/failures' },
]

export default function Dashboard() {
  const [data, setData] = useState<DashboardReply | null>(null)
  const [error, setError] = useState('')
  const [days, setDays] = useState<7 | 30>(7)
  const { dark } = useTheme()
  useEffect(() => {
    dashboard().then(setData, (e) => setError(errorText(e)))
  }, [])

  const trend = useMemo(() => (data ? data.trend.slice(-days) : []), [data, days])
  const x = useMemo(() => trend.map((p) => p.day), [trend])
  const salesSeries = useMemo(
    () => [
      { name: '销售额（元）', data: trend.map((p) => Number(fenToYuan(p.sales))) },
      { name: '支付订单', data: trend.map((p) => p.paidOrders), axis: 1 as const },
    ],
    [trend],
  )
  const visitorSeries = useMemo(() => [{ name: '访客', data: trend.map((p) => p.visitors) }], [trend])

  if (error)
    return (
      <PageContainer>
        <Alert type='error' showIcon message={error} />
      </PageContainer>
    )
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  return (
    <PageContainer title='工作台'>
      <Card title='待办事项' style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]}>
          {TODOS.map((t) => (
            <Col key={t.key} xs={12} sm={8} lg={4}>
              <a
                href={t.to ? `/admin${t.to}` : undefined}
                onClick={(e) => {
                  e.preventDefault()
                  if (t.to) navigate(t.to)
                }}
                style={{ display: 'block', cursor: t.to ? 'pointer' : 'default' }}
                data-testid={`todo-${t.key}`}
              >
                <div style={{ fontSize: 24, fontWeight: 600 }}>
                  <Badge dot={data.todo[t.key] > 0} offset={[6, 4]}>
                    <span>{data.todo[t.key]}</span>
                  </Badge>
                </div>
                <div>{t.label}</div>
              </a>
            </Col>
          ))}
        </Row>
      </Card>
      <FigureCards title='今日' f={data.today} />
      <FigureCards title='本月' f={data.month} />
      <Card
        title='趋势'
        extra={
          <Segmented
            value={days}
            onChange={(v) => setDays(v as 7 | 30)}
            options={[
              { label: '近 7 天', value: 7 },
              { label: '近 30 天', value: 30 },
            ]}
          />
        }
      >
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <TrendChart days={x} series={salesSeries} dark={dark} axisNames={SALES_AXES} />
          </Col>
          <Col xs={24} lg={10}>
            <TrendChart days={x} series={visitorSeries} dark={dark} axisNames={VISITOR_AXES} />
          </Col>
        </Row>
      </Card>
    </PageContainer>
  )
}
