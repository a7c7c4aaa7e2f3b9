import { useCallback, useEffect, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { CentreCoupon } from '@contract/coupon'
import type { ActivityDetail } from '@contract/content'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import RichContent from '@/components/RichContent'
import { getActivityCoupons, getActivityDetail } from '@/api/content'
import CouponCard from '@/components/CouponCard'
import { useLoadById } from '@/hooks/useLoadById'
import { useReceiveCoupon } from '@/hooks/useReceiveCoupon'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { buildShare, useShare } from '@/platform/share'
import { formatTime } from '@/utils/time'
import { activityWebKind } from '@/utils/webview'
import { STATUS_TEXT } from './status'
import '../content.scss'

/** Whether the activity's text already shows its cover picture (then the page does not draw it a second time). */
export const coverInContent = (a: Pick<ActivityDetail, 'cover' | 'contentHtml'>) => !!a.cover && a.contentHtml.includes(`src="${a.cover}"`)

/** An activity: cover, time window, status, rich content, and its web page when it has one. */
export default function ActivityDetailsPage() {
  const { id, data: a, state, reload } = useLoadById<ActivityDetail>(getActivityDetail)

  const [coupons, setCoupons] = useState<CentreCoupon[]>([])
  // Asked once the activity itself is found: a bad link makes one request, not two.
  const activityId = a?.id
  const loadCoupons = useCallback(
    () =>
      activityId &&
      getActivityCoupons(activityId).then(
        (r) => setCoupons(Array.isArray(r?.list) ? r.list : []),
        () => setCoupons([]),
      ),
    [activityId],
  )
  useEffect(() => {
    loadCoupons()
  }, [loadCoupons])
  // The activity's coupons are the coupon centre's (same limits): claimed with the centre's receive.
  const { receiving, receive } = useReceiveCoupon(loadCoupons)
  const couponAction = (c: CentreCoupon) => {
    if (c.soldOut && c.received === 0) return <View className='activity-coupon__btn is-off'>已抢光</View>
    if (!c.canReceive) return <View className='activity-coupon__btn is-off'>{c.received > 0 ? '已领取' : '不可领'}</View>
    return (
      <View className='activity-coupon__btn' onClick={(e) => (e.stopPropagation(), receive(c))}>
        {receiving === c.couponId ? '领取中' : '立即领取'}
      </View>
    )
  }

  useShare(() => buildShare(ROUTES.activityDetails, { title: a?.title, imageUrl: a ? assetUrl(a.cover) : undefined, query: { id: id ?? '' } }), [a?.id])

  const kind = a ? activityWebKind(a.linkType) : null
  const join = () => {
    if (!a || !kind || !a.linkUrl) return
    navigateTo(kind === 'activityWeb' ? ROUTES.webActivity : ROUTES.webActivityCustomize, { url: a.linkUrl, title: a.title })
  }

  return (
    <PageLayout
      variant='back'
      title='活动详情'
      footer={
        a && kind && a.linkUrl ? (
          <View style={{ padding: '8px 12px' }}>
            <Button type='primary' block disabled={a.status !== 'ongoing'} onClick={join}>
              {a.status === 'ongoing' ? '立即参与' : a.status === 'upcoming' ? '活动未开始' : '活动已结束'}
            </Button>
          </View>
        ) : undefined
      }
    >
      <LoadEmptyState state={state} missing='链接不完整，没有找到这个活动' failed='活动不存在或已下线' onRetry={reload} />
      {a && (
        <View className='content-detail'>
          {a.cover && !coverInContent(a) ? <Image className='content-detail__cover' src={assetUrl(a.cover)} mode='aspectFill' /> : null}
          <View className='activity-card__row'>
            <Text className='content-detail__title'>{a.title}</Text>
            <Text className={`activity-status activity-status--${a.status}`}>{STATUS_TEXT[a.status]}</Text>
          </View>
          <View className='content-detail__meta'>
            <Text>
              活动时间：{formatTime(a.startAt)} 至 {formatTime(a.endAt)}
            </Text>
          </View>
          {coupons.length > 0 && (
            <View className='activity-coupons'>
              <Text className='activity-coupons__title'>活动优惠券</Text>
              {coupons.map((c) => (
                <CouponCard
                  key={c.couponId}
                  className='activity-coupon'
                  faceText={c.faceText}
                  ruleText={c.ruleText}
                  name={c.name}
                  scopeText={c.allowSeckill ? `${c.scopeText} · 秒杀可用` : c.scopeText}
                  validText={c.validText}
                  action={couponAction(c)}
                />
              ))}
            </View>
          )}
          <RichContent html={a.contentHtml} />
        </View>
      )}
    </PageLayout>
  )
}
