import { useEffect, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import type { ArticleDetail } from '@contract/article'
import PageLayout from '@/components/PageLayout'
import RichContent from '@/components/RichContent'
import { getArticleDetail } from '@/api/article'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { buildShare, useShare } from '@/platform/share'
import { formatTime } from '@/utils/time'
import '../content.scss'

/** One gender-school (or member) article. */
export default function GenderSchoolDetailsPage() {
  const { params } = useRouter()
  const id = Number(params.id)
  const [a, setA] = useState<ArticleDetail | null>(null)
  const [failed, setFailed] = useState(false)

  const load = () => {
    setFailed(false)
    getArticleDetail(id).then(setA).catch(() => setFailed(true))
  }
  useEffect(load, [id])

  useShare(() => buildShare(ROUTES.genderSchoolDetails, { title: a?.title, imageUrl: a ? assetUrl(a.cover) : undefined, query: { id } }), [a?.id])

  return (
    <PageLayout variant='back' title='文章详情'>
      {failed && (
        <View className='empty-hint' onClick={load}>
          文章不存在或加载失败，点击重试
        </View>
      )}
      {a && (
        <View className='content-detail'>
          <Text className='content-detail__title'>{a.title}</Text>
          <View className='content-detail__meta'>
            <Text>{a.author.nickname}</Text>
            <Text>{a.categoryName}</Text>
            <Text>{formatTime(a.publishedAt || a.updatedAt, 'YYYY-MM-DD')}</Text>
            <Text>{a.views}次阅读</Text>
          </View>
          <RichContent html={a.contentHtml} />
        </View>
      )}
    </PageLayout>
  )
}
