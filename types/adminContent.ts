/**
 * The console's 内容 contract (articles, web-view links and hosts, short videos with their comments and danmu,
 * goods reviews) and 反馈 (member feedback). Paths under /admin/api/, listed in docs/console.md "内容".
 * Same rules as types/admin.ts: closed bodies, fen, epoch milliseconds.
 */
import { Type, type Static } from 'typebox'
import { Closed, PageOf } from './admin'
import { Id, PagingFields, Str } from './schema'

/** Chinese names of this contract's request fields (the console plugin's validation messages). */
export const CONTENT_FIELD_LABELS: Record<string, string> = {
  cover: '封面',
  url: '链接地址',
  host: '域名',
  reply: '回复内容',
  hidden: '隐藏',
  rating: '评分',
  hasImages: '有图',
  goodsId: '商品',
  videoId: '视频',
  type: '反馈类型',
  categoryId: '分类',
}

// ------------------------------------------------------------------ articles

export const ArticleState = Type.Union([Type.Literal('draft'), Type.Literal('published')])
export const AdminArticleQuery = Closed({
  ...PagingFields,
  keyword: Type.Optional(Str(30)),
  categoryId: Type.Optional(Id()),
  status: Type.Optional(ArticleState),
  /** official: the shop's own articles; member: written by members. */
  author: Type.Optional(Type.Union([Type.Literal('official'), Type.Literal('member')])),
})
export type AdminArticleQuery = Static<typeof AdminArticleQuery>
export const AdminArticleRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  cover: Type.String(),
  summary: Type.String(),
  categoryId: Type.Union([Type.Integer(), Type.Null()]),
  categoryName: Type.String(),
  status: ArticleState,
  views: Type.Integer(),
  authorName: Type.String(),
  official: Type.Boolean(),
  publishedAt: Type.Union([Type.Integer(), Type.Null()]),
  updatedAt: Type.Integer(),
})
export type AdminArticleRow = Static<typeof AdminArticleRow>
export const AdminArticlePage = PageOf(AdminArticleRow)
export type AdminArticlePage = Static<typeof AdminArticlePage>
export const AdminArticleDetail = Type.Object({ ...AdminArticleRow.properties, contentHtml: Type.String() })
export type AdminArticleDetail = Static<typeof AdminArticleDetail>
/** Create / edit an article (the shop's own; a member's article may be edited too). contentHtml is sanitised as the shop's editor. */
export const ArticleInput = Closed({
  title: Str(64, 1),
  categoryId: Id(),
  cover: Type.Optional(Str(512)),
  summary: Type.Optional(Str(200)),
  contentHtml: Str(400_000, 1),
  /** Publish at once (else kept or saved as a draft). */
  publish: Type.Optional(Type.Boolean()),
})
export type ArticleInput = Static<typeof ArticleInput>

export const AdminArticleCategory = Type.Object({ id: Type.Integer(), name: Type.String(), icon: Type.String(), sort: Type.Integer(), articleCount: Type.Integer() })
export type AdminArticleCategory = Static<typeof AdminArticleCategory>
/** The shop lists categories by sort descending (larger first). */
export const ArticleCategoryInput = Closed({ name: Str(32, 1), icon: Type.Optional(Str(256)), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) })
export type ArticleCategoryInput = Static<typeof ArticleCategoryInput>

// ------------------------------------------------------------------ web-view links and the allow-list

export const AdminWebLink = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  sort: Type.Integer(),
  /** The shop's page that opens it (to paste into a banner, icon entry or activity). */
  pagePath: Type.String(),
  /** Whether the current allow-list accepts it (a host removed later makes it false). */
  allowed: Type.Boolean(),
  updatedAt: Type.Integer(),
})
export type AdminWebLink = Static<typeof AdminWebLink>
export const WebLinkInput = Closed({ title: Str(64, 1), url: Str(512, 1), sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })) })
export type WebLinkInput = Static<typeof WebLinkInput>
export const AdminWebviewHost = Type.Object({ id: Type.Integer(), host: Type.String(), note: Type.String(), createdAt: Type.Integer() })
export type AdminWebviewHost = Static<typeof AdminWebviewHost>
/** host: "example.com" (and its subdomains) or "host:port". */
export const WebviewHostInput = Closed({ host: Str(128, 1), note: Type.Optional(Str(64)) })
export type WebviewHostInput = Static<typeof WebviewHostInput>
export const WebLinksReply = Type.Object({
  links: Type.Array(AdminWebLink),
  hosts: Type.Array(AdminWebviewHost),
  /** Hosts from WEBVIEW_ALLOW_LIST (the environment): always allowed, not editable here. */
  envHosts: Type.Array(Type.String()),
})
export type WebLinksReply = Static<typeof WebLinksReply>

// ------------------------------------------------------------------ short videos

export const VideoState = Type.Union([Type.Literal('pending'), Type.Literal('on'), Type.Literal('off')])
export const AdminVideoQuery = Closed({ ...PagingFields, status: Type.Optional(VideoState), keyword: Type.Optional(Str(30)) })
export type AdminVideoQuery = Static<typeof AdminVideoQuery>
export const AdminVideoRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  url: Type.String(),
  cover: Type.String(),
  duration: Type.Integer(),
  status: VideoState,
  reviewReason: Type.String(),
  reviewedAt: Type.Union([Type.Integer(), Type.Null()]),
  memberId: Type.Integer(),
  authorName: Type.String(),
  likes: Type.Integer(),
  comments: Type.Integer(),
  views: Type.Integer(),
  createdAt: Type.Integer(),
})
export type AdminVideoRow = Static<typeof AdminVideoRow>
export const AdminVideoPage = PageOf(AdminVideoRow)
export type AdminVideoPage = Static<typeof AdminVideoPage>
export const TakeDownBody = Closed({ reason: Str(200, 1) })
export type TakeDownBody = Static<typeof TakeDownBody>

export const AdminVideoCommentQuery = Closed({ ...PagingFields, videoId: Type.Optional(Id()), keyword: Type.Optional(Str(30)), hidden: Type.Optional(Type.Boolean()) })
export type AdminVideoCommentQuery = Static<typeof AdminVideoCommentQuery>
export const AdminVideoComment = Type.Object({
  id: Type.Integer(),
  videoId: Type.Integer(),
  videoTitle: Type.String(),
  memberId: Type.Integer(),
  nickname: Type.String(),
  content: Type.String(),
  /** Playback second (danmu). */
  timeOffset: Type.Integer(),
  hidden: Type.Boolean(),
  createdAt: Type.Integer(),
})
export type AdminVideoComment = Static<typeof AdminVideoComment>
export const AdminVideoCommentPage = PageOf(AdminVideoComment)
export type AdminVideoCommentPage = Static<typeof AdminVideoCommentPage>
export const HiddenBody = Closed({ hidden: Type.Boolean() })
export type HiddenBody = Static<typeof HiddenBody>

// ------------------------------------------------------------------ goods reviews

export const AdminReviewQuery = Closed({
  ...PagingFields,
  goodsId: Type.Optional(Id()),
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  hasImages: Type.Optional(Type.Boolean()),
  hidden: Type.Optional(Type.Boolean()),
  replied: Type.Optional(Type.Boolean()),
})
export type AdminReviewQuery = Static<typeof AdminReviewQuery>
export const AdminReviewRow = Type.Object({
  id: Type.Integer(),
  goodsId: Type.Integer(),
  goodsName: Type.String(),
  goodsImage: Type.String(),
  specText: Type.String(),
  memberId: Type.Integer(),
  nickname: Type.String(),
  anonymous: Type.Boolean(),
  rating: Type.Integer(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  followUp: Type.Union([Type.String(), Type.Null()]),
  hidden: Type.Boolean(),
  reply: Type.String(),
  repliedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
})
export type AdminReviewRow = Static<typeof AdminReviewRow>
export const AdminReviewPage = PageOf(AdminReviewRow)
export type AdminReviewPage = Static<typeof AdminReviewPage>
/** The shop's reply (an empty reply removes it). */
export const ReplyBody = Closed({ reply: Str(500) })
export type ReplyBody = Static<typeof ReplyBody>

// ------------------------------------------------------------------ feedback

export const FeedbackState = Type.Union([Type.Literal('new'), Type.Literal('read'), Type.Literal('replied'), Type.Literal('closed')])
export const AdminFeedbackQuery = Closed({ ...PagingFields, status: Type.Optional(FeedbackState), type: Type.Optional(Str(16)) })
export type AdminFeedbackQuery = Static<typeof AdminFeedbackQuery>
export const AdminFeedbackRow = Type.Object({
  id: Type.Integer(),
  memberId: Type.Integer(),
  nickname: Type.String(),
  phone: Type.String(),
  type: Type.String(),
  typeText: Type.String(),
  content: Type.String(),
  images: Type.Array(Type.String()),
  contact: Type.String(),
  status: FeedbackState,
  reply: Type.String(),
  repliedAt: Type.Union([Type.Integer(), Type.Null()]),
  closedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
})
export type AdminFeedbackRow = Static<typeof AdminFeedbackRow>
export const AdminFeedbackPage = PageOf(AdminFeedbackRow)
export type AdminFeedbackPage = Static<typeof AdminFeedbackPage>
export const FeedbackReplyBody = Closed({ reply: Str(1000, 1) })
export type FeedbackReplyBody = Static<typeof FeedbackReplyBody>

/** 操作日志 words of 内容 (articles, web links, videos, reviews, feedback, activities): types/auditLabels.ts. */
export const CONTENT_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'article.create': '新建文章',
    'article.update': '编辑文章',
    'article.publish': '发布文章',
    'article.unpublish': '撤下文章',
    'article.delete': '删除文章',
    'articleCategory.create': '新建文章分类',
    'articleCategory.update': '编辑文章分类',
    'articleCategory.delete': '删除文章分类',
    'webLink.create': '新建网页链接',
    'webLink.update': '编辑网页链接',
    'webLink.delete': '删除网页链接',
    'webviewHost.add': '添加可打开的网站',
    'webviewHost.remove': '移除可打开的网站',
    'video.approve': '通过短视频',
    'video.take-down': '下架短视频',
    'videoComment.hide': '隐藏视频评论',
    'videoComment.unhide': '恢复视频评论',
    'videoComment.delete': '删除视频评论',
    'review.hide': '隐藏评价',
    'review.unhide': '恢复评价',
    'review.reply': '回复评价',
    'review.reply-remove': '删除评价回复',
    'feedback.read': '标记反馈已读',
    'feedback.reply': '回复反馈',
    'feedback.close': '关闭反馈',
    'activity.create': '新建活动',
    'activity.update': '编辑活动',
    'activity.delete': '删除活动',
  },
  targets: {
    article: '文章',
    articleCategory: '文章分类',
    webLink: '网页链接',
    webviewHost: '可打开的网站',
    video: '短视频',
    videoComment: '视频评论',
    review: '评价',
    feedback: '意见反馈',
    activity: '活动',
  },
  fields: { publishedAt: '发布时间', author: '作者', views: '阅读量', reviewReason: '审核说明', contact: '联系方式', content: '内容', anonymous: '匿名', coupons: '优惠券', couponIds: '优惠券' },
}
