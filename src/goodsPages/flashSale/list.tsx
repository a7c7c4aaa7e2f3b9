import { useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import { View, Text, Image, ScrollView } from '@tarojs/components'
import type { SeckillItem, SeckillSession, SessionsResponse } from '@contract/seckill'
import PageLayout from '@/components/PageLayout'
import { getSeckillSessions, getSessionItems } from '@/api/seckill'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { useLatest } from '@/hooks/useLatest'
import { useServerNow } from '@/hooks/useServerNow'
import { useShare, buildShare } from '@/platform/share'
import { ROUTES } from '@/routes'
import { STATE_TEXT, buyButton, countdownOf, hms, progressText, slotState } from '@/utils/seckill'
import { yuan } from '@/utils/money'
import './list.scss'

/** Today's flash sales: the sessions as time slots (ended / running / upcoming) with a countdown, and the selected session's goods. */
export default function FlashSaleListPage() {
  const [data, setData] = useState<SessionsResponse | null>(null)
  const [selected, setSelected] = useState<number | null>(null)
  const [items, setItems] = useState<SeckillItem[]>([])
  const [loading, setLoading] = useState(true)
  const [failed, setFailed] = useState(false)
  const now = useServerNow(data?.now)
  const shown = useRef(false)

  useShare(() => buildShare(ROUTES.flashSaleList, { title: '限时秒杀，好物低至5折' }))

  const loadSessions = async () => {
    try {
      const d = await getSeckillSessions({ catch: true, toast: false })
      setData(d)
      setFailed(false)
      setSelected((cur) => (cur && d.sessions.some((s) => s.id === cur) ? cur : d.currentId))
      return d
    } catch {
      setFailed(true)
      setLoading(false)
      return null
    }
  }
  const loadItems = async (sessionId: number) => {
    setLoading(true)
    try {
      const r = await getSessionItems(sessionId, { catch: true })
      setItems(r.items)
    } catch {
      setItems([])
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    loadSessions()
  }, [])
  // On a change of session only; the sessions are read as they are then.
  const latestData = useLatest(data)
  useEffect(() => {
    if (selected) loadItems(selected)
    else if (latestData.current) setLoading(false)
  }, [selected, latestData])
  useDidShow(() => {
    // Coming back from a purchase: the sold counts have moved.
    if (shown.current && selected) loadItems(selected)
    shown.current = true
  })

  const session: SeckillSession | undefined = data?.sessions.find((s) => s.id === selected)
  const state = session ? slotState(session, now) : 'ended'
  const cd = session ? countdownOf(session, now) : null
  // When a countdown runs out the session changes state: ask the server again.
  const lastState = useRef(state)
  useEffect(() => {
    if (lastState.current !== state) {
      lastState.current = state
      loadSessions()
      if (selected) loadItems(selected)
    }
  }, [state, selected])

  return (
    <PageLayout variant='back' title='限时秒杀' className='flash-list'>
      <View className='flash-list__banner'>
        <Text className='flash-list__slogan'>限时秒杀 · 每日好价</Text>
        <Text className='flash-list__sub'>每人限购，抢完即止</Text>
      </View>
      {failed && (
        <View className='empty-hint' onClick={loadSessions}>
          加载失败，点击重试
        </View>
      )}
      {data && !data.sessions.length && <View className='empty-hint'>今天暂无秒杀场次，明天再来看看吧</View>}
      {data && data.sessions.length > 0 && (
        <>
          <ScrollView scrollX className='flash-list__slots' scrollIntoView={selected ? `slot-${selected}` : undefined}>
            {data.sessions.map((s) => {
              const st = slotState(s, now)
              return (
                <View key={s.id} id={`slot-${s.id}`} className={`flash-list__slot flash-list__slot--${st} ${s.id === selected ? 'is-active' : ''}`} onClick={() => setSelected(s.id)}>
                  <Text className='flash-list__slot-time'>{s.title}</Text>
                  <Text className='flash-list__slot-state'>{STATE_TEXT[st]}</Text>
                </View>
              )
            })}
          </ScrollView>
          <View className='flash-list__countdown'>
            {cd ? (
              <>
                <Text className='flash-list__cd-label'>
                  {state === 'active' ? '抢购中，' : '即将开始，'}
                  {cd.label}
                </Text>
                {hms(cd.ms).map((p, i) => (
                  <Text key={i}>
                    {i > 0 && <Text className='flash-list__cd-colon'>:</Text>}
                    <Text className='flash-list__cd-box'>{p}</Text>
                  </Text>
                ))}
              </>
            ) : (
              <Text className='flash-list__cd-label'>本场已结束，看看其他场次吧</Text>
            )}
          </View>
          <View className='flash-list__items'>
            {items.map((it) => {
              const btn = buyButton(it, state)
              return (
                <View key={it.id} className='flash-item' onClick={() => navigateTo(ROUTES.flashSaleDetails, { itemId: it.id })}>
                  <Image className='flash-item__img' src={assetUrl(it.image)} mode='aspectFill' lazyLoad />
                  <View className='flash-item__body'>
                    <Text className='flash-item__name'>{it.name}</Text>
                    {!!it.specText && <Text className='flash-item__spec'>规格：{it.specText}</Text>}
                    <View className='flash-item__progress'>
                      <View className='flash-item__bar'>
                        <View className='flash-item__bar-in' style={{ width: `${it.soldPercent}%` }} />
                      </View>
                      <Text className='flash-item__progress-text'>{progressText(it)}</Text>
                    </View>
                    <View className='flash-item__foot'>
                      <View className='flash-item__prices'>
                        <Text className='flash-item__price'>
                          <Text className='flash-item__yen'>¥</Text>
                          {yuan(it.price)}
                        </Text>
                        <Text className='flash-item__origin'>¥{yuan(it.originalPrice)}</Text>
                      </View>
                      <View className={`flash-item__btn ${btn.disabled ? 'is-disabled' : ''}`}>{btn.text}</View>
                    </View>
                    <Text className='flash-item__limit'>每人限购{it.perMemberLimit}件</Text>
                  </View>
                </View>
              )
            })}
            {!loading && !items.length && <View className='empty-hint'>本场暂无商品</View>}
          </View>
        </>
      )}
    </PageLayout>
  )
}
