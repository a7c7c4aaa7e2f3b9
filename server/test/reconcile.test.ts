import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { FakeWechatPay } from './fakeWechatPay'
import { reconcileDay, reconcileDiffs } from '../src/modules/reconcile/service'
import { runAdminCommand } from '../src/adminCommands'
import { parseTradeBill } from '../src/payments/wechatpay'

/** The day of the recorded payments' success_time (fixtures): payments are reconciled by WeChat's time of payment. */
const BILL_DATE = '2026-11-22'

describe('trade bill parsing', () => {
  it('reads payments and refunds by column name, in fen, and stops at the summary', () => {
    const gw = new FakeWechatPay()
    gw.trades.set('P1', { state: 'SUCCESS', transactionId: '4200001', amount: 12990, successTime: '' })
    gw.refunds.set('RF1', { status: 'SUCCESS', refundId: '5001', amount: 505, outTradeNo: 'P1' })
    expect(parseTradeBill(gw.billFile())).toEqual({ payments: [{ payNo: 'P1', transactionId: '4200001', amount: 12990 }], refunds: [{ refundNo: 'RF1', payNo: 'P1', amount: 505 }] })
  })
})

describe.each(DIALECTS)('daily reconciliation on %s', (dialect) => {
  let t: TestApp
  let gw: FakeWechatPay
  beforeAll(async () => {
    gw = new FakeWechatPay()
    t = await makeTestApp(dialect, { http: gw, config: gw.config() })
  })
  afterAll(async () => t.close())

  async function paid() {
    const me = await shopper(t)
    await t.db
      .updateTable('members')
      .set({ openidH5: `oH5${me.memberId}` })
      .where('id', '=', me.memberId)
      .execute()
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 9 }] })
    const o = await buyNow(t, me.token, g.skuId, 1)
    const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'wechat_jsapi' }, me.token)
    gw.pay(p.data.payNo, p.data.amount)
    const n = gw.paymentNotification(p.data.payNo)
    await t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })
    return p.data.payNo as string
  }

  it('stores every difference: missing on our side, missing on WeChat, amount differs; a rerun replaces them', async () => {
    const same = await paid()
    const changed = await paid()
    const gone = await paid()
    await t.db.updateTable('payments').set({ amount: 1 }).where('payNo', '=', changed).execute()
    gw.trades.delete(gone)
    gw.trades.set('PNOTOURS0001', { state: 'SUCCESS', transactionId: '4200009', amount: 700, successTime: '' })
    const r = await reconcileDay(t.ctx, BILL_DATE)
    expect(r.payments).toBe(3)
    expect(r.differences).toEqual(
      expect.arrayContaining([
        { kind: 'payment', refNo: changed, issue: 'amount_differs', ours: 1, theirs: 2800 },
        { kind: 'payment', refNo: 'PNOTOURS0001', issue: 'missing_ours', ours: null, theirs: 700 },
        { kind: 'payment', refNo: gone, issue: 'missing_wechat', ours: 2800, theirs: null },
      ]),
    )
    expect(r.differences.map((d) => d.refNo)).not.toContain(same)
    expect(r.differences).toHaveLength(3)
    const again = await reconcileDay(t.ctx, BILL_DATE)
    expect(again.differences).toHaveLength(3)
    expect(await reconcileDiffs(t.db, BILL_DATE)).toHaveLength(3)
    const tb = gw.calls.find((c) => c.path.startsWith('/v3/bill/tradebill'))!
    expect(tb.path).toBe(`/v3/bill/tradebill?bill_date=${BILL_DATE}&bill_type=ALL`)
  })

  it('refuses a bill whose hash does not match, storing nothing new', async () => {
    gw.corruptBill = true
    try {
      await expect(reconcileDay(t.ctx, BILL_DATE)).rejects.toThrow('hash')
    } finally {
      gw.corruptBill = false
    }
    expect(await reconcileDiffs(t.db, BILL_DATE)).toHaveLength(3)
  })

  it('runs from the CLI command the module contributes', async () => {
    const lines: string[] = []
    const code = await runAdminCommand(['reconcile', BILL_DATE], { config: t.ctx.config, db: t.db, http: gw, out: (l) => lines.push(l) })
    expect(lines[0]).toMatch(/对账（wechatpay）：账单支付 3 笔/)
    expect(code).toBe(0)
  })
})
