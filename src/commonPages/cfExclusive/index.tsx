import { useCallback, useEffect, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text, Image, ScrollView } from '@tarojs/components'
import type { Brand, GoodsSort } from '@contract/goods'
import PageLayout from '@/components/PageLayout'
import { GoodsGrid } from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { getBrands, searchGoods } from '@/api/goods'
import { usePagedList } from '@/hooks/usePagedList'
import { ROUTES } from '@/routes'
import { usePageParams } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { buildShare, useShare } from '@/platform/share'
import './index.scss'

const SORTS: Array<{ key: GoodsSort; title: string }> = [
  { key: 'sales', title: '销量优先' },
  { key: 'newest', title: '新品优先' },
  { key: 'price_asc', title: '价格从低到高' },
]

/** Brand-exclusive goods: the exclusive brands, and the chosen brand's goods (paged). */
export default function CfExclusiveIndexPage() {
  const params = usePageParams<{ brandId: string }>()
  const [brands, setBrands] = useState<Brand[]>([])
  const [brandId, setBrandId] = useState<number>(Number(params.brandId) || 0)
  const [sort, setSort] = useState<GoodsSort>('sales')
  const [failed, setFailed] = useState(false)
  const load = useCallback(
    () =>
      getBrands(true).then(
        (list) => {
          setBrands(list)
          setFailed(false)
          // The brand of the link while it is still listed, else the first.
          setBrandId((cur) => (!list.some((b) => b.id === cur) && list[0] ? list[0].id : cur))
        },
        () => setFailed(true),
      ),
    [],
  )
  useEffect(() => {
    load()
  }, [load])
  const brand = brands.find((b) => b.id === brandId)
  const goods = usePagedList((page, pageSize) => searchGoods({ brandId, sort, page, pageSize }), [brandId, sort], { enabled: !!brand, pageSize: 10 })
  useReachBottom(() => {
    goods.loadMore()
  })
  useShare(() => buildShare(ROUTES.cfExclusive, { title: brand ? `${brand.name}品牌专享` : '品牌专享', query: brand ? { brandId: brand.id } : {} }), [brand?.id])

  return (
    <PageLayout variant='back' title='品牌专享' className='cf-exclusive'>
      <View className='cf-exclusive__hero'>
        <Text className='cf-exclusive__slogan'>大牌专享 · 品质好物</Text>
        <Text className='cf-exclusive__tip'>正品保障 官方授权</Text>
      </View>
      {failed && (
        <View className='empty-hint' onClick={load}>
          加载失败，点击重试
        </View>
      )}
      <ScrollView scrollX className='cf-exclusive__brands' enhanced showScrollbar={false}>
        {brands.map((b) => (
          <View key={b.id} className={`cf-brand ${b.id === brandId ? 'cf-brand--active' : ''}`} onClick={() => setBrandId(b.id)}>
            <Image className='cf-brand__logo' src={assetUrl(b.logo)} mode='aspectFill' />
            <Text className='cf-brand__name'>{b.name}</Text>
          </View>
        ))}
      </ScrollView>
      {brand && (
        <View className='cf-exclusive__intro'>
          <Image className='cf-exclusive__intro-logo' src={assetUrl(brand.logo)} mode='aspectFill' />
          <View className='cf-exclusive__intro-text'>
            <Text className='cf-exclusive__intro-name'>{brand.name}</Text>
            <Text className='cf-exclusive__intro-desc'>{brand.intro}</Text>
            <Text className='cf-exclusive__intro-count'>{brand.goodsCount}件专享好物</Text>
          </View>
        </View>
      )}
      {brand && (
        <View className='cf-exclusive__sorts'>
          {SORTS.map((s) => (
            <Text key={s.key} className={`cf-exclusive__sort ${sort === s.key ? 'cf-exclusive__sort--active' : ''}`} onClick={() => setSort(s.key)}>
              {s.title}
            </Text>
          ))}
        </View>
      )}
      <GoodsGrid list={goods.list} />
      <ListFooter loading={goods.loading} finished={goods.finished} error={goods.error} empty={goods.loaded && !goods.list.length} emptyText='该品牌暂无商品' onRetry={goods.loadMore} />
    </PageLayout>
  )
}
