import { useCallback, useEffect, useState } from 'react'
import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import { Alert, Button, Card, Checkbox, Descriptions, Input, InputNumber, Modal, Popconfirm, Radio, Result, Space, Table, Tag, Typography } from 'antd'
import { AGENT_SHOP_STATUS_TEXT, type AdminAgentDetail, type SuspendAgentBody } from '@contract/adminAgents'
import { agentDetail, agentLedger, agentLedgerExportUrl, reinstateAgent, setAgentRate, suspendAgent } from '../../api/agents'
import { run } from '../../core/feedback'
import { dateTime } from '../../core/format'
import { fenToYuan, yuanLabel } from '../../core/money'
import { useSession } from '../../core/session'
import { useMobile } from '../../core/useMobile'
import { navigate } from '../../core/router'
import { LedgerTable } from './LedgerTable'

/** One agent: shop, figures (累计佣金 = 可提现 + 冻结 + 提现中 + 已提现), bound members and its ledger. */
export default function AgentDetail({ params }: { params: Record<string, string> }) {
  const mobile = useMobile()
  const shopId = Number(params.id)
  const [d, setD] = useState<AdminAgentDetail | null | undefined>(undefined)
  const session = useSession()
  const canExport = session.can('withdrawals.read')
  const load = useCallback(() => run(agentDetail(shopId)).then((r) => setD(r ?? null)), [shopId])
  useEffect(() => {
    void load()
  }, [load])
  // 专属佣金比例 being edited (percent as typed; null: follow the rules).
  const [rate, setRate] = useState<{ value: number | null } | null>(null)
  async function saveRate(value: number | null) {
    if (await run(setAgentRate(shopId, { rate: value === null ? null : Math.round(value * 100) }), value === null ? '已恢复按代理规则计佣' : '已保存')) {
      setRate(null)
      void load()
    }
  }
  // 清退 being filled in (docs/agent.md "Suspension").
  const [suspend, setSuspend] = useState<SuspendAgentBody | null>(null)
  async function confirmSuspend() {
    if (suspend && (await run(suspendAgent(shopId, { ...suspend, reason: suspend.reason.trim() }), '已清退'))) {
      setSuspend(null)
      void load()
    }
  }
  async function reinstate() {
    if (await run(reinstateAgent(shopId), '已恢复代理')) void load()
  }
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
              <Descriptions.Item label='状态'>
                <Space size={8} wrap>
                  <Tag color={a.status === 'active' ? 'green' : a.status === 'suspended' ? 'red' : undefined}>{AGENT_SHOP_STATUS_TEXT[a.status] || '已关闭'}</Tag>
                  {session.can('agents.write') && a.status === 'active' && <a onClick={() => setSuspend({ reason: '', unbind: true, frozenCommission: 'release' })}>清退</a>}
                  {session.can('agents.write') && a.status === 'suspended' && (
                    <Popconfirm title='恢复该代理？' description='店铺重新营业；清退时解除绑定的会员和作废的佣金不会恢复。' okText='恢复' cancelText='取消' onConfirm={reinstate}>
                      <a>恢复代理</a>
                    </Popconfirm>
                  )}
                </Space>
              </Descriptions.Item>
              {a.status === 'suspended' && d.suspendedAt !== null && (
                <Descriptions.Item label='清退'>
                  {dateTime(d.suspendedAt)}：{d.suspendReason}
                </Descriptions.Item>
              )}
              <Descriptions.Item label='开店时间'>{dateTime(a.createdAt)}</Descriptions.Item>
              <Descriptions.Item label='绑定会员'>{a.members}</Descriptions.Item>
              <Descriptions.Item label='订单 / 销售额'>
                {a.orders} / {yuanLabel(a.sales)}
              </Descriptions.Item>
              <Descriptions.Item label='专属佣金比例'>
                <Space size={8}>
                  {d.rateOverride === null ? <Typography.Text type='secondary'>按代理规则</Typography.Text> : `${Number((d.rateOverride / 100).toFixed(2))}%`}
                  {session.can('agents.write') && <a onClick={() => setRate({ value: d.rateOverride === null ? null : d.rateOverride / 100 })}>设置</a>}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label='账目核对'>{d.ledgerBalanced ? <Tag color='green'>流水与余额一致</Tag> : <Tag color='red'>流水与余额不一致</Tag>}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Modal
            open={!!rate}
            title='专属佣金比例'
            onCancel={() => setRate(null)}
            footer={[
              d.rateOverride !== null && (
                <Button key='clear' onClick={() => saveRate(null)}>
                  恢复按代理规则
                </Button>
              ),
              <Button key='ok' type='primary' disabled={rate?.value === null || rate?.value === undefined} onClick={() => saveRate(rate?.value ?? null)}>
                保存
              </Button>,
            ]}
          >
            <Typography.Paragraph type='secondary'>该代理的订单按此比例计佣，代替分类比例和默认比例；单独设置了佣金比例的商品仍按商品的比例。只对设置之后提交的订单生效。</Typography.Paragraph>
            <InputNumber
              min={0}
              max={50}
              precision={2}
              addonAfter='%'
              value={rate?.value ?? null}
              onChange={(v) => setRate({ value: v === null ? null : Number(v) })}
              aria-label='专属佣金比例'
              style={{ width: 160 }}
            />
          </Modal>
          <Modal
            open={!!suspend}
            title={`清退代理「${a.shopName}」`}
            okText='确认清退'
            okButtonProps={{ danger: true, disabled: !suspend?.reason.trim() }}
            onOk={confirmSuspend}
            onCancel={() => setSuspend(null)}
          >
            {suspend && (
              <Space direction='vertical' size={12} style={{ width: '100%' }}>
                <Alert
                  type='warning'
                  showIcon
                  message='清退后店铺关闭，之后下的订单不再产生佣金，代理后台只保留收益与提现。'
                  description={`可提现 ${yuanLabel(f.available)}、提现中 ${yuanLabel(f.withdrawing)} 仍归代理所有；冻结中 ${yuanLabel(f.frozen)}；绑定会员 ${a.members} 位。`}
                />
                <div>
                  <Typography.Text>清退原因（代理可见）</Typography.Text>
                  <Input.TextArea
                    aria-label='清退原因'
                    maxLength={120}
                    showCount
                    rows={2}
                    value={suspend.reason}
                    onChange={(e) => setSuspend({ ...suspend, reason: e.target.value })}
                    placeholder='如：违反代理协议，虚假宣传'
                  />
                </div>
                <Checkbox checked={suspend.unbind} onChange={(e) => setSuspend({ ...suspend, unbind: e.target.checked })}>
                  解除 {a.members} 位会员的绑定（之后可通过其他代理的邀请码重新绑定）
                </Checkbox>
                <div>
                  <Typography.Text>冻结中的佣金 {yuanLabel(f.frozen)}</Typography.Text>
                  <Radio.Group
                    style={{ display: 'flex', flexDirection: 'column', gap: 4, marginTop: 4 }}
                    value={suspend.frozenCommission}
                    onChange={(e) => setSuspend({ ...suspend, frozenCommission: e.target.value })}
                    options={[
                      { value: 'release', label: '售后期满后照常结算，可提现' },
                      { value: 'forfeit', label: '立即作废' },
                    ]}
                  />
                </div>
              </Space>
            )}
          </Modal>
          <StatisticCard.Group direction={mobile ? 'column' : 'row'} style={{ marginBottom: 16, flexWrap: 'wrap' }}>
            {stat('累计佣金', f.totalCommission)}
            {stat('可提现', f.available)}
            {stat('冻结中', f.frozen)}
            {stat('提现中', f.withdrawing)}
            {stat('已提现', f.withdrawn)}
          </StatisticCard.Group>
          <Card title='团队（二级分销）' style={{ marginBottom: 16 }}>
            <Descriptions column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} style={{ marginBottom: 12 }}>
              <Descriptions.Item label='上级代理'>
                {d.parent ? (
                  <Space size={8}>
                    <a onClick={() => navigate(`/agents/list/${d.parent!.shopId}`)}>{d.parent.shopName}</a>
                    {d.parent.status !== 'active' && <Tag>{AGENT_SHOP_STATUS_TEXT[d.parent.status] || '已关闭'}</Tag>}
                  </Space>
                ) : (
                  <Typography.Text type='secondary'>无</Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label='下级代理'>{d.childCount} 位</Descriptions.Item>
              <Descriptions.Item label='自营佣金'>
                累计 {yuanLabel(d.levels.own.total)} · 冻结 {yuanLabel(d.levels.own.frozen)} · 已结算 {yuanLabel(d.levels.own.settled)}
              </Descriptions.Item>
              <Descriptions.Item label='二级佣金'>
                累计 {yuanLabel(d.levels.team.total)} · 冻结 {yuanLabel(d.levels.team.frozen)} · 已结算 {yuanLabel(d.levels.team.settled)}
              </Descriptions.Item>
            </Descriptions>
            <Table
              rowKey='shopId'
              size='small'
              pagination={false}
              scroll={{ x: 640 }}
              dataSource={d.children}
              locale={{ emptyText: '暂无下级代理' }}
              columns={[
                { title: '下级代理店铺', dataIndex: 'shopName', render: (v: string, r) => <a onClick={() => navigate(`/agents/list/${r.shopId}`)}>{v}</a> },
                { title: '状态', dataIndex: 'status', render: (v: string) => AGENT_SHOP_STATUS_TEXT[v] || '已关闭' },
                { title: '加入时间', dataIndex: 'joinedAt', render: (v: number) => dateTime(v) },
                { title: '订单 / 销售额', dataIndex: 'sales', render: (v: number, r) => `${r.orders} / ${yuanLabel(v)}` },
                { title: '带来的二级佣金', dataIndex: 'earned', render: (v: number) => yuanLabel(v) },
              ]}
            />
          </Card>
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
            <LedgerTable shopId={shopId} load={agentLedger} exportUrl={(q) => (canExport ? agentLedgerExportUrl(q) : '')} />
          </Card>
        </>
      )}
    </PageContainer>
  )
}
