import type { OkReply } from '@contract/admin'
import type { IdReply } from '@contract/adminGoods'
import type {
  AdminArticleCategory,
  AdminArticleDetail,
  AdminArticlePage,
  AdminArticleQuery,
  AdminFeedbackPage,
  AdminFeedbackQuery,
  AdminReviewPage,
  AdminReviewQuery,
  AdminVideoCommentPage,
  AdminVideoCommentQuery,
  AdminVideoPage,
  AdminVideoQuery,
  ArticleCategoryInput,
  ArticleInput,
  WebLinkInput,
  WebLinksReply,
  WebviewHostInput,
} from '@contract/adminContent'
import type { ActivityInput, ActivityQuery, AdminActivity, AdminActivityPage } from '@contract/adminPromotions'
import { del, get, post, put } from '../core/request'

// 文章
export const articleList = (q: AdminArticleQuery) => get<AdminArticlePage>('/content/articles', q)
export const articleDetail = (id: number) => get<AdminArticleDetail>(`/content/articles/${id}`)
export const createArticle = (body: ArticleInput) => post<IdReply>('/content/articles', body)
export const updateArticle = (id: number, body: ArticleInput) => put<IdReply>(`/content/articles/${id}`, body)
export const publishArticle = (id: number) => post<OkReply>(`/content/articles/${id}/publish`)
export const unpublishArticle = (id: number) => post<OkReply>(`/content/articles/${id}/unpublish`)
export const deleteArticle = (id: number) => del<OkReply>(`/content/articles/${id}`)
export const articleCategories = () => get<AdminArticleCategory[]>('/content/article-categories')
export const articleCategoryApi = {
  create: (body: ArticleCategoryInput) => post<IdReply>('/content/article-categories', body),
  update: (id: number, body: ArticleCategoryInput) => put<IdReply>(`/content/article-categories/${id}`, body),
  remove: (id: number) => del<OkReply>(`/content/article-categories/${id}`),
}

// 网页链接
export const webLinks = () => get<WebLinksReply>('/content/web-links')
export const webLinkApi = {
  create: (body: WebLinkInput) => post<IdReply>('/content/web-links', body),
  update: (id: number, body: WebLinkInput) => put<IdReply>(`/content/web-links/${id}`, body),
  remove: (id: number) => del<OkReply>(`/content/web-links/${id}`),
}
export const addHost = (body: WebviewHostInput) => post<IdReply>('/content/webview-hosts', body)
export const removeHost = (id: number) => del<OkReply>(`/content/webview-hosts/${id}`)

// 短视频
export const videoList = (q: AdminVideoQuery) => get<AdminVideoPage>('/content/videos', q)
export const approveVideo = (id: number) => post<OkReply>(`/content/videos/${id}/approve`)
export const takeDownVideo = (id: number, reason: string) => post<OkReply>(`/content/videos/${id}/take-down`, { reason })
export const videoComments = (q: AdminVideoCommentQuery) => get<AdminVideoCommentPage>('/content/video-comments', q)
export const hideComment = (id: number, hidden: boolean) => post<OkReply>(`/content/video-comments/${id}/hidden`, { hidden })
export const deleteComment = (id: number) => del<OkReply>(`/content/video-comments/${id}`)

// 评价
export const reviewList = (q: AdminReviewQuery) => get<AdminReviewPage>('/content/reviews', q)
export const hideReview = (id: number, hidden: boolean) => post<OkReply>(`/content/reviews/${id}/hidden`, { hidden })
export const replyReview = (id: number, reply: string) => post<OkReply>(`/content/reviews/${id}/reply`, { reply })

// 反馈
export const feedbackList = (q: AdminFeedbackQuery) => get<AdminFeedbackPage>('/feedback', q)
export const readFeedback = (id: number) => post<OkReply>(`/feedback/${id}/read`)
export const replyFeedback = (id: number, reply: string) => post<OkReply>(`/feedback/${id}/reply`, { reply })
export const closeFeedback = (id: number) => post<OkReply>(`/feedback/${id}/close`)

// 活动 (server module content)
export const activities = (q: ActivityQuery) => get<AdminActivityPage>('/content/activities', q)
export const activity = (id: number) => get<AdminActivity>(`/content/activities/${id}`)
export const createActivity = (body: ActivityInput) => post<IdReply>('/content/activities', body)
export const updateActivity = (id: number, body: ActivityInput) => put<IdReply>(`/content/activities/${id}`, body)
export const deleteActivity = (id: number) => del<OkReply>(`/content/activities/${id}`)
