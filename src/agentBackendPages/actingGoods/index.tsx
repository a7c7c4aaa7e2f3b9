import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text, Image, ScrollView } from '@tarojs/components'
import { Button, Checkbox, Popup, Tabs } from '@nutui/nutui-react-taro'
import type { ActingGoods, ActingGoodsTab, CatalogueGoods } from '@contract/agent'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { addActingGoods, getActingGoods, getCatalogue, removeActingGoods, setActingGoodsStatus } from '@/api/agent'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { confirm, toast } from '@/core/toast'
import { useDialogFocus } from '@/hooks/useDialogFocus'
import { ROUTES } from '@/routes'
import { usePagedList } from '@/hooks/usePagedList'
import { yuan } from '@/utils/money'
import { useReviewMode } from '@/platform/reviewMode'
import SearchBox from '../components/SearchBox'
import { leaveIfNotAgent, rateText, useLoginOnce } from '../components/shared'
import '../components/agent.scss'
import './index.scss'

const TABS: Array<{ value: ActingGoodsTab; title: string }> = [
  { value: 'all', title: '全部' },
  { value: 'on', title: '在售' },
  { value: 'off', title: '已下架' },
]

/** The goods the agent resells: choose from the platform catalogue, on / off the shop's shelf, share, remove. */
export default function ActingGoodsIndexPage() {
  const reviewMode = useReviewMode()
  const logged = useLoginOnce()
  const [tab, setTab] = useState<ActingGoodsTab>('all')
  const [keyword, setKeyword] = useState('')
  const [picking, setPicking] = useState(false)

  const list = usePagedList<ActingGoods>(
    (page, pageSize) =>
      getActingGoods({ tab, keyword, page, pageSize }, { catch: true }).catch((e) => {
        leaveIfNotAgent(e)
        throw e
      }),
    [tab, keyword],
    { enabled: logged, key: (g) => g.goodsId },
  )
  useReachBottom(() => list.loadMore())

  const toggle = async (g: ActingGoods) => {
    const next = g.status === 'on' ? 'off' : 'on'
    try {
      await setActingGoodsStatus(g.goodsId, next)
      toast(next === 'on' ? '已上架' : '已下架', 'success')
      list.reload()
    } catch {
      // shown by the request client
    }
  }
  const remove = async (g: ActingGoods) => {
    if (!(await confirm(`从店铺移除「${g.name}」？移除后不再产生该商品的佣金。`))) return
    await removeActingGoods(g.goodsId)
    toast('已移除')
    list.removeWhere((x) => x.goodsId === g.goodsId)
  }

  return (
    <PageLayout
      variant='back'
      title='代理商品'
      footer={
        <View className='acting-footer'>
          <Button type='primary' block onClick={() => setPicking(true)}>
            从商品库添加
          </Button>
        </View>
      }
    >
      <View className='agent-sticky'>
        <View className='agent-search'>
          <SearchBox placeholder='搜索店铺商品' onSearch={setKeyword} />
        </View>
        <Tabs value={tab} onChange={(v) => setTab(v as ActingGoodsTab)} activeType='line'>
          {TABS.map((t) => (
            <Tabs.TabPane key={t.value} value={t.value} title={t.title} />
          ))}
        </Tabs>
      </View>
      {list.list.map((g) => {
        const platformOff = g.platformStatus === 'off'
        return (
          <View key={g.goodsId} className='acting-card'>
            <View className='acting-card__top' onClick={() => navigateTo(ROUTES.goodsDetails, { id: g.goodsId })}>
              <Image className='agent-thumb' src={assetUrl(g.mainImage)} mode='aspectFill' />
              <View className='acting-card__info'>
                <Text className='acting-card__name agent-ellipsis-2'>{g.name}</Text>
                <View className='acting-card__tags'>
                  <Text className={`agent-tag agent-tag--${platformOff ? 'off' : g.status}`}>{platformOff ? '平台已下架' : g.status === 'on' ? '在售' : '已下架'}</Text>
                  <Text className='acting-card__meta'>
                    销量 {g.sales} · 近30天浏览 {g.views}
                  </Text>
                </View>
                <View className='acting-card__price'>
                  <Text className='agent-money'>¥{yuan(g.price)}</Text>
                  <Text className='acting-card__commission'>
                    赚 ¥{yuan(g.commission)}（{rateText(g.commissionRate)}）
                  </Text>
                </View>
              </View>
            </View>
            <View className='acting-card__actions'>
              <Text className='acting-card__btn' onClick={() => remove(g)}>
                移除
              </Text>
              {!platformOff && (
                <Text className='acting-card__btn' onClick={() => toggle(g)}>
                  {g.status === 'on' ? '下架' : '上架'}
                </Text>
              )}
              {g.status === 'on' && !platformOff && (
                <Text className='acting-card__btn acting-card__btn--primary' onClick={() => navigateTo(ROUTES.agentGoodsShare, { goodsId: g.goodsId })}>
                  {reviewMode ? '分享' : '分享赚佣金'}
                </Text>
              )}
            </View>
          </View>
        )
      })}
      <ListFooter
        loading={list.loading}
        finished={list.finished}
        error={list.error}
        empty={list.loaded && !list.list.length}
        emptyText={keyword ? '没有找到相关商品' : '店铺还没有商品，点击下方从商品库添加'}
        onRetry={list.reload}
      />
      <CataloguePicker
        visible={picking}
        onClose={() => setPicking(false)}
        onAdded={() => {
          setPicking(false)
          list.reload()
        }}
      />
    </PageLayout>
  )
}

/** The platform catalogue in a bottom sheet: search, tick goods, add them to the shop's shelf. */
function CataloguePicker({ visible, onClose, onAdded }: { visible: boolean; onClose: () => void; onAdded: () => void }) {
  const [keyword, setKeyword] = useState('')
  const [chosen, setChosen] = useState<number[]>([])
  const dialogClass = useDialogFocus(visible, '从商品库添加', onClose)
  const [saving, setSaving] = useState(false)
  const list = usePagedList<CatalogueGoods>((page, pageSize) => getCatalogue({ keyword, page, pageSize }, { catch: true }), [keyword, visible], { enabled: visible, key: (g) => g.goodsId })

  const flip = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length >= 50 ? c : [...c, id]))
  const add = async () => {
    if (!chosen.length) return toast('请选择商品')
    setSaving(true)
    try {
      const r = await addActingGoods(chosen)
      toast(`已添加${r.added}件商品`, 'success')
      setChosen([])
      onAdded()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Popup visible={visible} position='bottom' round closeable className={dialogClass} onClose={onClose} title='从商品库添加'>
      <View className='picker'>
        <View className='agent-search'>
          <SearchBox placeholder='搜索平台商品' onSearch={setKeyword} />
        </View>
        <ScrollView scrollY className='picker__list' onScrollToLower={() => list.loadMore()} lowerThreshold={50}>
          {list.list.map((g) => (
            <View key={g.goodsId} className={`picker__row ${g.added ? 'is-added' : ''}`} onClick={() => !g.added && flip(g.goodsId)}>
              <Checkbox checked={g.added || chosen.includes(g.goodsId)} disabled={g.added} />
              <Image className='picker__thumb' src={assetUrl(g.mainImage)} mode='aspectFill' />
              <View className='picker__info'>
                <Text className='picker__name agent-ellipsis-2'>{g.name}</Text>
                <View className='picker__price'>
                  <Text className='agent-money'>¥{yuan(g.price)}</Text>
                  <Text className='acting-card__commission'>{g.added ? '已在店铺' : `赚 ¥${yuan(g.commission)}`}</Text>
                </View>
              </View>
            </View>
          ))}
          <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='没有找到商品' onRetry={list.reload} />
        </ScrollView>
        <View className='picker__bar'>
          <Text className='picker__count'>已选 {chosen.length} 件</Text>
          <Button type='primary' loading={saving} disabled={!chosen.length} onClick={add}>
            加入店铺
          </Button>
        </View>
      </View>
    </Popup>
  )
}
