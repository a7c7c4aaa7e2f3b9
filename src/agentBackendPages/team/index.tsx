import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { TeamLevelFigures, TeamMember, TeamPage } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getTeam } from '@/api/agent'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { usePagedList } from '@/hooks/usePagedList'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import Avatar from '../components/Avatar'
import { leaveIfNotAgent, rateText, useLoginOnce } from '../components/shared'
import '../components/agent.scss'
import './index.scss'

/**
 * 团队 (two-level distribution, docs/agent.md): my parent, my commission per level (自营 + 二级 = the home page's
 * 累计佣金, 冻结中 and 已结算), and my sub-agents with their shop's sales and what they brought me.
 */
export default function TeamIndexPage() {
  const logged = useLoginOnce()
  const [head, setHead] = useState<Omit<TeamPage, 'list'> | null>(null)
  const list = usePagedList<TeamMember>(
    (page, pageSize) =>
      getTeam({ page, pageSize }, { catch: true }).then(
        (r) => {
          if (page === 1) setHead(r)
          return r
        },
        (e) => {
          leaveIfNotAgent(e)
          throw e
        },
      ),
    [],
    { enabled: logged, key: (m) => m.shopId },
  )
  useReachBottom(() => list.loadMore())
  const own = head?.levels.own
  const team = head?.levels.team
  const sum = (k: keyof TeamLevelFigures) => (own?.[k] ?? 0) + (team?.[k] ?? 0)

  return (
    <PageLayout variant='back' title='我的团队'>
      <View className='agent-hero team-hero'>
        <Text className='agent-hero__title'>{head ? `下级代理 ${head.total} 位` : '加载中...'}</Text>
        <Text className='agent-hero__sub'>{head ? (head.parent ? `我的上级：${head.parent.shopName}` : '我没有上级代理') : ' '}</Text>
      </View>

      <View className='agent-panel agent-panel--lift team-levels'>
        <View className='agent-panel__head'>
          <Text className='agent-panel__title'>佣金构成(元)</Text>
        </View>
        <View className='team-levels__row team-levels__row--head'>
          <Text className='team-levels__name'> </Text>
          <Text className='team-levels__cell'>累计</Text>
          <Text className='team-levels__cell'>冻结中</Text>
          <Text className='team-levels__cell'>已结算</Text>
        </View>
        <Row name='自营佣金' f={own} />
        <Row name='二级佣金' f={team} />
        <View className='team-levels__row team-levels__row--total'>
          <Text className='team-levels__name'>合计</Text>
          <Text className='team-levels__cell'>{yuan(sum('total'))}</Text>
          <Text className='team-levels__cell'>{yuan(sum('frozen'))}</Text>
          <Text className='team-levels__cell'>{yuan(sum('settled'))}</Text>
        </View>
        <Text className='team-levels__note'>合计的累计佣金与首页一致；已结算 = 可提现 + 提现中 + 已提现。</Text>
      </View>

      <View className='agent-panel team-how'>
        <Text className='agent-panel__title'>如何发展下级</Text>
        <Text className='team-how__text'>
          好友通过您分享的商品链接或小程序码注册后，申请成为代理并通过审核，即成为您的下级代理。
          {head && head.teamDefaultRate > 0
            ? `下级代理店铺的订单，您可获得实付金额 ${rateText(head.teamDefaultRate)} 的二级佣金（部分商品或分类单独设定比例），与订单佣金一同冻结、结算，退款时相应扣减。`
            : ''}
        </Text>
        <View className='team-how__btn' onClick={() => navigateTo(ROUTES.agentGoodsShare)}>
          去分享商品
        </View>
      </View>

      {list.list.map((m) => (
        <View key={m.shopId} className='team-card'>
          <View className='team-card__top'>
            <Avatar src={m.avatar} name={m.nickname} size={80} />
            <View className='team-card__who'>
              <Text className='team-card__shop agent-ellipsis'>{m.shopName}</Text>
              <Text className='team-card__sub'>
                {m.nickname} · {formatTime(m.joinedAt, 'YYYY-MM-DD')} 加入
              </Text>
            </View>
            {!m.active && <Text className='agent-tag agent-tag--off'>已停业</Text>}
          </View>
          <View className='team-card__nums'>
            <Num label='店铺订单' value={String(m.orders)} />
            <Num label='店铺销售额' value={`¥${yuan(m.sales)}`} />
            <Num label='为我带来佣金' value={`¥${yuan(m.earned)}`} />
          </View>
        </View>
      ))}
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='还没有下级代理，邀请好友一起开店吧' onRetry={list.reload} />
    </PageLayout>
  )
}

function Row({ name, f }: { name: string; f: TeamLevelFigures | undefined }) {
  return (
    <View className='team-levels__row'>
      <Text className='team-levels__name'>{name}</Text>
      <Text className='team-levels__cell'>{yuan(f?.total)}</Text>
      <Text className='team-levels__cell'>{yuan(f?.frozen)}</Text>
      <Text className='team-levels__cell'>{yuan(f?.settled)}</Text>
    </View>
  )
}

function Num({ label, value }: { label: string; value: string }) {
  return (
    <View className='team-card__num'>
      <Text className='team-card__value'>{value}</Text>
      <Text className='team-card__label'>{label}</Text>
    </View>
  )
}
