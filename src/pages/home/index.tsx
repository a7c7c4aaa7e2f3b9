import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react'
import { View, Text, Image, ScrollView } from '@tarojs/components'
import { useDidHide, usePageScroll, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { NoticeBar, PullToRefresh, Swiper } from '@nutui/nutui-react-taro'
import { Search, ArrowRight, Gift } from '@nutui/icons-react-taro'
import type { HomeSelfList, HomeSection } from '@contract/home'
import PageLayout from '@/components/PageLayout'
import GoodsCard, { GoodsGrid } from '@/components/GoodsCard'
import { getHomeSelfList } from '@/api/home'
import { guessYouLike } from '@/api/goods'
import { usePagedList } from '@/hooks/usePagedList'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { homeTitle, useShopInfo } from '@/core/shopInfo'
import { openLink } from '@/utils/links'
import { buildShare, useShare } from '@/platform/share'
import { PULL_REFRESH_THRESHOLD, PULL_TEXTS, SWIPER_DURATION, SWIPER_INTERVAL } from '@/utils/uiConstants'
import ListFooter from '@/components/ListFooter'
import { removeHomePreview } from '@/platform/homePreview'
import { whenNearView } from '@/platform/nearView'
import { lazyElementsDefined, requestLazyElements } from '@/h5runtime/lazyElements'
import './index.scss'

// H5: the new-member popup (NutUI Popup, its transitions and buttons) is not part of the first screen: its
// code loads in a chunk of its own once the first screen is drawn. The mini-program has it in the page.
const NewMemberCoupon: ComponentType =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the mini-program keeps it in the page's own bundle
  process.env.TARO_ENV === 'h5' ? lazy(() => import('@/components/NewMemberCoupon')) : require('@/components/NewMemberCoupon').default

const BANNER_CAROUSEL_AFTER_MS = 3000
// How far below the window the end of the drawn sections may be before the next one is drawn (% of its height).
const DRAW_AHEAD_PERCENT = 25

function SectionBlock({ section }: { section: HomeSection }) {
  return (
    <View className={`home-section home-section--${section.key}`}>
      <View className='home-section__head' onClick={() => openLink(section.moreLink)}>
        <Text className='home-section__title'>{section.title}</Text>
        <Text className='home-section__sub'>{section.subtitle}</Text>
        <View className='home-section__more'>
          <Text>更多</Text>
          <ArrowRight size={10} />
        </View>
      </View>
      {section.brands && section.brands.length > 0 && (
        <ScrollView scrollX className='home-brands' enhanced showScrollbar={false}>
          {section.brands.map((b) => (
            <View key={b.id} className='home-brands__item' onClick={() => navigateTo(ROUTES.cfExclusive, { brandId: b.id })}>
              <Image className='home-brands__logo' src={assetUrl(b.logo)} mode='aspectFill' />
              <Text className='home-brands__name'>{b.name}</Text>
            </View>
          ))}
        </ScrollView>
      )}
      <ScrollView scrollX className='home-section__scroll' enhanced showScrollbar={false}>
        {section.goods.map((g, i) => (
          <View key={g.id} className='home-section__cell'>
            {section.key === 'hot' && <Text className={`home-section__rank home-section__rank--${Math.min(i, 3)}`}>{i + 1}</Text>}
            <GoodsCard goods={g} layout='grid' showTags={false} />
          </View>
        ))}
      </ScrollView>
    </View>
  )
}

/** The way to 活动中心 (every running activity), beside the search box: there whatever the merchant puts in the icons. */
export function ActivityEntry() {
  return (
    <View className='home-activity' role='link' aria-label='活动中心' onClick={() => navigateTo(ROUTES.activityList)}>
      <Gift size={18} color='#fff' />
      <Text className='home-activity__text'>活动</Text>
    </View>
  )
}

export default function HomeIndexPage() {
  const [home, setHome] = useState<HomeSelfList | null>(null)
  // The title (document.title on H5) is the shop's name (console 设置 → 店铺).
  const shop = useShopInfo()
  const [failed, setFailed] = useState(false)
  const [scrollTop, setScrollTop] = useState(0)
  // The first screen (banner, icons, notices) is drawn first; below it the goods sections one at a time, and
  // 猜你喜欢 last, so that neither the first picture nor a tap waits for the whole page (rendering every section
  // in one go was a 200 ms task on a slow phone). In both shells the next one only when the end of what is drawn comes
  // within a quarter screen of the bottom of the window, so a visitor who does not scroll pays only for what is seen.
  const [restShown, setRestShown] = useState(0)
  const restTotal = home ? home.sections.length + 1 : 0
  const showRest = !!home && restShown >= restTotal
  const drawnEnd = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (!home || restShown >= restTotal) return
    const next = () => startTransition(() => setRestShown((n) => n + 1))
    // The mini-program: the page's intersection observer (it drew them all at once, 52 KB of setData on the
    // first load; src/platform/nearView.ts). The H5 build leaves this line out.
    if (process.env.TARO_ENV !== 'h5') return whenNearView('.home-drawn-end', DRAW_AHEAD_PERCENT, next)
    const end = drawnEnd.current
    if (!end || typeof IntersectionObserver === 'undefined') {
      const t = setTimeout(next, 0)
      return () => clearTimeout(t)
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        next()
      },
      { rootMargin: `0px 0px ${DRAW_AHEAD_PERCENT}% 0px` },
    )
    observer.observe(end)
    return () => observer.disconnect()
  }, [home, restShown, restTotal])
  // H5 defines Taro's swiper element late (src/h5runtime/taroComponents.ts): the first banner stands in for
  // the carousel until then and asks for it a few seconds after its picture is shown, when the first
  // screen's work is done (the carousel's first turn would come about then anyway).
  const [swiperReady, setSwiperReady] = useState(process.env.TARO_ENV !== 'h5')
  useEffect(() => {
    if (process.env.TARO_ENV !== 'h5') return
    let live = true
    lazyElementsDefined.then(() => live && setSwiperReady(true))
    return () => {
      live = false
    }
  }, [])
  // The server's banner preview (platform/homePreview.ts) goes when this page shows something else.
  useEffect(() => {
    if (failed || (home && !home.banners.length)) removeHomePreview()
  }, [failed, home])
  useDidHide(removeHomePreview)
  // 猜你喜欢 is asked for once it is about to be drawn (or the home data failed): on the first load its answer would
  // only re-render the page for a list nobody sees yet.
  const guess = usePagedList((page, size) => guessYouLike(page, size), [], { pageSize: 10, enabled: showRest || failed })

  const loadHome = useCallback(
    () =>
      getHomeSelfList()
        .then((d) => {
          setHome(d)
          setFailed(false)
        })
        .catch(() => setFailed(true)),
    [],
  )
  useEffect(() => {
    loadHome()
  }, [loadHome])

  const refresh = () => Promise.all([loadHome(), guess.reload()])
  usePageScroll((e) => setScrollTop(e.scrollTop))
  useReachBottom(() => {
    guess.loadMore()
  })
  // The mini-program's own pull-down (if a shell enables it) refreshes the same way.
  usePullDownRefresh(() => {
    refresh()
  })
  useShare(() => buildShare(ROUTES.home), [])

  const placeholder = home?.hotWords[0] ? `${home.hotWords[0]}` : '搜索商品'

  return (
    <PageLayout variant='tab' title={homeTitle(shop)} className='home-page'>
      <View className='home-header'>
        <View className='home-search' onClick={() => navigateTo(ROUTES.goodsSearch)}>
          <Search size={14} color='#999' />
          <Text className='home-search__text'>{placeholder}</Text>
          <View className='home-search__btn'>搜索</View>
        </View>
        <ActivityEntry />
      </View>
      <PullToRefresh threshold={PULL_REFRESH_THRESHOLD} scrollTop={scrollTop} onRefresh={refresh} {...PULL_TEXTS}>
        {failed && !home && (
          <View className='empty-hint' onClick={loadHome}>
            加载失败，点击重试
          </View>
        )}
        {/* Until the home data arrives: the banner's and icons' places, and nothing below them that could move. */}
        {!home && !failed && (
          <View className='home-skeleton'>
            <View className='home-banner'>
              <View className='home-banner__swiper home-skeleton__banner' />
            </View>
            <View className='home-navs home-skeleton__navs' />
          </View>
        )}
        {home && (
          <>
            {home.banners.length > 0 && (
              <View className='home-banner'>
                {swiperReady ? (
                  <Swiper autoplay loop indicator interval={SWIPER_INTERVAL} duration={SWIPER_DURATION} height={150} className='home-banner__swiper'>
                    {home.banners.map((b) => (
                      <Swiper.Item key={b.id}>
                        <Image className='home-banner__img' src={assetUrl(b.image)} mode='aspectFill' aria-label={b.title} onClick={() => openLink(b.link)} />
                      </Swiper.Item>
                    ))}
                  </Swiper>
                ) : (
                  // H5, until the swiper element is defined: the first banner in its place. Once it is drawn,
                  // the server's copy of it (platform/homePreview.ts) goes.
                  <View className='home-banner__swiper home-banner__first'>
                    <Image
                      className='home-banner__img'
                      src={assetUrl(home.banners[0].image)}
                      mode='aspectFill'
                      aria-label={home.banners[0].title}
                      onClick={() => openLink(home.banners[0].link)}
                      onLoad={() => {
                        removeHomePreview()
                        setTimeout(requestLazyElements, BANNER_CAROUSEL_AFTER_MS)
                      }}
                      onError={() => {
                        removeHomePreview()
                        requestLazyElements()
                      }}
                    />
                  </View>
                )}
              </View>
            )}
            {home.navs.length > 0 && (
              <View className='home-navs'>
                {home.navs.map((n) => (
                  <View key={n.id} className='home-navs__item' onClick={() => openLink(n.link)}>
                    <Image className='home-navs__icon' src={assetUrl(n.icon)} mode='aspectFit' />
                    <Text className='home-navs__title'>{n.title}</Text>
                  </View>
                ))}
              </View>
            )}
            {home.notices.length > 0 && (
              <View className='home-notice'>
                <NoticeBar
                  direction='vertical'
                  list={home.notices.map((n) => (n.isTop ? `【置顶】${n.title}` : n.title))}
                  speed={10}
                  duration={3000}
                  height={36}
                  onItemClick={(_e: any, value: string) => {
                    const n = home.notices.find((x) => value.endsWith(x.title))
                    if (n) navigateTo(ROUTES.noticeDetails, { id: n.id })
                  }}
                />
                <Text className='home-notice__more' onClick={() => navigateTo(ROUTES.noticeList)}>
                  更多
                </Text>
              </View>
            )}
            {home.sections.slice(0, restShown).map((s) => (
              <SectionBlock key={s.key} section={s} />
            ))}
            <View ref={drawnEnd} className='home-drawn-end' />
          </>
        )}
        {(showRest || failed) && (
          <View className='home-guess'>
            <View className='home-guess__title'>
              <Text className='home-guess__line' />
              <Text>猜你喜欢</Text>
              <Text className='home-guess__line' />
            </View>
            <GoodsGrid list={guess.list} />
            <ListFooter loading={guess.loading} finished={guess.finished} error={guess.error} empty={guess.loaded && !guess.list.length} onRetry={guess.loadMore} />
          </View>
        )}
      </PullToRefresh>
      {(restShown > 0 || failed) && (
        <Suspense fallback={null}>
          <NewMemberCoupon />
        </Suspense>
      )}
    </PageLayout>
  )
}
