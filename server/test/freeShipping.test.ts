import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient } from './adminHelpers'
import { shopper } from './tradeFixtures'

/**
 * A free-shipping promise (the 包邮 tag on goods, 包邮 in a goods' name or description, a banner's 全场包邮 / 满¥x包邮)
 * is only shown where the checkout keeps it: every such goods item is walked through the checkout preview.
 */
describe.each(DIALECTS)('包邮 promises kept by the checkout (%s)', (dialect) => {
  let t: TestApp
  let me: { token: string; memberId: number; addressId: number }
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
    me = await shopper(t)
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())

  /** The cheapest SKU of goods with at least `quantity` in stock. */
  const cheapestSku = (goodsId: number, quantity = 1) =>
    t.db.selectFrom('goodsSkus').select(['id', 'price']).where('goodsId', '=', goodsId).where('stock', '>=', quantity).orderBy('price').orderBy('id').executeTakeFirst()

  const freightOf = async (skuId: number, quantity = 1) => {
    const r = await t.post('/api/order/preview', { from: 'buyNow', skuId, quantity, addressId: me.addressId }, me.token)
    expect(r.code).toBe(200)
    return r.data.freightAmount as number
  }

  it('every goods item tagged or described as 包邮 ships free at the checkout, and goods the checkout charges are not tagged', async () => {
    const goods = await t.db.selectFrom('goods').select(['id', 'name', 'subtitle', 'detailHtml', 'price']).where('status', '=', 'on').orderBy('id').execute()
    let promised = 0
    let charged = 0
    for (const g of goods) {
      const detail = await t.get('/api/goods/detail', { id: g.id })
      expect(detail.code).toBe(200)
      const tags: string[] = detail.data.tags
      const sku = await cheapestSku(g.id)
      if (!sku) continue
      const fee = await freightOf(sku.id)
      const promise = tags.includes('包邮') || [g.name, g.subtitle, g.detailHtml].some((s) => (s || '').includes('包邮'))
      if (promise) {
        promised++
        expect({ goods: g.id, name: g.name, price: sku.price, fee }).toEqual({ goods: g.id, name: g.name, price: sku.price, fee: 0 })
      }
      if (fee > 0) {
        charged++
        expect(tags).not.toContain('包邮')
      }
    }
    // The demo has both: goods from ¥99 ship free under the default template, cheaper ones pay ¥8.
    expect(promised).toBeGreaterThan(10)
    expect(charged).toBeGreaterThan(10)
  })

  it("a banner's free-shipping slogan is the default template's rule, and an order that reaches it ships free", async () => {
    const banners = await t.db.selectFrom('banners').select(['title']).execute()
    const slogans = banners.map((b) => b.title).filter((x) => x.includes('包邮'))
    expect(slogans.length).toBeGreaterThan(0)
    const goods = await t.db.selectFrom('goods').select(['id']).where('status', '=', 'on').orderBy('id').execute()
    for (const s of slogans) {
      expect(s).not.toContain('全场包邮') // the demo's default template charges ¥8 below ¥99
      const m = /满(\d+(?:\.\d+)?)包邮/.exec(s)
      expect(m).not.toBeNull()
      const threshold = Math.round(Number(m![1]) * 100)
      for (const g of goods) {
        const sku = await cheapestSku(g.id)
        if (!sku) continue
        const quantity = Math.ceil(threshold / sku.price)
        const enough = await cheapestSku(g.id, quantity)
        if (!enough || quantity > 999) continue
        expect({ goods: g.id, fee: await freightOf(enough.id, quantity) }).toEqual({ goods: g.id, fee: 0 })
      }
    }
  })

  it('follows the freight templates: a free template tags its goods, a typed 包邮 is dropped, a province extra takes the tag away', async () => {
    const top = await c.post('/categories', { parentId: 0, name: '包邮测试' })
    const sub = await c.post('/categories', { parentId: top.data.id, name: '子类' })
    const create = (name: string, price: number, freightTemplateId?: number) =>
      c.post('/goods', {
        name,
        categoryId: sub.data.id,
        images: ['/uploads/202601/abc.png'],
        specGroups: [],
        skus: [{ specs: {}, price, originalPrice: 0, stock: 50 }],
        status: 'on',
        tags: ['包邮', '新品'],
        ...(freightTemplateId ? { freightTemplateId } : {}),
      })
    const tagsOf = async (id: number) => (await t.get('/api/goods/detail', { id })).data.tags as string[]

    const cheap = await create('九块九小物', 900)
    expect(cheap.code).toBe(200)
    expect(await tagsOf(cheap.data.id)).toEqual(['新品']) // typed, but the default template charges ¥8 below ¥99
    const dear = await create('一百二十九大件', 12900)
    expect(await tagsOf(dear.data.id)).toEqual(['包邮', '新品'])

    const free = await c.post('/settings/freight', { name: '商家包邮', baseFee: 0, freeThreshold: 0, regionFees: [] })
    expect(free.code).toBe(200)
    const cheapFree = await create('九块九包邮', 900, free.data.id)
    expect(await tagsOf(cheapFree.data.id)).toEqual(['包邮', '新品'])
    const sku = await cheapestSku(cheapFree.data.id)
    expect(await freightOf(sku!.id)).toBe(0)

    // A province extra on the template: no longer free everywhere, the tag goes with the template's save.
    expect((await c.put(`/settings/freight/${free.data.id}`, { name: '商家包邮', baseFee: 0, freeThreshold: 0, regionFees: [{ provinces: ['新疆维吾尔自治区'], extra: 1000 }] })).code).toBe(200)
    expect(await tagsOf(cheapFree.data.id)).toEqual(['新品'])
  })
})

describe('the free-shipping-tags job', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { seed: true })
  })
  afterAll(() => t.close())
  it('puts a typed 包邮 right where the freight rule does not keep it (a database seeded before tags were derived)', async () => {
    const { jobs } = await import('../src/modules')
    const job = jobs.find((j) => j.name === 'free-shipping-tags')!
    const cheap = await t.db.selectFrom('goods').select(['id', 'tags']).where('price', '<', 9900).orderBy('id').executeTakeFirstOrThrow()
    await t.db
      .updateTable('goods')
      .set({ tags: ['包邮', ...cheap.tags.split(',').filter(Boolean)].join(',') })
      .where('id', '=', cheap.id)
      .execute()
    await job.run(t.ctx)
    expect((await t.db.selectFrom('goods').select('tags').where('id', '=', cheap.id).executeTakeFirstOrThrow()).tags.split(',')).not.toContain('包邮')
  })
})
