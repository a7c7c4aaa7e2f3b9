import { useEffect, useState } from 'react'
import { View, Text, Image } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { Tabs } from '@nutui/nutui-react-taro'
import type { CategoryNode } from '@contract/goods'
import PageLayout from '@/components/PageLayout'
import { GoodsGrid } from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { getCategoryTree, searchGoods } from '@/api/goods'
import { usePagedList } from '@/hooks/usePagedList'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import './index_old.scss'

/** The older category layout: top categories as tabs, sub-categories as an icon grid, then goods in a grid. */
export default function SortIndexOldPage() {
  const [tree, setTree] = useState<CategoryNode[]>([])
  const [tab, setTab] = useState<string | number>(0)
  useEffect(() => {
    getCategoryTree().then(setTree, () => undefined)
  }, [])
  const top = tree[Number(tab)]
  const goods = usePagedList((page, pageSize) => searchGoods({ categoryId: top!.id, sort: 'sales', page, pageSize }), [top?.id], { enabled: !!top, pageSize: 10 })
  useReachBottom(() => {
    goods.loadMore()
  })

  return (
    <PageLayout variant='tab' title='分类' className='sort-old'>
      <Tabs value={tab} onChange={(v) => setTab(v)} activeType='line' autoHeight>
        {tree.map((c, i) => (
          <Tabs.TabPane key={c.id} title={c.name} value={i} />
        ))}
      </Tabs>
      {top && (
        <View className='sort-old__grid'>
          {top.children.map((s) => (
            <View key={s.id} className='sort-old__cell' onClick={() => navigateTo(ROUTES.goodsSearch, { categoryId: s.id, title: s.name })}>
              <Image className='sort-old__icon' src={assetUrl(s.icon)} mode='aspectFit' />
              <Text className='sort-old__name'>{s.name}</Text>
            </View>
          ))}
        </View>
      )}
      {top && <View className='sort-old__title'>{top.name} · 热销</View>}
      <GoodsGrid list={goods.list} />
      <ListFooter loading={goods.loading} finished={goods.finished} error={goods.error} empty={goods.loaded && !goods.list.length} onRetry={goods.loadMore} />
    </PageLayout>
  )
}
