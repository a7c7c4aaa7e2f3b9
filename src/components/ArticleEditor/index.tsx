import QuillEditor from './QuillEditor'
import MiniEditor from './MiniEditor'
import './index.scss'

export type { ArticleEditorHandle, ArticleEditorProps } from './types'

/** The article body editor: Quill on H5 (loaded from the shop's server), Taro's Editor in the mini-program. */
const ArticleEditor = process.env.TARO_ENV === 'h5' ? QuillEditor : MiniEditor
export default ArticleEditor
