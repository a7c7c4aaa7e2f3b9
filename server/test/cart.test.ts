import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { makeGoods } from './tradeFixtures'

describe.each(DIALECTS)('shopping cart on %s', (dialect) => {
  let t: TestApp
  let token: string
  let other: string
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    token = await t.login(nextPhone())
    other = await t.login(nextPhone())
  })
  afterAll(async () => t.close())

  const list = async (tok = token) => (await t.get('/api/cart/list', {}, tok)).data
  const clear = async (tok = token) => {
    const l = await list(tok)
    const ids = [...l.valid, ...l.invalid].map((x: any) => x.id)
    if (ids.length) await t.post('/api/cart/delete', { ids }, tok)
  }

  it('refuses a visitor with 403', async () => {
    expect((await t.get('/api/cart/list')).code).toBe(403)
    expect((await t.post('/api/cart/add', { skuId: 1, quantity: 1 })).code).toBe(403)
    expect((await t.get('/api/cart/count')).code).toBe(403)
  })

  it("adds a SKU with the server's price, sums a second add into the same line, and counts lines", async () => {
    const g = await makeGoods(t, { skus: [{ price: 1990, stock: 10, specText: '红色 / M' }] })
    const a = await t.post('/api/cart/add', { skuId: g.skuId, quantity: 2, price: 1 }, token)
    expect(a.code).toBe(200)
    expect(a.data).toEqual({ id: expect.any(Number), quantity: 2, count: 1 })
    const b = await t.post('/api/cart/add', { skuId: g.skuId, quantity: 3 }, token)
    expect(b.data).toEqual({ id: a.data.id, quantity: 5, count: 1 })
    const l = await list()
    expect(l.valid).toHaveLength(1)
    expect(l.valid[0]).toMatchObject({ skuId: g.skuId, goodsId: g.goodsId, price: 1990, quantity: 5, stock: 10, selected: true, specText: '红色 / M' })
    expect(l).toMatchObject({ selectedAmount: 1990 * 5, selectedQuantity: 5, allSelected: true, invalid: [] })
    expect((await t.get('/api/cart/count', {}, token)).data).toEqual({ count: 1, quantity: 5 })
    await clear()
  })

  it('bounds quantities by stock and refuses unknown, off-shelf and sold-out SKUs', async () => {
    const g = await makeGoods(t, { skus: [{ price: 1000, stock: 3 }] })
    expect((await t.post('/api/cart/add', { skuId: g.skuId, quantity: 4 }, token)).code).toBe(2001)
    const a = await t.post('/api/cart/add', { skuId: g.skuId, quantity: 3 }, token)
    expect(a.code).toBe(200)
    expect((await t.post('/api/cart/add', { skuId: g.skuId, quantity: 1 }, token)).code).toBe(2001)
    expect((await t.post('/api/cart/update', { id: a.data.id, quantity: 4 }, token)).code).toBe(2001)
    expect((await t.post('/api/cart/update', { id: a.data.id, quantity: 0 }, token)).code).toBe(400)
    expect((await t.post('/api/cart/update', { id: a.data.id, quantity: 2 }, token)).data).toEqual({ id: a.data.id, quantity: 2 })
    expect((await t.post('/api/cart/add', { skuId: 999999, quantity: 1 }, token)).code).toBe(404)
    const off = await makeGoods(t, { status: 'off' })
    expect((await t.post('/api/cart/add', { skuId: off.skuId, quantity: 1 }, token)).code).toBe(2002)
    const none = await makeGoods(t, { skus: [{ price: 1000, stock: 0 }] })
    expect((await t.post('/api/cart/add', { skuId: none.skuId, quantity: 1 }, token)).code).toBe(2001)
    expect((await t.post('/api/cart/add', { skuId: g.skuId, quantity: 0 }, token)).code).toBe(400)
    await clear()
  })

  it('lists sold-out, off-shelf and vanished SKUs apart, never selected', async () => {
    const ok = await makeGoods(t, { skus: [{ price: 1000, stock: 5 }] })
    const soon = await makeGoods(t, { skus: [{ price: 2000, stock: 5 }] })
    const off = await makeGoods(t, { skus: [{ price: 3000, stock: 5 }] })
    const gone = await makeGoods(t, { skus: [{ price: 4000, stock: 5 }] })
    for (const g of [ok, soon, off, gone]) expect((await t.post('/api/cart/add', { skuId: g.skuId, quantity: 1 }, token)).code).toBe(200)
    await t.db.updateTable('goodsSkus').set({ stock: 0 }).where('id', '=', soon.skuId).execute()
    await t.db.updateTable('goods').set({ status: 'off' }).where('id', '=', off.goodsId).execute()
    await t.db.deleteFrom('goodsSkus').where('id', '=', gone.skuId).execute()
    const l = await list()
    expect(l.valid.map((x: any) => x.skuId)).toEqual([ok.skuId])
    const reasons = Object.fromEntries(l.invalid.map((x: any) => [x.skuId, [x.invalidReason, x.invalidText, x.selected]]))
    expect(reasons).toEqual({ [soon.skuId]: ['sold_out', '已售罄', false], [off.skuId]: ['off_shelf', '已下架', false], [gone.skuId]: ['sku_gone', '规格已失效', false] })
    expect(l.selectedAmount).toBe(1000)
    expect(l.allSelected).toBe(true)
    const soonLine = l.invalid.find((x: any) => x.skuId === soon.skuId)
    expect((await t.post('/api/cart/update', { id: soonLine.id, quantity: 1 }, token)).code).toBe(2001)
    await clear()
  })

  it("changes a line's spec to another SKU of the same goods, merging into that SKU's line, capped by stock", async () => {
    const g = await makeGoods(t, {
      skus: [
        { price: 1000, stock: 10, specText: '红色' },
        { price: 1200, stock: 4, specText: '蓝色' },
        { price: 1300, stock: 0, specText: '黑色' },
      ],
    })
    const [red, blue, black] = g.skuIds
    const a = await t.post('/api/cart/add', { skuId: red, quantity: 3 }, token)
    // moves the line itself
    const moved = await t.post('/api/cart/changeSku', { id: a.data.id, skuId: blue }, token)
    expect(moved.data).toEqual({ id: a.data.id, quantity: 3, merged: false })
    let l = await list()
    expect(l.valid).toHaveLength(1)
    expect(l.valid[0]).toMatchObject({ id: a.data.id, skuId: blue, specText: '蓝色', price: 1200, quantity: 3 })
    // merges into an existing line of the target SKU, capped by its stock (3 + 2 > 4)
    const b = await t.post('/api/cart/add', { skuId: red, quantity: 2 }, token)
    const merged = await t.post('/api/cart/changeSku', { id: b.data.id, skuId: blue }, token)
    expect(merged.data).toEqual({ id: a.data.id, quantity: 4, merged: true })
    l = await list()
    expect(l.valid.map((x: any) => [x.id, x.skuId, x.quantity])).toEqual([[a.data.id, blue, 4]])
    // refuses a sold-out SKU, another goods' SKU, an unknown SKU, and another member's line; the line is untouched
    expect((await t.post('/api/cart/changeSku', { id: a.data.id, skuId: black }, token)).code).toBe(2001)
    const other2 = await makeGoods(t)
    expect((await t.post('/api/cart/changeSku', { id: a.data.id, skuId: other2.skuId }, token)).code).toBe(400)
    expect((await t.post('/api/cart/changeSku', { id: a.data.id, skuId: 999999 }, token)).code).toBe(404)
    expect((await t.post('/api/cart/changeSku', { id: a.data.id, skuId: red }, other)).code).toBe(404)
    l = await list()
    expect(l.valid.map((x: any) => [x.id, x.skuId, x.quantity])).toEqual([[a.data.id, blue, 4]])
    await clear()
  })

  it('selects lines, selects all, and deletes', async () => {
    const a = await makeGoods(t, { skus: [{ price: 1000, stock: 5 }] })
    const b = await makeGoods(t, { skus: [{ price: 2500, stock: 5 }] })
    const la = (await t.post('/api/cart/add', { skuId: a.skuId, quantity: 2 }, token)).data
    const lb = (await t.post('/api/cart/add', { skuId: b.skuId, quantity: 1 }, token)).data
    expect((await t.post('/api/cart/select', { ids: [la.id], selected: false }, token)).data).toEqual({ updated: 1 })
    let l = await list()
    expect(l).toMatchObject({ selectedAmount: 2500, selectedQuantity: 1, allSelected: false })
    await t.post('/api/cart/selectAll', { selected: false }, token)
    l = await list()
    expect(l).toMatchObject({ selectedAmount: 0, allSelected: false })
    await t.post('/api/cart/selectAll', { selected: true }, token)
    expect((await list()).selectedAmount).toBe(4500)
    expect((await t.post('/api/cart/delete', { ids: [la.id] }, token)).data).toEqual({ deleted: 1 })
    expect((await list()).valid.map((x: any) => x.id)).toEqual([lb.id])
    expect((await t.post('/api/cart/delete', { ids: [] }, token)).code).toBe(400)
    await clear()
  })

  it("never shows or changes another member's cart line", async () => {
    const g = await makeGoods(t, { skus: [{ price: 1000, stock: 9 }] })
    const mine = (await t.post('/api/cart/add', { skuId: g.skuId, quantity: 2 }, token)).data
    expect((await list(other)).valid).toEqual([])
    for (const r of [
      await t.post('/api/cart/update', { id: mine.id, quantity: 5 }, other),
      await t.post('/api/cart/select', { ids: [mine.id], selected: false }, other),
      await t.post('/api/cart/delete', { ids: [mine.id] }, other),
    ]) {
      expect(r.code).toBe(404)
      expect(r.data).toEqual({})
    }
    await t.post('/api/cart/selectAll', { selected: false }, other)
    expect((await list()).valid[0]).toMatchObject({ id: mine.id, quantity: 2, selected: true })
    await clear()
  })
})
