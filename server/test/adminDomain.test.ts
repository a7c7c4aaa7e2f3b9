import crypto from 'node:crypto'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient, type StaffSession } from './adminHelpers'
import { ADDRESS, buyNow, makeGoods, paidOrder, shopper, stockOf } from './tradeFixtures'
import { PNG } from './afterSalesFixtures'

/** The console's domain routes and what the shop shows after them, on both databases. */
describe.each(DIALECTS)('console domain routes (%s)', (dialect) => {
  let t: TestApp
  let owner: StaffSession
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    owner = await signIn(t, 'owner')
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())

  const upload = async (s: StaffSession) => {
    const boundary = `----c${crypto.randomBytes(6).toString('hex')}`
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/upload',
      payload,
      headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    return res.json()
  }
  const goodsCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('goods')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('goods: created with a picture and two SKUs, it is in the shop search, category and details at once; edits and shelf follow', async () => {
    const top = await c.post('/categories', { parentId: 0, name: '家居收纳' })
    const sub = await c.post('/categories', { parentId: top.data.id, name: '收纳盒' })
    expect((await c.post('/categories', { parentId: sub.data.id, name: '三级' })).msg).toBe('分类最多两级')
    const brand = await c.post('/brands', { name: '整理控' })
    const pic = await upload(owner)
    expect(pic.code).toBe(200)
    expect(pic.data.url).toMatch(/^\/uploads\/\d{6}\/[0-9a-f]+\.png$/)
    // The shop's search is read-cached: warm it, so the test proves the cache follows the console's write.
    const word = '控制台新品收纳盒'
    expect((await t.get('/api/goods/search', { keyword: word })).data.total).toBe(0)
    const input = {
      name: word,
      categoryId: sub.data.id,
      brandId: brand.data.id,
      images: [pic.data.url],
      detailHtml: '<p>好用<script>alert(1)</script><img src="javascript:x"></p>',
      specGroups: [{ name: '颜色', values: ['红', '蓝'] }],
      skus: [
        { specs: { 颜色: '红' }, price: 1990, originalPrice: 2990, stock: 5 },
        { specs: { 颜色: '蓝' }, price: 2190, originalPrice: 0, stock: 0 },
      ],
      status: 'on',
    }
    const created = await c.post('/goods', input)
    expect(created.code).toBe(200)
    const id = created.data.id
    const found = await t.get('/api/goods/search', { keyword: word })
    expect(found.data.list.map((g: any) => g.id)).toEqual([id])
    expect(found.data.list[0]).toMatchObject({ price: 1990, mainImage: pic.data.url, stock: 5 })
    expect((await t.get('/api/goods/search', { categoryId: top.data.id })).data.list.map((g: any) => g.id)).toContain(id)
    const detail = await t.get('/api/goods/detail', { id })
    expect(detail.code).toBe(200)
    expect(JSON.stringify(detail.data)).not.toMatch(/script|javascript:/)
    const [audit] = (await auditRows(t, 'goods.create')).filter((r) => r.targetId === String(id))
    expect(audit.staffId).toBe(owner.staffId)
    expect(JSON.parse(audit.afterJson!).skus).toHaveLength(2)

    // Bad input: a Chinese message naming the field, nothing saved.
    const n = await goodsCount()
    const negative = await c.post('/goods', { ...input, skus: [{ ...input.skus[0], price: -1 }, input.skus[1]] })
    expect(negative).toMatchObject({ code: 400, msg: '价格超出范围' })
    expect((await c.post('/goods', { ...input, name: '' })).msg).toBe('请填写名称')
    expect((await c.post('/goods', { ...input, name: '只有红色的收纳盒', skus: [input.skus[0]] })).code).toBe(200) // a subset of combinations is fine
    expect((await c.post('/goods', { ...input, skus: [{ ...input.skus[0], specs: { 颜色: '绿' } }] })).msg).toBe('规格明细与规格不一致')
    // Undeclared keys are dropped (docs/API.md): a goods item cannot be created with its sales already counted.
    const extraKeys = await c.post('/goods', { ...input, name: '多余字段的收纳盒', sales: 99999, hacked: 1 })
    expect(extraKeys.code).toBe(200)
    expect(Number((await t.db.selectFrom('goods').select('sales').where('id', '=', extraKeys.data.id).executeTakeFirstOrThrow()).sales)).toBe(0)
    expect(await goodsCount()).toBe(n + 2)

    // Edit: SKUs keep their ids; the shop shows the new price.
    const d = (await c.get(`/goods/${id}`)).data
    const edit = await c.put(`/goods/${id}`, {
      ...input,
      name: `${word}升级版`,
      skus: d.skus.map((s: any) => ({ id: s.id, specs: s.specs, price: s.price - 100, originalPrice: s.originalPrice, stock: s.stock })),
    })
    expect(edit.code).toBe(200)
    expect((await t.get('/api/goods/detail', { id })).data).toMatchObject({ name: `${word}升级版` })
    expect((await c.get('/goods', { keyword: '升级版' })).data.list[0]).toMatchObject({ id, price: 1890, categoryName: '收纳盒', brandName: '整理控' })

    // Batch stock: never below 0 (the whole batch refused), else each SKU moves and the goods total follows.
    const [red, blue] = d.skus
    const refused = await c.post('/goods/stock', {
      items: [
        { skuId: red.id, delta: 2 },
        { skuId: blue.id, delta: -1 },
      ],
    })
    expect(refused.code).toBe(400)
    expect(refused.msg).toContain('库存不足')
    expect((await stockOf(t, red.id)).stock).toBe(5)
    expect(
      (
        await c.post('/goods/stock', {
          items: [
            { skuId: red.id, delta: -2 },
            { skuId: blue.id, delta: 3 },
          ],
        })
      ).data.count,
    ).toBe(2)
    expect((await stockOf(t, blue.id)).stock).toBe(3)
    expect((await c.get('/goods', { keyword: '升级版' })).data.list[0].stock).toBe(6)
    expect((await c.get('/goods', { lowStock: 3, categoryId: top.data.id })).data.list.map((g: any) => g.id)).not.toContain(id)
    expect((await auditRows(t, 'goods.stock')).length).toBe(2)

    // Off the shelf: gone from the shop's search.
    expect((await c.post('/goods/shelf', { ids: [id], status: 'off' })).data.count).toBe(1)
    expect((await t.get('/api/goods/search', { keyword: word })).data.total).toBe(0)
    expect((await c.get('/goods', { status: 'off', categoryId: sub.data.id })).data.list.map((g: any) => g.id)).toEqual([id])
    const [shelf] = await auditRows(t, 'goods.shelf-off')
    expect([JSON.parse(shelf.beforeJson!), JSON.parse(shelf.afterJson!)]).toEqual([{ status: 'on' }, { status: 'off' }])
    expect((await c.del(`/categories/${sub.data.id}`)).msg).toBe('该分类下还有商品，不能删除')
  })

  it('orders: search, ship (the shopper sees the trace), batch ship from CSV, remark, cancel an unpaid order, CSV export', async () => {
    const g = await makeGoods(t, { name: '导出测试毛巾', skus: [{ price: 3000, stock: 20 }] })
    const me = await shopper(t)
    const a = await paidOrder(t, me.token, g.skuId)
    const b = await paidOrder(t, me.token, g.skuId)
    const d = await paidOrder(t, me.token, g.skuId)
    const list = await c.get('/orders', { status: 'to_ship', phone: ADDRESS.phone, goods: '毛巾' })
    expect(list.msg).toBe('成功')
    expect(list.data.list.map((o: any) => o.orderNo).sort()).toEqual([a, b, d].sort())
    expect(list.data.list[0]).toMatchObject({ firstGoodsName: '导出测试毛巾', receiverPhone: ADDRESS.phone })
    // The goods name alone: its own count (distinct orders of the matching lines) agrees with the page.
    const byName = await c.get('/orders', { goods: '导出测试毛' })
    expect([byName.data.total, byName.data.list.map((o: any) => o.orderNo).sort()]).toEqual([3, [a, b, d].sort()])
    expect((await c.get('/orders', { goods: '没有这种毛巾' })).data).toMatchObject({ total: 0, list: [] })
    // SQLite walks the orders for a page within reach and takes a far page's orders by id: both answer alike.
    expect((await c.get('/orders', { goods: '导出测试毛', page: 2, pageSize: 2 })).data.list.map((o: any) => o.orderNo)).toEqual(byName.data.list.slice(2).map((o: any) => o.orderNo))
    expect((await c.get('/orders', { goods: '导出测试毛', page: 5000 })).data).toMatchObject({ total: 3, list: [] })

    expect((await c.post(`/orders/${a}/ship`, { expressCode: 'SF', trackingNo: '1' })).msg).toBe('运单号格式不正确')
    expect((await c.post(`/orders/${a}/ship`, { expressCode: 'SF', trackingNo: 'SF1234567890' })).code).toBe(200)
    expect((await c.post(`/orders/${a}/trace`, { text: '快件已到达杭州转运中心' })).code).toBe(200)
    const trace = await t.get('/api/logistics/trace', { orderNo: a }, me.token)
    expect(trace.data).toMatchObject({ expressName: '顺丰速运', trackingNo: 'SF1234567890' })
    expect(JSON.stringify(trace.data)).toContain('快件已到达杭州转运中心')
    const [ship] = (await auditRows(t, 'order.ship')).filter((r) => r.targetId === a)
    expect(JSON.parse(ship.afterJson!)).toMatchObject({ status: 'to_receive', trackingNo: 'SF1234567890' })

    const batch = await c.post('/orders/ship-batch', { csv: `订单号,快递公司,运单号\n${b},YTO,YT1234567890\n${d},ZTO,ZT1234567890\n${a},SF,SF0000000000\n` })
    expect(batch.data.shipped).toBe(2)
    expect(batch.data.failed).toEqual([{ line: 4, orderNo: a, msg: '订单不是待发货状态' }])

    expect((await c.post(`/orders/${b}/remark`, { remark: '客户要求周末送' })).code).toBe(200)
    const detail = await c.get(`/orders/${b}`)
    expect(detail.data.order.adminRemark).toBe('客户要求周末送')
    expect(detail.data.timeline.map((l: any) => l.action)).toEqual(expect.arrayContaining(['ship']))
    // A staff step names who did it (from its audit row): the staff's 姓名 when it has one, else its username.
    const shipStep = (d: any) => d.data.timeline.find((l: any) => l.action === 'ship')
    const ownerRow = await t.db.selectFrom('staff').select('username').where('id', '=', owner.staffId).executeTakeFirstOrThrow()
    expect(shipStep(detail).staffName).toBe(ownerRow.username)
    await t.db.updateTable('staff').set({ realName: '赵店长' }).where('id', '=', owner.staffId).execute()
    const named = await c.get(`/orders/${b}`)
    expect(shipStep(named).staffName).toBe('赵店长')
    expect(named.data.timeline.find((l: any) => l.action === 'submit').staffName).toBe('')
    expect(detail.data.payments[0]).toMatchObject({ status: 'paid' })
    expect(detail.data.shipment).toMatchObject({ expressCode: 'YTO' })

    const unpaid = await buyNow(t, me.token, g.skuId, 2)
    const before = (await stockOf(t, g.skuId)).stock
    expect((await c.post(`/orders/${a}/cancel`, { reason: '缺货' })).msg).toBe('只有待付款的订单可以取消')
    expect((await c.post(`/orders/${unpaid.data.orderNo}/cancel`, { reason: '缺货' })).code).toBe(200)
    expect((await stockOf(t, g.skuId)).stock).toBe(before + 2)
    expect((await t.get('/api/order/detail', { orderNo: unpaid.data.orderNo }, me.token)).data.status).toBe('cancelled')

    const res = await t.app.inject({ method: 'GET', url: '/admin/api/orders/export', query: { goods: '毛巾' }, headers: { cookie: owner.cookie } })
    expect(res.headers['content-type']).toMatch(/text\/csv/)
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toContain('订单号')
    const payCol = lines[0].split(',').indexOf('"支付方式"')
    expect(payCol).toBeGreaterThan(0)
    expect(lines).toHaveLength(5) // header + 3 paid + 1 cancelled
    // 支付方式 in words: the paid orders by the sandbox, the cancelled one never paid.
    expect(
      lines
        .map((l) => l.split(',')[payCol])
        .slice(1)
        .sort(),
    ).toEqual(['""', '"沙箱支付"', '"沙箱支付"', '"沙箱支付"'])
    expect(lines.find((l) => l.includes(b))).toContain('客户要求周末送')
  })

  it('after-sales: approve and refund through the payment provider (operator), refuse with a reason; audit rows', async () => {
    const operator = await signIn(t, 'operator')
    const op = adminClient(t, operator)
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    const me = await shopper(t)
    const apply = async (orderNo: string) => {
      const info = await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)
      const items = [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }]
      const q = await t.post('/api/afterSales/quote', { orderNo, items }, me.token)
      const r = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items, reason: '不想要了', images: [], amount: q.data.maxAmount }, me.token)
      expect(r.code).toBe(200)
      return await t.db.selectFrom('afterSales').select(['id', 'afterSaleNo']).where('afterSaleNo', '=', r.data.afterSaleNo).executeTakeFirstOrThrow()
    }
    const orderNo = await paidOrder(t, me.token, g.skuId, 2)
    const cs = await apply(orderNo)
    const listed = await op.get('/after-sales', { status: 'applied' })
    expect(listed.data.list.map((x: any) => x.id)).toContain(cs.id)
    expect((await op.get(`/after-sales/${cs.id}`)).data.logs[0]).toMatchObject({ status: 'applied', operator: 'member' })
    expect((await op.post(`/after-sales/${cs.id}/refund`)).code).toBe(4002) // not approved yet
    expect((await op.post(`/after-sales/${cs.id}/approve`)).data.status).toBe('approved')
    const refunded = await op.post(`/after-sales/${cs.id}/refund`)
    expect(refunded.data.status).toBe('refunded')
    expect((await t.get('/api/afterSales/detail', { afterSaleNo: cs.afterSaleNo }, me.token)).data.status).toBe('refunded')
    const [row] = (await auditRows(t, 'afterSale.refund')).filter((r) => r.targetId === cs.afterSaleNo)
    expect([JSON.parse(row.beforeJson!).status, JSON.parse(row.afterJson!).status, row.staffId]).toEqual(['approved', 'refunded', operator.staffId])

    const other = await apply(await paidOrder(t, me.token, g.skuId, 1))
    expect((await op.post(`/after-sales/${other.id}/refuse`, { reason: '' })).msg).toBe('请填写原因')
    expect((await op.post(`/after-sales/${other.id}/refuse`, { reason: '商品已发出，请拒收后再申请' })).data.status).toBe('rejected')
    expect((await t.get('/api/afterSales/detail', { afterSaleNo: other.afterSaleNo }, me.token)).data.status).toBe('rejected')
    expect((await auditRows(t, 'afterSale.refuse')).map((r) => r.targetId)).toContain(other.afterSaleNo)
  })

  it('after-sales: the console refunds a case once when two staff press 退款 at the same moment', async () => {
    const a = adminClient(t, await signIn(t, 'operator'))
    const b = adminClient(t, await signIn(t, 'finance'))
    const g = await makeGoods(t, { skus: [{ price: 4200, stock: 10 }] })
    const me = await shopper(t)
    const orderNo = await paidOrder(t, me.token, g.skuId, 1)
    const info = await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)
    const items = [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }]
    const q = await t.post('/api/afterSales/quote', { orderNo, items }, me.token)
    const applied = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items, reason: '不想要了', images: [], amount: q.data.maxAmount }, me.token)
    const cs = await t.db.selectFrom('afterSales').select(['id', 'afterSaleNo']).where('afterSaleNo', '=', applied.data.afterSaleNo).executeTakeFirstOrThrow()
    expect((await a.post(`/after-sales/${cs.id}/approve`)).data.status).toBe('approved')
    const both = await Promise.all([a.post(`/after-sales/${cs.id}/refund`), b.post(`/after-sales/${cs.id}/refund`), a.post(`/after-sales/${cs.id}/refund`)])
    expect(both.filter((r) => r.code === 200)).toHaveLength(1)
    expect(both.filter((r) => r.code !== 200).every((r) => typeof r.msg === 'string' && r.msg.length > 0)).toBe(true)
    const row = await t.db.selectFrom('orderItems').select(['refundedAmount', 'refundedQuantity']).where('id', '=', items[0].orderItemId).executeTakeFirstOrThrow()
    // The goods part once (the rest of the case's amount is the freight).
    expect(row).toEqual({ refundedAmount: 4200, refundedQuantity: 1 })
    expect((await auditRows(t, 'afterSale.refund')).filter((r) => r.targetId === cs.afterSaleNo)).toHaveLength(1)
  })

  it('members: points adjusted with a note (never below 0), disabled member signed out; list and details', async () => {
    const me = await shopper(t)
    const found = await c.get('/members', { keyword: (await t.db.selectFrom('members').select('phone').where('id', '=', me.memberId).executeTakeFirstOrThrow()).phone })
    expect(found.data.list.map((m: any) => m.id)).toEqual([me.memberId])
    // Other words match the nickname's start, literally (% and _ are no wildcards), Chinese and emoji alike.
    await t.db.updateTable('members').set({ nickname: '花_语%小店🌸' }).where('id', '=', me.memberId).execute()
    for (const [keyword, hit] of [
      ['花_语', true],
      ['花_语%小店🌸', true],
      ['花_', true],
      ['花%', false],
      ['语', false],
      ['花_语%小店🌸🌸', false],
    ] as const)
      expect((await c.get('/members', { keyword })).data.list.map((m: any) => m.id).includes(me.memberId)).toBe(hit)
    const add = await c.post(`/members/${me.memberId}/points`, { delta: 120, note: '客诉补偿' })
    expect(add.data.balance).toBe(120)
    const n = (await auditRows(t, 'member.points')).length
    expect((await c.post(`/members/${me.memberId}/points`, { delta: -500, note: '扣回' })).code).toBe(3003)
    expect((await auditRows(t, 'member.points')).length).toBe(n)
    const detail = await c.get(`/members/${me.memberId}`)
    expect(detail.data.pointsLedger[0]).toMatchObject({ change: 120, note: '客诉补偿', balanceAfter: 120 })
    expect(detail.data.addresses[0]).toMatchObject({ phone: ADDRESS.phone })
    expect((await t.get('/api/member/getMemberInfo', {}, me.token)).code).toBe(200)
    expect((await c.post(`/members/${me.memberId}/disable`, { disabled: true })).code).toBe(200)
    expect((await t.get('/api/member/getMemberInfo', {}, me.token)).code).toBe(403)
    expect((await c.get('/members', { disabled: true })).data.list.map((m: any) => m.id)).toContain(me.memberId)
    expect((await auditRows(t, 'member.disable')).map((r) => r.targetId)).toContain(String(me.memberId))
  })

  it('dashboard: today and this month count paid orders and sales; to-do counts link to the lists', async () => {
    const before = (await c.get('/dashboard')).data
    const g = await makeGoods(t, { skus: [{ price: 12345, stock: 10 }] })
    const me = await shopper(t)
    await paidOrder(t, me.token, g.skuId)
    const after = (await c.get('/dashboard')).data
    expect(after.today.paidOrders.value).toBe(before.today.paidOrders.value + 1)
    expect(after.today.gross.value).toBe(before.today.gross.value + 12345)
    expect(after.month.gross.value).toBeGreaterThanOrEqual(after.today.gross.value)
    expect(after.todo.toShip).toBe(before.todo.toShip + 1)
    expect(after.trend).toHaveLength(30)
    expect(after.trend[29].gross).toBe(after.today.gross.value)
  })

  it('storefront: a banner (with schedule), a pinned hot word and a goods section show on the shop home', async () => {
    const pic = (await upload(owner)).data.url
    const now = Date.now()
    const live = await c.post('/storefront/banners', { title: '双十一', image: pic, link: '/pages/index/index', sort: 0 })
    const later = await c.post('/storefront/banners', { title: '明年活动', image: pic, link: '', startAt: now + 86400_000 })
    expect((await c.post('/storefront/banners', { title: 'x', image: pic, link: 'javascript:alert(1)' })).code).toBe(400)
    await c.post('/storefront/hot-words', { word: '控制台热词', sort: 0 })
    const g = await makeGoods(t, { name: '专区商品' })
    await c.post('/storefront/sections', { title: '店长推荐', goodsIds: [g.goodsId] })
    const home = (await t.get('/api/home/selfList')).data
    const ids = home.banners.map((b: any) => b.id)
    expect(ids).toContain(live.data.id)
    expect(ids).not.toContain(later.data.id)
    expect(home.hotWords[0]).toBe('控制台热词')
    expect(home.sections[0]).toMatchObject({ title: '店长推荐', goods: [expect.objectContaining({ id: g.goodsId })] })
    expect((await c.del(`/storefront/banners/${live.data.id}`)).code).toBe(200)
    expect((await t.get('/api/home/selfList')).data.banners.map((b: any) => b.id)).not.toContain(live.data.id)
    expect((await auditRows(t, 'banner.delete')).map((r) => r.targetId)).toContain(String(live.data.id))
  })

  it('left one audit row per kind of staff write above, each naming the staff', async () => {
    const rows = await t.db.selectFrom('auditLogs').select(['action', 'staffName']).execute()
    const actions = new Set(rows.map((r) => r.action))
    for (const a of [
      'category.create',
      'brand.create',
      'upload.image',
      'goods.create',
      'goods.update',
      'goods.stock',
      'goods.shelf-off',
      'order.ship',
      'order.trace',
      'order.remark',
      'order.cancel',
      'afterSale.approve',
      'afterSale.refund',
      'afterSale.refuse',
      'member.points',
      'member.disable',
      'banner.create',
      'banner.delete',
      'hotWord.create',
      'section.create',
    ]) {
      expect([a, actions.has(a)]).toEqual([a, true])
    }
    expect(rows.every((r) => r.staffName.length > 0)).toBe(true)
  })
})
