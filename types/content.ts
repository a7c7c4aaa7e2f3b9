import type { Page } from './envelope'
import { Enum, Obj, Opt, Paging, Str, type Static } from './schema'

export interface NoticeItem {
  id: number
  title: string
  summary: string
  isTop: boolean
  views: number
  createdAt: number
}

export interface NoticeDetail extends NoticeItem {
  contentHtml: string
}

export type NoticePage = Page<NoticeItem>

export type ActivityStatus = 'upcoming' | 'ongoing' | 'ended'
/** Where an activity's button leads: nothing, a web page (activityWeb) or a customised page (activityCustomize). */
export type ActivityLinkType = 'none' | 'web' | 'customize'

export interface ActivityItem {
  id: number
  title: string
  cover: string
  summary: string
  startAt: number
  endAt: number
  status: ActivityStatus
  linkType: ActivityLinkType
  linkUrl: string
}

export interface ActivityDetail extends ActivityItem {
  contentHtml: string
}

export type ActivityPage = Page<ActivityItem>

/** Which web-view page asks: activityWeb and activityCustomize get the member's token appended. */
export const WEB_VIEW_KINDS = ['common', 'activityWeb', 'activityCustomize'] as const
export type WebViewKind = (typeof WEB_VIEW_KINDS)[number]

/** GET /api/content/checkWebUrl. */
export const CheckWebUrlQuery = Obj({ url: Str(2048, 1), kind: Opt(Enum(WEB_VIEW_KINDS, { default: 'common' })) })
export type CheckWebUrlQuery = Static<typeof CheckWebUrlQuery>

/** GET /api/content/activityList. */
export const ActivityListQuery = Paging({ status: Opt(Enum(['all', 'upcoming', 'ongoing', 'ended'], { default: 'all' })) })
export type ActivityListQuery = Static<typeof ActivityListQuery>

export interface CheckWebUrlResponse {
  allowed: boolean
  /** The address to open (with token=... for activity pages of a logged-in member); empty when refused. */
  url: string
}

/** The documents a member can read from the login page (edited by the merchant console). */
export const DOCUMENT_KEYS = ['userAgreement', 'privacyPolicy'] as const
export type DocumentKey = (typeof DOCUMENT_KEYS)[number]
/** GET /api/content/document. */
export const DocumentQuery = Obj({ key: Enum(DOCUMENT_KEYS) })
export type DocumentQuery = Static<typeof DocumentQuery>

export interface ContentDocument {
  key: DocumentKey
  title: string
  contentHtml: string
  updatedAt: number
}

/** GET /api/common/shopInfo: how shoppers reach the shop's customer service outside the mini-program (server configuration). */
export interface ShopInfo {
  /** Customer-service link (SERVICE_URL), '' when not configured. */
  serviceUrl: string
  /** Customer-service phone (SERVICE_PHONE), '' when not configured. */
  servicePhone: string
  /** 微信客服 link (SERVICE_WECHAT_URL, https://work.weixin.qq.com/kfid/…), '' when not configured. */
  serviceWechatUrl: string
  /** The shop's name and logo (console 设置 → 店铺), '' when not set. */
  shopName: string
  shopLogo: string
  /** The article section's name (console 设置 → 店铺): the article list's title. */
  articleSectionName: string
}
