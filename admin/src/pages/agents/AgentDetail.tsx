import { useEffect, useState } from 'react'
import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import { Card, Descriptions, Result, Table, Tag } from 'antd'
import type { AdminAgentDetail } from '@contract/adminAgents'
import { agentDetail, agentLedger } from '../../api/agents'
import { buildUrl, type Query } from '../../core/request'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan, yuanLabel } from '../../core/money'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { LedgerTable } from './LedgerTable'

/** One agent: shop, figures (累计佣金 = 可提现 + 冻结 + 提现中 + 已提现), bound members and its ledger. */
export default function AgentDetail({ params }: { params: Record<string, string> }) {
  const mobile = useMobile()
  const shopId = Number(params.id)
  const [d, setD] = useState<AdminAgentDetail | null | undefined>(undefined)
  const canExport = useSession().can('withdrawals.read')
  useEffect(() => {
    run(agentDetail(shopId)).then((r) => setD(r ?? null))
  }, [shopId])
  if (d === null) return <Result status='404' title='代理店铺不存在' />
  const a = d?.agent
  const f = a?.figures
  const stat = (title: string, fen: number | undefined) => <StatisticCard statistic={{ title, value: fenToYuan(fen ?? 0), prefix: '¥' }} />
  return (
    <PageContainer title={a ? a.shopName : '代理详情'} loading={!d} onBack={() => history.back()}>
      {a && f && (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Descriptions column={{ xs: 1, sm: 2, md: 3 }}>
              <Descriptions.Item label='代理'>
                {a.realName} {a.memberPhone}
              </Descriptions.Item>
              <Descriptions.Item label='状态'>{a.status === 'active' ? <Tag color='green'>营业中</Tag> : <Tag>已关闭</Tag>}</Descriptions.Item>
              <Descriptions.Item label='开店时间'>{dateTime(a.createdAt)}</Descriptions.Item>
              <Descriptions.Item label='绑定会员'>{a.members}</Descriptions.Item>
              <Descriptions.Item label='订单 / 销售额'>
                {a.orders} / {yuanLabel(a.sales)}
              </Descriptions.Item>
              <Descriptions.Item label='账目核对'>{d.ledgerBalanced ? <Tag color='green'>流水与余额一致</Tag> : <Tag color='red'>流水与余额不一致</Tag>}</Descriptions.Item>
            </Descriptions>
          </Card>
          <StatisticCard.Group direction={mobile ? 'column' : 'row'} style={{ marginBottom: 16, flexWrap: 'wrap' }}>
            {stat('累计佣金', f.totalCommission)}
            {stat('可提现', f.available)}
            {stat('冻结中', f.frozen)}
            {stat('提现中', f.withdrawing)}
            {stat('已提现', f.withdrawn)}
          </StatisticCard.Group>
          <Card title='绑定会员（最近 50 位）' style={{ marginBottom: 16 }}>
            <Table
              rowKey='id'
              size='small'
              pagination={false}
              scroll={{ x: 500 }}
              dataSource={d.boundMembers}
              columns={[
                { title: '昵称', dataIndex: 'nickname' },
                { title: '手机号', dataIndex: 'phone' },
                { title: '注册时间', dataIndex: 'createdAt', render: (v: number) => dateTime(v) },
              ]}
            />
          </Card>
          <Card title='佣金流水'>
            <LedgerTable shopId={shopId} load={agentLedger} exportUrl={(q) => (canExport ? buildUrl('/withdrawals/ledger/export', q as Query) : '')} />
          </Card>
        </>
      )}
    </PageContainer>
  )
}
