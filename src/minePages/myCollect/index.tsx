import { View } from '@tarojs/components'
import { Checkbox, Button } from '@nutui/nutui-react-taro'
import PageLayout from '@/components/PageLayout'
import GoodsCard from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { getCollectList, uncollectGoods } from '@/api/goods'
import { useEditMode } from '@/hooks/useEditMode'
import { useOwnPagedList } from '@/hooks/useOwnPagedList'
import { confirm, toast } from '@/core/toast'
import './index.scss'

/** My collects: newest first, paged; 管理 switches to edit mode to remove several at once. */
export default function MyCollectIndexPage() {
  const edit = useEditMode<number>()
  const { selected, setSelected } = edit
  const list = useOwnPagedList((page, pageSize) => getCollectList(page, pageSize), [], { key: (c) => c.id })

  const allSelected = list.list.length > 0 && list.list.every((c) => selected.includes(c.goodsId))
  const remove = async (goodsIds: number[]) => {
    if (!goodsIds.length) return toast('请选择要取消收藏的商品')
    if (!(await confirm(`确定取消收藏这${goodsIds.length}件商品吗？`))) return
    await uncollectGoods(goodsIds)
    list.removeWhere((c) => goodsIds.includes(c.goodsId))
    setSelected([])
    toast('已取消收藏')
    list.reload()
  }

  const bar = (
    <View className='collect-bar'>
      <Checkbox checked={allSelected} onChange={(v) => setSelected(v ? list.list.map((c) => c.goodsId) : [])} label='全选' />
      <Button className='collect-bar__btn' type='primary' onClick={() => remove(selected)}>
        取消收藏{selected.length ? `（${selected.length}）` : ''}
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='我的收藏' className='my-collect' {...edit.pageProps(list.list.length > 0, 'my-collect__edit', bar)}>
      {list.loaded && list.total > 0 && <View className='my-collect__count'>共收藏{list.total}件商品</View>}
      {list.list.map((c) => (
        <GoodsCard key={c.id} goods={c.goods} layout='row' className='my-collect__item' {...edit.rowProps(c.goodsId, 'my-collect__check')} />
      ))}
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='还没有收藏商品，去逛逛吧' onRetry={list.loadMore} />
    </PageLayout>
  )
}
