import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import type { NoticeDetail } from '@contract/content'
import PageLayout from '@/components/PageLayout'
import RichContent from '@/components/RichContent'
import { getNoticeDetail } from '@/api/content'
import { formatTime } from '@/utils/time'
import '../content.scss'

export default function NoticeDetailsPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const [n, setN] = useState<NoticeDetail | null>(null)
  const [failed, setFailed] = useState(false)
  const load = () => {
    setFailed(false)
    getNoticeDetail(id).then(setN).catch(() => setFailed(true))
  }
  useEffect(load, [id])

  return (
    <PageLayout variant='back' title='公告详情'>
      {failed && (
        <View className='empty-hint' onClick={load}>
          公告不存在或加载失败，点击重试
        </View>
      )}
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
