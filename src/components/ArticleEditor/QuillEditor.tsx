import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { toast } from '@/core/toast'
import { useLatest } from '@/hooks/useLatest'
import { loadScript, loadStyle, QUILL_BASE } from './loadScript'
import type { ArticleEditorHandle, ArticleEditorProps } from './types'

/** Quill's toolbar draws icon-only buttons and pickers without names: each gets its Chinese name for screen readers. */
const TOOL_NAMES: Record<string, string> = {
  'ql-header': '段落格式',
  'ql-bold': '加粗',
  'ql-italic': '斜体',
  'ql-underline': '下划线',
  'ql-strike': '删除线',
  'ql-color': '文字颜色',
  'ql-list': '列表',
  'ql-align': '对齐',
  'ql-blockquote': '引用',
  'ql-link': '链接',
  'ql-image': '插入图片',
  'ql-clean': '清除格式',
}
function nameToolbar(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('.ql-toolbar button, .ql-toolbar .ql-picker').forEach((el) => {
    const cls = [...el.classList].find((c) => TOOL_NAMES[c])
    if (!cls) return
    const value = el.getAttribute('value')
    const name = cls === 'ql-list' ? (value === 'ordered' ? '编号列表' : '项目符号列表') : TOOL_NAMES[cls]
    // A picker's control is its label (role="button"); its options are named by Quill's data-label or value.
    const target = el.classList.contains('ql-picker') ? el.querySelector<HTMLElement>('.ql-picker-label') : el
    target?.setAttribute('aria-label', name)
    el.querySelectorAll<HTMLElement>('.ql-picker-item').forEach((item) => {
      if (!item.getAttribute('aria-label')) item.setAttribute('aria-label', item.dataset.label || item.dataset.value || '默认')
    })
  })
}

/**
 * H5: Quill and its image-resize module, loaded lazily from the shop's own server (only this page loads them).
 * Images are uploaded through /api/upload and inserted by URL (never as base64).
 */
const QuillEditor = forwardRef<ArticleEditorHandle, ArticleEditorProps>(function QuillEditor({ initialHtml = '', placeholder = '请输入正文…', uploadImage }, ref) {
  const host = useRef<HTMLDivElement | null>(null)
  const quill = useRef<any>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const initial = useLatest(initialHtml)
  // The editor is created once per mount (or on a retry): it reads the props as they are then.
  const props = useLatest({ placeholder, uploadImage })

  useImperativeHandle(ref, () => ({
    async getHtml() {
      const q = quill.current
      if (!q) return ''
      return q.getLength() <= 1 && !q.root.querySelector('img') ? '' : q.getSemanticHTML()
    },
  }))

  const mount = useCallback(async () => {
    const { placeholder, uploadImage } = props.current
    setState('loading')
    try {
      loadStyle(`${QUILL_BASE}/quill.snow.css`)
      await loadScript(`${QUILL_BASE}/quill.js`)
      await loadScript(`${QUILL_BASE}/quill-resize-module.js`)
      const Quill = (window as any).Quill
      const Resize = (window as any).QuillResizeModule
      if (!Quill || !host.current) throw new Error('no quill')
      if (Resize && !Quill.imports['modules/resize']) Quill.register('modules/resize', Resize)
      host.current.innerHTML = ''
      const box = document.createElement('div')
      host.current.appendChild(box)
      const q = new Quill(box, {
        theme: 'snow',
        placeholder,
        modules: {
          toolbar: {
            container: [
              [{ header: [2, 3, false] }],
              ['bold', 'italic', 'underline', 'strike'],
              [{ color: [] }],
              [{ list: 'ordered' }, { list: 'bullet' }],
              [{ align: [] }],
              ['blockquote', 'link', 'image'],
              ['clean'],
            ],
            handlers: {
              image: async () => {
                try {
                  const res = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
                  const path = res.tempFilePaths[0]
                  if (!path) return
                  Taro.showLoading({ title: '上传中' })
                  const url = await uploadImage(path).finally(() => Taro.hideLoading())
                  const range = q.getSelection(true)
                  q.insertEmbed(range ? range.index : q.getLength(), 'image', url, 'user')
                  q.setSelection((range ? range.index : q.getLength()) + 1, 0)
                } catch (e: any) {
                  if (e && !/cancel/i.test(String(e.errMsg || ''))) toast('图片上传失败')
                }
              },
            },
          },
          ...(Resize ? { resize: { locale: { altTip: '按住 Alt 保持比例', floatLeft: '居左', floatRight: '居右', center: '居中', restore: '还原' } } } : {}),
        },
      })
      nameToolbar(host.current)
      // Pictures in the text being edited: decoration for screen readers unless they carry their own alt.
      const altless = () => q.root.querySelectorAll('img:not([alt])').forEach((img: Element) => img.setAttribute('alt', ''))
      q.on('text-change', altless)
      if (initial.current) q.clipboard.dangerouslyPasteHTML(initial.current)
      quill.current = q
      setState('ready')
    } catch {
      setState('failed')
    }
  }, [initial, props])

  useEffect(() => {
    mount()
    return () => {
      quill.current = null
    }
  }, [mount])

  // Content that arrives after the editor is ready (editing an existing article).
  useEffect(() => {
    const q = quill.current
    if (q && initialHtml && q.getLength() <= 1) q.clipboard.dangerouslyPasteHTML(initialHtml)
  }, [initialHtml, state])

  return (
    <View className='article-editor article-editor--h5'>
      {state === 'loading' && <Text className='article-editor__hint'>编辑器加载中…</Text>}
      {state === 'failed' && (
        <Text className='article-editor__hint' onClick={mount}>
          编辑器加载失败，点击重试
        </Text>
      )}
      <div ref={host} className='article-editor__quill' />
    </View>
  )
})

export default QuillEditor
