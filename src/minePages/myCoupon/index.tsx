import { useCallback, useEffect, useRef, useState } from 'react'
import { useDidShow, useReachBottom, useRouter } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { CentreCoupon, CouponCounts, MemberCoupon, MemberCouponStatus } from '@contract/coupon'
import PageLayout from '@/components/PageLayout'
import CouponCard from '@/components/CouponCard'
import ListFooter from '@/components/ListFooter'
import { getCouponCentre, getCouponCounts, getMyCoupons } from '@/api/coupon'
import { usePagedList } from '@/hooks/usePagedList'
import { useReceiveCoupon } from '@/hooks/useReceiveCoupon'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { expiresSoon, validRange } from '@/utils/coupon'
import './index.scss'

type Tab = MemberCouponStatus | 'centre'
const TABS: Array<{ key: Tab; label: string }> = [
  { key: 'unused', label: '未使用' },
  { key: 'used', label: '已使用' },
  { key: 'expired', label: '已过期' },
  { key: 'centre', label: '领券中心' },
]

/** My coupons (unused / used / expired) and the coupon centre to receive more. Opened with tab=centre to land on the centre. */
export default function MyCouponIndexPage() {
  const [loggedIn] = useState(() => isLoggedIn())
  // Visitors land on the centre (they may look before logging in); tab=centre opens it directly.
  const asked = (useRouter().params?.tab as Tab) || (loggedIn ? 'unused' : 'centre')
  const initial: Tab = TABS.some((t) => t.key === asked) ? asked : 'unused'
  const [tab, setTab] = useState<Tab>(initial)
  const [counts, setCounts] = useState<CouponCounts | null>(null)
  const [centre, setCentre] = useState<CentreCoupon[] | null>(null)
  const shown = useRef(false)
  const mine = usePagedList((page, size) => getMyCoupons(tab as MemberCouponStatus, page, size), [tab], { enabled: loggedIn && tab !== 'centre', pageSize: 20 })

  const loadCounts = useCallback(() => loggedIn && getCouponCounts({ toast: false, catch: true }).then(setCounts, () => undefined), [loggedIn])
  const loadCentre = () =>
    getCouponCentre({ catch: true }).then(
      (r) => setCentre(r.list),
      () => setCentre([]),
    )

  // Once on opening the page: the tab it opens on, not the tabs chosen later.
  useEffect(() => {
    if (!loggedIn && initial !== 'centre') requireLogin()
    loadCounts()
  }, [loggedIn, initial, loadCounts])
  useEffect(() => {
    if (tab === 'centre') loadCentre()
  }, [tab])
  useDidShow(() => {
    if (!shown.current) return void (shown.current = true)
    loadCounts()
    if (tab === 'centre') loadCentre()
    else if (loggedIn) mine.reload()
  })
  useReachBottom(() => {
    if (tab !== 'centre') mine.loadMore()
  })

  const { receiving, receive } = useReceiveCoupon(() => {
    loadCentre()
    loadCounts()
  })

  const goUse = (c: MemberCoupon) => navigateTo(ROUTES.couponGoods, { memberCouponId: c.id })

  const centreAction = (c: CentreCoupon) => {
    if (c.soldOut && c.received === 0) return <View className='my-coupon__btn is-off'>已抢光</View>
    if (!c.canReceive)
      return (
        <View className='my-coupon__btn is-ghost' onClick={(e) => (e.stopPropagation(), navigateTo(ROUTES.couponGoods, { couponId: c.couponId }))}>
          去使用
        </View>
      )
    return (
      <View className='my-coupon__btn' onClick={(e) => (e.stopPropagation(), receive(c))}>
        {receiving === c.couponId ? '领取中' : c.received > 0 ? '再领一张' : '立即领取'}
      </View>
    )
  }

  return (
    <PageLayout variant='back' title='我的优惠券' className='my-coupon'>
      <View className='my-coupon__tabs'>
        {TABS.map((t) => (
          <View key={t.key} className={`my-coupon__tab ${tab === t.key ? 'is-active' : ''}`} onClick={() => (t.key === 'centre' || requireLogin() ? setTab(t.key) : undefined)}>
            <Text>
              {t.label}
              {t.key !== 'centre' && counts ? `(${counts[t.key]})` : ''}
            </Text>
          </View>
        ))}
      </View>

      {tab === 'centre' ? (
        <View className='my-coupon__list'>
          <View className='my-coupon__centre-head'>
            <Text className='my-coupon__centre-title'>领券中心</Text>
            <Text className='my-coupon__centre-sub'>先领券再购物，下单自动选择最优惠的券</Text>
          </View>
          {centre?.map((c) => (
            <View key={c.couponId}>
              <CouponCard
                faceText={c.faceText}
                ruleText={c.ruleText}
                name={c.name}
                scopeText={c.allowSeckill ? `${c.scopeText} · 秒杀可用` : c.scopeText}
                validText={c.validText}
                note={c.soldOut || c.issuedPercent < 1 ? '' : `已抢${c.issuedPercent}%`}
                action={centreAction(c)}
                onClick={() => navigateTo(ROUTES.couponGoods, { couponId: c.couponId })}
              />
            </View>
          ))}
          {centre && !centre.length && <View className='empty-hint'>暂时没有可领取的优惠券</View>}
          {!centre && <View className='empty-hint'>加载中...</View>}
        </View>
      ) : (
        <View className='my-coupon__list'>
          {mine.list.map((c) => (
            <CouponCard
              key={c.id}
              faceText={c.faceText}
              ruleText={c.ruleText}
              name={c.name}
              scopeText={c.scopeText}
              validText={validRange(c.validFrom, c.validTo)}
              note={c.status === 'unused' ? expiresSoon(c.validTo) : ''}
              state={c.status === 'unused' ? 'normal' : c.status}
              onClick={c.status === 'unused' ? () => goUse(c) : undefined}
              action={
                c.status === 'unused' ? (
                  <View className='my-coupon__btn is-ghost' onClick={(e) => (e.stopPropagation(), goUse(c))}>
                    去使用
                  </View>
                ) : undefined
              }
            />
          ))}
          <ListFooter
            loading={mine.loading}
            finished={mine.finished}
            error={mine.error}
            empty={mine.loaded && !mine.list.length}
            emptyText={tab === 'unused' ? '暂无可用的优惠券，去领券中心看看吧' : tab === 'used' ? '还没有使用过优惠券' : '没有过期的优惠券'}
            onRetry={mine.reload}
          />
          {tab === 'unused' && mine.loaded && !mine.list.length && (
            <View className='my-coupon__go' onClick={() => setTab('centre')}>
              去领券中心
            </View>
          )}
        </View>
      )}
    </PageLayout>
  )
}
