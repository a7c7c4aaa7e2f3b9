import type { Generated } from 'kysely'

/** Tables of migration 005_content (videos, articles, activities, business cards). */
export interface VideoTable {
  id: Generated<number>
  memberId: number
  title: string
  url: string
  cover: string
  duration: number
  size: number
  goodsIds: string
  likes: number
  comments: number
  shares: number
  views: number
  /** pending: waiting for the shop's review (migration 070); on: shown; off: taken down. */
  status: 'pending' | 'on' | 'off'
  /** Why the shop took it down (070). */
  reviewReason: Generated<string>
  reviewedAt: number | null
  createdAt: number
}

export interface VideoLikeTable {
  id: Generated<number>
  videoId: number
  memberId: number
  createdAt: number
}

export interface VideoCommentTable {
  id: Generated<number>
  videoId: number
  memberId: number
  content: string
  timeOffset: number
  /** 1: hidden by the shop (070). */
  hidden: Generated<number>
  createdAt: number
}

export interface MemberFollowTable {
  id: Generated<number>
  followerId: number
  followeeId: number
  createdAt: number
}

export interface ArticleCategoryTable {
  id: Generated<number>
  name: string
  icon: string
  sort: number
}

export interface ArticleTable {
  id: Generated<number>
  memberId: number | null
  categoryId: number | null
  title: string
  cover: string
  summary: string
  contentHtml: string
  status: 'draft' | 'published'
  views: number
  publishedAt: number | null
  createdAt: number
  updatedAt: number
}

export interface ActivityTable {
  id: Generated<number>
  title: string
  cover: string
  summary: string
  contentHtml: string
  startAt: number
  endAt: number
  linkType: 'none' | 'web' | 'customize'
  linkUrl: string
  sort: number
  status: 'on' | 'off'
  createdAt: number
}

/** Migration 040: the claimable coupons an activity offers. */
export interface ActivityCouponTable {
  id: Generated<number>
  activityId: number
  couponId: number
  sort: number
}

export interface BusinessCardTable {
  id: Generated<number>
  memberId: number
  name: string
  title: string
  company: string
  phone: string
  wechat: string
  email: string
  address: string
  avatar: string
  intro: string
  views: number
  createdAt: number
  updatedAt: number
}

/** Named web-view links kept in the console (070). */
export interface WebLinkTable {
  id: Generated<number>
  title: string
  url: string
  sort: number
  createdAt: number
  updatedAt: number
}

/** Allowed web-view hosts added in the console (070), besides WEBVIEW_ALLOW_LIST. */
export interface WebviewHostTable {
  id: Generated<number>
  host: string
  note: string
  createdAt: number
}

declare module './types' {
  interface DB {
    videos: VideoTable
    videoLikes: VideoLikeTable
    videoComments: VideoCommentTable
    memberFollows: MemberFollowTable
    articleCategories: ArticleCategoryTable
    articles: ArticleTable
    activities: ActivityTable
    activityCoupons: ActivityCouponTable
    businessCards: BusinessCardTable
    webLinks: WebLinkTable
    webviewHosts: WebviewHostTable
  }
}
