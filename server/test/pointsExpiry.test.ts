import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient } from './adminHelpers'
import { shopper } from './tradeFixtures'
import { givePoints, ledgerConsistent, pointsOf } from './promoFixtures'
import { changePoints } from '../src/modules/integral/points'
import { expirePoints } from '../src/modules/integral/expiry'

const DAY = 86_400_000

/** 积分过期 (docs/promotions.md): the console's 积分有效期 and the job that applies it, on both databases. */
describe.each(DIALECTS)('points expiry (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  const base = { signIn: [5, 10, 15, 20, 25, 30, 50], perYuan: 1, firstOrder: 100, review: 20 }
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())

  /** Moves the member's ledger rows with this note `days` back. */
  const age = (memberId: number, note: string, days: number) =>
    t.db
      .updateTable('pointsLedger')
      .set({ createdAt: Date.now() - days * DAY })
      .where('memberId', '=', memberId)
      .where('note', '=', note)
      .execute()
  const expiryRows = (memberId: number) => t.db.selectFrom('pointsLedger').selectAll().where('memberId', '=', memberId).where('reason', '=', 'expire').execute()

  it('validated in Chinese; 0 (the default) expires nothing', async () => {
    expect(await c.put('/points/rules', { ...base, expireDays: -1 })).toMatchObject({ code: 400, msg: '积分有效期超出范围' })
    expect(await c.put('/points/rules', { ...base, expireDays: 4000 })).toMatchObject({ code: 400, msg: '积分有效期超出范围' })
    const me = await shopper(t)
    await givePoints(t, me.memberId, 500)
    await t.db
      .updateTable('pointsLedger')
      .set({ createdAt: Date.now() - 400 * DAY })
      .where('memberId', '=', me.memberId)
      .execute()
    expect(await expirePoints(t.db)).toBe(0)
    expect(await expiryRows(me.memberId)).toHaveLength(0)
  })

  it('points older than N days and not spent expire, oldest spent first; one ledger row, exactly once', async () => {
    expect((await c.put('/points/rules', { ...base, expireDays: 30 })).data).toMatchObject({ expireDays: 30 })
    const me = await shopper(t)
    const start = await pointsOf(t, me.memberId)
    await t.db.transaction().execute((tx) => changePoints(tx, me.memberId, 500, 'admin', '旧积分'))
    await t.db.transaction().execute((tx) => changePoints(tx, me.memberId, -200, 'order_deduct', '旧消费'))
    await t.db.transaction().execute((tx) => changePoints(tx, me.memberId, 300, 'admin', '新积分'))
    await age(me.memberId, '旧积分', 40)
    await age(me.memberId, '旧消费', 10)
    await age(me.memberId, '新积分', 5)
    // 500 gained 40 days ago, 200 of them spent: 300 expire; the 300 gained 5 days ago stay.
    await Promise.all([expirePoints(t.db), expirePoints(t.db)])
    const rows = await expiryRows(me.memberId)
    expect(rows).toHaveLength(1)
    expect(Number(rows[0].change)).toBe(-300)
    expect(rows[0].note).toBe('30天前获得的积分已过期')
    expect(await pointsOf(t, me.memberId)).toBe(start + 300)
    expect(await ledgerConsistent(t, me.memberId)).toBe(true)
    // Again the same day, and the next day: nothing more (the expiry counts as taken).
    expect(await expirePoints(t.db)).toBe(0)
    expect(await expirePoints(t.db, Date.now() + DAY)).toBe(0)
    expect(await expiryRows(me.memberId)).toHaveLength(1)
    // 40 days on, the newer 300 have expired too.
    await expirePoints(t.db, Date.now() + 40 * DAY)
    expect(await pointsOf(t, me.memberId)).toBe(start)
    // The shopper's ledger shows it in words.
    const list = (await t.get('/api/integral/ledger', {}, me.token)).data.list
    expect(list.filter((r: any) => r.reason === 'expire').map((r: any) => r.reasonText)).toEqual(['积分过期', '积分过期'])
    await c.put('/points/rules', { ...base, expireDays: 0 })
  })

  it('is a job of the integral module', async () => {
    const { jobs } = await import('../src/modules')
    expect(jobs.find((j) => j.name === 'points-expiry')).toBeTruthy()
  })
})
