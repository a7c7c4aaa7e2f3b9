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

const TOOLBAR = [[{ header: [2, 3, false] }], ['bold', 'italic', 'underline', { color: [] }], [{ list: 'ordered' }, { list: 'bullet' }, { align: [] }], ['image', 'link'], ['clean']]

export function RichText({ value, onChange, placeholder }: { value?: string; onChange?: (html: string) => void; placeholder?: string }) {
  const host = useRef<HTMLDivElement>(null)
  const quill = useRef<Quill | null>(null)
  const change = useRef(onChange)
  change.current = onChange

  useEffect(() => {
    if (!host.current || quill.current) return
    const editor = document.createElement('div')
    host.current.appendChild(editor)
    const q = new Quill(editor, { theme: 'snow', placeholder, modules: { toolbar: { container: TOOLBAR, handlers: { image: () => pickImage(q) } } } })
    if (value) q.clipboard.dangerouslyPasteHTML(value)
    q.on('text-change', () => change.current?.(q.getLength() > 1 ? q.getSemanticHTML() : ''))
    quill.current = q
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the editor is created once per mount; later values are not pasted over what is typed
  }, [])

  // A value set from outside (the goods loaded after the editor): shown once, without moving the caret while typing.
  useEffect(() => {
    const q = quill.current
    if (q && value !== undefined && value !== (q.getLength() > 1 ? q.getSemanticHTML() : '')) {
      if (!q.hasFocus()) q.clipboard.dangerouslyPasteHTML(value || '')
    }
  }, [value])

  return <div ref={host} className="admin-rich-text" />
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
      q.insertEmbed(at, 'image', url, 'user')
      q.setSelection(at + 1)
    } catch (e) {
      toast.error(errorText(e))
    }
  }
  input.click()
}
