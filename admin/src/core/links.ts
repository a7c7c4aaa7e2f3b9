/**
 * Shop links as the console's link picker sees them. What is stored is the shop's own in-app path (what
 * `openLink` of src/utils/links.ts opens: "/goodsPages/details/details?id=13"); the picker shows it as what it
 * opens (商品：<name>). parseLink and formatLink are inverse: a stored link that formatLink would not write back
 * exactly is kept as it is (kind 'other'), so opening and saving a form never changes a link nobody touched.
 */
import { ROUTES } from '@contract/routes'

export type LinkKind = 'none' | 'goods' | 'category' | 'search' | 'activity' | 'article' | 'notice' | 'page' | 'web' | 'other'

export type LinkValue =
  | { kind: 'none' }
  | { kind: 'goods'; id: number }
  /** The goods search page scoped to a category; its title is the category's name (the search page's heading). */
  | { kind: 'category'; id: number; title: string }
  | { kind: 'search'; keyword: string }
  | { kind: 'activity'; id: number }
  | { kind: 'article'; id: number }
  | { kind: 'notice'; id: number }
  /** A named page of the shop (PAGE_NAMES); `query` is kept as stored ("tab=centre"). */
  | { kind: 'page'; path: string; query: string }
  /** A web page opened in the shop's web-view (its address must be on the allow-list: 内容 → 网页链接). */
  | { kind: 'web'; url: string }
  /** Anything else: kept as it is. */
  | { kind: 'other'; link: string }

/** The kinds a merchant chooses from, in the picker's order. */
export const LINK_KINDS: Array<{ kind: Exclude<LinkKind, 'none' | 'other'>; label: string }> = [
  { kind: 'goods', label: '商品' },
  { kind: 'category', label: '分类' },
  { kind: 'search', label: '搜索词' },
  { kind: 'activity', label: '活动' },
  { kind: 'article', label: '文章' },
  { kind: 'notice', label: '公告' },
  { kind: 'page', label: '商城页面' },
  { kind: 'web', label: '网页' },
]
export const KIND_LABEL: Record<LinkKind, string> = { none: '不跳转', other: '其他链接', ...Object.fromEntries(LINK_KINDS.map((k) => [k.kind, k.label])) } as Record<LinkKind, string>

/**
 * Shop pages a link may open by themselves (no record id needed), with the names shoppers see as their titles.
 * Pages that need an order, an address or a login step are not offered.
 */
export const PAGE_NAMES: Array<{ path: string; name: string }> = [
  { path: ROUTES.home, name: '首页' },
  { path: ROUTES.sort, name: '全部分类' },
  { path: ROUTES.video, name: '短视频' },
  { path: ROUTES.shopping, name: '购物车' },
  { path: ROUTES.mine, name: '我的' },
  { path: ROUTES.goodsSearch, name: '搜索商品' },
  { path: ROUTES.videoSearch, name: '搜索视频' },
  { path: ROUTES.flashSaleList, name: '限时秒杀' },
  { path: ROUTES.cfExclusive, name: '品牌专享' },
  { path: ROUTES.activityList, name: '活动列表' },
  { path: ROUTES.noticeList, name: '商城公告' },
  { path: ROUTES.genderSchoolList, name: '两性学堂' },
  { path: ROUTES.myCoupon, name: '我的优惠券' },
  { path: ROUTES.integral, name: '积分商城' },
  { path: ROUTES.integralList, name: '积分明细' },
  { path: ROUTES.missionCenter, name: '任务中心' },
  { path: ROUTES.blindBox, name: '幸运盲盒' },
  { path: ROUTES.blindBoxRecord, name: '盲盒中奖记录' },
  { path: ROUTES.cashback, name: '好评返现' },
  { path: ROUTES.orderList, name: '我的订单' },
  { path: ROUTES.collect, name: '我的收藏' },
  { path: ROUTES.footprints, name: '我的足迹' },
  { path: ROUTES.addressList, name: '收货地址' },
  { path: ROUTES.myArticle, name: '我的文章' },
  { path: ROUTES.videoList, name: '我的视频' },
  { path: ROUTES.cardList, name: '我的名片' },
  { path: ROUTES.feedback, name: '意见反馈' },
  { path: ROUTES.setting, name: '设置' },
  { path: ROUTES.agentApply, name: '申请成为代理' },
  { path: ROUTES.agentHome, name: '代理后台' },
]
const PAGE_NAME = new Map(PAGE_NAMES.map((p) => [p.path, p.name]))
/** Known queries of named pages, shown after the page's name. */
const PAGE_QUERY_NAMES: Record<string, string> = { [`${ROUTES.myCoupon}?tab=centre`]: '领券中心' }

/** encodeURIComponent that also escapes !'()*~, so the result passes the server's path rule (letters, digits, -_./?=&%). */
export const encodeQueryValue = (s: string) => encodeURIComponent(s).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

/** The stored link of a picked value. */
export function formatLink(v: LinkValue): string {
  switch (v.kind) {
    case 'none':
      return ''
    case 'goods':
      return `${ROUTES.goodsDetails}?id=${v.id}`
    case 'category':
      return `${ROUTES.goodsSearch}?categoryId=${v.id}${v.title ? `&title=${encodeQueryValue(v.title)}` : ''}`
    case 'search':
      return `${ROUTES.goodsSearch}?keyword=${encodeQueryValue(v.keyword)}`
    case 'activity':
      return `${ROUTES.activityDetails}?id=${v.id}`
    case 'article':
      return `${ROUTES.genderSchoolDetails}?id=${v.id}`
    case 'notice':
      return `${ROUTES.noticeDetails}?id=${v.id}`
    case 'page':
      return v.query ? `${v.path}?${v.query}` : v.path
    case 'web':
      return `${ROUTES.webCommon}?url=${encodeQueryValue(v.url)}`
    case 'other':
      return v.link
  }
}

const ID = /^[1-9]\d{0,9}$/

function read(link: string): LinkValue {
  if (!link) return { kind: 'none' }
  const q = link.indexOf('?')
  const path = q < 0 ? link : link.slice(0, q)
  const search = q < 0 ? '' : link.slice(q + 1)
  const params = new Map<string, string>()
  for (const part of search.split('&').filter(Boolean)) {
    const eq = part.indexOf('=')
    const key = decode(eq < 0 ? part : part.slice(0, eq))
    const value = decode(eq < 0 ? '' : part.slice(eq + 1))
    if (key === null || value === null || params.has(key)) return { kind: 'other', link }
    params.set(key, value)
  }
  const only = (...keys: string[]) => [...params.keys()].every((k) => keys.includes(k))
  const id = params.get('id') || ''
  const byId = { [ROUTES.goodsDetails]: 'goods', [ROUTES.activityDetails]: 'activity', [ROUTES.genderSchoolDetails]: 'article', [ROUTES.noticeDetails]: 'notice' } as const
  if (path in byId && ID.test(id) && only('id')) return { kind: byId[path as keyof typeof byId], id: Number(id) }
  if (path === ROUTES.goodsSearch) {
    const categoryId = params.get('categoryId') || ''
    if (ID.test(categoryId) && only('categoryId', 'title')) return { kind: 'category', id: Number(categoryId), title: params.get('title') || '' }
    const keyword = params.get('keyword')
    if (keyword && only('keyword')) return { kind: 'search', keyword }
  }
  if (path === ROUTES.webCommon && only('url') && /^(https?:\/\/|\/)/i.test(params.get('url') || '')) return { kind: 'web', url: params.get('url')! }
  if (PAGE_NAME.has(path)) return { kind: 'page', path, query: search }
  return { kind: 'other', link }
}

/** What a stored link opens, as a picker value; formatLink(parseLink(x)) === x for every x. */
export function parseLink(stored: string): LinkValue {
  const link = stored.trim()
  const v = read(link)
  return formatLink(v) === link ? v : { kind: 'other', link }
}

/** The id lists to resolve to names in one call (storefront/link-targets/names). */
export type LinkRefs = { goods: number[]; category: number[]; activity: number[]; article: number[]; notice: number[] }
export function linkRefs(values: LinkValue[]): LinkRefs {
  const refs: LinkRefs = { goods: [], category: [], activity: [], article: [], notice: [] }
  for (const v of values) if ('id' in v && !refs[v.kind].includes(v.id)) refs[v.kind].push(v.id)
  return refs
}

/**
 * Names of linked records, keyed "kind:id" (goods:13); web addresses keyed "web:<url>" with the saved link's name.
 * null: looked up and not found (deleted).
 */
export type LinkNames = Map<string, string | null>
export const nameKey = (kind: string, id: number | string) => `${kind}:${id}`

/** What a link opens, in words: 「商品：连衣裙」, 「商城页面：领券中心」, 「网页：活动页（m.example.com）」. */
export function describeLink(v: LinkValue, names: LinkNames = new Map()): string {
  switch (v.kind) {
    case 'none':
      return '不跳转'
    case 'goods':
    case 'activity':
    case 'article':
    case 'notice': {
      const name = names.get(nameKey(v.kind, v.id))
      return `${KIND_LABEL[v.kind]}：${name ?? (name === null ? `已不存在（编号 ${v.id}）` : `编号 ${v.id}`)}`
    }
    case 'category': {
      const name = names.get(nameKey('category', v.id))
      return `分类：${name ?? (name === null ? `已不存在（${v.title || `编号 ${v.id}`}）` : v.title || `编号 ${v.id}`)}`
    }
    case 'search':
      return `搜索：${v.keyword}`
    case 'page': {
      const named = PAGE_QUERY_NAMES[formatLink(v)]
      return `商城页面：${named || PAGE_NAME.get(v.path) || v.path}`
    }
    case 'web': {
      const saved = names.get(nameKey('web', v.url))
      // A page the shop serves itself (/media/activity/…): its path is no name for the merchant.
      if (v.url.startsWith('/')) return `网页：${saved ? `${saved}（本店网页）` : '本店网页'}`
      let host = v.url
      try {
        host = new URL(v.url).host
      } catch {
        /* shown as typed */
      }
      return `网页：${saved ? `${saved}（${host}）` : host}`
    }
    case 'other':
      return `其他链接：${v.link}`
  }
}
