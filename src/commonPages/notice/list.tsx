import { useReachBottom } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import PageLayout from '@/components/PageLayout'
import ListFooter from '@/components/ListFooter'
import { getNotices } from '@/api/content'
import { usePagedList } from '@/hooks/usePagedList'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { formatTime } from '@/utils/time'
import '../content.scss'

/** The shop's notices, pinned first. */
export default function NoticeListPage() {
  const list = usePagedList((page, size) => getNotices(page, size), [], { pageSize: 20 })
  useReachBottom(() => {
    list.loadMore()
  })

  return (
    <PageLayout variant='back' title='公告'>
      <View className='content-list'>
        {list.list.map((n) => (
          <View key={n.id} className='content-card' onClick={() => navigateTo(ROUTES.noticeDetails, { id: n.id })}>
            <View className='content-card__text'>
              <Text className='content-card__title'>
                {n.isTop && <Text className='content-card__top'>置顶</Text>}
                {n.title}
              </Text>
              {n.summary ? <Text className='content-card__summary'>{n.summary}</Text> : null}
              <Text className='content-card__meta'>
                {formatTime(n.createdAt, 'YYYY-MM-DD')} · {n.views}次浏览
              </Text>
            </View>
          </View>
        ))}
        <ListFooter loading={list.loading} finished={list.finished} error={list.error} empty={list.loaded && !list.list.length} emptyText='暂无公告' onRetry={list.reload} onMore={list.loadMore} />
      </View>
    </PageLayout>
  )
}
