import type { Insertable } from 'kysely'
import type { TestApp } from './helpers'
import type { CouponTable } from '../src/db/promotionTables'
import { changePoints } from '../src/modules/integral/points'
import '../src/db/promotionTables'

const DAY = 86_400_000

/** A coupon straight into the table; defaults: ¥10 off with no threshold, all goods, 7 days, 1 per member, 1000 in total. */
export async function makeCoupon(t: TestApp, over: Partial<Insertable<CouponTable>> = {}) {
  const now = Date.now()
  const row = await t.db
    .insertInto('coupons')
    .values({
      name: '测试券',
      kind: 'amount',
      amount: 1000,
      threshold: 0,
      rate: 100,
      maxDiscount: 0,
      scope: 'all',
      scopeIds: '[]',
      validType: 'days',
      validFrom: null,
      validTo: null,
      validDays: 7,
      perMemberLimit: 1,
      totalCount: 1000,
      issuedCount: 0,
      usedCount: 0,
      newMember: 0,
      allowSeckill: 0,
      visible: 1,
      status: 'on',
      description: '',
      sort: 0,
      createdAt: now,
      updatedAt: now,
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A top category and one sub-category under it. */
export async function makeCategories(t: TestApp, name = '测试分类') {
  const top = await t.db.insertInto('categories').values({ parentId: 0, name, icon: '', sort: 0 }).returning('id').executeTakeFirstOrThrow()
  const sub = await t.db
    .insertInto('categories')
    .values({ parentId: top.id, name: `${name}子类`, icon: '', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { topId: top.id, subId: sub.id }
}

export const setCategory = (t: TestApp, goodsId: number, categoryId: number) => t.db.updateTable('goods').set({ categoryId }).where('id', '=', goodsId).execute()

export const memberIdOf = async (t: TestApp, token: string): Promise<number> => (await t.get('/api/member/getMemberInfo', {}, token)).data.id

/** Gives a member points through the ledger (as the operator would). */
export const givePoints = (t: TestApp, memberId: number, points: number) => t.db.transaction().execute((tx) => changePoints(tx, memberId, points, 'admin', '测试'))

export const pointsOf = async (t: TestApp, memberId: number) => Number((await t.db.selectFrom('members').select('points').where('id', '=', memberId).executeTakeFirstOrThrow()).points)

/** The ledger must explain the balance: every row's balance_after follows from the previous one, and the last equals members.points. */
export async function ledgerConsistent(t: TestApp, memberId: number) {
  const rows = await t.db.selectFrom('pointsLedger').select(['change', 'balanceAfter']).where('memberId', '=', memberId).orderBy('id').execute()
  let bal = 0
  for (const r of rows) {
    bal += Number(r.change)
    if (bal !== Number(r.balanceAfter) || bal < 0) return false
  }
  return bal === (await pointsOf(t, memberId))
}

/** Moves a member's registration back (older than the new-member window). */
export const ageMember = (t: TestApp, memberId: number, days: number) =>
  t.db
    .updateTable('members')
    .set({ createdAt: Date.now() - days * DAY })
    .where('id', '=', memberId)
    .execute()

export const DAY_MS = DAY
