import { Text, View } from '@tarojs/components'
import type { ArticleDetail } from '@contract/article'
import PageLayout from '@/components/PageLayout'
import { LoadEmptyState } from '@/components/EmptyState'
import RichContent from '@/components/RichContent'
import { getArticleDetail } from '@/api/article'
import { useLoadById } from '@/hooks/useLoadById'
import { assetUrl } from '@/core/request'
import { ROUTES } from '@/routes'
import { buildShare, useShare } from '@/platform/share'
import { formatTime } from '@/utils/time'
import '../content.scss'

/** One gender-school (or member) article. */
export default function GenderSchoolDetailsPage() {
  const { id, data: a, state, reload } = useLoadById<ArticleDetail>(getArticleDetail)

  useShare(() => buildShare(ROUTES.genderSchoolDetails, { title: a?.title, imageUrl: a ? assetUrl(a.cover) : undefined, query: { id: id ?? '' } }), [a?.id])

  return (
    <PageLayout variant='back' title='文章详情'>
      <LoadEmptyState state={state} missing='链接不完整，没有找到这篇文章' failed='文章不存在或加载失败' onRetry={reload} />
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
