import { useRef, useState } from 'react'
import Taro, { useDidShow, useShareAppMessage } from '@tarojs/taro'
import { View, Text, Button as TaroButton } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import { Checked } from '@nutui/icons-react-taro'
import type { Mission, PointsSummary } from '@contract/integral'
import PageLayout from '@/components/PageLayout'
import { claimMission, getMissions, getPointsSummary, reportShare, signIn } from '@/api/integral'
import { requireLogin } from '@/core/auth'
import { navigateTo, switchTab } from '@/core/nav'
import { toast } from '@/core/toast'
import { buildShare } from '@/platform/share'
import { ROUTES } from '@/routes'
import './index.scss'

const MISSION_GO: Record<Mission['key'], string> = { first_order: '去下单', review: '去评价', share: '去分享', browse: '去逛逛' }

/** Mission centre: the daily sign-in with its 7-day streak, and tasks that award points once per period. */
export default function MissionCenterIndexPage() {
  const [summary, setSummary] = useState<PointsSummary | null>(null)
  const [missions, setMissions] = useState<Mission[]>([])
  const [signing, setSigning] = useState(false)
  const [claiming, setClaiming] = useState('')
  const loaded = useRef(false)

  const load = async () => {
    const [s, m] = await Promise.all([getPointsSummary({ catch: true }).catch(() => null), getMissions({ catch: true }).catch(() => null)])
    if (s) setSummary(s)
    if (m) setMissions(m.list)
    loaded.current = true
  }
  useDidShow(() => {
    if (!requireLogin()) return
    load()
  })

  const shareContent = () => buildShare(ROUTES.home, { title: '这家店的好物都很划算，快来看看' })
  useShareAppMessage(() => {
    reportShare(undefined, { toast: false, catch: true }).then(load, () => undefined)
    return shareContent()
  })

  const doSignIn = async () => {
    if (signing || summary?.signedToday) return
    setSigning(true)
    try {
      const r = await signIn({ catch: true })
      toast(`签到成功 +${r.points}积分`, 'success')
      await load()
    } catch {
      load()
    } finally {
      setSigning(false)
    }
  }

  const shareH5 = async () => {
    const c = shareContent()
    const url = `${window.location.origin}${c.path}`
    await Taro.setClipboardData({ data: url })
    await reportShare(undefined, { catch: true }).catch(() => undefined)
    toast('链接已复制，快去分享给好友吧')
    load()
  }

  const go = (m: Mission) => {
    if (m.key === 'first_order' || m.key === 'browse') return switchTab(ROUTES.home)
    if (m.key === 'review') return navigateTo(ROUTES.orderList, { tab: 'unreviewed' })
    if (m.key === 'share' && process.env.TARO_ENV === 'h5') return shareH5()
  }

  const claim = async (m: Mission) => {
    if (claiming) return
    setClaiming(m.key)
    try {
      const r = await claimMission(m.key, { catch: true })
      toast(`领取成功 +${r.points}积分`, 'success')
    } catch {
      // toasted
    } finally {
      setClaiming('')
      load()
    }
  }

  const action = (m: Mission) => {
    if (m.state === 'done') return <View className='mission__btn is-done'>已完成</View>
    if (m.state === 'claimable')
      return (
        <View className='mission__btn is-claim' onClick={() => claim(m)}>
          {claiming === m.key ? '领取中' : '领取'}
        </View>
      )
    if (m.key === 'share' && process.env.TARO_ENV !== 'h5')
      return (
        <TaroButton className='mission__btn mission__share' openType='share'>
          去分享
        </TaroButton>
      )
    return (
      <View className='mission__btn' onClick={() => go(m)}>
        {MISSION_GO[m.key]}
      </View>
    )
  }

  return (
    <PageLayout variant='back' title='任务中心' className='mission'>
      <View className='mission__head'>
        <View className='mission__balance' onClick={() => navigateTo(ROUTES.integralList)}>
          <Text className='mission__balance-label'>我的积分</Text>
          <Text className='mission__balance-num'>{summary?.balance ?? '--'}</Text>
          <Text className='mission__balance-link'>积分明细 ›</Text>
        </View>
        <View className='mission__mall' onClick={() => navigateTo(ROUTES.integral)}>
          积分商城
        </View>
      </View>

      <View className='card mission__sign'>
        <View className='mission__sign-top'>
          <Text className='mission__sign-title'>{summary?.signedToday ? `已连续签到${summary.streak}天` : summary?.streak ? `已连续签到${summary.streak}天，今天别断签` : '每日签到领积分'}</Text>
          <Text className='mission__sign-tip'>连续签到7天最高得50积分</Text>
        </View>
        <View className='mission__week'>
          {(summary?.week || []).map((d) => (
            <View key={d.index} className={`mission__day ${d.signed ? 'is-signed' : ''} ${d.today ? 'is-today' : ''}`}>
              <View className='mission__coin'>{d.signed ? <Checked size={16} color='#fff' /> : <Text>+{d.points}</Text>}</View>
              <Text className='mission__day-label'>{d.today ? '今天' : `第${d.index}天`}</Text>
            </View>
          ))}
        </View>
        <Button className='mission__sign-btn' type='primary' block disabled={!summary || summary.signedToday} loading={signing} onClick={doSignIn}>
          {summary?.signedToday ? '今日已签到' : `立即签到 +${summary?.nextPoints ?? ''}积分`}
        </Button>
      </View>

      <View className='card mission__tasks'>
        <Text className='mission__tasks-title'>做任务赚积分</Text>
        {missions.map((m) => (
          <View key={m.key} className='mission__task'>
            <View className='mission__task-body'>
              <View className='mission__task-top'>
                <Text className='mission__task-name'>{m.title}</Text>
                <Text className='mission__task-points'>+{m.points}积分</Text>
              </View>
              <Text className='mission__task-desc'>
                {m.description}
                {m.target > 1 ? `（${m.progress}/${m.target}）` : ''} · {m.period === 'once' ? '仅限一次' : '每日一次'}
              </Text>
            </View>
            {action(m)}
          </View>
        ))}
        {loaded.current && !missions.length && <View className='empty-hint'>暂无任务</View>}
      </View>
    </PageLayout>
  )
}
