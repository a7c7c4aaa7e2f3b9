import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { shopper } from './tradeFixtures'
import { ledgerIdentity } from '../src/modules/balance/service'
import { closeExpiredRecharges, rechargeStatus, rechargeWithdrawable } from '../src/modules/balance/recharge'
import { balanceSnapshots, takeBalanceSnapshot } from '../src/modules/balance/snapshot'
import { handlePaidNotice } from '../src/modules/pay/service'
import { getPaymentProvider } from '../src/payments'
import type { SandboxProvider } from '../src/payments/sandbox'
import { chinaDayStart, DAY_MS } from '../src/services/chinaTime'

/** 充值 (docs/balance.md "Recharge"): packages, recharge orders paid through the payment adapter, credited once; the daily snapshot. */
describe.each(DIALECTS)('balance recharge (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())
  afterEach(async () => {
    const id = await ledgerIdentity(t.db)
    expect(id.mismatches).toEqual([])
    expect(id.ok).toBe(true)
  })

  const balanceOf = async (memberId: number) => {
    const m = await t.db.selectFrom('members').select(['balance', 'balanceWithdrawable']).where('id', '=', memberId).executeTakeFirstOrThrow()
    return { balance: Number(m.balance), withdrawable: Number(m.balanceWithdrawable) }
  }
  const newPackage = async (payAmount: number, bonusAmount: number, enabled = true) => {
    const r = await c.post('/balance/recharge-packages', { name: `充${payAmount / 100}送${bonusAmount / 100}`, payAmount, bonusAmount, enabled, sort: 1 })
    expect(r.code).toBe(200)
    return r.data.id as number
  }
  const setWithdrawable = async (on: boolean) => expect((await c.put('/balance/recharge-settings', { withdrawable: on })).code).toBe(200)
  /** A recharge order and its sandbox payment, captured at the "gateway" (paid there) but not yet notified. */
  const paidAtGateway = async (token: string, packageId: number) => {
    const o = await t.post('/api/recharge/create', { packageId }, token)
    expect(o.code).toBe(200)
    const p = await t.post('/api/recharge/prepay', { rechargeNo: o.data.rechargeNo, channel: 'sandbox' }, token)
    expect(p.code).toBe(200)
    const sandbox = getPaymentProvider(t.ctx, 'sandbox') as SandboxProvider
    await sandbox.capture(p.data.payNo, p.data.params.ticket)
    const q = await sandbox.queryPayment(p.data.payNo)
    if (q.state !== 'paid') throw new Error('not paid at the sandbox')
    return { rechargeNo: o.data.rechargeNo as string, payNo: p.data.payNo as string, notice: q.notice }
  }
  const ledgerOf = (memberId: number) => t.db.selectFrom('balanceLedger').select(['kind', 'amount', 'withdrawableAmount', 'refType']).where('memberId', '=', memberId).orderBy('id').execute()

  it('营销 → 充值: packages created, edited, switched off and deleted, audited; the shop lists only enabled ones; the setting is off by default', async () => {
    expect(await rechargeWithdrawable(t.db)).toBe(false)
    const id = await newPackage(10000, 1000)
    const off = await newPackage(20000, 3000, false)
    const me = await shopper(t)
    let shop = await t.get('/api/recharge/packages', {}, me.token)
    expect(shop.data.withdrawable).toBe(false)
    expect(shop.data.packages.map((p: { id: number }) => p.id)).toContain(id)
    expect(shop.data.packages.map((p: { id: number }) => p.id)).not.toContain(off)
    expect((await c.put(`/balance/recharge-packages/${off}`, { name: '充200送30', payAmount: 20000, bonusAmount: 3000, enabled: true, sort: 2 })).code).toBe(200)
    shop = await t.get('/api/recharge/packages', {}, me.token)
    expect(shop.data.packages.map((p: { id: number }) => p.id)).toContain(off)
    expect((await c.del(`/balance/recharge-packages/${off}`)).code).toBe(200)
    expect((await t.post('/api/recharge/create', { packageId: off }, me.token)).code).toBe(404)
    const bad = await c.post('/balance/recharge-packages', { name: '', payAmount: 0, bonusAmount: 0, enabled: true, sort: 0, extra: 1 })
    expect(bad.code).toBe(400)
    expect((await auditRows(t, 'recharge.package.create')).length).toBeGreaterThanOrEqual(2)
    expect((await auditRows(t, 'recharge.package.update')).length).toBeGreaterThanOrEqual(1)
    expect((await auditRows(t, 'recharge.package.delete')).length).toBeGreaterThanOrEqual(1)
    const operator = adminClient(t, await signIn(t, 'service'))
    expect((await operator.post('/balance/recharge-packages', { name: '无权', payAmount: 100, bonusAmount: 0, enabled: true, sort: 0 })).code).not.toBe(200)
  })

  it('a notification twice, and a notification racing the pay-status query: credited once (amount + bonus), the bonus never withdrawable', async () => {
    const pkg = await newPackage(10000, 1000)
    const me = await shopper(t)
    const a = await paidAtGateway(me.token, pkg)
    const [r1, r2] = await Promise.all([handlePaidNotice(t.ctx, a.notice, '{}'), handlePaidNotice(t.ctx, a.notice, '{}')])
    expect([r1.outcome, r2.outcome].sort()).toEqual(['duplicate', 'paid'])
    expect((await handlePaidNotice(t.ctx, a.notice, '{}')).outcome).toBe('duplicate')
    expect(await balanceOf(me.memberId)).toEqual({ balance: 11000, withdrawable: 0 })

    const b = await paidAtGateway(me.token, pkg)
    const [n, s] = await Promise.all([handlePaidNotice(t.ctx, b.notice, '{}'), rechargeStatus(t.ctx, me.memberId, b.rechargeNo)])
    expect(n.orderNo).toBe(b.rechargeNo)
    const after = await rechargeStatus(t.ctx, me.memberId, b.rechargeNo)
    expect(after.status).toBe('paid')
    expect(s.rechargeNo).toBe(b.rechargeNo)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 22000, withdrawable: 0 })
    const rows = await ledgerOf(me.memberId)
    expect(rows.map((r) => [r.kind, Number(r.amount), Number(r.withdrawableAmount)])).toEqual([
      ['recharge', 10000, 0],
      ['recharge_bonus', 1000, 0],
      ['recharge', 10000, 0],
      ['recharge_bonus', 1000, 0],
    ])
    // The payment is one of the day's payments for the reconciliation (payments by provider and pay time).
    const pay = await t.db.selectFrom('payments').selectAll().where('payNo', '=', b.payNo).executeTakeFirstOrThrow()
    expect(pay).toMatchObject({ status: 'paid', orderId: 0 })
    expect(Number(pay.paidAt)).toBeGreaterThan(0)
  })

  it('the shopper pays through the sandbox confirm like an order; recharged money is withdrawable only with the setting, the bonus never', async () => {
    await setWithdrawable(true)
    try {
      const pkg = await newPackage(5000, 500)
      const me = await shopper(t)
      const o = await t.post('/api/recharge/create', { packageId: pkg }, me.token)
      const p = await t.post('/api/recharge/prepay', { rechargeNo: o.data.rechargeNo, channel: 'sandbox' }, me.token)
      const r = await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, me.token)
      expect(r.data).toMatchObject({ orderNo: o.data.rechargeNo, paid: true, payAmount: 5000 })
      expect(await balanceOf(me.memberId)).toEqual({ balance: 5500, withdrawable: 5000 })
      expect((await t.post('/api/recharge/prepay', { rechargeNo: o.data.rechargeNo, channel: 'sandbox' }, me.token)).code).toBe(2003)
      const list = await t.get('/api/recharge/list', {}, me.token)
      expect(list.data.list[0]).toMatchObject({ rechargeNo: o.data.rechargeNo, status: 'paid', statusText: '已到账', amount: 5000, bonus: 500 })
      // Another member cannot see or pay it.
      const other = await shopper(t)
      expect((await t.get('/api/recharge/status', { rechargeNo: o.data.rechargeNo }, other.token)).code).toBe(404)
      // 财务 → 余额: the recharge orders, searchable by member and status.
      const phone = (await t.db.selectFrom('members').select('phone').where('id', '=', me.memberId).executeTakeFirstOrThrow()).phone
      const page = await c.get('/balance/recharges', { keyword: phone, status: 'paid' })
      expect(page.data.list).toEqual([expect.objectContaining({ rechargeNo: o.data.rechargeNo, amount: 5000, bonus: 500, statusText: '已到账', payMethod: '沙箱支付' })])
      expect((await c.get('/balance/recharges', { keyword: phone, status: 'closed' })).data.total).toBe(0)
    } finally {
      await setWithdrawable(false)
    }
  })

  it('expiry closes an unpaid recharge order (and its payment); a payment landing on it afterwards is still credited, once', async () => {
    const pkg = await newPackage(3000, 0)
    const me = await shopper(t)
    const o = await t.post('/api/recharge/create', { packageId: pkg }, me.token)
    const p = await t.post('/api/recharge/prepay', { rechargeNo: o.data.rechargeNo, channel: 'sandbox' }, me.token)
    await t.db
      .updateTable('rechargeOrders')
      .set({ expireAt: Date.now() - 1 })
      .where('rechargeNo', '=', o.data.rechargeNo)
      .execute()
    expect(await closeExpiredRecharges(t.ctx)).toBeGreaterThanOrEqual(1)
    const closed = await t.db.selectFrom('rechargeOrders').select('status').where('rechargeNo', '=', o.data.rechargeNo).executeTakeFirstOrThrow()
    expect(closed.status).toBe('closed')
    expect((await t.post('/api/recharge/prepay', { rechargeNo: o.data.rechargeNo, channel: 'sandbox' }, me.token)).code).toBe(2003)
    // WeChat's notification of a payment made just before the close arrives late (twice).
    const notice = { payNo: p.data.payNo, transactionId: 'TX-RECHARGE-LATE', amount: 3000, paidAt: Date.now() }
    expect((await handlePaidNotice(t.ctx, notice, '{}')).outcome).toBe('paid')
    expect((await handlePaidNotice(t.ctx, notice, '{}')).outcome).toBe('duplicate')
    expect(await balanceOf(me.memberId)).toEqual({ balance: 3000, withdrawable: 0 })
    const now = await t.db.selectFrom('rechargeOrders').select('status').where('rechargeNo', '=', o.data.rechargeNo).executeTakeFirstOrThrow()
    expect(now.status).toBe('paid')
    // A wrong amount is refused and changes nothing.
    const o2 = await t.post('/api/recharge/create', { packageId: pkg }, me.token)
    const p2 = await t.post('/api/recharge/prepay', { rechargeNo: o2.data.rechargeNo, channel: 'sandbox' }, me.token)
    await expect(handlePaidNotice(t.ctx, { payNo: p2.data.payNo, transactionId: 'TX-WRONG', amount: 1, paidAt: Date.now() }, '{}')).rejects.toThrow('不一致')
    expect(await balanceOf(me.memberId)).toEqual({ balance: 3000, withdrawable: 0 })
  })

  it('the daily snapshot: one row per China day, its figure the sum of the ledger rows before the day ended', async () => {
    const pkg = await newPackage(1000, 100)
    const me = await shopper(t)
    const a = await paidAtGateway(me.token, pkg)
    await handlePaidNotice(t.ctx, a.notice, '{}')
    const tomorrow = chinaDayStart() + DAY_MS + 60_000
    const day = await takeBalanceSnapshot(t.db, tomorrow)
    expect(day).not.toBeNull()
    // Taken once: a second run (or a second instance) writes nothing.
    expect(await takeBalanceSnapshot(t.db, tomorrow + 1000)).toBeNull()
    const [snap] = await balanceSnapshots(t.db, 30)
    const id = await ledgerIdentity(t.db)
    const sums = await t.db
      .selectFrom('balanceLedger')
      .select((eb) => [eb.fn.sum<number>('amount').as('s'), eb.fn.sum<number>('withdrawableAmount').as('w')])
      .executeTakeFirstOrThrow()
    expect(snap).toMatchObject({ day, total: Number(sums.s), withdrawable: Number(sums.w), ledgerTotal: id.balance, consistent: true })
    expect(snap.total).toBe(id.balance)
  })
})
