import { useEffect, useState } from 'react'
import Taro, { useRouter } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { Button, Input, TextArea } from '@nutui/nutui-react-taro'
import { Plus } from '@nutui/icons-react-taro'
import type { ArticleCategory } from '@contract/article'
import { ARTICLE_TITLE_MAX } from '@contract/article'
import PageLayout from '@/components/PageLayout'
import { getArticleCategories, getArticleDetail, publishArticle } from '@/api/article'
import { uploadMedia } from '@/api/upload'
import { requireLogin } from '@/core/auth'
import { queryId } from '@/hooks/useLoadById'
import { redirectTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import './article.scss'

/** Publish an article: title, cover, category and summary. */
export default function ArticleReleasePage() {
  const { params } = useRouter()
  const id = queryId(params.id) ?? 0
  const [title, setTitle] = useState('')
  const [cover, setCover] = useState('')
  const [summary, setSummary] = useState('')
  const [categoryId, setCategoryId] = useState<number | null>(null)
  const [categories, setCategories] = useState<ArticleCategory[]>([])
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!requireLogin()) return
    getArticleCategories()
      .then(setCategories)
      .catch(() => undefined)
    if (id > 0)
      getArticleDetail(id)
        .then((a) => {
          setTitle(a.title)
          setCover(a.cover)
          setSummary(a.summary)
          setCategoryId(a.categoryId)
        })
        .catch(() => undefined)
  }, [id])

  const pickCover = async () => {
    try {
      const res = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
      if (!res.tempFilePaths[0]) return
      Taro.showLoading({ title: '上传中' })
      const up = await uploadMedia(res.tempFilePaths[0]).finally(() => Taro.hideLoading())
      setCover(up.url)
    } catch (e: any) {
      if (e && !/cancel/i.test(String(e.errMsg || ''))) toast('封面上传失败')
    }
  }

  const publish = async () => {
    if (!(id > 0)) return toast('请先编辑文章内容')
    if (!title.trim()) return toast('请输入文章标题')
    if (!categoryId) return toast('请选择文章分类')
    setBusy(true)
    try {
      await publishArticle({ id, title: title.trim(), cover, categoryId, summary: summary.trim() })
      toast('发布成功', 'success')
      setTimeout(() => redirectTo(ROUTES.myArticle, { tab: 'published' }), 800)
    } catch {
      setBusy(false)
    }
  }

  return (
    <PageLayout
      variant='back'
      title='发布文章'
      footer={
        <View className='article-actions'>
          <Button className='article-actions__btn' type='primary' block loading={busy} onClick={publish}>
            发布
          </Button>
        </View>
      }
    >
      <View className='article-form'>
        <Text className='article-form__label'>标题</Text>
        <Input value={title} maxLength={ARTICLE_TITLE_MAX} placeholder='请输入文章标题' onChange={setTitle} clearable />
      </View>
      <View className='article-form'>
        <Text className='article-form__label'>封面</Text>
        <View className='article-form__cover' onClick={pickCover}>
          {cover ? (
            <Image className='article-form__cover-img' src={assetUrl(cover)} mode='aspectFill' />
          ) : (
            <View className='article-form__cover-empty'>
              <Plus size={24} />
              <Text>上传封面（不传则用正文第一张图）</Text>
            </View>
          )}
        </View>
      </View>
      <View className='article-form'>
        <Text className='article-form__label'>分类</Text>
        <View className='article-form__cats'>
          {categories.map((c) => (
            <Text key={c.id} className={`article-form__cat ${categoryId === c.id ? 'article-form__cat--on' : ''}`} onClick={() => setCategoryId(c.id)}>
              {c.name}
            </Text>
          ))}
        </View>
      </View>
      <View className='article-form'>
        <Text className='article-form__label'>摘要（选填）</Text>
        <TextArea value={summary} maxLength={120} showCount placeholder='不填则取正文开头' onChange={setSummary} />
      </View>
    </PageLayout>
  )
}
