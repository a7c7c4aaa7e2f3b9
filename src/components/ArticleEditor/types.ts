export interface ArticleEditorHandle {
  /** The editor's HTML (sanitised again by the server when saved). */
  getHtml(): Promise<string>
}

export interface ArticleEditorProps {
  initialHtml?: string
  placeholder?: string
  /** Uploads a picked image and returns its URL for the editor. */
  uploadImage: (filePath: string) => Promise<string>
}
