import { useState } from 'react'
import { useDidShow, useReachBottom } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { CashbackBalance, CashbackCampaign, CashbackLedgerRow, CashbackTask } from '@contract/cashback'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getCampaigns, getCashbackBalance, getCashbackLedger, getCashbackTasks } from '@/api/cashback'
import { goLogin, isLoggedIn } from '@/core/auth'
import { navigateTo, usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { ROUTES } from '@/routes'
import { formatTime } from '@/utils/time'
import { yuan } from '@/utils/money'
import './cashback.scss'

type Tab = 'campaigns' | 'tasks' | 'ledger'
const TABS: Array<{ key: Tab; text: string }> = [
  { key: 'campaigns', text: '返现活动' },
  { key: 'tasks', text: '我的任务' },
  { key: 'ledger', text: '收支明细' },
]

/** What the campaign's button does for the caller's state. */
function openCampaign(c: CashbackCampaign) {
  switch (c.state) {
    case 'login':
      return goLogin()
    case 'buy':
      return navigateTo(ROUTES.goodsDetails, { id: c.goodsId })
    case 'review':
      return navigateTo(ROUTES.orderEvaluate, { orderNo: c.orderNo })
    case 'submit':
      return navigateTo(ROUTES.cashbackSubmitTask, { campaignId: c.id })
    case 'joined':
      return navigateTo(ROUTES.cashbackDetails, { id: c.taskId })
    default:
      return undefined
  }
}

function CampaignCard({ c }: { c: CashbackCampaign }) {
  return (
    <View className='cb-campaign'>
      <Image className='cb-campaign__img' src={assetUrl(c.goodsImage)} mode='aspectFill' onClick={() => navigateTo(ROUTES.goodsDetails, { id: c.goodsId })} />
      <View className='cb-campaign__body'>
        <Text className='cb-campaign__name'>{c.goodsName}</Text>
        <View className='cb-campaign__tags'>
          <Text className='cb-tag'>{c.type === 'task' ? '晒单任务' : '好评返现'}</Text>
          {c.remaining !== null && <Text className='cb-campaign__left'>剩余{c.remaining}个名额</Text>}
        </View>
        <View className='cb-campaign__foot'>
          <View>
            <Text className='cb-campaign__amount'>返¥{yuan(c.amount)}</Text>
            <Text className='cb-campaign__price'>到手参考价 ¥{yuan(Math.max(0, c.goodsPrice - c.amount))}</Text>
          </View>
          <Button size='small' type={c.state === 'ineligible' ? 'default' : 'primary'} disabled={c.state === 'ineligible'} onClick={() => openCampaign(c)}>
            {c.stateText}
          </Button>
        </View>
      </View>
    </View>
  )
}

function TaskRow({ t }: { t: CashbackTask }) {
  return (
    <View className='cb-task' onClick={() => navigateTo(ROUTES.cashbackDetails, { id: t.id })}>
      <Image className='cb-task__img' src={assetUrl(t.goodsImage)} mode='aspectFill' />
      <View className='cb-task__body'>
        <Text className='cb-task__name'>{t.goodsName}</Text>
        <Text className='cb-task__sub'>
          {t.campaignTitle} · {formatTime(t.submittedAt)}
        </Text>
        {t.status === 'rejected' && <Text className='cb-task__reason'>未通过：{t.rejectReason}</Text>}
      </View>
      <View className='cb-task__side'>
        <Text className='cb-task__amount'>¥{yuan(t.amount)}</Text>
        <Text className={`cb-status cb-status--${t.status}`}>{t.statusText}</Text>
      </View>
    </View>
  )
}

function LedgerRow({ r }: { r: CashbackLedgerRow }) {
  return (
    <View className='cb-ledger'>
      <View className='cb-ledger__body'>
        <Text className='cb-ledger__note'>{r.note}</Text>
        <Text className='cb-ledger__time'>{formatTime(r.createdAt)}</Text>
      </View>
      <View className='cb-ledger__side'>
        <Text className={`cb-ledger__change ${r.change > 0 ? 'cb-ledger__change--in' : ''}`}>
          {r.change > 0 ? '+' : ''}
          {yuan(r.change)}
        </Text>
        <Text className='cb-ledger__after'>余额 {yuan(r.balanceAfter)}</Text>
      </View>
    </View>
  )
}

/** 好评返现: the balance, live campaigns with the next step for each, my tasks and the balance ledger. */
export default function CashbackIndexPage() {
  const params = usePageParams<{ tab: Tab }>()
  const [tab, setTab] = useState<Tab>(TABS.some((t) => t.key === params.tab) ? (params.tab as Tab) : 'campaigns')
  const [balance, setBalance] = useState<CashbackBalance | null>(null)
  const [campaigns, setCampaigns] = useState<CashbackCampaign[] | null>(null)
  const logged = isLoggedIn()
  const tasks = usePagedList((page, size) => getCashbackTasks(page, size), [logged], { enabled: logged && tab === 'tasks', pageSize: 10 })
  const ledger = usePagedList((page, size) => getCashbackLedger(page, size), [logged], { enabled: logged && tab === 'ledger', pageSize: 20 })

  useDidShow(() => {
    getCampaigns().then(setCampaigns)
    if (isLoggedIn()) {
      getCashbackBalance().then(setBalance)
      if (tab === 'tasks') tasks.reload()
      if (tab === 'ledger') ledger.reload()
    }
  })
  useReachBottom(() => {
    if (tab === 'tasks') tasks.loadMore()
    if (tab === 'ledger') ledger.loadMore()
  })

  return (
    <PageLayout variant='back' title='好评返现' className='cashback-page'>
      <View className='cb-head'>
        {logged ? (
          <>
            {/* Cashback is paid into the balance (余额): its figure is the balance, its page one tap away. */}
            <View className='cb-head__label' onClick={() => navigateTo(ROUTES.balance)}>
              <Text>我的余额（元）</Text>
              <Text className='cb-head__link'>查看余额 ›</Text>
            </View>
            <Text className='cb-head__balance' onClick={() => navigateTo(ROUTES.balance)}>
              {yuan(balance?.balance ?? 0)}
            </Text>
            <View className='cb-head__row'>
              <View className='cb-head__cell'>
                <Text className='cb-head__num'>{yuan(balance?.totalEarned ?? 0)}</Text>
                <Text className='cb-head__sub'>累计返现</Text>
              </View>
              <View className='cb-head__cell'>
                <Text className='cb-head__num'>{yuan(balance?.pendingAmount ?? 0)}</Text>
                <Text className='cb-head__sub'>审核中（{balance?.pendingCount ?? 0}笔）</Text>
              </View>
            </View>
          </>
        ) : (
          <View className='cb-head__login' onClick={() => goLogin()}>
            <Text className='cb-head__balance cb-head__balance--small'>登录后查看余额</Text>
          </View>
        )}
      </View>
      <View className='cb-steps'>
        {['购买商品', '确认收货', '好评/晒单', '审核返现'].map((s, i) => (
          <View key={s} className='cb-steps__item'>
            <Text className='cb-steps__no'>{i + 1}</Text>
            <Text className='cb-steps__text'>{s}</Text>
          </View>
        ))}
      </View>
      <View className='cb-tabs'>
        {TABS.map((t) => (
          <Text key={t.key} className={`cb-tabs__tab ${tab === t.key ? 'cb-tabs__tab--active' : ''}`} onClick={() => (t.key === 'campaigns' || logged ? setTab(t.key) : goLogin())}>
            {t.text}
          </Text>
        ))}
      </View>
      {tab === 'campaigns' && (
        <View className='cb-list'>
          {campaigns?.map((c) => (
            <CampaignCard key={c.id} c={c} />
          ))}
          {campaigns && !campaigns.length && <View className='cb-empty'>暂无返现活动，敬请期待</View>}
        </View>
      )}
      {tab === 'tasks' && (
        <View className='cb-list'>
          {tasks.list.map((t) => (
            <TaskRow key={t.id} t={t} />
          ))}
          <ListFooter
            loading={tasks.loading}
            finished={tasks.finished}
            error={tasks.error}
            empty={tasks.loaded && !tasks.list.length}
            emptyText='还没有返现任务，去参加活动吧'
            onRetry={tasks.reload}
          />
        </View>
      )}
      {tab === 'ledger' && (
        <View className='cb-list cb-list--card'>
          {ledger.list.map((r) => (
            <LedgerRow key={r.id} r={r} />
          ))}
          <ListFooter loading={ledger.loading} finished={ledger.finished} error={ledger.error} empty={ledger.loaded && !ledger.list.length} emptyText='暂无收支明细' onRetry={ledger.reload} />
        </View>
      )}
    </PageLayout>
  )
}
