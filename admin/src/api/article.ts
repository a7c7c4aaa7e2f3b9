import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type { AdminArticleCategory, AdminArticleDetail, AdminArticlePage, AdminArticleQuery, ArticleCategoryInput, ArticleInput } from '@contract/adminContent'
import { del, get, post, put } from '../core/request'

// 文章
export const articleList = (q: AdminArticleQuery) => get<AdminArticlePage>('/articles', q)
export const articleDetail = (id: number) => get<AdminArticleDetail>(`/articles/${id}`)
export const createArticle = (body: ArticleInput) => post<IdReply>('/articles', body)
export const updateArticle = (id: number, body: ArticleInput) => put<IdReply>(`/articles/${id}`, body)
export const publishArticle = (id: number) => post<OkReply>(`/articles/${id}/publish`)
export const unpublishArticle = (id: number) => post<OkReply>(`/articles/${id}/unpublish`)
export const deleteArticle = (id: number) => del<OkReply>(`/articles/${id}`)
export const articleCategories = () => get<AdminArticleCategory[]>('/article-categories')
export const articleCategoryApi = {
  create: (body: ArticleCategoryInput) => post<IdReply>('/article-categories', body),
  update: (id: number, body: ArticleCategoryInput) => put<IdReply>(`/article-categories/${id}`, body),
  remove: (id: number) => del<OkReply>(`/article-categories/${id}`),
}
