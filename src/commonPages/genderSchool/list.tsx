import { useEffect, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import type { ArticleCategory } from '@contract/article'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getArticleCategories, getArticles } from '@/api/article'
import { usePagedList } from '@/hooks/usePagedList'
import { navigateTo } from '@/core/nav'
import { articleSectionTitle, useShopInfo } from '@/core/shopInfo'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { buildShare, useShare } from '@/platform/share'
import { fromNow } from '@/utils/time'
import '../content.scss'

const PAGE_SIZE = 10

/** The article section (its name is the console's, 设置 → 店铺): articles by category. */
export default function GenderSchoolListPage() {
  const [cats, setCats] = useState<ArticleCategory[]>([])
  const [cat, setCat] = useState<number>(0)
  useEffect(() => {
    getArticleCategories()
      .then(setCats)
      .catch(() => undefined)
  }, [])

  const list = usePagedList((page, size) => getArticles({ categoryId: cat || undefined, page, pageSize: size }), [cat], { pageSize: PAGE_SIZE })
  useReachBottom(() => {
    list.loadMore()
  })

  // The section's name is the console's (设置 → 店铺); the share card names it too.
  const section = articleSectionTitle(useShopInfo())
  useShare(() => buildShare(ROUTES.genderSchoolList, { title: section }), [section])

  return (
    <PageLayout variant='back' title={section}>
      <View className='gschool__tabs'>
        <Tabs value={cat} onChange={(v) => setCat(Number(v))} activeType='line'>
          <Tabs.TabPane value={0} title='全部' />
          {cats.map((c) => (
            <Tabs.TabPane key={c.id} value={c.id} title={c.name} />
          ))}
        </Tabs>
      </View>
      <View className='content-list'>
        {list.list.map((a) => (
          <View key={a.id} className='content-card' onClick={() => navigateTo(ROUTES.genderSchoolDetails, { id: a.id })}>
            <View className='content-card__text'>
              <Text className='content-card__title'>{a.title}</Text>
              <Text className='content-card__summary'>{a.summary}</Text>
              <Text className='content-card__meta'>
                {a.categoryName} · {a.views}次阅读 · {fromNow(a.publishedAt || a.updatedAt)}
              </Text>
            </View>
            {a.cover ? <Image className='content-card__cover' src={assetUrl(a.cover)} mode='aspectFill' lazyLoad /> : null}
          </View>
        ))}
        <ListFooter
          loading={list.loading}
          finished={list.finished}
          error={list.error}
          empty={list.loaded && !list.list.length}
          emptyText='该分类下还没有文章'
          onRetry={list.reload}
          onMore={list.loadMore}
        />
      </View>
    </PageLayout>
  )
}
