import { DIALECTS, makeTestApp, recordingRefunds, nextPhone, type TestApp } from './helpers'
import { buyNow, makeGoods, requestId, shopper, stockOf } from './tradeFixtures'
import { FakeWechatPay } from './fakeWechatPay'
import { checkRefunds, expireUnpaidOrders } from '../src/modules/pay/settle'
import { failedRefundCounts, failedRefunds } from '../src/modules/pay/refunds'
import { cancelOrder } from '../src/modules/order/service'
import { approveAfterSale } from '../src/modules/afterSales/service'
import { refundAfterSale } from '../src/modules/afterSales/refund'
import type { OrderRefundedEvent } from '../src/modules/order/events'
import { approveApplication } from '../src/modules/agent/service'
import { moveMoney } from '../src/modules/agent/account'
import { checkTransfers, startTransfer } from '../src/modules/agent/payout'

const ID_CARD = '11010519491231002X'

/**
 * The WeChat money loop against a recorded WeChat Pay gateway (fakeWechatPay.ts): the races where shops lose money.
 * Every WeChat call is signed and verified; notifications are encrypted and signed as WeChat sends them.
 */
describe.each(DIALECTS)('WeChat money loop on %s', (dialect) => {
  let t: TestApp
  let gw: FakeWechatPay
  let me: Awaited<ReturnType<typeof shopper>>
  const refunded: OrderRefundedEvent[] = []
  beforeAll(async () => {
    gw = new FakeWechatPay()
    t = await makeTestApp(dialect, { http: gw, config: gw.config(), modules: recordingRefunds(refunded, 'money-test') })
    me = await shopper(t)
    await t.db.updateTable('members').set({ openidH5: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }).where('id', '=', me.memberId).execute()
  })
  afterAll(async () => t.close())

  /** An unpaid order with a WeChat JSAPI payment created at the gateway. */
  async function unpaidOrder(price = 2500) {
    const g = await makeGoods(t, { skus: [{ price, stock: 20 }] })
    const o = await buyNow(t, me.token, g.skuId, 1)
    expect(o.code).toBe(200)
    const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'wechat_jsapi' }, me.token)
    expect(p.code).toBe(200)
    return { orderNo: o.data.orderNo as string, payNo: p.data.payNo as string, amount: p.data.amount as number, skuId: g.skuId }
  }
  const notify = (n: { headers: Record<string, string>; body: string }) => t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })
  const orderRow = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const payRow = (payNo: string) => t.db.selectFrom('payments').selectAll().where('payNo', '=', payNo).executeTakeFirstOrThrow()
  const actions = async (orderNo: string) => {
    const o = await orderRow(orderNo)
    return (await t.db.selectFrom('orderLogs').select('action').where('orderId', '=', o.id).orderBy('id').execute()).map((l) => l.action)
  }
  const expireNow = (orderNo: string) =>
    t.db
      .updateTable('orders')
      .set({ expireAt: Date.now() - 1000 })
      .where('orderNo', '=', orderNo)
      .execute()

  it('notification and expiry at the same moment: paid wins, nothing cancelled, nothing refunded', async () => {
    const o = await unpaidOrder()
    gw.pay(o.payNo, o.amount)
    await expireNow(o.orderNo)
    const [res] = await Promise.all([notify(gw.paymentNotification(o.payNo)), expireUnpaidOrders(t.ctx), expireUnpaidOrders(t.ctx)])
    expect(res.statusCode).toBe(204)
    const row = await orderRow(o.orderNo)
    expect(row.status).toBe('to_ship')
    expect(await actions(o.orderNo)).toEqual(['submit', 'pay'])
    expect((await payRow(o.payNo)).status).toBe('paid')
    expect((await stockOf(t, o.skuId)).stock).toBe(19)
    expect(gw.count('POST', '/close')).toBe(0)
    expect(gw.refunds.size).toBe(0)
  })

  it('expiry asks the gateway first: not paid → closed at WeChat, then cancelled with the stock back', async () => {
    const o = await unpaidOrder()
    await expireNow(o.orderNo)
    const closes = gw.count('POST', `/out-trade-no/${o.payNo}/close`)
    expect(await expireUnpaidOrders(t.ctx)).toBeGreaterThanOrEqual(1)
    expect((await orderRow(o.orderNo)).status).toBe('cancelled')
    expect(gw.count('POST', `/out-trade-no/${o.payNo}/close`)).toBe(closes + 1)
    expect(gw.trades.get(o.payNo)?.state).toBe('CLOSED')
    expect((await stockOf(t, o.skuId)).stock).toBe(20)
    // The query was signed with the merchant key and carried mchid (the fake refuses anything else).
    expect(gw.calls.some((c) => c.method === 'GET' && c.path === `/v3/pay/transactions/out-trade-no/${o.payNo}?mchid=1900000109`)).toBe(true)
  })

  it('a payment landing between the query and the close (ORDERPAID) makes the order paid, not cancelled', async () => {
    const o = await unpaidOrder()
    await expireNow(o.orderNo)
    // The shopper pays at WeChat just after our query said NOTPAY: the close is refused, the second query finds it.
    gw.fail(`/out-trade-no/${o.payNo}/close`, 400, 'pay_error_orderpaid')
    const query = gw.request.bind(gw)
    let queries = 0
    gw.request = async (method, url, opts) => {
      if (method === 'GET' && url.includes(o.payNo) && ++queries === 1) {
        const a = await query(method, url, opts)
        gw.pay(o.payNo, o.amount)
        return a
      }
      return query(method, url, opts)
    }
    try {
      await expireUnpaidOrders(t.ctx)
    } finally {
      gw.request = query
    }
    expect((await orderRow(o.orderNo)).status).toBe('to_ship')
    expect((await payRow(o.payNo)).status).toBe('paid')
  })

  it('gateway errors (SYSTEM_ERROR, frequency limit) defer the expiry: the order stays unpaid, nothing closed', async () => {
    const o = await unpaidOrder()
    await expireNow(o.orderNo)
    gw.fail(`/out-trade-no/${o.payNo}`, 500, 'pay_error_system')
    await expireUnpaidOrders(t.ctx)
    expect((await orderRow(o.orderNo)).status).toBe('unpaid')
    gw.fail(`/out-trade-no/${o.payNo}`, 429, 'pay_error_frequency')
    await expireUnpaidOrders(t.ctx)
    expect((await orderRow(o.orderNo)).status).toBe('unpaid')
    expect(gw.trades.get(o.payNo)?.state).toBe('NOTPAY')
    await expireUnpaidOrders(t.ctx)
    expect((await orderRow(o.orderNo)).status).toBe('cancelled')
  })

  it('an order WeChat never heard of (ORDER_NOT_EXIST) is closed and cancelled', async () => {
    const o = await unpaidOrder()
    gw.trades.delete(o.payNo)
    await expireNow(o.orderNo)
    await expireUnpaidOrders(t.ctx)
    expect((await orderRow(o.orderNo)).status).toBe('cancelled')
  })

  it('the pay-status page finds a payment whose notification never came; a gateway error answers the order as it is', async () => {
    const o = await unpaidOrder()
    gw.fail(`/out-trade-no/${o.payNo}`, 429, 'pay_error_frequency')
    expect((await t.get('/api/pay/status', { orderNo: o.orderNo }, me.token)).data).toMatchObject({ status: 'unpaid', paid: false })
    gw.pay(o.payNo, o.amount)
    await t.ctx.cache.set(`paycheck:${(await orderRow(o.orderNo)).id}`, '', 1) // the throttle's window has passed
    const s = await t.get('/api/pay/status', { orderNo: o.orderNo }, me.token)
    expect(s.data).toMatchObject({ status: 'to_ship', paid: true })
    // The notification arriving later changes nothing.
    expect((await notify(gw.paymentNotification(o.payNo))).statusCode).toBe(204)
    expect(await actions(o.orderNo)).toEqual(['submit', 'pay'])
  })

  it('a payment landing after cancellation is refunded once, recorded, and settled by the refund notification', async () => {
    const o = await unpaidOrder(3100)
    await cancelOrder(t.db, t.ctx.modules, me.memberId, o.orderNo, '不想要了')
    gw.pay(o.payNo, o.amount)
    const n = gw.paymentNotification(o.payNo)
    expect((await notify(n)).statusCode).toBe(204)
    expect((await notify(n)).statusCode).toBe(204) // WeChat repeats it
    const refundNo = `R${o.payNo}`
    expect(gw.count('POST', '/v3/refund/domestic/refunds')).toBeGreaterThanOrEqual(1)
    expect(gw.calls.filter((c) => c.method === 'POST' && c.body?.out_refund_no === refundNo)).toHaveLength(1)
    expect(gw.refunds.get(refundNo)).toMatchObject({ amount: o.amount, status: 'PROCESSING' })
    expect((await payRow(o.payNo)).status).toBe('refund_pending')
    expect((await orderRow(o.orderNo)).status).toBe('cancelled')
    // The refund job sees it processing and leaves it; the notification settles it once.
    await checkRefunds(t.ctx)
    expect(gw.calls.filter((c) => c.method === 'POST' && c.body?.out_refund_no === refundNo)).toHaveLength(1)
    const rn = gw.refundNotification(refundNo)
    expect((await notify(rn)).statusCode).toBe(204)
    expect((await notify(rn)).statusCode).toBe(204)
    expect(await payRow(o.payNo)).toMatchObject({ status: 'refunded', refundError: '' })
    expect(await actions(o.orderNo)).toEqual(['submit', 'cancel', 'late_payment', 'late_payment_refunded'])
  })

  it('a late payment whose refund WeChat refuses is recorded for the to-do list, and the job sends it again', async () => {
    const o = await unpaidOrder(1700)
    await cancelOrder(t.db, t.ctx.modules, me.memberId, o.orderNo, '')
    gw.pay(o.payNo, o.amount)
    gw.fail('/v3/refund/domestic/refunds', 500, 'pay_error_system')
    expect((await notify(gw.paymentNotification(o.payNo))).statusCode).toBe(204)
    expect((await payRow(o.payNo)).refundError).toMatch(/系统异常/)
    const before = await failedRefundCounts(t.db)
    expect(before.latePayments).toBeGreaterThanOrEqual(1)
    expect((await failedRefunds(t.db)).latePayments.map((p) => p.payNo)).toContain(o.payNo)
    gw.refundAnswer = 'SUCCESS'
    try {
      await checkRefunds(t.ctx)
    } finally {
      gw.refundAnswer = 'PROCESSING'
    }
    expect((await payRow(o.payNo)).status).toBe('refunded')
    expect((await failedRefundCounts(t.db)).latePayments).toBe(before.latePayments - 1)
  })

  it('a refund notification before the refund call returned: the case closes once, the late answer changes nothing', async () => {
    const o = await unpaidOrder(4000)
    gw.pay(o.payNo, o.amount)
    expect((await notify(gw.paymentNotification(o.payNo))).statusCode).toBe(204)
    const info = await t.get('/api/afterSales/applyInfo', { orderNo: o.orderNo }, me.token)
    const applied = await t.post(
      '/api/afterSales/apply',
      {
        orderNo: o.orderNo,
        type: 'refund',
        items: [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }],
        reason: '不想要了',
        images: [],
        amount: info.data.items[0].refundableAmount + info.data.refundableFreight,
      },
      me.token,
    )
    expect(applied.code).toBe(200)
    const ref = applied.data.afterSaleNo as string
    await approveAfterSale(t.db, ref)
    // WeChat refunds and notifies while our refund request is still waiting for its answer (PROCESSING).
    gw.onRefund = async (refundNo) => {
      gw.onRefund = null
      const res = await notify(gw.refundNotification(refundNo))
      expect(res.statusCode).toBe(204)
      gw.refunds.get(refundNo)!.status = 'PROCESSING' // the answer was written before the refund finished
    }
    const r = await refundAfterSale(t.ctx, ref)
    expect(r.status).toBe('refunded')
    const c = await t.db.selectFrom('afterSales').selectAll().where('afterSaleNo', '=', ref).executeTakeFirstOrThrow()
    expect(c).toMatchObject({ status: 'refunded', refundFailedAt: null })
    expect(refunded.filter((e) => e.refundNo === c.refundNo)).toHaveLength(1)
    expect((await stockOf(t, o.skuId)).stock).toBe(20)
    // The notification repeated, and the refund job: still once.
    gw.refunds.get(c.refundNo!)!.status = 'SUCCESS'
    expect((await notify(gw.refundNotification(c.refundNo!))).statusCode).toBe(204)
    await checkRefunds(t.ctx)
    expect(refunded.filter((e) => e.refundNo === c.refundNo)).toHaveLength(1)
    expect((await stockOf(t, o.skuId)).stock).toBe(20)
  })

  it('a refund WeChat reports ABNORMAL keeps the case open and shows on the to-do list', async () => {
    const o = await unpaidOrder(2000)
    gw.pay(o.payNo, o.amount)
    await notify(gw.paymentNotification(o.payNo))
    const info = await t.get('/api/afterSales/applyInfo', { orderNo: o.orderNo }, me.token)
    const applied = await t.post(
      '/api/afterSales/apply',
      { orderNo: o.orderNo, type: 'refund', items: [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }], reason: '不想要了', images: [], amount: 1000 },
      me.token,
    )
    await approveAfterSale(t.db, applied.data.afterSaleNo)
    expect((await refundAfterSale(t.ctx, applied.data.afterSaleNo)).status).toBe('refunding')
    const c = await t.db.selectFrom('afterSales').selectAll().where('afterSaleNo', '=', applied.data.afterSaleNo).executeTakeFirstOrThrow()
    expect((await notify(gw.refundNotification(c.refundNo!, 'ABNORMAL'))).statusCode).toBe(204)
    const after = await t.db.selectFrom('afterSales').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow()
    expect(after.status).toBe('refunding')
    expect(after.refundFailedAt).not.toBeNull()
    expect((await failedRefunds(t.db)).cases.map((x) => x.afterSaleNo)).toContain(c.afterSaleNo)
    expect((await failedRefundCounts(t.db)).cases).toBeGreaterThanOrEqual(1)
  })

  it('WeChat Pay H5 outside WeChat, when configured: h5_url with the order number; the status page finds the payment', async () => {
    const g = await makeGoods(t, { skus: [{ price: 1500, stock: 5 }] })
    const o = await buyNow(t, me.token, g.skuId, 1)
    expect((await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'wechat_h5' }, me.token)).msg).toBe('当前环境不支持该支付方式')
    t.ctx.config.wechat.h5PayEnabled = true
    try {
      expect((await t.get('/api/settings/public')).data.h5Pay).toBe(true)
      const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'wechat_h5' }, me.token)
      expect(p.data.params).toEqual({ h5Url: expect.stringMatching(/^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=/), orderNo: o.data.orderNo })
      const sent = gw.calls.find((c) => c.path === '/v3/pay/transactions/h5' && c.body.out_trade_no === p.data.payNo)!.body
      expect(sent).toMatchObject({
        appid: 'wxh5appid000001',
        mchid: '1900000109',
        amount: { total: p.data.amount, currency: 'CNY' },
        scene_info: { payer_client_ip: expect.any(String), h5_info: { type: 'Wap' } },
      })
      expect(sent.payer).toBeUndefined()
      gw.pay(p.data.payNo, p.data.amount)
      expect((await t.get('/api/pay/status', { orderNo: o.data.orderNo }, me.token)).data).toMatchObject({ paid: true })
    } finally {
      t.ctx.config.wechat.h5PayEnabled = false
    }
  })

  it('agent payout by merchant transfer: WAIT_USER_CONFIRM with package_info; the same notification twice moves the money once', async () => {
    const token = await t.login(nextPhone())
    const apply = await t.post(
      '/api/business/agent/apply',
      { shopName: `转账小店${Math.floor(Math.random() * 1e6)}`, realName: '张三', phone: '13912345678', idCard: ID_CARD, reason: '有稳定的客户资源' },
      token,
    )
    expect(apply.code).toBe(200)
    const { shopId, memberId } = await approveApplication(t.db, apply.data.application.id)
    await t.db.updateTable('members').set({ openidMini: 'o-MYE42l80oelYMDE34nYD456Xoy' }).where('id', '=', memberId).execute()
    await t.db.transaction().execute((tx) => moveMoney(tx, shopId, { available: 20000, totalCommission: 20000 }, { type: 'commission_released', note: '测试佣金' }))
    expect((await t.post('/api/business/withdraw/saveAccount', { method: 'wechat', accountName: '张三' }, token)).code).toBe(200)
    const w = await t.post('/api/business/withdraw/apply', { amount: 10000, method: 'wechat', requestId: requestId() }, token)
    expect(w.code).toBe(200)
    const balance = async () => (await t.get('/api/business/withdraw/info', {}, token)).data.account

    const started = await startTransfer(t.ctx, w.data.withdrawNo)
    expect(started).toMatchObject({ transferState: 'WAIT_USER_CONFIRM', status: 'pending' })
    const sent = gw.calls.find((c) => c.path === '/v3/fund-app/mch-transfer/transfer-bills')!.body
    expect(sent).toMatchObject({ appid: 'wxminiappid00001', out_bill_no: w.data.withdrawNo, openid: 'o-MYE42l80oelYMDE34nYD456Xoy', transfer_amount: w.data.actualAmount, transfer_scene_id: '1005' })
    await expect(startTransfer(t.ctx, w.data.withdrawNo)).rejects.toThrow('已发起转账')
    const list = await t.get('/api/business/withdraw/list', {}, token)
    expect(list.data.list[0]).toMatchObject({ withdrawNo: w.data.withdrawNo, needConfirm: true })
    const params = await t.get('/api/business/withdraw/transferParams', { withdrawNo: w.data.withdrawNo }, token)
    expect(params.data).toEqual({ withdrawNo: w.data.withdrawNo, mchId: '1900000109', appId: 'wxminiappid00001', package: expect.stringMatching(/^ABBQO/) })
    const mid = await balance()

    const n = gw.transferNotification(w.data.withdrawNo, 'SUCCESS')
    const [a, b] = await Promise.all([notify(n), notify(n)])
    expect([a.statusCode, b.statusCode]).toEqual([204, 204])
    expect((await notify(n)).statusCode).toBe(204)
    await checkTransfers(t.ctx)
    const end = await balance()
    expect(end.withdrawing).toBe(mid.withdrawing - 10000)
    expect(end.withdrawn).toBe(mid.withdrawn + 10000)
    expect(end.available).toBe(mid.available)
    const ledger = await t.db.selectFrom('agentLedger').select('type').where('shopId', '=', shopId).where('type', '=', 'withdraw_paid').execute()
    expect(ledger).toHaveLength(1)
  })

  it('a cancelled transfer gives the money back to the available balance once (notification and query racing)', async () => {
    const token = await t.login(nextPhone())
    const apply = await t.post(
      '/api/business/agent/apply',
      { shopName: `撤销小店${Math.floor(Math.random() * 1e6)}`, realName: '张三', phone: '13912345678', idCard: ID_CARD, reason: '有稳定的客户资源' },
      token,
    )
    const { shopId, memberId } = await approveApplication(t.db, apply.data.application.id)
    await t.db.updateTable('members').set({ openidMini: 'o-agent2' }).where('id', '=', memberId).execute()
    await t.db.transaction().execute((tx) => moveMoney(tx, shopId, { available: 5000, totalCommission: 5000 }, { type: 'commission_released', note: '测试佣金' }))
    await t.post('/api/business/withdraw/saveAccount', { method: 'wechat', accountName: '张三' }, token)
    const w = await t.post('/api/business/withdraw/apply', { amount: 5000, method: 'wechat', requestId: requestId() }, token)
    await startTransfer(t.ctx, w.data.withdrawNo)
    const n = gw.transferNotification(w.data.withdrawNo, 'CANCELLED')
    await Promise.all([notify(n), checkTransfers(t.ctx), notify(n)])
    const acct = (await t.get('/api/business/withdraw/info', {}, token)).data.account
    expect(acct).toMatchObject({ available: 5000, withdrawing: 0 })
    const row = await t.db.selectFrom('withdrawals').selectAll().where('withdrawNo', '=', w.data.withdrawNo).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'rejected', transferState: 'CANCELLED' })
  })

  it('daily payout limits per agent come from configuration', async () => {
    const token = await t.login(nextPhone())
    const apply = await t.post(
      '/api/business/agent/apply',
      { shopName: `限额小店${Math.floor(Math.random() * 1e6)}`, realName: '张三', phone: '13912345678', idCard: ID_CARD, reason: '有稳定的客户资源' },
      token,
    )
    const { shopId, memberId } = await approveApplication(t.db, apply.data.application.id)
    await t.db.updateTable('members').set({ openidMini: 'o-agent3' }).where('id', '=', memberId).execute()
    await t.db.transaction().execute((tx) => moveMoney(tx, shopId, { available: 20000, totalCommission: 20000 }, { type: 'commission_released', note: '测试佣金' }))
    await t.post('/api/business/withdraw/saveAccount', { method: 'wechat', accountName: '张三' }, token)
    const w = await t.post('/api/business/withdraw/apply', { amount: 10000, method: 'wechat', requestId: requestId() }, token)
    const limit = t.ctx.config.payout.dailyLimitAgent
    t.ctx.config.payout.dailyLimitAgent = 5000
    try {
      await expect(startTransfer(t.ctx, w.data.withdrawNo)).rejects.toThrow('每日转账限额')
    } finally {
      t.ctx.config.payout.dailyLimitAgent = limit
    }
    expect((await t.db.selectFrom('withdrawals').select('transferState').where('withdrawNo', '=', w.data.withdrawNo).executeTakeFirstOrThrow()).transferState).toBe('')
  })
})
