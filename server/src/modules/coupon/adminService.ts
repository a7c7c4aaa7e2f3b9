import type { Selectable } from 'kysely'
import type { Conn, Db, Tx } from '../../db/types'
import type { CouponTable } from '../../db/promotionTables'
import { AppError, ErrorCode } from '../../errors'
import { audited, type Actor, type AuditEntry } from '../../admin/audit'
import type { AdminCoupon, AdminCouponPage, CouponInput, CouponQuery, CouponRecordPage, CouponRecordQuery, IssueBody, IssueReply, NewMemberPackageReply } from '../../../../types/adminPromotions'
import { grantCoupon, memberCouponStatus, validText } from './service'
import { parseIds, ruleText } from './rules'
import { isUniqueViolation } from '../order/service'
import '../../db/promotionTables'
import '../../db/contentTables'
import { onPage, countRows, paged } from '../../db/paging'

type Log = (e: AuditEntry) => void
type CouponRow = Selectable<CouponTable>

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

export const toAdminCoupon = (c: CouponRow): AdminCoupon => ({
  id: c.id,
  name: c.name,
  kind: c.kind,
  amount: Number(c.amount),
  threshold: Number(c.threshold),
  rate: Number(c.rate),
  maxDiscount: Number(c.maxDiscount),
  scope: c.scope,
  scopeIds: parseIds(c.scopeIds),
  validType: c.validType,
  validFrom: c.validFrom === null ? null : Number(c.validFrom),
  validTo: c.validTo === null ? null : Number(c.validTo),
  validDays: Number(c.validDays),
  totalCount: Number(c.totalCount),
  issuedCount: Number(c.issuedCount),
  usedCount: Number(c.usedCount),
  perMemberLimit: Number(c.perMemberLimit),
  visible: !!c.visible,
  allowSeckill: !!c.allowSeckill,
  newMember: !!c.newMember,
  status: c.status,
  description: c.description,
  sort: Number(c.sort),
  ruleText: ruleText(c),
  validText: validText(c),
  createdAt: Number(c.createdAt),
  updatedAt: Number(c.updatedAt),
})

export async function adminCouponList(db: Db, q: CouponQuery): Promise<AdminCouponPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('coupons')
  if (q.status) b = b.where('status', '=', q.status)
  if (q.keyword?.trim()) b = b.where('name', 'like', `%${q.keyword.trim().replace(/[%_\\]/g, '')}%`)
  const n = await countRows(b)
  const rows = await b.selectAll().orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toAdminCoupon), total: Number(n), page, pageSize }
}

async function couponRow(db: Conn, id: number) {
  const c = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, '优惠券不存在')
  return c
}

export const adminCouponDetail = async (db: Conn, id: number) => toAdminCoupon(await couponRow(db, id))

/** The row an input describes, after the rules every template follows (what each kind uses; scope; validity; limits). */
async function normalise(db: Conn, input: CouponInput) {
  const amount = input.kind === 'discount' ? 0 : input.amount
  const threshold = input.kind === 'amount' ? 0 : input.threshold
  const rate = input.kind === 'discount' ? (input.rate ?? 0) : 100
  const maxDiscount = input.kind === 'discount' ? (input.maxDiscount ?? 0) : 0
  if (input.kind !== 'discount' && amount < 1) throw bad('请填写面额')
  if (input.kind === 'threshold' && threshold <= amount) throw bad('使用门槛须大于面额')
  if (input.kind === 'discount' && (rate < 1 || rate > 99)) throw bad('折扣须在 0.1 折到 9.9 折之间')
  const scopeIds = input.scope === 'all' ? [] : [...new Set(input.scopeIds)]
  if (input.scope !== 'all' && !scopeIds.length) throw bad(input.scope === 'goods' ? '请选择适用商品' : '请选择适用分类')
  if (input.scope === 'goods') {
    const found = await db.selectFrom('goods').select('id').where('id', 'in', scopeIds).execute()
    if (found.length !== scopeIds.length) throw bad('适用商品不存在')
  }
  if (input.scope === 'category') {
    const found = await db.selectFrom('categories').select('id').where('id', 'in', scopeIds).execute()
    if (found.length !== scopeIds.length) throw bad('适用分类不存在')
  }
  let validFrom: number | null = null
  let validTo: number | null = null
  let validDays = 0
  if (input.validType === 'fixed') {
    if (input.validFrom == null || input.validTo == null) throw bad('请填写有效期')
    if (input.validTo <= input.validFrom) throw bad('有效期结束须晚于开始')
    validFrom = input.validFrom
    validTo = input.validTo
  } else {
    validDays = input.validDays ?? 0
    if (validDays < 1) throw bad('请填写领取后的有效天数')
  }
  if (input.perMemberLimit > input.totalCount) throw bad('每人限领不能超过发放总量')
  return {
    name: input.name.trim(),
    kind: input.kind,
    amount,
    threshold,
    rate,
    maxDiscount,
    scope: input.scope,
    scopeIds: JSON.stringify(scopeIds),
    validType: input.validType,
    validFrom,
    validTo,
    validDays,
    totalCount: input.totalCount,
    perMemberLimit: input.perMemberLimit,
    visible: input.visible ? 1 : 0,
    allowSeckill: input.allowSeckill ? 1 : 0,
    status: input.status,
    description: input.description?.trim() ?? '',
    sort: input.sort ?? 0,
  }
}

export async function createCoupon(tx: Tx, input: CouponInput, log: Log, now = Date.now()): Promise<number> {
  const v = await normalise(tx, input)
  if (!v.name) throw bad('请填写名称')
  const row = await tx
    .insertInto('coupons')
    .values({ ...v, issuedCount: 0, usedCount: 0, newMember: 0, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  log({ action: 'coupon.create', targetType: 'coupon', targetId: row.id, after: toAdminCoupon(row) })
  return row.id
}

/** What a held coupon is worth: these terms cannot change once one was handed out (holders keep what they got). */
const TERMS = ['kind', 'amount', 'threshold', 'rate', 'maxDiscount', 'scope', 'scopeIds', 'allowSeckill'] as const

/**
 * Edits a template. Once handed out, its terms (kind, amounts, scope, flash-sale use) are fixed; name, text,
 * validity for future receipts, limits, claimability and status may change; the total never below what was
 * handed out (conditional update, so a concurrent claim is counted).
 */
export async function updateCoupon(tx: Tx, id: number, input: CouponInput, log: Log, now = Date.now()) {
  const before = await couponRow(tx, id)
  const v = await normalise(tx, input)
  if (!v.name) throw bad('请填写名称')
  if (Number(before.issuedCount) > 0 && TERMS.some((k) => String(before[k]) !== String(v[k])))
    throw new AppError(ErrorCode.CONFLICT, '已发放的优惠券不能修改优惠内容、适用范围和秒杀可用（可停用后新建一张）')
  const res = await tx
    .updateTable('coupons')
    .set({ ...v, updatedAt: now })
    .where('id', '=', id)
    .where('issuedCount', '<=', v.totalCount)
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, `发放总量不能少于已发放数量（已发放 ${(await couponRow(tx, id)).issuedCount}）`)
  log({ action: 'coupon.update', targetType: 'coupon', targetId: id, before: toAdminCoupon(before), after: toAdminCoupon(await couponRow(tx, id)) })
}

/** Deletes a template nobody received and nothing refers to (else: stop it, status off). */
export async function deleteCoupon(tx: Tx, id: number, log: Log) {
  const before = await couponRow(tx, id)
  const prize = await tx.selectFrom('turntablePrizes').select('name').where('couponId', '=', id).executeTakeFirst()
  if (prize) throw new AppError(ErrorCode.CONFLICT, `盲盒奖品「${prize.name}」使用了这张券，不能删除`)
  const act = await tx.selectFrom('activityCoupons as ac').innerJoin('activities as a', 'a.id', 'ac.activityId').select('a.title').where('ac.couponId', '=', id).executeTakeFirst()
  if (act) throw new AppError(ErrorCode.CONFLICT, `活动「${act.title}」关联了这张券，请先从活动中移除`)
  // issued_count = 0 checked by the delete itself: a claim committing meanwhile makes it refuse.
  const res = await tx.deleteFrom('coupons').where('id', '=', id).where('issuedCount', '=', 0).executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '已发放的优惠券不能删除，可以停用')
  await tx.deleteFrom('couponReceipts').where('couponId', '=', id).execute()
  log({ action: 'coupon.delete', targetType: 'coupon', targetId: id, before: toAdminCoupon(before) })
}

/** Members named by id or phone, each found once; unknown ones come back as failures. */
export async function issueTargets(db: Conn, memberIds: number[] = [], phones: string[] = []) {
  const targets: Array<{ who: string; memberId: number | null }> = []
  const seen = new Set<number>()
  const ids = memberIds.length ? await db.selectFrom('members').select('id').where('id', 'in', memberIds).execute() : []
  const known = new Set(ids.map((r) => r.id))
  for (const id of memberIds) {
    if (seen.has(id)) continue
    seen.add(id)
    targets.push({ who: `会员 ${id}`, memberId: known.has(id) ? id : null })
  }
  const byPhone = phones.length ? await db.selectFrom('members').select(['id', 'phone']).where('phone', 'in', phones).execute() : []
  const phoneMap = new Map(byPhone.map((r) => [r.phone, r.id]))
  for (const p of phones) {
    const id = phoneMap.get(p)
    if (id !== undefined && seen.has(id)) continue
    if (id !== undefined) seen.add(id)
    targets.push({ who: p, memberId: id ?? null })
  }
  return targets
}

/** Hands one coupon to one member (the shop's grant: per-member and total limits, conditional updates). */
export async function issueCoupon(tx: Tx, couponId: number, memberId: number, log: Log, now = Date.now()) {
  const g = await grantCoupon(tx, memberId, couponId, 'admin', now)
  log({ action: 'coupon.issue', targetType: 'memberCoupon', targetId: g.row.id, after: { couponId, memberId, validFrom: g.row.validFrom, validTo: g.row.validTo } })
}

/**
 * 发放 to the members named by id or phone: each in its own audited transaction, so one at its limit (or not found, or
 * issued to twice at once) is reported in words and does not stop the others.
 */
export async function issueCouponToMembers(db: Db, actor: Actor, couponId: number, body: IssueBody): Promise<IssueReply> {
  await adminCouponDetail(db, couponId)
  const targets = await issueTargets(db, body.memberIds, body.phones)
  if (!targets.length) throw new AppError(ErrorCode.BAD_REQUEST, '请填写会员编号或手机号')
  const failed: IssueReply['failed'] = []
  let issued = 0
  for (const t of targets) {
    if (t.memberId === null) {
      failed.push({ who: t.who, msg: '会员不存在' })
      continue
    }
    const memberId = t.memberId
    try {
      await audited(db, actor, (tx, log) => issueCoupon(tx, couponId, memberId, log))
      issued += 1
    } catch (err) {
      if (isUniqueViolation(err)) failed.push({ who: t.who, msg: '发放太频繁，请稍后再试' })
      else if (err instanceof AppError) failed.push({ who: t.who, msg: err.message })
      else throw err
    }
  }
  return { issued, failed }
}

export async function couponRecords(db: Db, q: CouponRecordQuery, now = Date.now()): Promise<CouponRecordPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('memberCoupons as mc')
  if (q.couponId) b = b.where('mc.couponId', '=', q.couponId)
  if (q.source) b = b.where('mc.source', '=', q.source)
  if (q.phone?.trim()) {
    const m = await db.selectFrom('members').select('id').where('phone', '=', q.phone.trim()).executeTakeFirst()
    b = b.where('mc.memberId', '=', m ? m.id : 0)
  }
  if (q.status === 'used') b = b.where('mc.status', '=', 'used')
  else if (q.status === 'unused') b = b.where('mc.status', '=', 'unused').where('mc.validTo', '>', now)
  else if (q.status === 'expired') b = b.where('mc.status', '=', 'unused').where('mc.validTo', '<=', now)
  const n = await countRows(b)
  const rows = await b
    .innerJoin('coupons as c', 'c.id', 'mc.couponId')
    .leftJoin('members as m', 'm.id', 'mc.memberId')
    .leftJoin('orders as o', 'o.id', 'mc.orderId')
    .select(['mc.id', 'mc.couponId', 'c.name', 'mc.memberId', 'm.phone', 'mc.source', 'mc.status', 'mc.receivedAt', 'mc.validFrom', 'mc.validTo', 'mc.usedAt', 'o.orderNo'])
    .orderBy('mc.id', 'desc')
    .$call(onPage(page, pageSize))
    .execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      couponId: r.couponId,
      couponName: r.name,
      memberId: r.memberId,
      memberPhone: r.phone || '',
      source: r.source,
      status: memberCouponStatus({ status: r.status, validTo: r.validTo }, now),
      receivedAt: Number(r.receivedAt),
      validFrom: Number(r.validFrom),
      validTo: Number(r.validTo),
      usedAt: r.usedAt === null ? null : Number(r.usedAt),
      orderNo: r.orderNo || '',
    })),
    total: Number(n),
    page,
    pageSize,
  }
}

/** The package as the shop reads it: the templates flagged new_member (coupon/service.ts newMemberCoupons). */
export async function newMemberPackage(db: Conn): Promise<NewMemberPackageReply> {
  const rows = await db.selectFrom('coupons').selectAll().where('newMember', '=', 1).orderBy('sort').orderBy('id').execute()
  return { coupons: rows.map(toAdminCoupon) }
}

/**
 * Sets the package: exactly these templates are flagged (the others unflagged). They must be on; a package
 * coupon is handed out at registration and offered by the home popup, never claimable from the centre.
 */
export async function setNewMemberPackage(tx: Tx, couponIds: number[], log: Log, now = Date.now()) {
  const ids = [...new Set(couponIds)]
  const rows = ids.length ? await tx.selectFrom('coupons').selectAll().where('id', 'in', ids).execute() : []
  if (rows.length !== ids.length) throw bad('优惠券不存在')
  const off = rows.find((c) => c.status !== 'on')
  if (off) throw bad(`「${off.name}」已停用，不能放入新人礼包`)
  const expired = rows.find((c) => c.validType === 'fixed' && Number(c.validTo) <= now)
  if (expired) throw bad(`「${expired.name}」已过有效期，不能放入新人礼包`)
  const act = ids.length
    ? await tx
        .selectFrom('activityCoupons as ac')
        .innerJoin('activities as a', 'a.id', 'ac.activityId')
        .innerJoin('coupons as c', 'c.id', 'ac.couponId')
        .select(['a.title', 'c.name'])
        .where('ac.couponId', 'in', ids)
        .executeTakeFirst()
    : undefined
  if (act) throw bad(`「${act.name}」已关联到活动「${act.title}」供领取，不能同时作为新人券`)
  const before = await newMemberPackage(tx)
  let q = tx.updateTable('coupons').set({ newMember: 0, updatedAt: now }).where('newMember', '=', 1)
  if (ids.length) q = q.where('id', 'not in', ids)
  await q.execute()
  if (ids.length) await tx.updateTable('coupons').set({ newMember: 1, updatedAt: now }).where('id', 'in', ids).execute()
  log({ action: 'coupon.new-member-package', targetType: 'newMemberPackage', targetId: 'package', before: before.coupons.map((c) => c.id), after: ids })
}
