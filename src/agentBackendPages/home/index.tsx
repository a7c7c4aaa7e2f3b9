import { useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { ArrowRight, Eye, Footprint, List, Order, Share, Store, User, UserAdd, Wallet } from '@nutui/icons-react-taro'
import type { AgentHome, AgentPeriodStats } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import { getAgentHome } from '@/api/agent'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { useUserStore } from '@/stores/user'
import { yuan } from '@/utils/money'
import Avatar from '../components/Avatar'
import { leaveIfNotAgent, rateText } from '../components/shared'
import '../components/agent.scss'
import './index.scss'

const SHORTCUTS = [
  { text: '代理商品', icon: <Store size={24} />, path: ROUTES.agentGoods },
  { text: '店铺订单', icon: <Order size={24} />, path: ROUTES.agentOrderList },
  { text: '商品分享', icon: <Share size={24} />, path: ROUTES.agentGoodsShare },
  { text: '提现', icon: <Wallet size={24} />, path: ROUTES.agentWithdraw },
  { text: '账户明细', icon: <List size={24} />, path: ROUTES.agentWithdrawDetails },
  { text: '店铺流量', icon: <Eye size={24} />, path: ROUTES.agentFlow },
  { text: '访客足迹', icon: <Footprint size={24} />, path: ROUTES.agentFootprints },
  { text: '用户管理', icon: <User size={24} />, path: ROUTES.agentUsers },
  { text: '我的团队', icon: <UserAdd size={24} />, path: ROUTES.agentTeam },
]

/** The back office's first page: balances, today's and this month's figures, and the way to every tool. */
export default function HomeIndexPage() {
  const userInfo = useUserStore((s) => s.userInfo)
  const [data, setData] = useState<AgentHome | null>(null)
  const [period, setPeriod] = useState<'today' | 'month'>('today')

  const load = () => getAgentHome({ catch: true }).then(setData).catch(leaveIfNotAgent)
  useDidShow(() => {
    if (requireLogin()) load()
  })

  const stats: AgentPeriodStats | null = data ? data[period] : null
  const a = data?.account

  return (
    <PageLayout variant='back' title='代理后台'>
      <View className='agent-hero home-hero'>
        <View className='home-hero__shop'>
          <Avatar src={userInfo.avatar} name={data?.shop.shopName} size={96} />
          <View className='home-hero__who'>
            <Text className='agent-hero__title'>{data?.shop.shopName || userInfo.shopName || '我的店铺'}</Text>
            <Text className='agent-hero__sub'>{data ? `佣金比例 ${rateText(data.shop.commissionRate)} · 绑定用户 ${data.users} · 代理商品 ${data.actingGoods}` : '加载中...'}</Text>
          </View>
        </View>
      </View>

      <View className='agent-panel agent-panel--lift home-money'>
        <View className='home-money__main' onClick={() => navigateTo(ROUTES.agentWithdraw)}>
          <View>
            <Text className='home-money__label'>可提现(元)</Text>
            <Text className='home-money__big'>{yuan(a?.available)}</Text>
          </View>
          <View className='home-money__btn'>去提现</View>
        </View>
        <View className='home-money__row'>
          <Cell label='冻结中' value={yuan(a?.frozen)} onClick={() => navigateTo(ROUTES.agentWithdrawDetails, { filter: 'commission' })} />
          <Cell label='提现中' value={yuan(a?.withdrawing)} onClick={() => navigateTo(ROUTES.agentWithdrawDetails, { filter: 'withdraw' })} />
          <Cell label='已提现' value={yuan(a?.withdrawn)} onClick={() => navigateTo(ROUTES.agentWithdrawDetails, { filter: 'withdraw' })} />
          <Cell label='累计佣金' value={yuan(a?.totalCommission)} onClick={() => navigateTo(ROUTES.agentWithdrawDetails)} />
        </View>
        {/* The figures add up (docs/agent.md): every fen earned sits in exactly one of the four. */}
        <Text className='home-money__sum'>累计佣金 = 可提现 + 冻结中 + 提现中 + 已提现</Text>
        {!!data?.pendingWithdrawals && <Text className='home-money__note'>{data.pendingWithdrawals} 笔提现审核中</Text>}
      </View>

      <View className='agent-panel home-stats'>
        <View className='agent-panel__head'>
          <View className='home-stats__switch'>
            <Text className={`home-stats__tab ${period === 'today' ? 'is-active' : ''}`} onClick={() => setPeriod('today')}>
              今日
            </Text>
            <Text className={`home-stats__tab ${period === 'month' ? 'is-active' : ''}`} onClick={() => setPeriod('month')}>
              本月
            </Text>
          </View>
          <View className='agent-panel__more' onClick={() => navigateTo(ROUTES.agentFlow)}>
            流量分析 <ArrowRight size={12} />
          </View>
        </View>
        <View className='home-stats__grid'>
          <Stat label='销售额(元)' value={yuan(stats?.sales)} onClick={() => navigateTo(ROUTES.agentOrderList)} />
          <Stat label='订单数' value={String(stats?.orders ?? 0)} onClick={() => navigateTo(ROUTES.agentOrderList)} />
          <Stat label='预估佣金(元)' value={yuan(stats?.commission)} onClick={() => navigateTo(ROUTES.agentWithdrawDetails, { filter: 'commission' })} />
          <Stat label='访客数' value={String(stats?.visitors ?? 0)} onClick={() => navigateTo(ROUTES.agentFlow)} />
          <Stat label='浏览量' value={String(stats?.views ?? 0)} onClick={() => navigateTo(ROUTES.agentFlow)} />
          <Stat label='新增用户' value={String(stats?.newUsers ?? 0)} onClick={() => navigateTo(ROUTES.agentUsers)} />
        </View>
      </View>

      <View className='agent-panel'>
        <Text className='agent-panel__title'>常用工具</Text>
        <View className='home-tools'>
          {SHORTCUTS.map((s) => (
            <View key={s.text} className='home-tools__item' onClick={() => navigateTo(s.path)}>
              <View className='home-tools__icon'>{s.icon}</View>
              <Text className='home-tools__text'>{s.text}</Text>
            </View>
          ))}
        </View>
      </View>
    </PageLayout>
  )
}

function Cell({ label, value, onClick }: { label: string; value: string; onClick: () => void }) {
  return (
    <View className='home-money__cell' onClick={onClick}>
      <Text className='home-money__value'>{value}</Text>
      <Text className='home-money__label'>{label}</Text>
    </View>
  )
}

function Stat({ label, value, onClick }: { label: string; value: string; onClick: () => void }) {
  return (
    <View className='home-stats__item' onClick={onClick}>
      <Text className='home-stats__value'>{value}</Text>
      <Text className='home-stats__label'>{label}</Text>
    </View>
  )
}
