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
  status: 'on' | 'off'
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
  }
}
