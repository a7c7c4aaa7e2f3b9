import { useCallback, useEffect, useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text, Image, Swiper, SwiperItem } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { PointsGoodsDetail } from '@contract/integral'
import PageLayout from '@/components/PageLayout'
import { getPointsGoodsDetail } from '@/api/integral'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { queryId } from '@/hooks/useLoadById'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { pointsPrice } from '@/utils/points'
import { yuan } from '@/utils/money'
import './goodsDetails.scss'

/** What the redeem button says and whether it may be tapped. */
export function redeemButton(d: Pick<PointsGoodsDetail, 'stock' | 'points' | 'perMemberLimit' | 'myRedeemed' | 'balance'>): { text: string; disabled: boolean } {
  if (d.stock <= 0) return { text: '已兑完', disabled: true }
  if (d.myRedeemed >= d.perMemberLimit) return { text: '已达兑换上限', disabled: true }
  if (d.balance !== null && d.balance < d.points) return { text: '积分不足', disabled: true }
  return { text: '立即兑换', disabled: false }
}

/** A points-mall item: pictures, the points (and cash) price, stock and limit, and 立即兑换. */
export default function MyIntegralGoodsDetailsPage() {
  const id = queryId(useRouter().params?.id) ?? 0
  const [d, setD] = useState<PointsGoodsDetail | null>(null)
  const [failed, setFailed] = useState('')
  const shown = useRef(false)
  const load = useCallback(
    () =>
      getPointsGoodsDetail(id, { catch: true }).then(
        (x) => (setD(x), setFailed('')),
        (e) => setFailed(e?.message || '加载失败'),
      ),
    [id],
  )
  useEffect(() => {
    if (id) load()
    else setFailed('兑换商品不存在')
  }, [id, load])
  useDidShow(() => {
    if (shown.current && id) load()
    shown.current = true
  })

  if (!d)
    return (
      <PageLayout variant='back' title='积分商品'>
        <View className='empty-hint'>{failed || '加载中...'}</View>
      </PageLayout>
    )

  const btn = redeemButton(d)
  const redeem = () => {
    if (!requireLogin() || btn.disabled) return
    navigateTo(ROUTES.integralPlaceOrder, { id: d.id, quantity: 1 })
  }
  const footer = (
    <View className='points-detail__bar'>
      <View className='points-detail__mine'>
        <Text className='points-detail__mine-label'>我的积分</Text>
        <Text className='points-detail__mine-num'>{isLoggedIn() ? (d.balance ?? '--') : '未登录'}</Text>
      </View>
      <Button className='points-detail__btn' type='primary' disabled={btn.disabled} onClick={redeem}>
        {btn.text}
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='积分商品' footer={footer} className='points-detail'>
      <Swiper className='points-detail__swiper' circular indicatorDots={d.images.length > 1}>
        {d.images.map((src) => (
          <SwiperItem key={src}>
            <Image className='points-detail__img' src={assetUrl(src)} mode='aspectFill' />
          </SwiperItem>
        ))}
      </Swiper>
      <View className='card points-detail__info'>
        <Text className='points-detail__price'>{pointsPrice(d.points, d.cash)}</Text>
        <Text className='points-detail__market'>市场价 ¥{yuan(d.marketPrice)}</Text>
        <Text className='points-detail__name'>{d.name}</Text>
        {!!d.specText && <Text className='points-detail__spec'>规格：{d.specText}</Text>}
        <View className='points-detail__facts'>
          <Text>剩余{d.stock}件</Text>
          <Text>已兑{d.redeemed}件</Text>
          <Text>每人限兑{d.perMemberLimit}件</Text>
        </View>
      </View>
      <View className='card'>
        <Text className='points-detail__title'>兑换说明</Text>
        <Text className='points-detail__desc'>{d.description}</Text>
      </View>
    </PageLayout>
  )
}
