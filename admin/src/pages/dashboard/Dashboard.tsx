import { useEffect, useMemo, useState } from 'react'
import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import { Alert, Badge, Card, Col, Empty, Image, List, Progress, Row, Segmented, Spin, Tag, Typography } from 'antd'
import type { DashboardReply, Figures } from '@contract/adminDashboard'
import { dashboard } from '../../api/dashboard'
import { errorText } from '../../core/feedback'
import { ORDER_STATUS } from '../../core/format'
import { fenToYuan, yuanLabel } from '../../core/money'
import { navigate } from '../../core/router'
import { useTheme } from '../../core/theme'
import { TrendChart, type Series } from '../../components/TrendChart'
import { changeText, FIGURES, figureText, TODOS } from './figures'

const SALES_AXES: [string, string] = ['元', '单']
const VISITOR_AXES: [string] = ['人']

/** The figures of a period the staff member may read, each with its definition (the ⓘ) and its 环比: four to a row on a wide screen, two on a phone. */
function FigureCards({ title, compare, f }: { title: string; compare: string; f: Figures }) {
  const shown = FIGURES.filter((d) => f[d.key])
  if (!shown.length) return null
  return (
    <Card title={title} style={{ marginBottom: 16 }} styles={{ body: { padding: '8px 12px' } }} data-testid={`figures-${title}`}>
      <Row gutter={[8, 8]}>
        {shown.map((d) => {
          const m = f[d.key]!
          const c = changeText(d.kind, m)
          return (
            <Col key={d.key} xs={12} md={8} xl={6}>
              <StatisticCard
                bodyStyle={{ padding: 12 }}
                statistic={{
                  title: d.title,
                  tip: d.tip,
                  value: figureText(d.kind, m.value),
                  description: <StatisticCard.Statistic title={compare} value={c.text} trend={c.trend} />,
                }}
              />
            </Col>
          )
        })}
      </Row>
    </Card>
  )
}

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
  const hasSales = !!data?.trend[0] && data.trend[0].gross !== undefined
  const hasVisitors = !!data?.trend[0] && data.trend[0].visitors !== undefined
  const salesSeries = useMemo<Series[]>(
    () => [
      { name: '销售额（含退款）', data: trend.map((p) => Number(fenToYuan(p.gross))) },
      { name: '净销售额', data: trend.map((p) => Number(fenToYuan(p.net))) },
      { name: '支付订单', data: trend.map((p) => p.paidOrders || 0), axis: 1 },
    ],
    [trend],
  )
  const visitorSeries = useMemo<Series[]>(() => [{ name: '访客', data: trend.map((p) => p.visitors || 0) }], [trend])

  if (error)
    return (
      <PageContainer>
        <Alert type='error' showIcon message={error} />
      </PageContainer>
    )
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />
  const todos = TODOS.filter((t) => data.todo[t.key] !== undefined)
  const statusTotal = (data.orderStatus || []).reduce((s, x) => s + x.count, 0)
  return (
    <PageContainer title='工作台'>
      {todos.length > 0 && (
        <Card title='待办事项' style={{ marginBottom: 16 }}>
          <Row gutter={[16, 16]}>
            {todos.map((t) => (
              <Col key={t.key} xs={12} sm={8} lg={4}>
                <a
                  href={`/admin${t.to}`}
                  onClick={(e) => {
                    e.preventDefault()
                    navigate(t.to)
                  }}
                  style={{ display: 'block' }}
                  data-testid={`todo-${t.key}`}
                >
                  <div style={{ fontSize: 24, fontWeight: 600 }}>
                    <Badge dot={data.todo[t.key]! > 0} offset={[6, 4]}>
                      <span>{data.todo[t.key]}</span>
                    </Badge>
                  </div>
                  <div>{t.label}</div>
                </a>
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <FigureCards title='今日' compare='较昨日同时段' f={data.today} />
      <FigureCards title='本月' compare='较上月同期' f={data.month} />
      {(hasSales || hasVisitors) && (
        <Card
          title='趋势'
          style={{ marginBottom: 16 }}
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
            {hasSales && (
              <Col xs={24} lg={hasVisitors ? 14 : 24}>
                <TrendChart days={x} series={salesSeries} dark={dark} axisNames={SALES_AXES} />
              </Col>
            )}
            {hasVisitors && (
              <Col xs={24} lg={hasSales ? 10 : 24}>
                <TrendChart days={x} series={visitorSeries} dark={dark} axisNames={VISITOR_AXES} />
              </Col>
            )}
          </Row>
        </Card>
      )}
      {data.topGoods && data.orderStatus && (
        <Row gutter={16}>
          <Col xs={24} lg={14}>
            <Card title='热销商品（近 30 天，按支付金额）' style={{ marginBottom: 16 }}>
              {data.topGoods.length ? (
                <List
                  dataSource={data.topGoods}
                  renderItem={(g, i) => (
                    <List.Item key={g.goodsId} extra={<Typography.Text strong>{yuanLabel(g.amount)}</Typography.Text>}>
                      <List.Item.Meta
                        avatar={
                          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                            <Typography.Text type='secondary' style={{ width: 20, textAlign: 'right' }}>
                              {i + 1}
                            </Typography.Text>
                            <Image src={g.image} alt={g.name} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} preview={false} />
                          </span>
                        }
                        title={g.name}
                        description={`售出 ${g.quantity} 件`}
                      />
                    </List.Item>
                  )}
                />
              ) : (
                <Empty description='近 30 天还没有支付的订单' />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title={`订单状态（近 30 天下单，共 ${statusTotal} 单）`} style={{ marginBottom: 16 }}>
              {data.orderStatus.length ? (
                data.orderStatus.map((s) => (
                  <div key={s.status} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
                    <Tag color={ORDER_STATUS[s.status]?.color} style={{ width: 64, textAlign: 'center' }}>
                      {ORDER_STATUS[s.status]?.text || '其他'}
                    </Tag>
                    <Progress percent={Math.round((s.count / statusTotal) * 100)} showInfo={false} style={{ flex: 1, margin: 0 }} aria-label={ORDER_STATUS[s.status]?.text || '其他'} />
                    <span style={{ minWidth: 48, textAlign: 'right' }}>{s.count} 单</span>
                  </div>
                ))
              ) : (
                <Empty description='近 30 天没有新订单' />
              )}
            </Card>
          </Col>
        </Row>
      )}
    </PageContainer>
  )
}
