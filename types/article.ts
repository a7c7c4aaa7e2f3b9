import type { Page } from './envelope'
import { Enum, Id, Int, Obj, Opt, Paging, Str, Type, type Static } from './schema'

export const ARTICLE_TITLE_MAX = 60
/** Stored HTML after sanitising, in characters. */
export const ARTICLE_HTML_MAX = 100_000

export const ARTICLE_STATUSES = ['draft', 'published'] as const
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number]

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

/** GET /api/article/list: published articles of a category (0 or absent: all), by title keyword. */
export const ArticleListQuery = Paging({ categoryId: Opt(Int(0)), keyword: Opt(Str(30)) })
export type ArticleListQuery = Static<typeof ArticleListQuery>
/** GET /api/article/myList: the caller's drafts or published articles. */
export const MyArticlesQuery = Paging({ status: Opt(Enum(ARTICLE_STATUSES, { default: 'draft' })) })
export type MyArticlesQuery = Static<typeof MyArticlesQuery>

/** POST /api/article/save: saves a draft (new when id is absent); publishing is a separate step. Title length in characters is checked by the service. */
export const ArticleSaveRequest = Obj({
  id: Opt(Id()),
  title: Opt(Str(ARTICLE_TITLE_MAX * 2)),
  contentHtml: Str(400_000),
  cover: Opt(Str(512)),
  categoryId: Opt(Type.Union([Id(), Type.Null()])),
})
export type ArticleSaveRequest = Static<typeof ArticleSaveRequest>

/** POST /api/article/publish. */
export const ArticlePublishRequest = Obj({ id: Id(), title: Str(ARTICLE_TITLE_MAX * 2, 1), cover: Opt(Str(512)), categoryId: Id(), summary: Opt(Str(200)) })
export type ArticlePublishRequest = Static<typeof ArticlePublishRequest>
