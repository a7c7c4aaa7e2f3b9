import { forwardRef, useImperativeHandle, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { Editor, View, Text } from '@tarojs/components'
import { toast } from '@/core/toast'
import type { ArticleEditorHandle, ArticleEditorProps } from './types'

const TOOLS: Array<{ name: string; value?: string; label: string }> = [
  { name: 'header', value: 'H2', label: '标题' },
  { name: 'bold', label: '粗体' },
  { name: 'italic', label: '斜体' },
  { name: 'underline', label: '下划线' },
  { name: 'list', value: 'ordered', label: '编号' },
  { name: 'list', value: 'bullet', label: '列表' },
  { name: 'align', value: 'center', label: '居中' },
]

/** Mini-program: Taro's Editor component with a small toolbar; images upload through /api/upload. */
const MiniEditor = forwardRef<ArticleEditorHandle, ArticleEditorProps>(function MiniEditor({ initialHtml = '', placeholder = '请输入正文…', uploadImage }, ref) {
  const ctx = useRef<any>(null)
  const [formats, setFormats] = useState<Record<string, unknown>>({})

  useImperativeHandle(ref, () => ({
    getHtml: () =>
      new Promise<string>((resolve) => {
        if (!ctx.current) return resolve('')
        ctx.current.getContents({ success: (res: any) => resolve(res.text?.trim() || /<img/.test(res.html || '') ? res.html || '' : ''), fail: () => resolve('') })
      }),
  }))

  const onReady = () => {
    Taro.createSelectorQuery()
      .select('#article-editor')
      .context((res: any) => {
        ctx.current = res?.context
        if (initialHtml && ctx.current) ctx.current.setContents({ html: initialHtml })
      })
      .exec()
  }

  const format = (name: string, value?: string) => ctx.current?.format(name, value)

  const insertImage = async () => {
    try {
      const res = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
      const path = res.tempFilePaths[0]
      if (!path) return
      Taro.showLoading({ title: '上传中' })
      const url = await uploadImage(path).finally(() => Taro.hideLoading())
      ctx.current?.insertImage({ src: url, width: '100%', alt: '图片' })
    } catch (e: any) {
      if (e && !/cancel/i.test(String(e.errMsg || ''))) toast('图片上传失败')
    }
  }

  return (
    <View className='article-editor article-editor--mini'>
      <View className='article-editor__toolbar'>
        {TOOLS.map((t) => (
          <Text
            key={`${t.name}-${t.value || ''}`}
            className={`article-editor__tool ${formats[t.name] && (!t.value || formats[t.name] === t.value) ? 'article-editor__tool--on' : ''}`}
            onClick={() => format(t.name, t.value)}
          >
            {t.label}
          </Text>
        ))}
        <Text className='article-editor__tool' onClick={insertImage}>
          图片
        </Text>
        <Text className='article-editor__tool' onClick={() => ctx.current?.undo()}>
          撤销
        </Text>
      </View>
      <Editor
        id='article-editor'
        className='article-editor__body'
        placeholder={placeholder}
        showImgResize
        showImgSize
        showImgToolbar
        onReady={onReady}
        onStatusChange={(e: any) => setFormats(e.detail || {})}
      />
    </View>
  )
})

export default MiniEditor
