import { useRef, useState } from 'react'
import { useDidShow, useReachBottom } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import type { PointsGoods, PointsSummary } from '@contract/integral'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getPointsGoodsList, getPointsSummary } from '@/api/integral'
import { usePagedList } from '@/hooks/usePagedList'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { yuan } from '@/utils/money'
import { pointsPrice } from '@/utils/points'
import './index.scss'
import { useReviewMode } from '@/platform/reviewMode'

/** My points: the balance with its ledger and missions, and the points mall. */
export default function MyIntegralIndexPage() {
  const reviewMode = useReviewMode()
  const [summary, setSummary] = useState<PointsSummary | null>(null)
  const shown = useRef(false)
  const mall = usePagedList((page, size) => getPointsGoodsList(page, size), [], { pageSize: 20 })

  useDidShow(() => {
    if (isLoggedIn()) getPointsSummary({ catch: true }).then(setSummary, () => undefined)
    if (shown.current) mall.reload()
    shown.current = true
  })
  useReachBottom(() => {
    mall.loadMore()
  })

  const open = (path: string) => requireLogin() && navigateTo(path)
  const card = (g: PointsGoods) => (
    <View key={g.id} className='points-goods' onClick={() => navigateTo(ROUTES.integralGoods, { id: g.id })}>
      <View className='points-goods__pic'>
        <Image className='points-goods__img' src={assetUrl(g.image)} mode='aspectFill' lazyLoad />
        {g.stock <= 0 && <View className='points-goods__mask'>已兑完</View>}
      </View>
      <View className='points-goods__body'>
        <Text className='points-goods__name'>{g.name}</Text>
        <Text className='points-goods__price'>{pointsPrice(g.points, g.cash)}</Text>
        <View className='points-goods__meta'>
          <Text className='points-goods__market'>¥{yuan(g.marketPrice)}</Text>
          <Text>已兑{g.redeemed}</Text>
        </View>
      </View>
    </View>
  )

  return (
    <PageLayout variant='back' title='我的积分' className='my-integral'>
      <View className='my-integral__head'>
        <Text className='my-integral__label'>当前积分</Text>
        <Text className='my-integral__balance'>{isLoggedIn() ? (summary?.balance ?? '--') : '登录后查看'}</Text>
        <Text className='my-integral__sub'>100积分可抵扣1元 · 每日签到、做任务赚积分</Text>
        <View className='my-integral__links'>
          <View className='my-integral__link' onClick={() => open(ROUTES.integralList)}>
            积分明细
          </View>
          <View className='my-integral__link' onClick={() => open(ROUTES.missionCenter)}>
            赚积分
          </View>
          {!reviewMode && (
            <View className='my-integral__link' onClick={() => open(ROUTES.blindBox)}>
              积分抽盲盒
            </View>
          )}
        </View>
      </View>
      <Text className='my-integral__title'>积分商城</Text>
      <View className='my-integral__grid'>{mall.list.map(card)}</View>
      <ListFooter loading={mall.loading} finished={mall.finished} error={mall.error} empty={mall.loaded && !mall.list.length} emptyText='积分商城暂无商品' onRetry={mall.reload} />
    </PageLayout>
  )
}
