import { useEffect, useMemo, useState } from 'react'
import { View, Text, Image, ScrollView } from '@tarojs/components'
import { Search } from '@nutui/icons-react-taro'
import type { CategoryNode } from '@contract/goods'
import PageLayout, { getStatusBarHeight } from '@/components/PageLayout'
import GoodsCard from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { getCategoryTree, searchGoods } from '@/api/goods'
import { usePagedList } from '@/hooks/usePagedList'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { buildShare, useShare } from '@/platform/share'
import { SCROLL_THRESHOLD } from '@/utils/uiConstants'
import './index.scss'

/** Categories: top categories on the left, the chosen one's sub-categories and goods on the right (paged). */
export default function SortIndexPage() {
  const [tree, setTree] = useState<CategoryNode[]>([])
  const [failed, setFailed] = useState(false)
  const [topIndex, setTopIndex] = useState(0)
  const [subId, setSubId] = useState(0)
  const [scrollKey, setScrollKey] = useState(0)
  const load = () =>
    getCategoryTree().then(
      (t) => {
        setTree(t)
        setFailed(false)
      },
      () => setFailed(true),
    )
  useEffect(() => {
    load()
  }, [])
  useShare(() => buildShare(ROUTES.sort), [])

  const top = tree[topIndex]
  const categoryId = subId || top?.id || 0
  const goods = usePagedList((page, pageSize) => searchGoods({ categoryId, page, pageSize }), [categoryId], { enabled: !!categoryId, pageSize: 12 })
  const subs = useMemo(() => top?.children || [], [top])

  const chooseTop = (i: number) => {
    setTopIndex(i)
    setSubId(0)
    setScrollKey((k) => k + 1)
  }
  const chooseSub = (id: number) => {
    setSubId(id)
    setScrollKey((k) => k + 1)
  }

  return (
    <PageLayout variant='tab' title='分类' className='sort-page'>
      <View className='sort-page__frame' style={{ top: `${getStatusBarHeight()}px` }}>
        {/* One tap target, icon and words alike (NutUI's read-only SearchBar kept the tap on its text for its own input). */}
        <View className='sort-page__search'>
          <View className='sort-search' role='button' aria-label='搜索商品' onClick={() => navigateTo(ROUTES.goodsSearch)}>
            <Search size={14} color='#999' />
            <Text className='sort-search__text'>搜索商品</Text>
          </View>
        </View>
        {failed && (
          <View className='empty-hint' onClick={load}>
            加载失败，点击重试
          </View>
        )}
        <View className='sort-page__body'>
          <ScrollView scrollY className='sort-side'>
            {tree.map((c, i) => (
              <View key={c.id} className={`sort-side__item ${i === topIndex ? 'sort-side__item--active' : ''}`} onClick={() => chooseTop(i)}>
                <Text>{c.name}</Text>
              </View>
            ))}
          </ScrollView>
          <ScrollView key={scrollKey} scrollY className='sort-main' lowerThreshold={SCROLL_THRESHOLD} onScrollToLower={() => goods.loadMore()}>
            {top && (
              <View className='sort-subs'>
                <View className={`sort-subs__item ${subId === 0 ? 'sort-subs__item--active' : ''}`} onClick={() => chooseSub(0)}>
                  <View className='sort-subs__all'>全部</View>
                  <Text className='sort-subs__name'>全部{top.name}</Text>
                </View>
                {subs.map((s) => (
                  <View key={s.id} className={`sort-subs__item ${subId === s.id ? 'sort-subs__item--active' : ''}`} onClick={() => chooseSub(s.id)}>
                    <Image className='sort-subs__icon' src={assetUrl(s.icon)} mode='aspectFit' />
                    <Text className='sort-subs__name'>{s.name}</Text>
                  </View>
                ))}
              </View>
            )}
            <View className='sort-goods'>
              {goods.list.map((g) => (
                <GoodsCard key={g.id} goods={g} layout='row' showTags={false} />
              ))}
              <ListFooter loading={goods.loading} finished={goods.finished} error={goods.error} empty={goods.loaded && !goods.list.length} emptyText='该分类暂无商品' onRetry={goods.loadMore} />
            </View>
          </ScrollView>
        </View>
      </View>
    </PageLayout>
  )
}
