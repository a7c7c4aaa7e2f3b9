import type { ArticleCategory, ArticleDetail, ArticlePage, ArticlePublishRequest, ArticleSaveRequest, ArticleStatus } from '@contract/article'
import { get, post, type RequestOptions } from '@/core/request'

const LIST: RequestOptions = { catch: true }

export const getArticleCategories = () => get<ArticleCategory[]>('/api/article/categoryList', undefined, { ...LIST, auth: false })
export const getArticles = (q: { categoryId?: number; keyword?: string; page: number; pageSize?: number }) => get<ArticlePage>('/api/article/list', q, { ...LIST, auth: false })
export const getArticleDetail = (id: number) => get<ArticleDetail>('/api/article/detail', { id }, LIST)
export const getMyArticles = (status: ArticleStatus, page: number, pageSize = 20) => get<ArticlePage>('/api/article/myList', { status, page, pageSize }, LIST)
export const saveArticle = (body: ArticleSaveRequest) => post<{ id: number; contentHtml: string }>('/api/article/save', body, { catch: true })
export const publishArticle = (body: ArticlePublishRequest) => post<ArticleDetail>('/api/article/publish', body, { catch: true })
export const deleteArticle = (id: number) => post<{ deleted: boolean }>('/api/article/delete', { id })
