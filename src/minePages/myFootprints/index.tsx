import { View, Text } from '@tarojs/components'
import { Button } from '@nutui/nutui-react-taro'
import PageLayout from '@/components/PageLayout'
import GoodsCard from '@/components/GoodsCard'
import ListFooter from '@/components/ListFooter'
import { deleteFootprints, getFootprintList } from '@/api/goods'
import { useEditMode } from '@/hooks/useEditMode'
import { useOwnPagedList } from '@/hooks/useOwnPagedList'
import { confirm, toast } from '@/core/toast'
import { dayLabel, groupByDay } from '@/utils/time'
import './index.scss'

/** My footprints, grouped by day (newest first); delete single ones, a whole day, or everything. */
export default function MyFootprintsIndexPage() {
  const edit = useEditMode<number>()
  const { selected, setSelected } = edit
  const list = useOwnPagedList((page, pageSize) => getFootprintList(page, pageSize), [], { pageSize: 20 })

  const days = groupByDay(list.list)

  const removeIds = async (ids: number[]) => {
    if (!ids.length) return toast('请选择要删除的足迹')
    await deleteFootprints({ ids })
    list.removeWhere((f) => ids.includes(f.id))
    setSelected((s) => s.filter((x) => !ids.includes(x)))
    toast('已删除')
    list.reload()
  }
  const removeDay = async (day: string) => {
    if (!(await confirm(`确定删除${dayLabel(day)}的全部足迹吗？`))) return
    await deleteFootprints({ day })
    list.removeWhere((f) => f.day === day)
    toast('已删除')
    list.reload()
  }
  const removeAll = async () => {
    if (!(await confirm('确定清空全部足迹吗？'))) return
    await deleteFootprints({ all: true })
    edit.leave()
    toast('足迹已清空')
    list.reload()
  }

  const bar = (
    <View className='footprint-bar'>
      <Button className='footprint-bar__btn' onClick={removeAll}>
        清空足迹
      </Button>
      <Button className='footprint-bar__btn' type='primary' onClick={() => removeIds(selected)}>
        删除{selected.length ? `（${selected.length}）` : ''}
      </Button>
    </View>
  )

  return (
    <PageLayout variant='back' title='我的足迹' className='my-footprints' {...edit.pageProps(list.list.length > 0, 'my-footprints__edit', bar)}>
      {days.map((d) => (
        <View key={d.day} className='footprint-day'>
          <View className='footprint-day__head'>
            <Text className='footprint-day__title'>{dayLabel(d.day)}</Text>
            <Text className='footprint-day__del' onClick={() => removeDay(d.day)}>
              删除当天
            </Text>
          </View>
          {d.items.map((f) => (
            <GoodsCard
              key={f.id}
              goods={f.goods}
              layout='row'
              showTags={false}
              className='footprint-day__item'
              {...edit.rowProps(f.id, 'footprint-day__check')}
              extra={
                edit.editing ? undefined : (
                  <Text
                    className='footprint-day__remove'
                    onClick={(e) => {
                      e.stopPropagation()
                      removeIds([f.id])
                    }}
                  >
                    删除
                  </Text>
                )
              }
            />
          ))}
        </View>
      ))}
      <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无浏览足迹' onRetry={list.loadMore} />
    </PageLayout>
  )
}
