import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import type { CouponRule } from '@contract/coupon'
import PageLayout from '@/components/PageLayout'
import EmptyState from '@/components/EmptyState'
import GoodsCard from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { getCouponGoods } from '@/api/coupon'
import { usePagedList } from '@/hooks/usePagedList'
import { queryId } from '@/hooks/useLoadById'
import { usePageParams } from '@/core/nav'
import './specifyGoodsList.scss'

/** The goods a coupon applies to (by couponId, or by the member's coupon: memberCouponId), best sellers first. */
export default function MyCouponSpecifyGoodsListPage() {
  const q = usePageParams<{ couponId: string; memberCouponId: string }>()
  const couponId = queryId(q.couponId) ?? undefined
  const memberCouponId = queryId(q.memberCouponId) ?? undefined
  const [coupon, setCoupon] = useState<CouponRule | null>(null)
  const list = usePagedList(
    async (page, size) => {
      const r = await getCouponGoods({ couponId, memberCouponId }, page, size, { catch: true })
      setCoupon(r.coupon)
      return r
    },
    [couponId, memberCouponId],
    { enabled: !!(couponId || memberCouponId), pageSize: 20 },
  )
  useReachBottom(() => {
    list.loadMore()
  })

  // A link naming no coupon: say so, with a way back (the list would stay empty without a word).
  if (!couponId && !memberCouponId)
    return (
      <PageLayout variant='back' title='适用商品' className='coupon-goods'>
        <EmptyState text='链接中没有优惠券，无法查看适用商品' />
      </PageLayout>
    )

  return (
    <PageLayout variant='back' title='适用商品' className='coupon-goods'>
      {coupon && (
        <View className='coupon-goods__head'>
          <Text className='coupon-goods__face'>{coupon.faceText}</Text>
          <View className='coupon-goods__info'>
            <Text className='coupon-goods__rule'>
              {coupon.name} · {coupon.ruleText}
            </Text>
            <Text className='coupon-goods__scope'>
              {coupon.scopeText}
              {coupon.allowSeckill ? '，秒杀商品可用' : '，秒杀商品不可用'}，以下商品可用此券
            </Text>
          </View>
        </View>
      )}
      <View className='goods-grid coupon-goods__grid'>
        {list.list.map((g) => (
          <GoodsCard key={g.id} goods={g} layout='grid' />
        ))}
      </View>
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无适用商品' onRetry={list.reload} />
    </PageLayout>
  )
}
