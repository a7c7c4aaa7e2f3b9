import Taro, { useDidShow, useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { useEffect } from 'react'
import { useUserStore } from '@/stores/user'
import { withQuery } from '@/core/nav'
import { assetUrl } from '@/core/request'
import { useDepsVersion } from '@/hooks/useDepsVersion'
import { useLatest } from '@/hooks/useLatest'
import { shopInfoNow } from '@/core/shopInfo'
import { currentShell } from './env'
import type { ShareContent } from './types'
import { wxReady } from './wechatJssdk'

/**
 * SPEC.md section 9: the default title says there is a secret worth sharing; a shop name is appended (an agent's
 * own shop, else the shop's name from 设置 → 店铺).
 */
export const DEFAULT_SHARE_TITLE = '有个秘密值得分享给你'
export function shareTitle(shopName?: string | null, base: string = DEFAULT_SHARE_TITLE): string {
  return shopName ? `${base}-${shopName}` : base
}

/** Adds sUid (member id) and bUid (business id) to a page path. */
export function shareLink(path: string, memberId?: number | string | null, businessId?: number | string | null, query: Record<string, string | number> = {}) {
  return withQuery(path, { ...query, sUid: memberId ?? undefined, bUid: businessId ?? undefined })
}

/** The H5 address of a page path of the shop ("/goodsPages/...?id=..&sUid=..&bUid=.."): the copied link, the QR of a poster without a mini-program code. */
export const h5Link = (path: string) => (process.env.TARO_ENV === 'h5' && typeof window !== 'undefined' ? `${window.location.origin}${path}` : `${assetUrl('/')}${path.replace(/^\//, '')}`)

/** The share card of the current member for a page. */
export function buildShare(path: string, opts: { title?: string; imageUrl?: string; query?: Record<string, string | number> } = {}): ShareContent {
  const { userInfo, sBusinessId } = useUserStore.getState()
  const businessId = userInfo.businessId || sBusinessId || undefined
  return {
    title: shareTitle(userInfo.shopName || shopInfoNow()?.shopName, opts.title || DEFAULT_SHARE_TITLE),
    path: shareLink(path, userInfo.id, businessId, opts.query),
    imageUrl: opts.imageUrl,
  }
}

declare const API_ORIGIN: string
const apiOrigin = (): string => (typeof API_ORIGIN === 'string' ? API_ORIGIN : '')

/**
 * The mini-program's share image: WeChat draws only an absolute PNG/JPG there, at 5:4. A picture of the shop
 * (/media/..., /uploads/..., relative or on the API origin) goes through the server's share card
 * (GET /h5/api/wechat/shareCard.png: 500x400 PNG); any other address is left as it is.
 */
export function miniShareImage(url: string | undefined, origin: string = apiOrigin()): string | undefined {
  if (!url) return undefined
  const own = origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url
  if (!/^\/(media|uploads)\//.test(own)) return url
  return `${origin}/h5/api/wechat/shareCard.png?p=4&src=${encodeURIComponent(own.split(/[?#]/)[0])}`
}

const miniShare = (c: ShareContent): ShareContent => ({ ...c, imageUrl: miniShareImage(c.imageUrl) })

/** Sets the WeChat JS-SDK share data in WeChat's browser. */
export async function setupH5Share(content: ShareContent) {
  if (currentShell() !== 'wechat-h5') return
  const wx = await wxReady().catch(() => null)
  if (!wx) return
  const link = `${window.location.origin}${content.path}`
  const data = { title: content.title, desc: content.title, link, imgUrl: content.imageUrl || `${window.location.origin}/static/share.png` }
  wx.updateAppMessageShareData(data)
  wx.updateTimelineShareData(data)
}

/** One hook for every page that shares: mini-program share menu, WeChat JS-SDK share on H5. */
export function useShare(getContent: () => ShareContent, deps: unknown[] = []) {
  // The mini-program's share image through miniShareImage; the H5 build leaves it out (its card is the JS-SDK's).
  useShareAppMessage(() => (process.env.TARO_ENV === 'h5' ? getContent() : miniShare(getContent())))
  useShareTimeline(() => {
    const c = getContent()
    return { title: c.title, query: c.path.split('?')[1] || '', imageUrl: process.env.TARO_ENV === 'h5' ? c.imageUrl : miniShareImage(c.imageUrl) }
  })
  // The card carries the member (sUid, bUid, shop name) and the shop's name: set it again when they change, e.g. when member info
  // arrives after a login redirect or WeChat's OAuth return (app start loads it after the page has mounted).
  // The shop's name as far as it is known (no request of its own: a page of a bad link asks nothing; useDidShow sets the card again).
  const shopName = shopInfoNow()?.shopName ?? ''
  const sharer = useUserStore((s) => `${s.userInfo.id ?? ''}|${s.userInfo.businessId ?? ''}|${s.userInfo.shopName ?? ''}|${s.sBusinessId}|${shopName}`)
  // The caller's deps and the sharer say when the card changes; getContent (new on every render) is read then.
  const depsVersion = useDepsVersion(deps)
  const content = useLatest(getContent)
  useEffect(() => {
    if (process.env.TARO_ENV === 'h5') setupH5Share(content.current())
    else Taro.showShareMenu({ withShareTicket: true, menus: ['shareAppMessage', 'shareTimeline'] } as any).catch(() => {})
  }, [depsVersion, sharer, content])
  // WeChat's browser has one share card for the whole H5 app: set this page's again each time it is shown
  // (back from another page, a tab shown again), or the card of the page left would be shared.
  useDidShow(() => {
    if (process.env.TARO_ENV === 'h5') setupH5Share(getContent())
  })
}
