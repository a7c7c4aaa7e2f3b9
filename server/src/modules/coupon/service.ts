import type { Selectable } from 'kysely'
import type { Conn, Db } from '../../db/types'
import type { CouponTable, MemberCouponTable } from '../../db/promotionTables'
import type {
  CentreCoupon,
  CouponCounts,
  CouponGoodsPage,
  MemberCoupon,
  MemberCouponPage,
  MemberCouponStatus,
  NewMemberCouponHint,
  NewMemberReceiveResponse,
  ReceiveResponse,
} from '../../../../types/coupon'
import { AppError, ErrorCode } from '../../errors'
import { CARD_COLUMNS, toCard, type CardRow } from '../goods/service'
import { isUniqueViolation } from '../order/service'
import { couponDiscount, inScope, parseIds, toRule } from './rules'
import type { MemberRegisteredHook } from '../member/service'
import '../../db/promotionTables'
import { chinaClock } from '../../services/chinaTime'
import { onPage, countRows } from '../../db/paging'

const DAY = 86_400_000
/** A member counts as new for this many days after registering, as long as no order has been paid. */
export const NEW_MEMBER_DAYS = 30

type CouponRow = Selectable<CouponTable>
type MemberCouponRow = Selectable<MemberCouponTable>

const fmtDay = (t: number) => {
  const d = chinaClock(t)
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`
}

export const validText = (c: CouponRow) => (c.validType === 'days' ? `领取后${c.validDays}天内有效` : `${fmtDay(Number(c.validFrom))}-${fmtDay(Number(c.validTo) - 1)}`)

/** The validity window a member's coupon gets when received now. */
export function validityFor(c: CouponRow, now: number): { validFrom: number; validTo: number } {
  if (c.validType === 'days') return { validFrom: now, validTo: now + c.validDays * DAY }
  return { validFrom: Number(c.validFrom), validTo: Number(c.validTo) }
}

/** Whether the coupon can still be handed out now (on, not past its fixed window, stock left). */
const receivable = (c: CouponRow, now: number) => c.status === 'on' && (c.validType === 'days' || Number(c.validTo) > now)

export function memberCouponStatus(r: Pick<MemberCouponRow, 'status' | 'validTo'>, now = Date.now()): MemberCouponStatus {
  if (r.status === 'used') return 'used'
  return Number(r.validTo) <= now ? 'expired' : 'unused'
}

export function toMemberCoupon(r: MemberCouponRow, c: CouponRow, now = Date.now()): MemberCoupon {
  return {
    ...toRule(c),
    id: r.id,
    status: memberCouponStatus(r, now),
    validFrom: Number(r.validFrom),
    validTo: Number(r.validTo),
    usedAt: r.usedAt === null ? null : Number(r.usedAt),
    receivedAt: Number(r.receivedAt),
    source: r.source,
  }
}

/**
 * Hands one coupon to a member inside the caller's transaction: the member's receipt counter against
 * the per-member limit (conditional update), the coupon's issued count against its total (conditional
 * update), then the member's coupon with its validity. Throws COUPON_LIMIT when either is exhausted.
 */
export async function grantCoupon(
  tx: Conn,
  memberId: number,
  couponId: number,
  source: MemberCouponRow['source'],
  now = Date.now(),
): Promise<{ row: MemberCouponRow; coupon: CouponRow; left: number }> {
  const c = await tx.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, '优惠券不存在')
  if (!receivable(c, now)) throw new AppError(ErrorCode.COUPON_LIMIT, '该优惠券已停止发放')
  await tx
    .insertInto('couponReceipts')
    .values({ memberId, couponId, received: 0 })
    .onConflict((oc) => oc.columns(['memberId', 'couponId']).doNothing())
    .execute()
  const mine = await tx
    .updateTable('couponReceipts')
    .set((eb) => ({ received: eb('received', '+', 1) }))
    .where('memberId', '=', memberId)
    .where('couponId', '=', couponId)
    .where('received', '<', c.perMemberLimit)
    .returning('received')
    .executeTakeFirst()
  if (!mine) throw new AppError(ErrorCode.COUPON_LIMIT, c.perMemberLimit > 1 ? `每人限领${c.perMemberLimit}张，您已领完` : '您已领取过该优惠券')
  const issued = await tx
    .updateTable('coupons')
    .set((eb) => ({ issuedCount: eb('issuedCount', '+', 1), updatedAt: now }))
    .where('id', '=', couponId)
    .where('status', '=', 'on')
    .whereRef('issuedCount', '<', 'totalCount')
    .executeTakeFirst()
  if (Number(issued.numUpdatedRows) !== 1) throw new AppError(ErrorCode.COUPON_LIMIT, '优惠券已被抢光了')
  const v = validityFor(c, now)
  const row = await tx
    .insertInto('memberCoupons')
    .values({ memberId, couponId, status: 'unused', source, validFrom: v.validFrom, validTo: v.validTo, orderId: null, usedAt: null, receivedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { row, coupon: c, left: c.perMemberLimit - Number(mine.received) }
}

// ---------------------------------------------------------------- coupon centre

export async function centre(db: Conn, memberId: number | null, now = Date.now()): Promise<CentreCoupon[]> {
  const rows = await db.selectFrom('coupons').selectAll().where('status', '=', 'on').where('visible', '=', 1).where('newMember', '=', 0).orderBy('sort').orderBy('id').execute()
  return claimState(db, memberId, rows, now)
}

/**
 * The claimable ones of these coupons (an activity's linked coupons), in the order given, with the member's
 * state: the same rows the centre would show, so what the activity page offers is what `receive` accepts.
 */
export async function claimableCoupons(db: Conn, memberId: number | null, couponIds: number[], now = Date.now()): Promise<CentreCoupon[]> {
  if (!couponIds.length) return []
  const rows = await db.selectFrom('coupons').selectAll().where('id', 'in', couponIds).where('status', '=', 'on').where('visible', '=', 1).where('newMember', '=', 0).execute()
  const byId = new Map(rows.map((c) => [c.id, c]))
  return claimState(
    db,
    memberId,
    couponIds.flatMap((id) => byId.get(id) ?? []),
    now,
  )
}

/**
 * The claimable coupons of the centre that apply to this goods item (the goods details page's 领券 row), best
 * first: what each takes off one unit at the goods' lowest price (0 when its threshold needs more), then the
 * lower threshold. The same rows and claim state as the centre, so what the row offers is what `receive` accepts.
 */
export async function goodsCoupons(db: Conn, memberId: number | null, goodsId: number, now = Date.now()): Promise<CentreCoupon[]> {
  const g = await db
    .selectFrom('goods')
    .leftJoin('categories', 'categories.id', 'goods.categoryId')
    .select(['goods.id', 'goods.price', 'goods.categoryId', 'categories.parentId'])
    .where('goods.id', '=', goodsId)
    .executeTakeFirst()
  if (!g) throw new AppError(ErrorCode.NOT_FOUND, '商品不存在')
  const line = { goodsId: g.id, categoryId: g.categoryId, parentCategoryId: Number(g.parentId || 0), amount: Number(g.price) }
  const rows = await db.selectFrom('coupons').selectAll().where('status', '=', 'on').where('visible', '=', 1).where('newMember', '=', 0).orderBy('sort').orderBy('id').execute()
  const worth = (c: CouponRow) => couponDiscount(c, [line], 'normal').discount
  const fitting = rows.filter((c) => inScope(c, line)).sort((a, b) => worth(b) - worth(a) || Number(a.threshold) - Number(b.threshold))
  return claimState(db, memberId, fitting, now)
}

async function claimState(db: Conn, memberId: number | null, rows: CouponRow[], now: number): Promise<CentreCoupon[]> {
  const live = rows.filter((c) => receivable(c, now))
  const receipts =
    memberId && live.length
      ? await db
          .selectFrom('couponReceipts')
          .select(['couponId', 'received'])
          .where('memberId', '=', memberId)
          .where(
            'couponId',
            'in',
            live.map((c) => c.id),
          )
          .execute()
      : []
  return live.map((c) => {
    const received = Number(receipts.find((r) => r.couponId === c.id)?.received || 0)
    const soldOut = c.issuedCount >= c.totalCount
    return {
      ...toRule(c),
      validText: validText(c),
      perMemberLimit: c.perMemberLimit,
      received,
      issuedPercent: c.totalCount > 0 ? Math.min(100, Math.floor((c.issuedCount * 100) / c.totalCount)) : 100,
      soldOut,
      canReceive: !soldOut && received < c.perMemberLimit,
    }
  })
}

/** Receives a coupon from the centre (not new-member or hidden ones). */
export async function receive(db: Db, memberId: number, couponId: number, now = Date.now()): Promise<ReceiveResponse> {
  const c = await db.selectFrom('coupons').select(['visible', 'newMember']).where('id', '=', couponId).executeTakeFirst()
  if (!c || !c.visible || c.newMember) throw new AppError(ErrorCode.NOT_FOUND, '优惠券不存在')
  try {
    return await db.transaction().execute(async (tx) => {
      const g = await grantCoupon(tx, memberId, couponId, 'centre', now)
      return { coupon: toMemberCoupon(g.row, g.coupon, now), left: g.left }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.COUPON_LIMIT, '领取太频繁，请稍后再试')
    throw err
  }
}

// ---------------------------------------------------------------- new-member coupons

async function newMemberCoupons(db: Conn, now: number) {
  const rows = await db.selectFrom('coupons').selectAll().where('newMember', '=', 1).where('status', '=', 'on').orderBy('sort').orderBy('id').execute()
  return rows.filter((c) => receivable(c, now) && c.issuedCount < c.totalCount)
}

/** New: registered within NEW_MEMBER_DAYS and no order paid yet. */
export async function isNewMember(db: Conn, memberId: number, now = Date.now()): Promise<boolean> {
  const m = await db.selectFrom('members').select('createdAt').where('id', '=', memberId).executeTakeFirst()
  if (!m || Number(m.createdAt) < now - NEW_MEMBER_DAYS * DAY) return false
  const paid = await db.selectFrom('orders').select('id').where('memberId', '=', memberId).where('paidAt', 'is not', null).limit(1).executeTakeFirst()
  return !paid
}

async function hasNewMemberCoupon(db: Conn, memberId: number) {
  return !!(await db.selectFrom('memberCoupons').select('id').where('memberId', '=', memberId).where('source', '=', 'new_member').limit(1).executeTakeFirst())
}

const packageTotal = (coupons: CouponRow[]) => coupons.filter((c) => c.kind !== 'discount').reduce((s, c) => s + Number(c.amount), 0)

/**
 * What the home popup shows: the package a visitor or a new member gets (the coupons handed out at
 * registration), or for a member who holds it, what they received (the popup says it has arrived).
 */
export async function newMemberHint(db: Conn, memberId: number | null, now = Date.now()): Promise<NewMemberCouponHint> {
  if (memberId) {
    const held = await db.selectFrom('memberCoupons').select('couponId').where('memberId', '=', memberId).where('source', '=', 'new_member').orderBy('id').execute()
    if (held.length) {
      const rows = await db
        .selectFrom('coupons')
        .selectAll()
        .where(
          'id',
          'in',
          held.map((h) => h.couponId),
        )
        .orderBy('sort')
        .orderBy('id')
        .execute()
      return { eligible: false, needLogin: false, received: true, totalAmount: packageTotal(rows), coupons: rows.map(toRule) }
    }
  }
  const coupons = await newMemberCoupons(db, now)
  if (!coupons.length) return { eligible: false, needLogin: false, received: false, totalAmount: 0, coupons: [] }
  const rules = coupons.map(toRule)
  if (!memberId) return { eligible: true, needLogin: true, received: false, totalAmount: packageTotal(coupons), coupons: rules }
  const eligible = await isNewMember(db, memberId, now)
  return { eligible, needLogin: false, received: false, totalAmount: eligible ? packageTotal(coupons) : 0, coupons: eligible ? rules : [] }
}

/**
 * Hands out the new-member package inside the caller's transaction: every new-member coupon that can still be
 * handed out, once per member (the per-member receipt counters are conditional updates, so concurrent calls
 * give one package). Throws COUPON_LIMIT when the member is not new, holds the package or none is left.
 */
export async function grantNewMemberPackage(tx: Conn, memberId: number, now = Date.now()): Promise<MemberCoupon[]> {
  if (!(await isNewMember(tx, memberId, now))) throw new AppError(ErrorCode.COUPON_LIMIT, '新人券仅限新用户领取')
  if (await hasNewMemberCoupon(tx, memberId)) throw new AppError(ErrorCode.COUPON_LIMIT, '您已领取过新人券')
  const coupons = await newMemberCoupons(tx, now)
  if (!coupons.length) throw new AppError(ErrorCode.COUPON_LIMIT, '新人券已发完')
  const received: MemberCoupon[] = []
  for (const c of coupons) {
    const g = await grantCoupon(tx, memberId, c.id, 'new_member', now)
    received.push(toMemberCoupon(g.row, g.coupon, now))
  }
  return received
}

/** The new-member package on request (members registered before it existed, or when it ran out then). */
export async function receiveNewMember(db: Db, memberId: number, now = Date.now()): Promise<NewMemberReceiveResponse> {
  try {
    return { received: await db.transaction().execute((tx) => grantNewMemberPackage(tx, memberId, now)) }
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.COUPON_LIMIT, '您已领取过新人券')
    throw err
  }
}

// Every way of registering (SMS login on any page, WeChat login completed with a phone) creates the member in
// phoneRegister: the package is handed out in that transaction, so what the popup shows is what arrives.
export const newMemberPackageHook: MemberRegisteredHook = async (tx, memberId, now) => {
  if ((await newMemberCoupons(tx, now)).length) await grantNewMemberPackage(tx, memberId, now)
}

// ---------------------------------------------------------------- my coupons

function mineQuery(db: Conn, memberId: number, status: MemberCouponStatus, now: number) {
  let q = db.selectFrom('memberCoupons').where('memberId', '=', memberId)
  if (status === 'used') q = q.where('status', '=', 'used')
  else if (status === 'unused') q = q.where('status', '=', 'unused').where('validTo', '>', now)
  else q = q.where('status', '=', 'unused').where('validTo', '<=', now)
  return q
}

export async function myCoupons(db: Conn, memberId: number, status: MemberCouponStatus, page: number, pageSize: number, now = Date.now()): Promise<MemberCouponPage> {
  const q = mineQuery(db, memberId, status, now)
  const n = await countRows(q)
  let rows = q.selectAll()
  rows = status === 'unused' ? rows.orderBy('validTo', 'asc') : status === 'used' ? rows.orderBy('usedAt', 'desc') : rows.orderBy('validTo', 'desc')
  const list = await rows.orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  const coupons = list.length
    ? await db
        .selectFrom('coupons')
        .selectAll()
        .where('id', 'in', [...new Set(list.map((r) => r.couponId))])
        .execute()
    : []
  const byId = new Map(coupons.map((c) => [c.id, c]))
  return { list: list.filter((r) => byId.has(r.couponId)).map((r) => toMemberCoupon(r, byId.get(r.couponId)!, now)), total: Number(n), page, pageSize }
}

export async function couponCounts(db: Conn, memberId: number, now = Date.now()): Promise<CouponCounts> {
  const count = async (s: MemberCouponStatus) =>
    Number(
      (
        await mineQuery(db, memberId, s, now)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return { unused: await count('unused'), used: await count('used'), expired: await count('expired') }
}

// ---------------------------------------------------------------- goods a coupon applies to

/** On-sale goods a coupon applies to, best sellers first (by coupon id, or by the member's coupon id). */
export async function couponGoods(db: Conn, input: { couponId?: number; memberCouponId?: number; memberId: number | null }, page: number, pageSize: number): Promise<CouponGoodsPage> {
  let couponId = input.couponId
  if (input.memberCouponId) {
    if (!input.memberId) throw new AppError(ErrorCode.UNAUTHORIZED, '请先登录')
    const mc = await db.selectFrom('memberCoupons').select('couponId').where('id', '=', input.memberCouponId).where('memberId', '=', input.memberId).executeTakeFirst()
    if (!mc) throw new AppError(ErrorCode.NOT_FOUND, '优惠券不存在')
    couponId = mc.couponId
  }
  if (!couponId) throw new AppError(ErrorCode.BAD_REQUEST, '请选择优惠券')
  const c = await db.selectFrom('coupons').selectAll().where('id', '=', couponId).executeTakeFirst()
  if (!c) throw new AppError(ErrorCode.NOT_FOUND, '优惠券不存在')
  const ids = parseIds(c.scopeIds)
  let q = db.selectFrom('goods').where('goods.status', '=', 'on')
  if (c.scope === 'goods') q = q.where('goods.id', 'in', ids.length ? ids : [0])
  if (c.scope === 'category') {
    const subs = ids.length ? await db.selectFrom('categories').select('id').where('parentId', 'in', ids).execute() : []
    const cats = [...ids, ...subs.map((s) => s.id)]
    q = q.where('goods.categoryId', 'in', cats.length ? cats : [0])
  }
  const n = await countRows(q)
  const rows = await q.select(CARD_COLUMNS).orderBy('goods.sales', 'desc').orderBy('goods.id').$call(onPage(page, pageSize)).execute()
  return { coupon: toRule(c), list: rows.map((r) => toCard(r as CardRow)), total: Number(n), page, pageSize }
}
