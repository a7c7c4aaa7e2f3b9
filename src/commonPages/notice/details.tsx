import { Text, View } from '@tarojs/components'
import type { NoticeDetail } from '@contract/content'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import RichContent from '@/components/RichContent'
import { getNoticeDetail } from '@/api/content'
import { useLoadById } from '@/hooks/useLoadById'
import { formatTime } from '@/utils/time'
import '../content.scss'

export default function NoticeDetailsPage() {
  const { data: n, state, reload } = useLoadById<NoticeDetail>(getNoticeDetail)

  return (
    <PageLayout variant='back' title='公告详情'>
      <LoadEmptyState state={state} missing='链接不完整，没有找到这条公告' failed='公告不存在或加载失败' onRetry={reload} />
      {n && (
        <View className='content-detail'>
          <Text className='content-detail__title'>{n.title}</Text>
          <View className='content-detail__meta'>
            <Text>{formatTime(n.createdAt)}</Text>
            <Text>{n.views}次浏览</Text>
          </View>
          <RichContent html={n.contentHtml} />
        </View>
      )}
    </PageLayout>
  )
}
