import type { Conn, Db, Tx } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import type { AuditEntry } from '../../admin/audit'
import type { AdminActivity, AdminActivityPage, ActivityInput, ActivityQuery } from '../../../../types/adminPromotions'
import { sanitizeArticleHtml } from '../article/sanitize'
import { ruleText } from '../coupon/rules'
import { SHOP_PATH } from './adminService'
import '../../db/contentTables'
import '../../db/promotionTables'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void
const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

async function withCoupons(db: Conn, rows: Array<Omit<AdminActivity, 'couponIds' | 'coupons'>>): Promise<AdminActivity[]> {
  const links = rows.length
    ? await db
        .selectFrom('activityCoupons as ac')
        .innerJoin('coupons as c', 'c.id', 'ac.couponId')
        .select(['ac.activityId', 'c.id', 'c.name', 'c.kind', 'c.amount', 'c.threshold', 'c.rate', 'c.maxDiscount'])
        .where(
          'ac.activityId',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('ac.sort')
        .orderBy('ac.id')
        .execute()
    : []
  return rows.map((r) => {
    const mine = links.filter((l) => l.activityId === r.id)
    return { ...r, couponIds: mine.map((l) => l.id), coupons: mine.map((l) => ({ id: l.id, name: l.name, ruleText: ruleText(l) })) }
  })
}

const COLS = ['id', 'title', 'cover', 'summary', 'contentHtml', 'startAt', 'endAt', 'linkType', 'linkUrl', 'sort', 'status', 'createdAt'] as const
const num = (r: { startAt: number; endAt: number; sort: number; createdAt: number }) => ({ startAt: Number(r.startAt), endAt: Number(r.endAt), sort: Number(r.sort), createdAt: Number(r.createdAt) })

export async function adminActivityList(db: Db, q: ActivityQuery): Promise<AdminActivityPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('activities')
  if (q.keyword?.trim()) b = b.where('title', 'like', `%${q.keyword.trim().replace(/[%_\\]/g, '')}%`)
  const n = await countRows(b)
  const rows = await b
    .select([...COLS])
    .orderBy('id', 'desc')
    .$call(onPage(page, pageSize))
    .execute()
  return {
    list: await withCoupons(
      db,
      rows.map((r) => ({ ...r, ...num(r) })),
    ),
    total: Number(n),
    page,
    pageSize,
  }
}

export async function adminActivityDetail(db: Conn, id: number): Promise<AdminActivity> {
  const r = await db
    .selectFrom('activities')
    .select([...COLS])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '活动不存在')
  return (await withCoupons(db, [{ ...r, ...num(r) }]))[0]
}

/** The row an input describes: times in order, a link for a linked activity, only claimable coupons. */
async function normalise(db: Conn, input: ActivityInput) {
  if (input.endAt <= input.startAt) throw bad('结束时间须晚于开始时间')
  const linkType = input.linkType ?? 'none'
  const linkUrl = linkType === 'none' ? '' : (input.linkUrl ?? '').trim()
  // A web page: an http(s) address, or a page the shop serves itself (the demo's /media/activity/festival.html), as
  // 内容 → 网页链接 accepts them (the console picks one of those links by name).
  if (linkType !== 'none' && !SHOP_PATH.test(linkUrl)) {
    let u: URL | null = null
    try {
      u = new URL(linkUrl)
    } catch {
      u = null
    }
    if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:')) throw bad('跳转链接须为完整网址，或本店页面的路径')
  }
  const ids = [...new Set(input.couponIds)]
  if (ids.length) {
    const rows = await db.selectFrom('coupons').select(['id', 'name', 'visible', 'newMember', 'status']).where('id', 'in', ids).execute()
    if (rows.length !== ids.length) throw bad('关联的优惠券不存在')
    const no = rows.find((c) => !c.visible || c.newMember || c.status !== 'on')
    if (no) throw bad(`「${no.name}」不是可领取的优惠券（须启用、可领取、非新人券）`)
  }
  const row = {
    title: input.title.trim(),
    cover: input.cover.trim(),
    summary: (input.summary ?? '').trim(),
    contentHtml: sanitizeArticleHtml(input.contentHtml ?? ''),
    startAt: input.startAt,
    endAt: input.endAt,
    linkType,
    linkUrl,
    sort: input.sort ?? 0,
    status: input.status,
  }
  if (!row.title) throw bad('请填写标题')
  return { row, ids }
}

async function link(tx: Tx, activityId: number, ids: number[]) {
  await tx.deleteFrom('activityCoupons').where('activityId', '=', activityId).execute()
  if (ids.length)
    await tx
      .insertInto('activityCoupons')
      .values(ids.map((couponId, sort) => ({ activityId, couponId, sort })))
      .execute()
}

export async function createActivity(tx: Tx, input: ActivityInput, log: Log, now = Date.now()): Promise<number> {
  const { row, ids } = await normalise(tx, input)
  const a = await tx
    .insertInto('activities')
    .values({ ...row, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await link(tx, a.id, ids)
  log({ action: 'activity.create', targetType: 'activity', targetId: a.id, after: await adminActivityDetail(tx, a.id) })
  return a.id
}

export async function updateActivity(tx: Tx, id: number, input: ActivityInput, log: Log) {
  const before = await adminActivityDetail(tx, id)
  const { row, ids } = await normalise(tx, input)
  await tx.updateTable('activities').set(row).where('id', '=', id).execute()
  await link(tx, id, ids)
  log({ action: 'activity.update', targetType: 'activity', targetId: id, before, after: await adminActivityDetail(tx, id) })
}

/** Deleting an activity removes its coupon links; coupons already claimed stay with their members. */
export async function deleteActivity(tx: Tx, id: number, log: Log) {
  const before = await adminActivityDetail(tx, id)
  await tx.deleteFrom('activityCoupons').where('activityId', '=', id).execute()
  await tx.deleteFrom('activities').where('id', '=', id).execute()
  log({ action: 'activity.delete', targetType: 'activity', targetId: id, before })
}
