import type { Config } from '../../config'
import type { Db } from '../../db/types'
import type {
  ActivityDetail,
  ActivityItem,
  ActivityPage,
  ActivityStatus,
  CheckWebUrlResponse,
  ContentDocument,
  DocumentKey,
  NoticeDetail,
  NoticePage,
  ShopInfo,
  WebViewKind,
} from '../../../../types/content'
import { notFound } from '../../errors'
import type { CentreCoupon } from '../../../../types/coupon'
import { claimableCoupons } from '../coupon/service'
import { onPage } from '../../db/paging'

export async function noticeList(db: Db, q: { page: number; pageSize: number }): Promise<NoticePage> {
  const base = db.selectFrom('notices').where('status', '=', 'on')
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n || 0)
  const rows = await base
    .select(['id', 'title', 'summary', 'isTop', 'views', 'createdAt'])
    .orderBy('isTop', 'desc')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  return { list: rows.map((r) => ({ ...r, isTop: !!r.isTop })), total, page: q.page, pageSize: q.pageSize }
}

/** A notice; each read counts a view. */
export async function noticeDetail(db: Db, id: number): Promise<NoticeDetail> {
  const res = await db
    .updateTable('notices')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'on')
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw notFound('公告不存在')
  const r = await db.selectFrom('notices').select(['id', 'title', 'summary', 'contentHtml', 'isTop', 'views', 'createdAt']).where('id', '=', id).executeTakeFirstOrThrow()
  return { ...r, isTop: !!r.isTop }
}

/** upcoming before startAt, ongoing until endAt, ended after. */
export function activityStatus(startAt: number, endAt: number, now = Date.now()): ActivityStatus {
  if (now < startAt) return 'upcoming'
  if (now <= endAt) return 'ongoing'
  return 'ended'
}

const activityCols = ['id', 'title', 'cover', 'summary', 'startAt', 'endAt', 'linkType', 'linkUrl'] as const

/** Shown activities; "all" lists ongoing first, then upcoming, then ended. */
export async function activityList(db: Db, q: { status?: ActivityStatus | 'all'; page: number; pageSize: number }): Promise<ActivityPage> {
  const t = Date.now()
  let base = db.selectFrom('activities').where('status', '=', 'on')
  if (q.status === 'upcoming') base = base.where('startAt', '>', t)
  else if (q.status === 'ongoing') base = base.where('startAt', '<=', t).where('endAt', '>=', t)
  else if (q.status === 'ended') base = base.where('endAt', '<', t)
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n || 0)
  const rows = await base
    .select([...activityCols])
    .select((eb) =>
      eb
        .case()
        .when(eb.and([eb('startAt', '<=', t), eb('endAt', '>=', t)]))
        .then(0)
        .when('startAt', '>', t)
        .then(1)
        .else(2)
        .end()
        .as('rank'),
    )
    .orderBy('rank')
    .orderBy('sort', 'desc')
    .orderBy('startAt', 'desc')
    .orderBy('id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  const list: ActivityItem[] = rows.map(({ rank, ...r }) => ({ ...r, status: activityStatus(r.startAt, r.endAt, t) }))
  return { list, total, page: q.page, pageSize: q.pageSize }
}

export async function activityDetail(db: Db, id: number): Promise<ActivityDetail> {
  const r = await db
    .selectFrom('activities')
    .select([...activityCols, 'contentHtml'])
    .where('id', '=', id)
    .where('status', '=', 'on')
    .executeTakeFirst()
  if (!r) throw notFound('活动不存在或已下线')
  return { ...r, status: activityStatus(r.startAt, r.endAt) }
}

/**
 * The coupons an activity offers (linked by the console), with the member's claim state; claimed through the
 * coupon centre's receive (same limits). Only while the activity is shown; an ended one lists them unclaimable.
 */
export async function activityCoupons(db: Db, id: number, memberId: number | null, now = Date.now()): Promise<{ list: CentreCoupon[] }> {
  const a = await db.selectFrom('activities').select(['id', 'startAt', 'endAt']).where('id', '=', id).where('status', '=', 'on').executeTakeFirst()
  if (!a) throw notFound('活动不存在或已下线')
  const links = await db.selectFrom('activityCoupons').select('couponId').where('activityId', '=', id).orderBy('sort').orderBy('id').execute()
  const list = await claimableCoupons(
    db,
    memberId,
    links.map((l) => l.couponId),
    now,
  )
  const running = activityStatus(Number(a.startAt), Number(a.endAt), now) === 'ongoing'
  return { list: running ? list : list.map((c) => ({ ...c, canReceive: false })) }
}

/**
 * The web-view allow-list: an entry "example.com" allows example.com and every subdomain of it;
 * an entry with a port ("127.0.0.1:3000") allows that port only. Only http and https.
 */
export function hostAllowed(url: URL, allowList: string[]): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (url.username || url.password) return false
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  return allowList.some((raw) => {
    const entry = raw.trim().toLowerCase().replace(/^\*\./, '').replace(/^\./, '')
    if (!entry) return false
    const [eh, ep] = entry.includes(':') && !entry.startsWith('[') ? entry.split(':') : [entry, '']
    if (ep && url.port !== ep && !(url.port === '' && ((url.protocol === 'http:' && ep === '80') || (url.protocol === 'https:' && ep === '443')))) return false
    return host === eh || host.endsWith(`.${eh}`)
  })
}

/**
 * Decides whether a web-view page may open an address (`allowed`: WEBVIEW_ALLOW_LIST and the console's hosts, webviewHosts.ts). Activity pages of a logged-in member get the
 * member's token as the query parameter "token" (the entry host logs the member in with it); the common
 * page never does.
 */
export function checkWebUrl(allowed: string[], raw: string, kind: WebViewKind, token: string | null): CheckWebUrlResponse {
  let url: URL
  try {
    url = new URL(String(raw || '').trim())
  } catch {
    return { allowed: false, url: '' }
  }
  if (!hostAllowed(url, allowed)) return { allowed: false, url: '' }
  url.searchParams.delete('token')
  if (token && (kind === 'activityWeb' || kind === 'activityCustomize')) url.searchParams.set('token', token)
  return { allowed: true, url: url.toString() }
}

/** A document of the shop (user agreement, privacy policy) as the console last saved it. */
export async function documentByKey(db: Db, key: DocumentKey): Promise<ContentDocument> {
  const r = await db.selectFrom('documents').select(['docKey', 'title', 'contentHtml', 'updatedAt']).where('docKey', '=', key).executeTakeFirst()
  if (!r) throw notFound('文档不存在')
  return { key: r.docKey as DocumentKey, title: r.title, contentHtml: r.contentHtml, updatedAt: Number(r.updatedAt) }
}

/** The customer-service contact configured for the H5 (the mini-program uses WeChat's own contact button). */
export function shopInfo(config: Config): ShopInfo {
  // config.service and config.shop follow the console's 设置 → 店铺 (modules/settings/store.ts).
  return {
    serviceUrl: config.service.url,
    servicePhone: config.service.phone,
    serviceWechatUrl: config.service.wechatUrl,
    shopName: config.shop.name,
    shopLogo: config.shop.logo,
    articleSectionName: config.shop.articleSection,
  }
}
