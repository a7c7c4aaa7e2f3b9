import type { Page } from './envelope'

export const ARTICLE_TITLE_MAX = 60
/** Stored HTML after sanitising, in characters. */
export const ARTICLE_HTML_MAX = 100_000

export type ArticleStatus = 'draft' | 'published'

export interface ArticleCategory {
  id: number
  name: string
  icon: string
}

export interface ArticleSummary {
  id: number
  title: string
  cover: string
  summary: string
  categoryId: number | null
  categoryName: string
  status: ArticleStatus
  views: number
  author: { id: number | null; nickname: string; avatar: string }
  publishedAt: number | null
  updatedAt: number
}

export interface ArticleDetail extends ArticleSummary {
  /** Sanitised HTML (see docs/content.md for the allow-list). */
  contentHtml: string
  isOwner: boolean
}

export type ArticlePage = Page<ArticleSummary>

/** Saves a draft (new when id is absent). Publishing is a separate step. */
export interface ArticleSaveRequest {
  id?: number
  title: string
  contentHtml: string
  cover?: string
  categoryId?: number | null
}

export interface ArticlePublishRequest {
  id: number
  title: string
  cover: string
  categoryId: number
  summary?: string
}
