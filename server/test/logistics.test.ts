import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { buyNow, makeGoods, paidOrder, shopper } from './tradeFixtures'
import { runAdminCommand, adminCommandList, type AdminContext } from '../src/adminCommands'
import '../src/modules/order/commands'

describe.each(DIALECTS)('logistics and the operator CLI on %s', (dialect) => {
  let t: TestApp
  let me: Awaited<ReturnType<typeof shopper>>
  let other: Awaited<ReturnType<typeof shopper>>
  let lines: string[]
  let admin: AdminContext
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    me = await shopper(t)
    other = await shopper(t)
    admin = { config: t.ctx.config, db: t.db, out: (l) => lines.push(l), modules: t.ctx.modules }
  })
  beforeEach(() => {
    lines = []
  })
  afterAll(async () => t.close())
  const run = (...argv: string[]) => runAdminCommand(argv, admin)

  it('lists the express companies at /h5/common/getAllExpress without a token (no /api prefix)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/common/getAllExpress', query: { p: '4' } })
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.data.map((e: any) => e.code)).toEqual(expect.arrayContaining(['SF', 'ZTO', 'YTO', 'STO', 'YD', 'JD', 'EMS', 'JTSD']))
    expect(body.data[0]).toEqual({ code: 'SF', name: '顺丰速运', phone: '95338' })
    expect((await t.get('/api/common/getAllExpress')).code).toBe(404)
  })

  it('ships a paid order from the CLI (unpaid refused) with no invented event, then appends typed traces', async () => {
    const g = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    const unpaid = (await buyNow(t, me.token, g.skuId)).data.orderNo
    expect(await run('ship', unpaid, 'SF', 'SF1234567890')).toBe(1)
    expect(lines.join('\n')).toContain('订单未支付，不能发货')
    const o = await paidOrder(t, me.token, g.skuId)
    expect(await t.get('/api/logistics/trace', { orderNo: o }, me.token)).toMatchObject({ code: 404, msg: '该订单还没有发货' })
    expect(await run('ship', o, 'nope', 'SF1234567890')).toBe(1)
    expect(await run('ship', o, 'SF', 'x')).toBe(1)
    lines = []
    expect(await run('ship', o, 'sf', 'SF1234567890')).toBe(0)
    expect(lines).toEqual([`已发货 ${o}：顺丰速运 SF1234567890`])
    expect(await run('ship', o, 'SF', 'SF1234567890')).toBe(1)
    expect(await run('trace', o, '【杭州市】已到达', '杭州转运中心')).toBe(0)
    const tr = await t.get('/api/logistics/trace', { orderNo: o }, me.token)
    expect(tr.code).toBe(200)
    expect(tr.data).toMatchObject({ orderNo: o, orderStatus: 'to_receive', expressCode: 'SF', expressName: '顺丰速运', expressPhone: '95338', trackingNo: 'SF1234567890', itemCount: 1 })
    expect(tr.data.receiver).toEqual({ name: '张三', phone: '138****5678', address: '浙江省杭州市西湖区文三路 100 号' })
    // Shipping writes no event of its own; the one typed by the operator is labelled as typed.
    expect(tr.data.traces).toEqual([{ time: expect.any(Number), text: '【杭州市】已到达 杭州转运中心', typed: true }])
    expect(tr.data).toMatchObject({ trackingState: '', live: false })
    const d = (await t.get('/api/order/detail', { orderNo: o }, me.token)).data
    expect(d).toMatchObject({ status: 'to_receive', shipment: { expressName: '顺丰速运', trackingNo: 'SF1234567890', latest: { text: '【杭州市】已到达 杭州转运中心' } } })
    expect(d.shippedAt).toBeGreaterThan(0)
    expect(await run('trace', unpaid, '不该记录')).toBe(1)
  })

  it('lists orders from the CLI, by status', async () => {
    const g = await makeGoods(t)
    const paid = await paidOrder(t, me.token, g.skuId)
    const unpaid = (await buyNow(t, me.token, g.skuId)).data.orderNo
    expect(await run('orders', 'to_ship')).toBe(0)
    const out = lines.join('\n')
    expect(out).toContain(paid)
    expect(out).not.toContain(unpaid)
    expect(out).toMatch(/待发货\s+58\.00/)
    lines = []
    expect(await run('orders')).toBe(0)
    expect(lines.join('\n')).toContain(unpaid)
    expect(await run('orders', 'shipped')).toBe(1)
  })

  it('prints usage for help and refuses unknown commands', async () => {
    expect(adminCommandList().map((c) => c.name)).toEqual(expect.arrayContaining(['ship', 'trace', 'orders']))
    expect(await run('help')).toBe(0)
    expect(lines.join('\n')).toContain('ship <orderNo> <expressCode> <trackingNo>')
    expect(await run('frobnicate')).toBe(2)
  })

  it("never shows another member's logistics", async () => {
    const g = await makeGoods(t)
    const o = await paidOrder(t, me.token, g.skuId)
    await run('ship', o, 'YTO', 'YT1234567890')
    expect(await t.get('/api/logistics/trace', { orderNo: o }, other.token)).toMatchObject({ code: 404, data: {} })
    expect((await t.get('/api/logistics/trace', { orderNo: o })).code).toBe(403)
  })
})
