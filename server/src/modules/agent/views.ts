import crypto from 'node:crypto'
import type { Conn, Db } from '../../db/types'
import { ROUTES } from '../../../../types/routes'
import './tables'
import { chinaDay } from '../../services/chinaTime'

/**
 * Shop traffic (docs/agent.md, "Traffic"): a view is recorded for a shop when
 * - a page is opened through the shop's link (POST /api/business/visit with bUid, source 'link'), or
 * - a member bound to the shop opens a goods detail (GET /api/goods/detail, source 'detail').
 * The visitor is the member ("m:<id>"), else the client's random key ("k:<key>"), else a hash of IP and
 * user agent ("i:<hash>"). The shop owner's own views are not counted. The same visitor viewing the same page
 * of the same shop again within DEDUPE_MS counts once (a reload, or the link visit and the detail call of one
 * landing).
 */
export const DEDUPE_MS = 30_000

const GOODS_PAGE = ROUTES.goodsDetails

/** The goods id of a page path "/goodsPages/details/details?id=12" (null for other pages). */
export function goodsIdOfPage(page: string): number | null {
  const [path, query = ''] = String(page || '').split('?')
  if (`/${path.replace(/^\//, '')}` !== GOODS_PAGE) return null
  const id = Number(new URLSearchParams(query).get('id'))
  return Number.isInteger(id) && id > 0 && id < 2_147_483_647 ? id : null
}

export function visitorOf(memberId: number | null, visitorKey: string | undefined, ip: string, ua: string): string {
  if (memberId) return `m:${memberId}`
  if (visitorKey && /^[A-Za-z0-9_-]{8,64}$/.test(visitorKey)) return `k:${visitorKey}`
  return `i:${crypto.createHash('sha1').update(`${ip}|${ua}`).digest('hex').slice(0, 24)}`
}

async function insertView(db: Conn, v: { shopId: number; goodsId: number | null; memberId: number | null; visitor: string; page: string; source: 'link' | 'detail' }, t: number): Promise<boolean> {
  let recent = db
    .selectFrom('shopViews')
    .select('id')
    .where('shopId', '=', v.shopId)
    .where('visitor', '=', v.visitor)
    .where('createdAt', '>', t - DEDUPE_MS)
  recent = v.goodsId ? recent.where('goodsId', '=', v.goodsId) : recent.where('goodsId', 'is', null).where('page', '=', v.page)
  if (await recent.executeTakeFirst()) return false
  await db
    .insertInto('shopViews')
    .values({ ...v, page: v.page.slice(0, 128), day: chinaDay(t), createdAt: t })
    .execute()
  return true
}

/** POST /api/business/visit: a page opened through an agent's link. */
export async function recordVisit(
  db: Db,
  input: { bUid: unknown; page: string; visitorKey?: string; memberId: number | null; ip: string; ua: string },
  t = Date.now(),
): Promise<{ recorded: boolean }> {
  const shopId = Number(input.bUid)
  if (!Number.isInteger(shopId) || shopId <= 0 || shopId >= 2_147_483_647) return { recorded: false }
  const shop = await db.selectFrom('agentShops').select(['id', 'memberId']).where('id', '=', shopId).where('status', '=', 'active').executeTakeFirst()
  if (!shop || (input.memberId && input.memberId === shop.memberId)) return { recorded: false }
  const page = String(input.page || '').slice(0, 128)
  const goodsId = goodsIdOfPage(page)
  if (goodsId) {
    const g = await db.selectFrom('goods').select('id').where('id', '=', goodsId).executeTakeFirst()
    if (!g) return { recorded: false }
  }
  const recorded = await insertView(
    db,
    { shopId, goodsId, memberId: input.memberId, visitor: visitorOf(input.memberId, input.visitorKey, input.ip, input.ua), page: page.split('?')[0] || '/', source: 'link' },
    t,
  )
  return { recorded }
}

/** After GET /api/goods/detail: a view by a member bound to an active shop (goods on sale only). */
export async function recordDetailView(db: Db, goodsId: number, memberId: number, t = Date.now()): Promise<boolean> {
  const m = await db.selectFrom('members').select('boundBusinessId').where('id', '=', memberId).executeTakeFirst()
  if (!m?.boundBusinessId) return false
  const shop = await db.selectFrom('agentShops').select(['id', 'memberId']).where('id', '=', m.boundBusinessId).where('status', '=', 'active').executeTakeFirst()
  if (!shop || shop.memberId === memberId) return false
  const g = await db.selectFrom('goods').select('status').where('id', '=', goodsId).executeTakeFirst()
  if (!g || g.status !== 'on') return false
  return insertView(db, { shopId: shop.id, goodsId, memberId, visitor: `m:${memberId}`, page: GOODS_PAGE, source: 'detail' }, t)
}
