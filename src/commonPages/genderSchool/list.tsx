import { useEffect, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import type { ArticleCategory, ArticleSummary } from '@contract/article'
import PageLayout from '@/components/PageLayout'
import { getArticleCategories, getArticles } from '@/api/article'
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
  const [list, setList] = useState<ArticleSummary[]>([])
  const [total, setTotal] = useState(-1)
  const [page, setPage] = useState(1)
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    getArticleCategories()
      .then(setCats)
      .catch(() => undefined)
  }, [])

  const load = async (categoryId: number, next: number) => {
    setLoading(true)
    setFailed(false)
    try {
      const res = await getArticles({ categoryId: categoryId || undefined, page: next, pageSize: PAGE_SIZE })
      setList((l) => (next === 1 ? res.list : [...l, ...res.list]))
      setTotal(res.total)
      setPage(next)
    } catch {
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }

  useEffect(() => {
    load(cat, 1)
  }, [cat])

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
        {list.map((a) => (
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
        {total === 0 && <View className='empty-hint'>该分类下还没有文章</View>}
        {failed && (
          <View className='content-more' onClick={() => load(cat, page)}>
            加载失败，点击重试
          </View>
        )}
        {!failed && list.length > 0 && list.length < total && (
          <View className='content-more' onClick={() => !loading && load(cat, page + 1)}>
            {loading ? '加载中…' : '加载更多'}
          </View>
        )}
      </View>
    </PageLayout>
  )
}
