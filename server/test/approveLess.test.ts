import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { makeGoods, paidOrder, shopper, stockOf } from './tradeFixtures'
import { ensureReturnAddress, orderItems, shippedOrder } from './afterSalesFixtures'

/** Staff approve less than asked, with a reason the shopper sees (docs/after-sales.md "Approving less than asked"). */
describe.each(DIALECTS)('approving less than asked (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let me: Awaited<ReturnType<typeof shopper>>
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    c = adminClient(t, await signIn(t, 'owner'))
    me = await shopper(t)
    await ensureReturnAddress(t)
  })
  afterAll(() => t.close())

  const apply = async (orderNo: string, type: 'refund' | 'return_refund', quantity: number, amount: number) => {
    const item = (await orderItems(t, me.token, orderNo)).items[0]
    const r = await t.post(
      '/api/afterSales/apply',
      { orderNo, type, items: [{ orderItemId: item.id, quantity }], reason: type === 'refund' ? '不想要了' : '商品质量问题', images: [], amount },
      me.token,
    )
    if (r.code !== 200) throw new Error(`apply: ${r.msg}`)
    const row = await t.db.selectFrom('afterSales').selectAll().where('afterSaleNo', '=', r.data.afterSaleNo).executeTakeFirstOrThrow()
    return row
  }
  const caseRow = (id: number) => t.db.selectFrom('afterSales').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  it('refuses more than asked, nothing, and a lower amount without a reason; nothing changes', async () => {
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    const orderNo = await paidOrder(t, me.token, g.skuId, 2)
    const cs = await apply(orderNo, 'refund', 2, 6000)
    expect(await c.post(`/after-sales/${cs.id}/approve`, { amount: 6001, note: '多' })).toMatchObject({ code: 4003, msg: '同意退款金额不能超过申请金额¥60.00' })
    expect(await c.post(`/after-sales/${cs.id}/approve`, { amount: 3000 })).toMatchObject({ code: 400, msg: '少于申请金额时请填写原因' })
    expect(await c.post(`/after-sales/${cs.id}/approve`, { amount: 3000, note: '   ' })).toMatchObject({ code: 400, msg: '少于申请金额时请填写原因' })
    expect(await c.post(`/after-sales/${cs.id}/approve`, { amount: 0, note: '零' })).toMatchObject({ code: 400 })
    expect(await caseRow(cs.id)).toMatchObject({ status: 'applied', approvedAmount: null, approveNote: '' })
    // The amount asked, given explicitly: as asked, no reason needed.
    expect((await c.post(`/after-sales/${cs.id}/approve`, { amount: 6000 })).code).toBe(200)
    expect(await caseRow(cs.id)).toMatchObject({ status: 'approved', approvedAmount: null })
  })

  it('refund only: approved lower, audited with both amounts, the refund is the approved amount, the shopper sees both and why', async () => {
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    const orderNo = await paidOrder(t, me.token, g.skuId, 2)
    const o = await t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
    const cs = await apply(orderNo, 'refund', 1, 5000)
    const r = await c.post(`/after-sales/${cs.id}/approve`, { amount: 3000, note: '商品已拆封，扣除部分款项' })
    expect(r).toMatchObject({ code: 200, data: { status: 'approved' } })
    expect(await caseRow(cs.id)).toMatchObject({ approvedAmount: 3000, approveNote: '商品已拆封，扣除部分款项' })
    const [audit] = (await auditRows(t, 'afterSale.approve')).filter((a) => a.targetId === cs.afterSaleNo)
    expect(JSON.parse(audit.beforeJson!)).toMatchObject({ status: 'applied', amount: 5000 })
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ status: 'approved', amount: 5000, approvedAmount: 3000, approveNote: '商品已拆封，扣除部分款项' })
    // Before the refund: the shopper's line shows its share of the approved amount, not ¥0.00.
    const before = (await t.get('/api/afterSales/detail', { afterSaleNo: cs.afterSaleNo }, me.token)).data
    expect(before).toMatchObject({ amount: 5000, approvedAmount: 3000, approveNote: '商品已拆封，扣除部分款项' })
    expect(before.items[0].amount).toBe(3000)
    expect(before.logs.map((l: any) => l.note).join('|')).toContain('同意退款 ¥30.00（申请 ¥50.00），原因：商品已拆封，扣除部分款项')

    expect((await c.post(`/after-sales/${cs.id}/refund`, {})).data.status).toBe('refunded')
    expect(await caseRow(cs.id)).toMatchObject({ status: 'refunded', refundAmount: 3000 })
    const line = await t.db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).executeTakeFirstOrThrow()
    expect([line.refundedQuantity, line.refundedAmount]).toEqual([1, 3000])
    const after = (await t.get('/api/afterSales/detail', { afterSaleNo: cs.afterSaleNo }, me.token)).data
    expect(after).toMatchObject({ refundAmount: 3000 })
    expect(after.items[0].amount).toBe(3000)
    // Stock of the unit back (never shipped); the order keeps its other unit.
    expect((await stockOf(t, g.skuId)).stock).toBe(9)
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status).toBe('to_ship')
  })

  it('return and refund: approved lower with the return address, refunded at the approved amount after the goods came back', async () => {
    const g = await makeGoods(t, { skus: [{ price: 8000, stock: 10 }] })
    const orderNo = await shippedOrder(t, me.token, g.skuId, 1)
    const cs = await apply(orderNo, 'return_refund', 1, 8000)
    expect((await c.post(`/after-sales/${cs.id}/approve`, { amount: 6500, note: '赠品未退回' })).code).toBe(200)
    expect(await caseRow(cs.id)).toMatchObject({ status: 'approved', approvedAmount: 6500 })
    expect((await caseRow(cs.id)).returnAddress).not.toBe('')
    const ship = await t.post('/api/afterSales/returnShip', { afterSaleNo: cs.afterSaleNo, expressCode: 'SF', trackingNo: 'SF1234567890' }, me.token)
    expect(ship.code).toBe(200)
    expect((await c.post(`/after-sales/${cs.id}/receive`, {})).code).toBe(200)
    expect((await c.post(`/after-sales/${cs.id}/refund`, {})).data.status).toBe('refunded')
    expect((await caseRow(cs.id)).refundAmount).toBe(6500)
    const payments = await t.db
      .selectFrom('afterSales')
      .select((eb) => eb.fn.sum<number>('refundAmount').as('s'))
      .where('orderId', '=', cs.orderId)
      .executeTakeFirstOrThrow()
    expect(Number(payments.s)).toBe(6500)
  })
})
