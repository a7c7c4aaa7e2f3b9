import { sql } from 'kysely'
import type { Selectable } from 'kysely'
import type { Conn, Db } from '../../db/types'
import type { Config } from '../../config'
import type {
  ClaimMissionResponse,
  LedgerPage,
  LedgerType,
  Mission,
  MissionKey,
  PointsGoods,
  PointsGoodsDetail,
  PointsReason,
  PointsSummary,
  RedeemPreview,
  RedeemPreviewRequest,
  RedeemRequest,
  RedeemResponse,
  SignInResponse,
} from '../../../../types/integral'
import { POINTS_REASON_TEXT } from '../../../../types/integral'
import type { PointsGoodsTable } from '../../db/promotionTables'
import type { Contributions } from '../contributions'
import { AppError, ErrorCode } from '../../errors'
import { memberBalance } from '../balance/service'
import { payPasswordProof as passwordProof } from '../balance/password'
import { defaultAddress, getAddress } from '../address/service'
import { createOrder, isUniqueViolation } from '../order/service'
import { finalizeWithSteps, newDraft } from '../order/pricing'
import { changePoints, pointsBalance } from './points'
import { DEFAULT_POINTS_RULES, missionRows, pointsRules, signInPointsOf, type MissionRow } from './rules'
import { chinaDay, parseChinaDay } from '../../services/chinaTime'
import { onPage, countRows } from '../../db/paging'

const DAY = 86_400_000

/** The default sign-in rewards along a 7-day cycle (day 1 gives 5 points ... day 7 gives 50; day 8 starts again at 5); the console's 积分 rules replace them (rules.ts). */
export const SIGN_IN_POINTS = DEFAULT_POINTS_RULES.signIn

// ---------------------------------------------------------------- summary and ledger

async function streakOn(db: Conn, memberId: number, day: string): Promise<number> {
  const r = await db.selectFrom('signIns').select('streak').where('memberId', '=', memberId).where('day', '=', day).executeTakeFirst()
  return r ? Number(r.streak) : 0
}

export async function pointsSummary(db: Conn, memberId: number, now = Date.now()): Promise<PointsSummary> {
  const today = chinaDay(now)
  const todayStreak = await streakOn(db, memberId, today)
  const yesterdayStreak = todayStreak ? 0 : await streakOn(db, memberId, chinaDay(now - DAY))
  const signedToday = todayStreak > 0
  const streak = signedToday ? todayStreak : yesterdayStreak
  const rules = (await pointsRules(db)).signIn
  const cycle = rules.length
  // Position in the current 7-day cycle: the days already signed, and which one today is.
  const done = signedToday ? ((streak - 1) % cycle) + 1 : streak % cycle
  const todayIndex = signedToday ? done : done + 1
  const week = rules.map((points, i) => ({ index: i + 1, points, signed: i + 1 <= done, today: i + 1 === todayIndex }))
  const sums = await db
    .selectFrom('pointsLedger')
    .select([sql<number>`COALESCE(SUM(CASE WHEN change > 0 THEN change ELSE 0 END), 0)`.as('earned'), sql<number>`COALESCE(SUM(CASE WHEN change < 0 THEN -change ELSE 0 END), 0)`.as('spent')])
    .where('memberId', '=', memberId)
    .executeTakeFirst()
  return {
    balance: await pointsBalance(db, memberId),
    signedToday,
    streak,
    nextPoints: signInPointsOf(rules, streak + 1),
    week,
    earned: Number(sums?.earned || 0),
    spent: Number(sums?.spent || 0),
  }
}

export async function ledger(db: Conn, memberId: number, type: LedgerType, page: number, pageSize: number): Promise<LedgerPage> {
  let q = db.selectFrom('pointsLedger').where('memberId', '=', memberId)
  if (type === 'in') q = q.where('change', '>', 0)
  if (type === 'out') q = q.where('change', '<', 0)
  const n = await countRows(q)
  const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      change: Number(r.change),
      balanceAfter: Number(r.balanceAfter),
      reason: r.reason as PointsReason,
      reasonText: POINTS_REASON_TEXT[r.reason as PointsReason] || r.reason,
      note: r.note,
      createdAt: Number(r.createdAt),
    })),
    total: Number(n),
    page,
    pageSize,
  }
}

// ---------------------------------------------------------------- sign-in

/**
 * Daily sign-in (China days). The streak continues when yesterday was signed, else starts at 1.
 * One sign-in per member and day: the unique (member, day) row and the ledger key both refuse a second.
 */
export async function signIn(db: Db, memberId: number, now = Date.now()): Promise<SignInResponse> {
  const day = chinaDay(now)
  try {
    return await db.transaction().execute(async (tx) => {
      const streak = (await streakOn(tx, memberId, chinaDay(now - DAY))) + 1
      const points = signInPointsOf((await pointsRules(tx)).signIn, streak)
      await tx.insertInto('signIns').values({ memberId, day, streak, points, createdAt: now }).execute()
      const balance = await changePoints(tx, memberId, points, 'sign_in', `连续签到第${streak}天`, `sign:${day}`)
      return { points, streak, balance }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT, '今天已经签到过了，明天再来吧')
    throw err
  }
}

// ---------------------------------------------------------------- missions

/** A mission as the console configured it (table missions, rules.ts); its kind says how progress is counted. */
type MissionDef = Pick<MissionRow, 'title' | 'description' | 'points' | 'period' | 'target'> & { key: MissionKey }
const toDef = (r: MissionRow): MissionDef => ({ key: r.kind, title: r.title, description: r.description, points: Number(r.points), period: r.period, target: Number(r.target) })
/** The mission kinds the shop knows how to count (the claim route's accepted keys). */
export const MISSION_KEYS: MissionKey[] = ['first_order', 'review', 'share', 'browse']

const periodOf = (m: MissionDef, now: number) => (m.period === 'once' ? 'once' : chinaDay(now))

/** Progress towards a mission in its current period, from the records the shop already keeps. */
async function missionProgress(db: Conn, memberId: number, m: MissionDef, now: number): Promise<number> {
  const day = chinaDay(now)
  switch (m.key) {
    case 'first_order': {
      const o = await db.selectFrom('orders').select('id').where('memberId', '=', memberId).where('paidAt', 'is not', null).limit(1).executeTakeFirst()
      return o ? 1 : 0
    }
    case 'review': {
      const r = await db
        .selectFrom('goodsReviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('memberId', '=', memberId)
        .where('parentId', 'is', null)
        .where('createdAt', '>=', parseChinaDay(day))
        .executeTakeFirst()
      return Number(r?.n || 0)
    }
    case 'share': {
      const r = await db.selectFrom('missionEvents').select('count').where('memberId', '=', memberId).where('mission', '=', 'share').where('day', '=', day).executeTakeFirst()
      return Number(r?.count || 0)
    }
    case 'browse': {
      const r = await db
        .selectFrom('footprints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('memberId', '=', memberId)
        .where('day', '=', day)
        .executeTakeFirst()
      return Number(r?.n || 0)
    }
  }
}

export async function missions(db: Conn, memberId: number, now = Date.now()): Promise<Mission[]> {
  const MISSIONS = (await missionRows(db, true)).map(toDef)
  if (!MISSIONS.length) return []
  const periods = [...new Set(MISSIONS.map((m) => periodOf(m, now)))]
  const claims = await db.selectFrom('missionClaims').select(['mission', 'period']).where('memberId', '=', memberId).where('period', 'in', periods).execute()
  const out: Mission[] = []
  for (const m of MISSIONS) {
    const done = claims.some((c) => c.mission === m.key && c.period === periodOf(m, now))
    const progress = Math.min(m.target, await missionProgress(db, memberId, m, now))
    out.push({
      key: m.key,
      title: m.title,
      description: m.description,
      points: m.points,
      period: m.period,
      progress,
      target: m.target,
      state: done ? 'done' : progress >= m.target ? 'claimable' : 'todo',
    })
  }
  return out
}

/** Awards a completed mission's points once per period (unique claim row + ledger key, one transaction). */
export async function claimMission(db: Db, memberId: number, key: MissionKey, now = Date.now()): Promise<ClaimMissionResponse> {
  const row = (await missionRows(db, true)).find((x) => x.kind === key)
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '任务不存在')
  const m = toDef(row)
  const period = periodOf(m, now)
  try {
    return await db.transaction().execute(async (tx) => {
      const progress = await missionProgress(tx, memberId, m, now)
      if (progress < m.target) throw new AppError(ErrorCode.CONFLICT, '任务还未完成，完成后再来领取吧')
      await tx.insertInto('missionClaims').values({ memberId, mission: key, period, points: m.points, createdAt: now }).execute()
      const balance = await changePoints(tx, memberId, m.points, 'mission', m.title, `mission:${key}:${period}`)
      return { points: m.points, balance }
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT, m.period === 'once' ? '该任务奖励已领取' : '今天已领取过该任务奖励')
    throw err
  }
}

/** The client reports a share (the share sheet gives the server nothing to see). Capped per day. */
export async function reportShare(db: Db, memberId: number, now = Date.now()) {
  const day = chinaDay(now)
  await db
    .insertInto('missionEvents')
    .values({ memberId, mission: 'share', day, count: 1, updatedAt: now })
    .onConflict((oc) =>
      oc.columns(['memberId', 'mission', 'day']).doUpdateSet({ count: sql<number>`CASE WHEN mission_events.count < 100 THEN mission_events.count + 1 ELSE mission_events.count END`, updatedAt: now }),
    )
    .execute()
  return { recorded: true }
}

// ---------------------------------------------------------------- points mall

const toPointsGoods = (r: Selectable<PointsGoodsTable>): PointsGoods => ({
  id: r.id,
  goodsId: r.goodsId,
  name: r.name,
  image: r.image,
  points: Number(r.points),
  cash: Number(r.cash),
  marketPrice: Number(r.marketPrice),
  stock: Number(r.stock),
  redeemed: Number(r.redeemed),
  perMemberLimit: Number(r.perMemberLimit),
})

export async function mallList(db: Conn, page: number, pageSize: number) {
  const q = db.selectFrom('pointsGoods').where('status', '=', 'on')
  const n = await countRows(q)
  const rows = await q.selectAll().orderBy('sort').orderBy('id').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toPointsGoods), total: Number(n), page, pageSize }
}

async function onSale(db: Conn, id: number) {
  const r = await db.selectFrom('pointsGoods').selectAll().where('id', '=', id).where('status', '=', 'on').executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '该兑换商品不存在或已下架')
  return r
}

async function redeemedBy(db: Conn, memberId: number, id: number) {
  const r = await db.selectFrom('pointsRedemptions').select('redeemed').where('memberId', '=', memberId).where('pointsGoodsId', '=', id).executeTakeFirst()
  return Number(r?.redeemed || 0)
}

export async function mallDetail(db: Conn, id: number, memberId: number | null): Promise<PointsGoodsDetail> {
  const r = await onSale(db, id)
  const g = await db.selectFrom('goods').select(['images', 'mainImage']).where('id', '=', r.goodsId).executeTakeFirst()
  const s = await db.selectFrom('goodsSkus').select('specText').where('id', '=', r.skuId).executeTakeFirst()
  let images: string[] = []
  try {
    images = JSON.parse(g?.images || '[]')
  } catch {
    images = []
  }
  if (!images.length) images = [r.image || g?.mainImage || ''].filter(Boolean)
  return {
    ...toPointsGoods(r),
    description: r.description,
    images,
    specText: s?.specText || '',
    myRedeemed: memberId ? await redeemedBy(db, memberId, id) : 0,
    balance: memberId ? await pointsBalance(db, memberId) : null,
  }
}

function checkQuantity(r: Selectable<PointsGoodsTable>, quantity: number) {
  if (!Number.isInteger(quantity) || quantity < 1) throw new AppError(ErrorCode.BAD_REQUEST, '请选择兑换数量')
  if (quantity > r.perMemberLimit) throw new AppError(ErrorCode.CONFLICT, `每人限兑${r.perMemberLimit}件`)
}

export async function redeemPreview(db: Conn, memberId: number, input: RedeemPreviewRequest): Promise<RedeemPreview> {
  const r = await onSale(db, input.id)
  checkQuantity(r, input.quantity)
  const cash = r.cash * input.quantity
  // 使用余额 on the cash part: what the balance pricing step will take at redeem (min(balance, cash)), shown before.
  const available = cash > 0 ? (await memberBalance(db, memberId)).balance : 0
  const used = input.useBalance ? Math.min(available, cash) : 0
  return {
    goods: toPointsGoods(r),
    quantity: input.quantity,
    points: r.points * input.quantity,
    cash,
    balance: await pointsBalance(db, memberId),
    address: input.addressId ? await getAddress(db, memberId, input.addressId) : await defaultAddress(db, memberId),
    balancePay: cash > 0 ? { available, used, gatewayAmount: cash - used } : null,
  }
}

/**
 * Redeems points-mall goods as an order of type 'points' through the trade module's createOrder, in one
 * transaction: the mall item's stock (conditional), the member's redemption count against the limit
 * (conditional), the catalogue SKU's stock (createOrder), and the points (the points pricing step's
 * commit: a conditional update with a ledger row). Points only: the order is paid at once (to_ship);
 * points + cash: the order waits for payment like any other, and cancelling or expiring returns it all.
 */
export async function redeem(db: Db, config: Config, modules: Contributions, memberId: number, input: RedeemRequest): Promise<RedeemResponse> {
  const existing = async () => {
    const o = await db.selectFrom('orders').select(['orderNo', 'payAmount', 'status', 'pointsUsed']).where('memberId', '=', memberId).where('requestId', '=', input.requestId).executeTakeFirst()
    return o ? { orderNo: o.orderNo, payAmount: Number(o.payAmount), status: o.status, pointsUsed: Number(o.pointsUsed), existing: true } : null
  }
  const before = await existing()
  if (before) return before
  const payPasswordProof = await passwordProof(db, memberId, input.payPassword)
  try {
    return await db.transaction().execute(async (tx) => {
      const r = await onSale(tx, input.id)
      checkQuantity(r, input.quantity)
      const q = input.quantity
      const address = input.addressId ? await getAddress(tx, memberId, input.addressId) : await defaultAddress(tx, memberId)
      if (!address) throw new AppError(ErrorCode.BAD_REQUEST, '请先添加收货地址')
      const sku = await tx
        .selectFrom('goodsSkus as s')
        .innerJoin('goods as g', 'g.id', 's.goodsId')
        .select(['s.id', 's.goodsId', 's.specText', 's.stock', 's.image', 'g.mainImage', 'g.status'])
        .where('s.id', '=', r.skuId)
        .executeTakeFirst()
      if (!sku || sku.status !== 'on') throw new AppError(ErrorCode.GOODS_OFF_SHELF, '该商品已下架')
      const t = Date.now()
      const took = await tx
        .updateTable('pointsGoods')
        .set((eb) => ({ stock: eb('stock', '-', q), redeemed: eb('redeemed', '+', q), updatedAt: t }))
        .where('id', '=', r.id)
        .where('status', '=', 'on')
        .where('stock', '>=', q)
        .executeTakeFirst()
      if (Number(took.numUpdatedRows) !== 1) throw new AppError(ErrorCode.OUT_OF_STOCK, r.stock > 0 ? `库存不足，仅剩${r.stock}件` : '已兑完')
      await tx
        .insertInto('pointsRedemptions')
        .values({ memberId, pointsGoodsId: r.id, redeemed: 0 })
        .onConflict((oc) => oc.columns(['memberId', 'pointsGoodsId']).doNothing())
        .execute()
      const lim = await tx
        .updateTable('pointsRedemptions')
        .set((eb) => ({ redeemed: eb('redeemed', '+', q) }))
        .where('memberId', '=', memberId)
        .where('pointsGoodsId', '=', r.id)
        .where('redeemed', '<=', r.perMemberLimit - q)
        .executeTakeFirst()
      if (Number(lim.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, `每人限兑${r.perMemberLimit}件，您已兑换过了`)
      const amount = r.cash * q
      const draft = newDraft({
        memberId,
        from: 'buyNow',
        orderType: 'points',
        lines: [
          {
            skuId: sku.id,
            goodsId: sku.goodsId,
            goodsName: r.name,
            image: r.image || sku.image || sku.mainImage,
            specText: sku.specText,
            price: r.cash,
            quantity: q,
            stock: Number(sku.stock),
            amount,
            payAmount: amount,
            cartItemId: null,
          },
        ],
        address,
        pointsUsed: r.points * q,
      })
      await finalizeWithSteps(tx, modules, draft, { memberId, from: 'buyNow', orderType: 'points', useBalance: input.useBalance, payPasswordProof })
      const o = await createOrder(tx, modules, draft, { requestId: input.requestId, remark: input.remark, expireMinutes: config.orderExpireMinutes })
      await tx.insertInto('pointsOrders').values({ orderId: o.id, pointsGoodsId: r.id, memberId, quantity: q, returned: 0, createdAt: t }).execute()
      return { orderNo: o.orderNo, payAmount: o.payAmount, status: o.status, pointsUsed: draft.pointsUsed, existing: false }
    })
  } catch (err) {
    if (isUniqueViolation(err)) {
      const same = await existing()
      if (same) return same
    }
    throw err
  }
}
