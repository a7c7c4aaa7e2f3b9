import { useEffect, useRef, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View } from '@tarojs/components'
import { Button, Input } from '@nutui/nutui-react-taro'
import { ARTICLE_TITLE_MAX } from '@contract/article'
import PageLayout from '@/components/PageLayout'
import ArticleEditor, { type ArticleEditorHandle } from '@/components/ArticleEditor'
import { getArticleDetail, saveArticle } from '@/api/article'
import { uploadMedia } from '@/api/upload'
import { requireLogin } from '@/core/auth'
import { navigateTo, redirectTo } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { toast } from '@/core/toast'
import { ROUTES } from '@/routes'
import './article.scss'

/** Write or edit an article's body (text and images); save as a draft or go on to publish. */
export default function GraphicEditingPage() {
  const { params } = useRouter()
  // The article of the link, loaded once; a first save of a new article gives it an id without loading it.
  const linked = Number(params.id) > 0 ? Number(params.id) : undefined
  const [id, setId] = useState<number | undefined>(linked)
  const [title, setTitle] = useState('')
  const [initialHtml, setInitialHtml] = useState('')
  const [loaded, setLoaded] = useState(!params.id)
  const [saving, setSaving] = useState(false)
  const editor = useRef<ArticleEditorHandle>(null)

  useEffect(() => {
    if (!requireLogin() || !linked) return
    getArticleDetail(linked)
      .then((a) => {
        setTitle(a.title)
        setInitialHtml(a.contentHtml)
      })
      .catch(() => undefined)
      .finally(() => setLoaded(true))
  }, [linked])

  const save = async (next: boolean) => {
    if (saving || !requireLogin()) return
    const html = (await editor.current?.getHtml()) || ''
    if (!html.trim()) return toast('请输入文章内容')
    setSaving(true)
    try {
      const res = await saveArticle({ id, title: title.trim(), contentHtml: html })
      setId(res.id)
      if (next) navigateTo(ROUTES.articleRelease, { id: res.id })
      else {
        toast('草稿已保存', 'success')
        if (!id) redirectTo(ROUTES.articleEditing, { id: res.id })
      }
    } catch {
      // the reason was toasted
    } finally {
      setSaving(false)
    }
  }

  return (
    <PageLayout
      variant='back'
      title={id ? '编辑文章' : '写文章'}
      footer={
        <View className='article-actions'>
          <Button className='article-actions__btn' fill='outline' type='primary' loading={saving} onClick={() => save(false)}>
            保存草稿
          </Button>
          <Button className='article-actions__btn' type='primary' loading={saving} onClick={() => save(true)}>
            下一步
          </Button>
        </View>
      }
    >
      <View className='article-edit__title'>
        <Input value={title} maxLength={ARTICLE_TITLE_MAX} placeholder='请输入标题（发布前也可填写）' onChange={setTitle} clearable />
      </View>
      {loaded && <ArticleEditor ref={editor} initialHtml={initialHtml} uploadImage={async (path) => assetUrl((await uploadMedia(path)).url)} />}
    </PageLayout>
  )
}
