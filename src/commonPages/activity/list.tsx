import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { Tabs } from '@nutui/nutui-react-taro'
import type { ActivityStatus } from '@contract/content'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getActivities } from '@/api/content'
import { usePagedList } from '@/hooks/usePagedList'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { formatTime } from '@/utils/time'
import { STATUS_TEXT } from './status'
import '../content.scss'

type Filter = ActivityStatus | 'all'
const FILTERS: Array<{ key: Filter; title: string }> = [
  { key: 'all', title: '全部' },
  { key: 'ongoing', title: '进行中' },
  { key: 'upcoming', title: '未开始' },
  { key: 'ended', title: '已结束' },
]

/** Activities with their time window and status. */
export default function ActivityListPage() {
  const [filter, setFilter] = useState<Filter>('all')
  const list = usePagedList((page, size) => getActivities(filter, page, size), [filter], { pageSize: 10 })
  useReachBottom(() => {
    list.loadMore()
  })

  return (
    <PageLayout variant='back' title='活动中心'>
      <View className='gschool__tabs'>
        <Tabs value={filter} onChange={(v) => setFilter(v as Filter)}>
          {FILTERS.map((f) => (
            <Tabs.TabPane key={f.key} value={f.key} title={f.title} />
          ))}
        </Tabs>
      </View>
      <View className='content-list'>
        {list.list.map((a) => (
          <View key={a.id} className='activity-card' onClick={() => navigateTo(ROUTES.activityDetails, { id: a.id })}>
            {a.cover ? <Image className='activity-card__cover' src={assetUrl(a.cover)} mode='aspectFill' lazyLoad /> : null}
            <View className='activity-card__body'>
              <View className='activity-card__row'>
                <Text className='activity-card__title'>{a.title}</Text>
                <Text className={`activity-status activity-status--${a.status}`}>{STATUS_TEXT[a.status]}</Text>
              </View>
              {a.summary ? <Text className='content-card__summary'>{a.summary}</Text> : null}
              <Text className='activity-card__time'>
                {formatTime(a.startAt, 'MM-DD HH:mm')} 至 {formatTime(a.endAt, 'MM-DD HH:mm')}
              </Text>
            </View>
          </View>
        ))}
        <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无活动' onRetry={list.reload} onMore={list.loadMore} />
      </View>
    </PageLayout>
  )
}
