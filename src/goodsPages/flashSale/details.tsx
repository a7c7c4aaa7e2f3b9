import { useCallback, useEffect, useRef, useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { View, Text, Image, Swiper, SwiperItem } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import type { SeckillDetail } from '@contract/seckill'
import PageLayout from '@/components/PageLayout'
import RichContent from '@/components/RichContent'
import { getSeckillDetail } from '@/api/seckill'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { queryId } from '@/hooks/useLoadById'
import { useServerNow } from '@/hooks/useServerNow'
import { buildShare, useShare } from '@/platform/share'
import { ROUTES } from '@/routes'
import { buyButton, countdownOf, hms, progressText, slotState } from '@/utils/seckill'
import { yuan } from '@/utils/money'
import './details.scss'

/** A flash-sale item: the flash price against the usual one, the session's countdown, what is left, and 马上抢. */
export default function FlashSaleDetailsPage() {
  const itemId = queryId(useRouter().params?.itemId) ?? 0
  const [d, setD] = useState<SeckillDetail | null>(null)
  const [failed, setFailed] = useState('')
  const [current, setCurrent] = useState(0)
  const now = useServerNow(d?.now)
  const shown = useRef(false)

  const load = useCallback(async () => {
    if (!itemId) return setFailed('秒杀商品不存在')
    try {
      setD(await getSeckillDetail(itemId, { catch: true }))
      setFailed('')
    } catch (e: any) {
      setFailed(e?.message || '加载失败')
    }
  }, [itemId])
  useEffect(() => {
    load()
  }, [load])
  useDidShow(() => {
    if (shown.current) load()
    shown.current = true
  })
  useShare(() => buildShare(ROUTES.flashSaleDetails, { title: d ? `【秒杀¥${yuan(d.price)}】${d.name}` : '限时秒杀', imageUrl: d ? assetUrl(d.image) : undefined, query: { itemId } }), [d?.id])

  const state = d ? slotState(d.session, now) : 'ended'
  const last = useRef(state)
  useEffect(() => {
    if (last.current !== state) {
      last.current = state
      load()
    }
  }, [state, load])

  if (!d)
    return (
      <PageLayout variant='back' title='秒杀详情'>
        <View className='empty-hint'>{failed || '加载中...'}</View>
      </PageLayout>
    )

  const cd = countdownOf(d.session, now)
  const btn = buyButton(d, state, d.myBought)
  const buy = () => {
    if (btn.disabled) return
    if (!requireLogin()) return
    navigateTo(ROUTES.placeOrderSeckill, { itemId: d.id, quantity: 1 })
  }
  const images = d.images.length ? d.images : [d.image]

  const footer = (
    <View className='flash-detail__bar'>
      <View className='flash-detail__plain' onClick={() => navigateTo(ROUTES.goodsDetails, { id: d.goodsId })}>
        <Text className='flash-detail__plain-price'>¥{yuan(d.originalPrice)}</Text>
        <Text className='flash-detail__plain-text'>原价购买</Text>
      </View>
      <Button className='flash-detail__buy' type='primary' disabled={btn.disabled} onClick={buy}>
        {btn.disabled ? btn.text : `¥${yuan(d.price)} 马上抢`}
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='秒杀详情' footer={footer} className='flash-detail'>
      <View className='flash-detail__gallery'>
        <Swiper className='flash-detail__swiper' circular onChange={(e) => setCurrent(e.detail.current)}>
          {images.map((src) => (
            <SwiperItem key={src}>
              <Image className='flash-detail__img' src={assetUrl(src)} mode='aspectFill' />
            </SwiperItem>
          ))}
        </Swiper>
        {images.length > 1 && (
          <Text className='flash-detail__count'>
            {current + 1}/{images.length}
          </Text>
        )}
      </View>
      <View className='flash-detail__band'>
        <View className='flash-detail__band-left'>
          <Text className='flash-detail__price'>
            <Text className='flash-detail__yen'>¥</Text>
            {yuan(d.price)}
          </Text>
          <View className='flash-detail__band-meta'>
            <Text className='flash-detail__origin'>¥{yuan(d.originalPrice)}</Text>
            <Text className='flash-detail__tag'>限时秒杀</Text>
          </View>
        </View>
        <View className='flash-detail__band-right'>
          {cd ? (
            <>
              <Text className='flash-detail__cd-label'>{cd.label}</Text>
              <Text className='flash-detail__cd'>{hms(cd.ms).join(':')}</Text>
            </>
          ) : (
            <Text className='flash-detail__cd-label'>本场已结束</Text>
          )}
        </View>
      </View>
      <View className='card flash-detail__info'>
        <Text className='flash-detail__name'>{d.name}</Text>
        {!!d.subtitle && <Text className='flash-detail__subtitle'>{d.subtitle}</Text>}
        <View className='flash-detail__progress'>
          <View className='flash-detail__bar-out'>
            <View className='flash-detail__bar-in' style={{ width: `${d.soldPercent}%` }} />
          </View>
          <Text className='flash-detail__progress-text'>{progressText(d)}</Text>
        </View>
        <View className='flash-detail__facts'>
          <Text>
            {d.session.title}场 · 限量{d.quota}件 · 每人限购{d.perMemberLimit}件
          </Text>
          {d.myBought > 0 && <Text className='flash-detail__mine'>您已抢购{d.myBought}件</Text>}
        </View>
        {!!d.specText && <Text className='flash-detail__spec'>规格：{d.specText}</Text>}
      </View>
      <View className='card flash-detail__rules'>
        <Text className='flash-detail__rules-title'>秒杀规则</Text>
        <Text className='flash-detail__rules-text'>秒杀商品下单后请在10分钟内完成支付，超时订单自动取消并释放名额；秒杀商品包邮，仅可使用标明“秒杀可用”的优惠券，不可使用积分抵扣。</Text>
      </View>
      {!!d.detailHtml && (
        <View className='card'>
          <Text className='flash-detail__rules-title'>商品详情</Text>
          <RichContent html={d.detailHtml} />
        </View>
      )}
    </PageLayout>
  )
}
