/**
 * Rich text (goods detail, notices): Quill 2 with the snow toolbar; pictures go through the console's upload.
 * A form control: `value` / `onChange` as HTML (the server sanitises it like articles).
 */
import { useEffect, useRef } from 'react'
import Quill from 'quill'
import 'quill/dist/quill.snow.css'
import './richText.css'
import { uploadImage } from '../api/goods'
import { errorText, toast } from '../core/feedback'
import { useLatest } from '../hooks/useLatest'

const TOOLBAR = [[{ header: [2, 3, false] }], ['bold', 'italic', 'underline', { color: [] }], [{ list: 'ordered' }, { list: 'bullet' }, { align: [] }], ['image', 'link'], ['clean']]

/** Quill's icon-only toolbar buttons and pickers get Chinese names (axe: button-name, aria-command-name). */
const TOOL_NAMES: Record<string, string> = {
  header: '段落格式',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  color: '文字颜色',
  align: '对齐',
  image: '插入图片',
  link: '链接',
  clean: '清除格式',
}
function nameToolbar(root: HTMLElement) {
  root.querySelectorAll<HTMLElement>('.ql-toolbar button, .ql-toolbar .ql-picker').forEach((el) => {
    const kind = [...el.classList].map((c) => c.replace(/^ql-/, '')).find((c) => c === 'list' || TOOL_NAMES[c])
    if (!kind) return
    const name = kind === 'list' ? (el.getAttribute('value') === 'ordered' ? '编号列表' : '项目符号列表') : TOOL_NAMES[kind]
    ;(el.classList.contains('ql-picker') ? el.querySelector('.ql-picker-label') : el)?.setAttribute('aria-label', name)
    el.querySelectorAll<HTMLElement>('.ql-picker-item').forEach((item) => item.setAttribute('aria-label', item.dataset.label || item.dataset.value || '默认'))
  })
}

/** A picture's text for screen readers (axe: image-alt) where the HTML gives none: the demo's and older details have none. */
const IMAGE_ALT = '详情图片'
const withAlt = (html: string) => html.replace(/<img\b(?![^>]*\salt=)/gi, `<img alt="${IMAGE_ALT}"`)

export function RichText({ value, onChange, placeholder }: { value?: string; onChange?: (html: string) => void; placeholder?: string }) {
  const host = useRef<HTMLDivElement>(null)
  const quill = useRef<Quill | null>(null)
  const change = useLatest(onChange)
  // The editor is created once per mount from the first props; later values are not pasted over what is typed.
  const first = useRef({ value, placeholder })

  useEffect(() => {
    const { value, placeholder } = first.current
    if (!host.current || quill.current) return
    const editor = document.createElement('div')
    host.current.appendChild(editor)
    const q = new Quill(editor, { theme: 'snow', placeholder, modules: { toolbar: { container: TOOLBAR, handlers: { image: () => pickImage(q) } } } })
    nameToolbar(host.current)
    if (value) q.clipboard.dangerouslyPasteHTML(withAlt(value))
    q.on('text-change', () => change.current?.(q.getLength() > 1 ? q.getSemanticHTML() : ''))
    quill.current = q
  }, [change])

  // A value set from outside (the goods loaded after the editor): shown once, without moving the caret while typing.
  useEffect(() => {
    const q = quill.current
    if (q && value !== undefined && value !== (q.getLength() > 1 ? q.getSemanticHTML() : '')) {
      if (!q.hasFocus()) q.clipboard.dangerouslyPasteHTML(withAlt(value || ''))
    }
  }, [value])

  return <div ref={host} className='admin-rich-text' />
}

function pickImage(q: Quill) {
  const input = document.createElement('input')
  input.type = 'file'
  input.accept = 'image/png,image/jpeg,image/webp,image/gif'
  input.onchange = async () => {
    const file = input.files?.[0]
    if (!file) return
    try {
      const { url } = await uploadImage(file)
      const at = q.getSelection(true)?.index ?? q.getLength()
      // As HTML, so the picture carries its alt (an embed inserted by insertEmbed has none).
      q.clipboard.dangerouslyPasteHTML(at, `<img src="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" alt="${IMAGE_ALT}">`, 'user')
      q.setSelection(at + 1)
    } catch (e) {
      toast.error(errorText(e))
    }
  }
  input.click()
}
