import { Migrator, sql } from 'kysely'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { buyNow, makeGoods, requestId, shopper, stockOf } from './tradeFixtures'
import { orderItems } from './afterSalesFixtures'
import { PAY_PASSWORD, setPayPassword } from './payPasswordHelpers'
import { balanceShareOfRefund, ledgerIdentity } from '../src/modules/balance/service'
import { expireOrders } from '../src/modules/order/service'
import { handlePaidNotice } from '../src/modules/pay/service'
import { createDb } from '../src/db'
import { migrateToLatest } from '../src/db/migrate'
import { migrations } from '../src/db/migrations'

/** The shopper's balance (余额): the account, spending it at checkout, refunds split in proportion, 财务 → 余额. docs/balance.md. */
describe.each(DIALECTS)('balance (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  const paid: string[] = []
  beforeAll(async () => {
    t = await makeTestApp(dialect, {
      modules: (m) => ({ ...m, orderHooks: [...m.orderHooks, { event: 'paid', name: 'test-paid', fn: async (_tx, p) => void paid.push(p.order.orderNo) }] }),
    })
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())
  // The ledger identity after every test: each member's rows add up to the balance (and the withdrawable rows to its part).
  afterEach(async () => {
    const id = await ledgerIdentity(t.db)
    expect(id.mismatches).toEqual([])
    expect(id.ok).toBe(true)
  })

  const balanceOf = async (memberId: number) => {
    const m = await t.db.selectFrom('members').select(['balance', 'balanceWithdrawable']).where('id', '=', memberId).executeTakeFirstOrThrow()
    return { balance: Number(m.balance), withdrawable: Number(m.balanceWithdrawable) }
  }
  const give = async (memberId: number, amount: number, withdrawable = true) => {
    const r = await c.post('/balance/adjust', { memberId, amount, withdrawable, reason: '测试充入', requestId: requestId() })
    expect(r.code).toBe(200)
    return r.data
  }
  const row = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const ledgerOf = (memberId: number) => t.db.selectFrom('balanceLedger').selectAll().where('memberId', '=', memberId).orderBy('id').execute()
  const payWithSandbox = async (token: string, orderNo: string) => {
    const p = await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, token)
    expect(p.code).toBe(200)
    const r = await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)
    expect(r.data.paid).toBe(true)
    return p.data as { payNo: string; amount: number }
  }
  const gatewayRefunds = async (afterSaleNo: string) =>
    (await t.db.selectFrom('sandboxGateway').select(['amount']).where('key', '=', `refund:RF${afterSaleNo}`).execute()).reduce((s, r) => s + Number(r.amount), 0)
  const refundCase = async (token: string, orderNo: string, quantity: number, amount?: number) => {
    const item = (await orderItems(t, token, orderNo)).items[0]
    const items = [{ orderItemId: item.id, quantity }]
    const q = await t.post('/api/afterSales/quote', { orderNo, items }, token)
    const a = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items, reason: '不想要了', images: [], amount: amount ?? q.data.maxAmount }, token)
    expect(a.code).toBe(200)
    const cs = await t.db.selectFrom('afterSales').selectAll().where('afterSaleNo', '=', a.data.afterSaleNo).executeTakeFirstOrThrow()
    expect((await c.post(`/after-sales/${cs.id}/approve`)).code).toBe(200)
    const r = await c.post(`/after-sales/${cs.id}/refund`)
    expect(r.data?.status).toBe('refunded')
    return t.db.selectFrom('afterSales').selectAll().where('id', '=', cs.id).executeTakeFirstOrThrow()
  }

  it('splits a refund in proportion, rounding on the balance side, the last refund taking the rest, never over either part', () => {
    const o = { payAmount: 10000, balanceAmount: 3000, balanceRefunded: 0 }
    expect(balanceShareOfRefund(o, 0, 3333)).toBe(999)
    expect(balanceShareOfRefund({ ...o, balanceRefunded: 999 }, 3333, 6667)).toBe(2001)
    expect(balanceShareOfRefund({ ...o, balanceAmount: 10000 }, 0, 1)).toBe(1)
    expect(balanceShareOfRefund({ ...o, balanceAmount: 0 }, 0, 5000)).toBe(0)
    // The gateway part has only 100 left: the rest of the refund comes from the balance part.
    expect(balanceShareOfRefund({ payAmount: 10000, balanceAmount: 3000, balanceRefunded: 0 }, 6900, 3000)).toBe(2900)
  })

  it('preview shows the balance; a fully covered order is paid at once through the paid hooks, once; a staff refund puts it all back', async () => {
    const me = await shopper(t)
    await setPayPassword(t, me.token, me.memberId)
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    await give(me.memberId, 15000)
    const pv = await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 2, useBalance: true }, me.token)
    expect(pv.data.extras.balance).toEqual({ available: 15000, used: 10000, gatewayAmount: 0 })
    const off = await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 2 }, me.token)
    expect(off.data.extras.balance).toEqual({ available: 15000, used: 0, gatewayAmount: 10000 })

    const r = await buyNow(t, me.token, g.skuId, 2, { useBalance: true, payPassword: PAY_PASSWORD, balanceAmount: 10000 })
    expect(r.data).toMatchObject({ status: 'to_ship' })
    const o = await row(r.data.orderNo)
    expect([o.payAmount, o.balanceAmount, o.payChannel]).toEqual([10000, 10000, 'balance'])
    expect(paid.filter((x) => x === o.orderNo)).toHaveLength(1)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 5000, withdrawable: 5000 })
    expect(await t.db.selectFrom('payments').select('id').where('orderId', '=', o.id).execute()).toEqual([])
    // Nothing to pay at the gateway.
    expect(await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)).toMatchObject({ code: 2003, msg: '订单已支付' })
    const detail = (await t.get('/api/order/detail', { orderNo: o.orderNo }, me.token)).data
    expect(detail).toMatchObject({ payAmount: 10000, balanceAmount: 10000 })

    const refund = await c.post(`/orders/${o.orderNo}/refund`, { reason: '缺货，无法发货' })
    expect(refund).toMatchObject({ code: 200, data: { status: 'refunded' } })
    const cs = await t.db.selectFrom('afterSales').selectAll().where('orderId', '=', o.id).executeTakeFirstOrThrow()
    expect([cs.refundAmount, cs.balanceRefundAmount]).toEqual([10000, 10000])
    expect(await gatewayRefunds(cs.afterSaleNo)).toBe(0)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 15000, withdrawable: 15000 })
    expect((await row(o.orderNo)).status).toBe('cancelled')
    const kinds = (await ledgerOf(me.memberId)).map((l) => [l.kind, l.amount])
    expect(kinds).toEqual([
      ['staff_adjust', 15000],
      ['order_payment', -10000],
      ['order_refund', 10000],
    ])
    // The staff refund again: nothing more.
    expect((await c.post(`/orders/${o.orderNo}/refund`, { reason: '再退一次' })).code).not.toBe(200)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 15000, withdrawable: 15000 })
  })

  it('two checkouts spending the same balance at once: one succeeds, the other is refused with 余额不足; never negative', async () => {
    const me = await shopper(t)
    await setPayPassword(t, me.token, me.memberId)
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 10 }] })
    await give(me.memberId, 10000)
    const results = await Promise.all([1, 2].map(() => buyNow(t, me.token, g.skuId, 1, { useBalance: true, payPassword: PAY_PASSWORD, balanceAmount: 10000 })))
    expect(results.map((r) => r.code).sort()).toEqual([200, 4001])
    expect(results.find((r) => r.code === 4001)!.msg).toMatch(/^余额不足/)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 0, withdrawable: 0 })
    expect((await stockOf(t, g.skuId)).stock).toBe(9)
    // A debit with the balance gone is refused the same way at the console.
    expect(await c.post('/balance/adjust', { memberId: me.memberId, amount: -1, reason: '扣减', requestId: requestId() })).toMatchObject({ code: 4001 })
  })

  it('partly covered: the balance part is held, the gateway asked for the rest; expiry (twice at once) returns the held part once', async () => {
    const me = await shopper(t)
    await setPayPassword(t, me.token, me.memberId)
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 10 }] })
    await give(me.memberId, 1200)
    await give(me.memberId, 800, false)
    const r = await buyNow(t, me.token, g.skuId, 1, { useBalance: true, payPassword: PAY_PASSWORD, balanceAmount: 2000 })
    expect(r.data).toMatchObject({ status: 'unpaid', payAmount: 10000 })
    const o = await row(r.data.orderNo)
    expect(o.balanceAmount).toBe(2000)
    // The non-withdrawable money went first.
    expect(await balanceOf(me.memberId)).toEqual({ balance: 0, withdrawable: 0 })
    expect((await t.get('/api/balance/summary', {}, me.token)).data).toEqual({ balance: 0, withdrawable: 0, held: 2000 })
    const p = await t.post('/api/pay/prepay', { orderNo: o.orderNo, channel: 'sandbox' }, me.token)
    expect(p.data.amount).toBe(8000)
    const n = await Promise.all([expireOrders(t.db, t.ctx.modules, o.expireAt + 1), expireOrders(t.db, t.ctx.modules, o.expireAt + 1)])
    expect(n[0] + n[1]).toBe(1)
    expect((await row(o.orderNo)).status).toBe('cancelled')
    expect(await balanceOf(me.memberId)).toEqual({ balance: 2000, withdrawable: 1200 })
    expect((await ledgerOf(me.memberId)).filter((l) => l.kind === 'order_hold_returned')).toHaveLength(1)
    expect(paid).not.toContain(o.orderNo)

    // A late payment on the cancelled order: refunded at the gateway, only its part; the balance is not touched again.
    const late = await handlePaidNotice(t.ctx, { payNo: p.data.payNo, transactionId: 'TX-LATE-B', amount: 8000, paidAt: Date.now() }, '{}')
    expect(late.outcome).toBe('late')
    const pay = await t.db.selectFrom('payments').selectAll().where('payNo', '=', p.data.payNo).executeTakeFirstOrThrow()
    expect([pay.status, pay.amount]).toEqual(['refunded', 8000])
    expect(await balanceOf(me.memberId)).toEqual({ balance: 2000, withdrawable: 1200 })
  })

  it('partly covered and paid: after-sales refunds (part, then the rest) split between balance and gateway, never more than each paid', async () => {
    const me = await shopper(t)
    await setPayPassword(t, me.token, me.memberId)
    const g = await makeGoods(t, { skus: [{ price: 3333, stock: 10 }] })
    await give(me.memberId, 3000)
    const r = await buyNow(t, me.token, g.skuId, 3, { useBalance: true, payPassword: PAY_PASSWORD, balanceAmount: 3000 })
    const o = await row(r.data.orderNo)
    expect([o.payAmount, o.balanceAmount]).toEqual([9999, 3000])
    const pay = await payWithSandbox(me.token, o.orderNo)
    expect(pay.amount).toBe(6999)
    expect(paid.filter((x) => x === o.orderNo)).toHaveLength(1)
    const detail = (await t.get('/api/order/detail', { orderNo: o.orderNo }, me.token)).data
    expect(detail).toMatchObject({ status: 'to_ship', payAmount: 9999, balanceAmount: 3000 })

    const first = await refundCase(me.token, o.orderNo, 1)
    expect([first.refundAmount, first.balanceRefundAmount]).toEqual([3333, 1000])
    expect(await gatewayRefunds(first.afterSaleNo)).toBe(2333)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 1000, withdrawable: 1000 })
    const second = await refundCase(me.token, o.orderNo, 2)
    expect([second.refundAmount, second.balanceRefundAmount]).toEqual([6666, 2000])
    expect(await gatewayRefunds(second.afterSaleNo)).toBe(4666)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 3000, withdrawable: 3000 })
    const after = await row(o.orderNo)
    expect([after.status, after.balanceRefunded]).toEqual(['cancelled', 3000])
    expect((await t.db.selectFrom('payments').select('status').where('payNo', '=', pay.payNo).executeTakeFirstOrThrow()).status).toBe('refunded')
    expect((await ledgerOf(me.memberId)).filter((l) => l.kind === 'order_refund').map((l) => l.amount)).toEqual([1000, 2000])
  })

  it('a refund racing a payment that spends the same balance: each applies once, the balance is never negative', async () => {
    const me = await shopper(t)
    await setPayPassword(t, me.token, me.memberId)
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 10 }] })
    await give(me.memberId, 10000)
    const first = await buyNow(t, me.token, g.skuId, 1, { useBalance: true, payPassword: PAY_PASSWORD, balanceAmount: 10000 })
    expect(first.data.status).toBe('to_ship')
    await give(me.memberId, 1000)
    // The staff refund of the first order (10000 back) and a second order spending the balance (1000 there), at once.
    const [refund, second] = await Promise.all([c.post(`/orders/${first.data.orderNo}/refund`, { reason: '缺货' }), buyNow(t, me.token, g.skuId, 1, { useBalance: true, payPassword: PAY_PASSWORD })])
    expect(refund.data.status).toBe('refunded')
    expect(second.code).toBe(200)
    const o2 = await row(second.data.orderNo)
    const b = await balanceOf(me.memberId)
    expect(b.balance).toBe(11000 - o2.balanceAmount)
    expect(b.balance).toBeGreaterThanOrEqual(0)
    expect([1000, 10000]).toContain(o2.balanceAmount)
  })

  it('财务 → 余额: outstanding total, members by balance, a member’s ledger; adjustments need balance.adjust, a reason, apply once, audited', async () => {
    const me = await shopper(t)
    await setPayPassword(t, me.token, me.memberId)
    const phone = (await t.db.selectFrom('members').select('phone').where('id', '=', me.memberId).executeTakeFirstOrThrow()).phone!
    const reqId = requestId()
    const body = { memberId: me.memberId, amount: 2500, reason: '客诉补偿', requestId: reqId }
    expect((await c.post('/balance/adjust', body)).data).toEqual({ balance: 2500, withdrawable: 0 })
    expect((await c.post('/balance/adjust', body)).code).toBe(409)
    expect(await c.post('/balance/adjust', { ...body, requestId: requestId(), reason: '  ' })).toMatchObject({ code: 400 })
    expect(await c.post('/balance/adjust', { ...body, requestId: requestId(), amount: -3000 })).toMatchObject({ code: 4001, msg: '余额不足' })
    expect(await balanceOf(me.memberId)).toEqual({ balance: 2500, withdrawable: 0 })
    const [audit] = (await auditRows(t, 'balance.adjust')).filter((a) => a.targetId === String(me.memberId))
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ balance: 2500, reason: '客诉补偿' })

    const operator = adminClient(t, await signIn(t, 'operator'))
    expect((await operator.post('/balance/adjust', { ...body, requestId: requestId() })).code).toBe(8003)
    const finance = adminClient(t, await signIn(t, 'finance'))
    expect((await finance.post('/balance/adjust', { ...body, requestId: requestId(), amount: -500 })).data).toEqual({ balance: 2000, withdrawable: 0 })

    const summary = (await c.get('/balance/summary')).data
    const sum = await t.db
      .selectFrom('members')
      .select((eb) => eb.fn.sum<number>('balance').as('s'))
      .executeTakeFirstOrThrow()
    expect(summary).toMatchObject({ total: Number(sum.s), ledgerTotal: Number(sum.s), identityOk: true, mismatches: [] })
    const list = (await c.get('/balance/members', { keyword: phone })).data
    expect(list.list).toEqual([{ memberId: me.memberId, phone, nickname: expect.any(String), balance: 2000, withdrawable: 0, ledgerTotal: 2000 }])
    const all = (await c.get('/balance/members', { sort: 'balance_desc' })).data.list.map((r: any) => r.balance)
    expect(all).toEqual([...all].sort((a: number, b: number) => b - a))
    const ledger = (await c.get('/balance/ledger', { memberId: me.memberId })).data
    expect(ledger.list.map((l: any) => [l.kindText, l.amount])).toEqual([
      ['商家调整', -500],
      ['商家调整', 2500],
    ])
    // The shopper's page: the same rows, filtered.
    expect((await t.get('/api/balance/ledger', { flow: 'out' }, me.token)).data.list.map((l: any) => l.amount)).toEqual([-500])
    expect((await t.get('/api/balance/ledger', { flow: 'in' }, me.token)).data.list.map((l: any) => l.kindText)).toEqual(['商家调整'])
  })
})

describe('migration 103: the cashback balance becomes the balance', () => {
  it('keeps every cashback figure and ledger row (withdrawable), and a figure without rows gets one row for it', async () => {
    const db = createDb({ sqliteFile: ':memory:' })
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '103'))
    await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()
    const t0 = 1_764_000_000_000
    const member = async (phone: string, cashback: number) =>
      (
        await sql<{ id: number }>`INSERT INTO members (phone, nickname, avatar, gender, points, cashback_balance, status, created_at, updated_at)
          VALUES (${phone}, '老顾客', '', 0, 0, ${cashback}, 'active', ${t0}, ${t0}) RETURNING id`.execute(db)
      ).rows[0].id
    const a = await member('13900000001', 500)
    const b = await member('13900000002', 700)
    await member('13900000003', 0)
    for (const [memberId, change, after, type, biz] of [
      [a, 300, 300, 'task_payout', 1],
      [a, 200, 500, 'task_payout', 2],
      [b, 400, 400, 'adjust', 9],
    ] as const)
      await sql`INSERT INTO cashback_ledger (member_id, change, balance_after, type, biz_id, note, created_at) VALUES (${memberId}, ${change}, ${after}, ${type}, ${biz}, '好评返现', ${t0})`.execute(
        db,
      )
    await migrateToLatest(db)
    const m = await db.selectFrom('members').select(['id', 'balance', 'balanceWithdrawable']).orderBy('id').execute()
    expect(m.map((x) => [Number(x.balance), Number(x.balanceWithdrawable)])).toEqual([
      [500, 500],
      [700, 700],
      [0, 0],
    ])
    const rows = await db.selectFrom('balanceLedger').select(['memberId', 'kind', 'amount', 'withdrawableAmount', 'refType', 'refId']).orderBy('id').execute()
    expect(rows).toEqual([
      { memberId: a, kind: 'cashback', amount: 300, withdrawableAmount: 300, refType: 'cashback_task', refId: '1' },
      { memberId: a, kind: 'cashback', amount: 200, withdrawableAmount: 200, refType: 'cashback_task', refId: '2' },
      { memberId: b, kind: 'staff_adjust', amount: 400, withdrawableAmount: 400, refType: 'cashback_adjust', refId: '9' },
      { memberId: b, kind: 'staff_adjust', amount: 300, withdrawableAmount: 300, refType: 'migration', refId: String(b) },
    ])
    expect((await ledgerIdentity(db)).ok).toBe(true)
    // The range check holds from now on: no write can take the balance below 0.
    const triggers = (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`.execute(db)).rows.map((r) => r.name)
    expect(triggers).toEqual(expect.arrayContaining(['members_balance_range', 'orders_balance_range', 'orders_balance_range_insert']))
    let refused = ''
    try {
      const r = await sql`UPDATE members SET balance = -1 WHERE id = ${a}`.execute(db)
      refused = `not refused: ${String(r.numAffectedRows)} row(s) changed`
    } catch (err) {
      refused = String((err as Error).message)
    }
    expect(refused).toMatch(/members_balance_range/)
    await db.destroy()
  })
})
