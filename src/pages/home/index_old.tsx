import { useEffect, useState } from 'react'
import { View, Text, Image } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { SearchBar, Swiper } from '@nutui/nutui-react-taro'
import type { HomeSelfList } from '@contract/home'
import PageLayout from '@/components/PageLayout'
import GoodsCard from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { getHomeSelfList } from '@/api/home'
import { guessYouLike } from '@/api/goods'
import { usePagedList } from '@/hooks/usePagedList'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { openLink } from '@/utils/links'
import { SWIPER_DURATION, SWIPER_INTERVAL } from '@/utils/uiConstants'
import './index_old.scss'

/** The older home layout: the same data as a plain list (categories as a strip, goods in rows). */
export default function HomeIndexOldPage() {
  const [home, setHome] = useState<HomeSelfList | null>(null)
  // 为你推荐 once the home data is in (or failed): arriving first, it was drawn, then sent again with everything
  // the home data inserted above it (37 KB of mini-program setData on the first load instead of about 25).
  const [homeDone, setHomeDone] = useState(false)
  const guess = usePagedList((page, size) => guessYouLike(page, size), [], { pageSize: 10, enabled: homeDone })
  useEffect(() => {
    getHomeSelfList()
      .then(setHome, () => undefined)
      .finally(() => setHomeDone(true))
  }, [])
  useReachBottom(() => {
    guess.loadMore()
  })

  return (
    <PageLayout variant='tab' title='首页' className='home-old'>
      <View onClick={() => navigateTo(ROUTES.goodsSearch)}>
        <SearchBar readOnly shape='round' placeholder={home?.hotWords[0] || '搜索商品'} />
      </View>
      {home && home.banners.length > 0 && (
        <Swiper autoplay loop indicator interval={SWIPER_INTERVAL} duration={SWIPER_DURATION} height={160}>
          {home.banners.map((b) => (
            <Swiper.Item key={b.id}>
              <Image className='home-old__banner' src={assetUrl(b.image)} mode='aspectFill' aria-label={b.title} onClick={() => openLink(b.link)} />
            </Swiper.Item>
          ))}
        </Swiper>
      )}
      {home && (
        <View className='home-old__cats'>
          {home.categories.map((c) => (
            <View key={c.id} className='home-old__cat' onClick={() => navigateTo(ROUTES.goodsSearch, { categoryId: c.id, title: c.name })}>
              <Image className='home-old__cat-icon' src={assetUrl(c.icon)} mode='aspectFit' />
              <Text className='home-old__cat-name'>{c.name}</Text>
            </View>
          ))}
        </View>
      )}
      {home && home.notices.length > 0 && (
        <View className='home-old__notices'>
          {home.notices.slice(0, 3).map((n) => (
            <View key={n.id} className='home-old__notice' onClick={() => navigateTo(ROUTES.noticeDetails, { id: n.id })}>
              <Text className='home-old__notice-tag'>{n.isTop ? '置顶' : '公告'}</Text>
              <Text className='home-old__notice-title'>{n.title}</Text>
            </View>
          ))}
        </View>
      )}
      <View className='home-old__title'>为你推荐</View>
      <View className='home-old__list'>
        {guess.list.map((g) => (
          <GoodsCard key={g.id} goods={g} layout='row' />
        ))}
      </View>
      <ListFooter loading={guess.loading} finished={guess.finished} error={guess.error} empty={guess.loaded && !guess.list.length} onRetry={guess.loadMore} />
    </PageLayout>
  )
}
