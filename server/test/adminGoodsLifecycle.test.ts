import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient, type StaffSession } from './adminHelpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'

/** 商品列表: price ranges, 复制 and 删除 (only goods never ordered and used nowhere), on both databases (issue 34). */
describe.each(DIALECTS)('console goods copy and delete (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let owner: StaffSession
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    owner = await signIn(t, 'owner')
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())

  const row = async (id: number) => (await c.get('/goods', { keyword: String(id) })).data.list.find((g: any) => g.id === id)

  it('the list shows the range of the SKUs’ prices', async () => {
    const many = await makeGoods(t, {
      skus: [
        { price: 5900, stock: 1 },
        { price: 12900, stock: 1 },
        { price: 8000, stock: 1 },
      ],
    })
    const one = await makeGoods(t, { skus: [{ price: 1990, stock: 1 }] })
    expect(await row(many.goodsId)).toMatchObject({ price: 5900, maxPrice: 12900 })
    expect(await row(one.goodsId)).toMatchObject({ price: 1990, maxPrice: 1990 })
  })

  it('复制: a new goods item off the shelf, same specs and prices, stock 0 and no sales; audited', async () => {
    const g = await makeGoods(t, {
      name: '可复制的保温杯',
      skus: [
        { price: 3900, stock: 7, specText: '红' },
        { price: 4200, stock: 3, specText: '蓝' },
      ],
    })
    await t.db.updateTable('goodsSkus').set({ sales: 5 }).where('goodsId', '=', g.goodsId).execute()
    const r = await c.post(`/goods/${g.goodsId}/copy`)
    expect(r.code).toBe(200)
    const copy = (await c.get(`/goods/${r.data.id}`)).data
    expect(copy).toMatchObject({ name: '可复制的保温杯（副本）', status: 'off', stock: 0, sales: 0, price: 3900 })
    expect(copy.skus.map((s: any) => [s.specText, s.price, s.stock, s.sales])).toEqual([
      ['红', 3900, 0, 0],
      ['蓝', 4200, 0, 0],
    ])
    // The original is untouched.
    expect((await c.get(`/goods/${g.goodsId}`)).data).toMatchObject({ name: '可复制的保温杯', stock: 10, status: 'on' })
    const [audit] = (await auditRows(t, 'goods.copy')).filter((a) => a.targetId === String(r.data.id))
    expect(JSON.parse(audit.beforeJson!)).toEqual({ goodsId: g.goodsId, name: '可复制的保温杯' })
    expect((await c.post('/goods/999999/copy')).msg).toBe('商品不存在')
  })

  it('删除: refused for goods with an order or used in a section or coupon (named); else gone with its SKUs and carts', async () => {
    const { token } = await shopper(t)
    const ordered = await makeGoods(t)
    expect((await buyNow(t, token, ordered.skuId)).code).toBe(200)
    const refused = await c.del(`/goods/${ordered.goodsId}`)
    expect(refused).toMatchObject({ code: 409, msg: '该商品已有订单，不能删除，可以下架' })
    expect(await row(ordered.goodsId)).toBeTruthy()

    const inSection = await makeGoods(t)
    expect((await c.post('/storefront/sections', { title: '删除检查专区', goodsIds: [inSection.goodsId] })).code).toBe(200)
    expect((await c.del(`/goods/${inSection.goodsId}`)).msg).toBe('该商品在首页专区「删除检查专区」中，请先从专区移除')

    const inCoupon = await makeGoods(t)
    const coupon = {
      name: '删除检查券',
      kind: 'amount',
      amount: 500,
      threshold: 0,
      scope: 'goods',
      scopeIds: [inCoupon.goodsId],
      validType: 'days',
      validDays: 7,
      totalCount: 3,
      perMemberLimit: 1,
      visible: true,
      status: 'on',
    }
    expect((await c.post('/coupons', coupon)).code).toBe(200)
    expect((await c.del(`/goods/${inCoupon.goodsId}`)).msg).toBe('优惠券「删除检查券」适用于该商品，请先修改优惠券的适用商品')

    // Never ordered, in a cart and a favourite: deleted, the cart line and favourite go with it.
    const free = await makeGoods(t)
    expect((await t.post('/api/cart/add', { skuId: free.skuId, quantity: 1 }, token)).code).toBe(200)
    const ok = await c.del(`/goods/${free.goodsId}`)
    expect(ok.code).toBe(200)
    expect(await t.db.selectFrom('goods').select('id').where('id', '=', free.goodsId).executeTakeFirst()).toBeUndefined()
    expect(await t.db.selectFrom('goodsSkus').select('id').where('goodsId', '=', free.goodsId).executeTakeFirst()).toBeUndefined()
    expect(await t.db.selectFrom('cartItems').select('id').where('goodsId', '=', free.goodsId).executeTakeFirst()).toBeUndefined()
    expect((await t.get('/api/goods/detail', { id: free.goodsId })).code).not.toBe(200)
    const [audit] = (await auditRows(t, 'goods.delete')).filter((a) => a.targetId === String(free.goodsId))
    expect(JSON.parse(audit.beforeJson!).skus).toHaveLength(1)
    expect((await c.del(`/goods/${free.goodsId}`)).msg).toBe('商品不存在')
  })

  it('货号, 条码, 重量 and 成本价 kept per SKU; a 货号 is the shop’s own (another goods holding it is named); the shop never sees the cost', async () => {
    const input = (name: string, code: string) => ({
      name,
      categoryId: 2,
      images: ['/media/goods/1.jpg'],
      specGroups: [{ name: '颜色', values: ['红', '蓝'] }],
      skus: [
        { specs: { 颜色: '红' }, price: 1990, originalPrice: 0, stock: 5, code, barcode: '6901234567892', weight: 350, costPrice: 800 },
        { specs: { 颜色: '蓝' }, price: 1990, originalPrice: 0, stock: 5 },
      ],
      status: 'on',
    })
    const top = await c.post('/categories', { parentId: 0, name: '杯具' })
    const cat = (await c.post('/categories', { parentId: top.data.id, name: '水杯' })).data
    const body = (name: string, code: string) => ({ ...input(name, code), categoryId: cat.id })
    const made = await c.post('/goods', body('带货号的水杯', 'CUP-RED-01'))
    expect(made.code).toBe(200)
    const d = (await c.get(`/goods/${made.data.id}`)).data
    expect(d.skus.map((s: any) => [s.code, s.barcode, s.weight, s.costPrice])).toEqual([
      ['CUP-RED-01', '6901234567892', 350, 800],
      ['', '', 0, 0],
    ])
    expect(await c.post('/goods', body('另一个水杯', 'CUP-RED-01'))).toMatchObject({ code: 409, msg: '货号「CUP-RED-01」已用于商品「带货号的水杯」' })
    expect((await c.post('/goods', { ...body('同货号两规格', 'X1'), skus: body('', 'X1').skus.map((s) => ({ ...s, code: 'X1' })) })).msg).toBe('货号「X1」在本商品中重复')
    expect(await c.post('/goods', body('坏货号', '红色 01'))).toMatchObject({ code: 400, msg: '货号格式不正确' })
    // Saving the same goods again keeps its own code.
    expect((await c.put(`/goods/${made.data.id}`, { ...body('带货号的水杯', 'CUP-RED-01'), skus: body('', 'CUP-RED-01').skus.map((s, i) => ({ ...s, id: d.skus[i].id })) })).code).toBe(200)
    // A copy starts without codes (they are unique).
    const copy = await c.post(`/goods/${made.data.id}/copy`)
    expect((await c.get(`/goods/${copy.data.id}`)).data.skus.map((s: any) => [s.code, s.barcode, s.costPrice])).toEqual([
      ['', '6901234567892', 800],
      ['', '', 0],
    ])
    const shop = JSON.stringify((await t.get('/api/goods/detail', { id: made.data.id })).data)
    expect(shop).not.toMatch(/costPrice|CUP-RED-01|6901234567892/)
  })
  it('商品 CSV: the export reads back; known 货号 update their SKU, new ones make goods off the shelf; bad lines reported, the rest goes in', async () => {
    const top = await c.post('/categories', { parentId: 0, name: '家纺' })
    const cat = (await c.post('/categories', { parentId: top.data.id, name: '毛巾' })).data
    const base = { categoryId: cat.id, images: ['/media/goods/1.jpg'], specGroups: [{ name: '颜色', values: ['白', '灰'] }], status: 'on' }
    const made = await c.post('/goods', {
      ...base,
      name: '纯棉毛巾, "加厚"',
      skus: [
        { specs: { 颜色: '白' }, price: 1500, originalPrice: 0, stock: 10, code: 'TW-W', costPrice: 600 },
        { specs: { 颜色: '灰' }, price: 1800, originalPrice: 0, stock: 4, code: 'TW-G' },
      ],
    })
    expect(made.code).toBe(200)
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/goods/export', headers: { cookie: owner.cookie } })
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('"商品编号","商品名称","分类","品牌","状态","规格","货号","条码","售价","划线价","成本价","库存","重量（克）","销量","图片","每人限购","起购数量"')
    expect(lines.find((l) => l.includes('TW-W'))).toBe(`"${made.data.id}","纯棉毛巾, ""加厚""","毛巾","","已上架","颜色:白","TW-W","","15.00","","6.00","10","","0","/media/goods/1.jpg","",""`)

    // The export's header and its two lines, one edited; a new goods of two SKUs; three bad lines.
    const mine = lines.filter((l) => l.includes('"TW-'))
    const csv = [
      lines[0],
      mine[0].replace('"15.00"', '"13.50"').replace('"10"', '"30"'),
      mine[1],
      ',竹纤维浴巾,毛巾,,,颜色:蓝；尺寸:大,BT-B-L,6901234567892,39.9,59,12,20,480,,https://img.example.com/bt.jpg',
      ',竹纤维浴巾,毛巾,,,颜色:蓝；尺寸:小,BT-B-S,,29.9,,,8,,,',
      ',坏价格浴巾,毛巾,,,,BAD-1,,12.345,,,1,,,',
      ',重复货号,毛巾,,,,BT-B-S,,10,,,1,,,',
      ',没有分类的新品,不存在的分类,,,,NEW-X,,10,,,1,,,',
    ].join('\r\n')
    const r = await c.post('/goods/import', { csv })
    expect(r.code).toBe(200)
    expect(r.data).toEqual({
      updated: 2,
      created: 1,
      failed: [
        { line: 6, msg: '售价「12.345」须为金额，最多两位小数' },
        { line: 7, msg: '货号「BT-B-S」与第 5 行重复' },
        { line: 8, msg: '分类「不存在的分类」不存在或不是二级分类' },
      ],
    })
    const towel = (await c.get(`/goods/${made.data.id}`)).data
    expect(towel.skus.map((s: any) => [s.code, s.price, s.stock, s.costPrice])).toEqual([
      ['TW-W', 1350, 30, 600],
      ['TW-G', 1800, 4, 0],
    ])
    expect(towel).toMatchObject({ price: 1350, stock: 34 })
    const found = (await c.get('/goods', { keyword: '竹纤维浴巾' })).data.list[0]
    expect(found).toMatchObject({ status: 'off', price: 2990, maxPrice: 3990, stock: 28 })
    const bath = (await c.get(`/goods/${found.id}`)).data
    expect(bath.specGroups).toEqual([
      { name: '颜色', values: ['蓝'] },
      { name: '尺寸', values: ['大', '小'] },
    ])
    expect(bath.images).toEqual(['https://img.example.com/bt.jpg'])
    expect(bath.skus.map((s: any) => [s.specText, s.code, s.barcode, s.weight, s.originalPrice, s.costPrice])).toEqual([
      ['蓝 / 大', 'BT-B-L', '6901234567892', 480, 5900, 1200],
      ['蓝 / 小', 'BT-B-S', '', 0, 2990, 0],
    ])
    expect((await auditRows(t, 'goods.import')).length).toBe(2)
    // The same file again: the known lines update (to the same values), nothing is created twice.
    const again = await c.post('/goods/import', { csv })
    expect([again.data.created, again.data.updated]).toEqual([0, 4])
    expect((await c.post('/goods/import', { csv: 'a,b\n1,2' })).msg).toBe('第一行须是表头，缺少：商品名称、货号、售价（可先导出商品，按导出的表格填写）')
  })

  it('a goods item imported without pictures stays off the shelf until it has one', async () => {
    const top = await c.post('/categories', { parentId: 0, name: '文具' })
    await c.post('/categories', { parentId: top.data.id, name: '笔' })
    const r = await c.post('/goods/import', { csv: '商品名称,分类,货号,售价,库存\n无图钢笔,笔,PEN-1,25,3' })
    expect(r.data).toEqual({ updated: 0, created: 1, failed: [] })
    const pen = (await c.get('/goods', { keyword: '无图钢笔' })).data.list[0]
    expect(pen.mainImage).toBe('')
    expect((await c.post('/goods/shelf', { ids: [pen.id], status: 'on' })).msg).toBe('商品「无图钢笔」还没有图片，请先上传商品图片再上架')
  })
})
