import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient, type StaffSession } from './adminHelpers'
import { makeGoods, paidOrder, shopper } from './tradeFixtures'

/** 批量发货 at volume (issue 34): the template lists the orders to ship, couriers by name or code, on both databases. */
describe.each(DIALECTS)('batch shipping (%s)', (dialect) => {
  let t: TestApp
  let owner: StaffSession
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    owner = await signIn(t, 'owner')
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())

  it('the template lists every order waiting to ship with receiver and goods; filled with courier names it ships them, a courier nobody knows is named', async () => {
    const { token } = await shopper(t)
    const g = await makeGoods(t, { name: '批量发货的茶杯', skus: [{ price: 2000, stock: 50, specText: '青色' }] })
    const orders = [await paidOrder(t, token, g.skuId, 2), await paidOrder(t, token, g.skuId), await paidOrder(t, token, g.skuId)]
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/orders/ship-template', headers: { cookie: owner.cookie } })
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    expect(res.headers['content-disposition']).toMatch(/ship-template-\d{4}-\d{2}-\d{2}\.csv/)
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('"订单号","快递公司","运单号","收货人","收货电话","收货地址","商品"')
    const first = lines.find((l) => l.startsWith(`"${orders[0]}"`))
    expect(first).toBe(`"${orders[0]}","","","张三","13812345678","浙江省杭州市西湖区文三路 100 号","批量发货的茶杯（青色） ×2"`)
    expect(lines.filter((l) => orders.some((o) => l.startsWith(`"${o}"`)))).toHaveLength(3)

    // Filled as a warehouse would: a full name, a short name in the wrong case of the code column, a courier nobody knows.
    const filled = [
      lines[0],
      ...lines
        .filter((l) => orders.some((o) => l.startsWith(`"${o}"`)))
        .map((l, i) => l.replace('"",""', [`"圆通速递","YT${i}000000001"`, `"zto","ZT${i}000000001"`, `"飞鸽快递","FG${i}000000001"`][i])),
    ].join('\r\n')
    const r = await c.post('/orders/ship-batch', { csv: filled })
    expect(r.data.shipped).toBe(2)
    expect(r.data.failed).toEqual([{ line: 4, orderNo: orders[2], msg: '快递公司「飞鸽快递」不在可选的快递公司中：请填写名称（如 圆通速递）或编码' }])
    const shipped = await t.db
      .selectFrom('orders as o')
      .leftJoin('shipments as s', 's.orderId', 'o.id')
      .select(['o.status', 's.expressCode'])
      .where('o.orderNo', 'in', orders)
      .orderBy('o.id')
      .execute()
    expect(shipped.map((o) => [o.status, o.expressCode])).toEqual([
      ['to_receive', 'YTO'],
      ['to_receive', 'ZTO'],
      ['to_ship', null],
    ])
    // The next template holds only the order still waiting.
    const next = await t.app.inject({ method: 'GET', url: '/admin/api/orders/ship-template', headers: { cookie: owner.cookie } })
    expect(orders.filter((o) => next.body.includes(`"${o}"`))).toEqual([orders[2]])
  })

  it('打印发货单: the chosen orders in the order given, each line with its spec, 货号 and quantity; too many or none refused', async () => {
    const { token } = await shopper(t)
    const g = await makeGoods(t, { name: '打印用的茶杯', skus: [{ price: 2000, stock: 50, specText: '白色' }] })
    await t.db.updateTable('goodsSkus').set({ code: 'CUP-PRINT-W' }).where('id', '=', g.skuId).execute()
    const a = await paidOrder(t, token, g.skuId, 3)
    const b = await paidOrder(t, token, g.skuId)
    const r = await c.get('/orders/print', { orderNos: `${b},${a},NOPE123` })
    expect(r.code).toBe(200)
    expect(r.data.map((s: any) => s.orderNo)).toEqual([b, a])
    expect(r.data[1]).toMatchObject({
      receiverName: '张三',
      receiverAddress: '浙江省杭州市西湖区文三路 100 号',
      items: [{ goodsName: '打印用的茶杯', specText: '白色', code: 'CUP-PRINT-W', quantity: 3, price: 2000 }],
    })
    expect((await c.get('/orders/print', { orderNos: Array.from({ length: 101 }, (_, i) => `N${i}`).join(',') })).msg).toBe('一次最多打印 100 单')
    expect((await c.get('/orders/print', { orderNos: ',' })).msg).toBe('请选择要打印的订单')
  })
})
