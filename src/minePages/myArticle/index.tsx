import { useState } from 'react'
import { useDidShow, useRouter } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { Button, Tabs } from '@nutui/nutui-react-taro'
import type { ArticleStatus, ArticleSummary } from '@contract/article'
import PageLayout from '@/components/PageLayout'
import { deleteArticle, getMyArticles } from '@/api/article'
import { requireLogin } from '@/core/auth'
import { navigateTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { confirm, toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import { fromNow } from '@/utils/time'
import './article.scss'

const TABS: Array<{ key: ArticleStatus; title: string }> = [
  { key: 'draft', title: '草稿' },
  { key: 'published', title: '已发布' },
]

/** My articles: drafts and published, edit, publish, delete, write a new one. */
export default function MyArticlePage() {
  const { params } = useRouter()
  const [tab, setTab] = useState<ArticleStatus>(params.tab === 'published' ? 'published' : 'draft')
  const [lists, setLists] = useState<Record<ArticleStatus, ArticleSummary[] | null>>({ draft: null, published: null })

  const load = async (status: ArticleStatus) => {
    try {
      const res = await getMyArticles(status, 1, 50)
      setLists((l) => ({ ...l, [status]: res.list }))
    } catch {
      setLists((l) => ({ ...l, [status]: l[status] || [] }))
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load('draft')
    load('published')
  })

  const remove = async (a: ArticleSummary) => {
    if (!(await confirm(`确定删除“${a.title || '未命名文章'}”吗？`))) return
    await deleteArticle(a.id)
    setLists((l) => ({ ...l, [a.status]: (l[a.status] || []).filter((x) => x.id !== a.id) }))
    toast('已删除')
  }

  const list = lists[tab]
  return (
    <PageLayout
      variant='back'
      title='我的文章'
      footer={
        <View className='article-actions'>
          <Button className='article-actions__btn' type='primary' block onClick={() => navigateTo(ROUTES.articleEditing)}>
            写文章
          </Button>
        </View>
      }
    >
      <Tabs value={tab} onChange={(v) => setTab(v as ArticleStatus)}>
        {TABS.map((t) => (
          <Tabs.TabPane key={t.key} value={t.key} title={`${t.title}${lists[t.key] ? ` ${lists[t.key]!.length}` : ''}`} />
        ))}
      </Tabs>
      {list === null && <View className='empty-hint'>加载中…</View>}
      {list && list.length === 0 && <View className='empty-hint'>{tab === 'draft' ? '没有草稿' : '还没有发布文章'}</View>}
      {list?.map((a) => (
        <View key={a.id} className='my-article'>
          <View className='my-article__main' onClick={() => (a.status === 'published' ? navigateTo(ROUTES.genderSchoolDetails, { id: a.id }) : navigateTo(ROUTES.articleEditing, { id: a.id }))}>
            <View className='my-article__text'>
              <Text className='my-article__title'>{a.title || '未命名文章'}</Text>
              <Text className='my-article__summary'>{a.summary}</Text>
              <Text className='my-article__meta'>
                {a.categoryName || '未分类'} · {a.status === 'published' ? `${a.views}次阅读 · ` : ''}
                {fromNow(a.updatedAt)}
              </Text>
            </View>
            {a.cover ? <Image className='my-article__cover' src={assetUrl(a.cover)} mode='aspectFill' /> : null}
          </View>
          <View className='my-article__ops'>
            <Text className='my-article__op' onClick={() => navigateTo(ROUTES.articleEditing, { id: a.id })}>
              编辑
            </Text>
            {a.status === 'draft' && (
              <Text className='my-article__op my-article__op--primary' onClick={() => navigateTo(ROUTES.articleRelease, { id: a.id })}>
                发布
              </Text>
            )}
            <Text className='my-article__op my-article__op--danger' onClick={() => remove(a)}>
              删除
            </Text>
          </View>
        </View>
      ))}
    </PageLayout>
  )
}
