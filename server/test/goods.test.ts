import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { maskNickname } from '../src/modules/goods/reviews'
import { chinaDay } from '../src/services/chinaTime'

describe.each(DIALECTS)('goods module on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
  })
  afterAll(async () => t.close())

  const onShelfNames = async () => (await t.db.selectFrom('goods').select(['id', 'name']).where('status', '=', 'on').execute()).map((g) => ({ ...g }))
  const allPages = async (url: string, query: Record<string, unknown>, token?: string) => {
    const out: any[] = []
    let total = 0
    for (let page = 1; page < 100; page++) {
      const res = await t.get(url, { ...query, page }, token)
      expect(res.code).toBe(200)
      total = res.data.total
      out.push(...res.data.list)
      if (res.data.list.length < (query.pageSize as number)) break
    }
    return { list: out, total }
  }

  describe('seeded catalogue', () => {
    it('has 12+ top categories with 2-4 sub-categories each', async () => {
      const res = await t.get('/api/goods/categoryTree')
      expect(res.code).toBe(200)
      const tops = res.data.list
      expect(tops.length).toBeGreaterThanOrEqual(12)
      expect(tops.map((c: any) => c.name)).toEqual(expect.arrayContaining(['服饰', '美妆', '数码', '家居', '食品', '母婴', '运动', '图书', '箱包', '珠宝', '家电', '宠物']))
      for (const c of tops) {
        expect(c.children.length).toBeGreaterThanOrEqual(2)
        expect(c.children.length).toBeLessThanOrEqual(4)
        for (const s of c.children) expect(s.parentId).toBe(c.id)
      }
    })

    it('has 200+ goods whose price is the lowest SKU price and whose SKUs cover every spec combination', async () => {
      const goods = await t.db.selectFrom('goods').selectAll().execute()
      expect(goods.length).toBeGreaterThanOrEqual(200)
      expect(new Set(goods.map((g) => g.name)).size).toBe(goods.length)
      const skus = await t.db.selectFrom('goodsSkus').selectAll().execute()
      for (const g of goods.slice(0, 60)) {
        const own = skus.filter((s) => s.goodsId === g.id)
        const groups = JSON.parse(g.specGroups) as Array<{ values: string[] }>
        expect(own.length).toBe(groups.reduce((n, gr) => n * gr.values.length, 1))
        expect(g.price).toBe(Math.min(...own.map((s) => s.price)))
        expect(g.stock).toBe(own.reduce((n, s) => n + s.stock, 0))
        for (const s of own) {
          expect(Number.isInteger(s.price)).toBe(true)
          expect(s.originalPrice).toBeGreaterThanOrEqual(s.price)
        }
        expect(JSON.parse(g.images).length).toBeGreaterThanOrEqual(3)
        expect(g.detailHtml).toMatch(/<p>.*<img src="\/media\//)
      }
    })

    it('lists brands with their exclusive flag, and only exclusive ones on request', async () => {
      const all = (await t.get('/api/goods/brands')).data.list
      expect(all.length).toBeGreaterThanOrEqual(8)
      expect(all.some((b: any) => b.isExclusive)).toBe(true)
      expect(all.some((b: any) => !b.isExclusive)).toBe(true)
      const exclusive = (await t.get('/api/goods/brands', { exclusive: 1 })).data.list
      expect(exclusive.length).toBe(all.filter((b: any) => b.isExclusive).length)
      expect(exclusive.every((b: any) => b.isExclusive && b.goodsCount > 0)).toBe(true)
    })
  })

  describe('search', () => {
    it('finds "碎花连衣裙" with the two-character keyword "连衣"', async () => {
      const { list, total } = await allPages('/api/goods/search', { keyword: '连衣', pageSize: 50 })
      expect(list.map((g) => g.name)).toEqual(expect.arrayContaining([expect.stringContaining('碎花连衣裙')]))
      const expected = (await onShelfNames()).filter((g) => g.name.includes('连衣'))
      expect(total).toBe(expected.length)
      expect(list.map((g) => g.id).sort()).toEqual(expected.map((g) => g.id).sort())
    })

    it('finds 3+ character terms through the trigram index, and nothing that does not contain them', async () => {
      for (const kw of ['碎花连衣裙', '连衣裙', '蓝牙耳机', '法式复古收腰']) {
        const { list, total } = await allPages('/api/goods/search', { keyword: kw, pageSize: 50 })
        const expected = (await onShelfNames()).filter((g) => g.name.includes(kw))
        expect(expected.length).toBeGreaterThan(0)
        expect(total).toBe(expected.length)
        expect(list.every((g) => g.name.includes(kw))).toBe(true)
      }
      expect((await t.get('/api/goods/search', { keyword: '不存在的商品名称' })).data.total).toBe(0)
    })

    it('matches a brand name and ignores case for Latin letters', async () => {
      const brand = await t.db.selectFrom('brands').select(['id', 'name']).where('name', '=', '花语').executeTakeFirstOrThrow()
      const res = await t.get('/api/goods/search', { keyword: '花语', pageSize: 100 })
      const ofBrand = await t.db.selectFrom('goods').select('id').where('brandId', '=', brand.id).where('status', '=', 'on').execute()
      expect(res.data.total).toBe(ofBrand.length)
      const upper = await t.get('/api/goods/search', { keyword: 'LED' })
      const lower = await t.get('/api/goods/search', { keyword: 'led' })
      expect(upper.data.total).toBeGreaterThan(0)
      expect(lower.data.total).toBe(upper.data.total)
    })

    it('treats % and _ as plain characters', async () => {
      const at = Date.now()
      const base = {
        categoryId: 1,
        brandId: null,
        subtitle: '',
        mainImage: '',
        images: '[]',
        detailHtml: '',
        specGroups: '[]',
        price: 100,
        originalPrice: 200,
        sales: 0,
        stock: 1,
        status: 'on' as const,
        tags: '',
        isHot: 0,
        isNew: 0,
        commissionRate: null,
        reviewCount: 0,
        goodReviewCount: 0,
        createdAt: at,
        updatedAt: at,
      }
      await t.db
        .insertInto('goods')
        .values([
          { ...base, name: '测试100%纯棉毛巾' },
          { ...base, name: '测试A_B款毛巾' },
        ])
        .execute()
      expect((await t.get('/api/goods/search', { keyword: '100%纯棉' })).data.list.map((g: any) => g.name)).toEqual(['测试100%纯棉毛巾'])
      expect((await t.get('/api/goods/search', { keyword: '100_纯棉' })).data.total).toBe(0)
      expect((await t.get('/api/goods/search', { keyword: 'A_B款' })).data.list.map((g: any) => g.name)).toEqual(['测试A_B款毛巾'])
      expect((await t.get('/api/goods/search', { keyword: 'A%B款' })).data.total).toBe(0)
      expect((await t.get('/api/goods/search', { keyword: '%' })).data.list.map((g: any) => g.name)).toEqual(['测试100%纯棉毛巾'])
      expect((await t.get('/api/goods/search', { keyword: '_' })).data.list.map((g: any) => g.name)).toEqual(['测试A_B款毛巾'])
      await t.db.deleteFrom('goods').where('name', 'in', ['测试100%纯棉毛巾', '测试A_B款毛巾']).execute()
    })

    it('never lists goods that are off the shelf', async () => {
      const off = await t.db.selectFrom('goods').select(['id', 'name']).where('status', '=', 'off').execute()
      expect(off.length).toBeGreaterThan(0)
      for (const g of off) {
        const res = await t.get('/api/goods/search', { keyword: g.name })
        expect(res.data.list.map((x: any) => x.id)).not.toContain(g.id)
      }
      const { list } = await allPages('/api/goods/search', { pageSize: 100 })
      expect(list.every((g) => g.status === 'on')).toBe(true)
    })

    it('sorts by price, sales and newest', async () => {
      const prices = (await t.get('/api/goods/search', { sort: 'price_asc', pageSize: 100 })).data.list.map((g: any) => g.price)
      expect(prices).toEqual([...prices].sort((a, b) => a - b))
      const desc = (await t.get('/api/goods/search', { sort: 'price_desc', pageSize: 100 })).data.list.map((g: any) => g.price)
      expect(desc).toEqual([...desc].sort((a, b) => b - a))
      expect(desc[0]).toBeGreaterThan(prices[0])
      const sales = (await t.get('/api/goods/search', { sort: 'sales', pageSize: 100 })).data.list.map((g: any) => g.sales)
      expect(sales).toEqual([...sales].sort((a, b) => b - a))
      const newest = (await t.get('/api/goods/search', { sort: 'newest', pageSize: 30 })).data.list.map((g: any) => g.id)
      const rows = await t.db.selectFrom('goods').select(['id', 'createdAt']).where('id', 'in', newest).execute()
      const at = newest.map((id: number) => rows.find((r) => r.id === id)!.createdAt)
      expect(at).toEqual([...at].sort((a, b) => b - a))
    })

    it('filters by a top category (with its sub-categories), a sub-category and a brand, and pages without repeats', async () => {
      const tree = (await t.get('/api/goods/categoryTree')).data.list
      const top = tree[0]
      const subIds = top.children.map((c: any) => c.id)
      const { list, total } = await allPages('/api/goods/search', { categoryId: top.id, pageSize: 7, sort: 'price_asc' })
      expect(list.length).toBe(total)
      expect(new Set(list.map((g) => g.id)).size).toBe(total)
      const rows = await t.db.selectFrom('goods').select(['id', 'categoryId']).where('categoryId', 'in', subIds).where('status', '=', 'on').execute()
      expect(total).toBe(rows.length)
      const sub = await t.get('/api/goods/search', { categoryId: subIds[0], pageSize: 100 })
      expect(sub.data.total).toBe(rows.filter((r) => r.categoryId === subIds[0]).length)
      const brand = (await t.get('/api/goods/brands')).data.list[0]
      const byBrand = await t.get('/api/goods/search', { brandId: brand.id, pageSize: 100 })
      expect(byBrand.data.total).toBe(brand.goodsCount)
      const beyond = await t.get('/api/goods/search', { categoryId: top.id, page: 99, pageSize: 10 })
      expect(beyond.data).toMatchObject({ list: [], total })
    })

    it('answers bad input in the envelope', async () => {
      expect((await t.get('/api/goods/search', { sort: 'cheap' })).code).toBe(400)
      expect((await t.get('/api/goods/search', { categoryId: 'abc' })).code).toBe(400)
      expect((await t.get('/api/goods/search', { pageSize: 1000 })).code).toBe(400)
      expect((await t.get('/api/goods/search', { page: 0 })).code).toBe(400)
    })

    it('counts search terms that found goods as hot words', async () => {
      const before = (await t.get('/api/goods/hotWords')).data.list
      expect(before.length).toBeGreaterThan(3)
      for (let i = 0; i < 200; i++) await t.get('/api/goods/search', { keyword: '空气炸锅' })
      await t.get('/api/goods/search', { keyword: '没有这个东西啊' })
      const after = (await t.get('/api/goods/hotWords')).data.list
      expect(after[0]).toBe('空气炸锅')
      expect(after).not.toContain('没有这个东西啊')
    })
  })

  describe('guess you like', () => {
    it('gives visitors goods by sales, every on-shelf goods once across pages', async () => {
      const { list, total } = await allPages('/api/goods/guessYouLike', { pageSize: 20 })
      const onShelf = await onShelfNames()
      expect(total).toBe(onShelf.length)
      expect(list.length).toBe(total)
      expect(new Set(list.map((g) => g.id)).size).toBe(total)
      const sales = list.map((g) => g.sales)
      expect(sales).toEqual([...sales].sort((a, b) => b - a))
    })

    it("puts a member's viewed and collected categories first and keeps pages stable while they browse", async () => {
      const token = await t.login(nextPhone())
      const tree = (await t.get('/api/goods/categoryTree')).data.list
      const pets = tree.find((c: any) => c.name === '宠物')
      const sub = pets.children[0]
      const inSub = (await t.get('/api/goods/search', { categoryId: sub.id, pageSize: 100 })).data.list
      await t.get('/api/goods/detail', { id: inSub[0].id }, token)
      await t.post('/api/goods/collect', { goodsId: inSub[1].id }, token)
      const page1 = (await t.get('/api/goods/guessYouLike', { page: 1, pageSize: 10 }, token)).data.list
      const subGoods = new Set(inSub.map((g: any) => g.id))
      const firstN = page1.slice(0, inSub.length)
      expect(firstN.every((g: any) => subGoods.has(g.id))).toBe(true)
      // Browsing another category between pages does not reshuffle the pages of one scroll.
      const books = tree.find((c: any) => c.name === '图书')
      const bookGoods = (await t.get('/api/goods/search', { categoryId: books.id, pageSize: 20 })).data.list
      const token2 = await t.login(nextPhone())
      await t.get('/api/goods/detail', { id: inSub[0].id }, token2)
      const p1 = (await t.get('/api/goods/guessYouLike', { page: 1, pageSize: 10 }, token2)).data.list.map((g: any) => g.id)
      for (const g of bookGoods) await t.get('/api/goods/detail', { id: g.id }, token2)
      const seen = new Set<number>(p1)
      for (let page = 2; page <= 25; page++) {
        const ids = (await t.get('/api/goods/guessYouLike', { page, pageSize: 10 }, token2)).data.list.map((g: any) => g.id)
        for (const id of ids) {
          expect(seen.has(id)).toBe(false)
          seen.add(id)
        }
        if (ids.length < 10) break
      }
      expect(seen.size).toBe((await onShelfNames()).length)
    })
  })

  describe('detail', () => {
    it('answers goods with images, specs, SKUs, brand, category and a review summary', async () => {
      const g = await t.db.selectFrom('goods').selectAll().where('status', '=', 'on').where('reviewCount', '>', 2).where('brandId', 'is not', null).orderBy('id').executeTakeFirstOrThrow()
      const res = await t.get('/api/goods/detail', { id: g.id })
      expect(res.code).toBe(200)
      const d = res.data
      expect(d).toMatchObject({ id: g.id, name: g.name, price: g.price, originalPrice: g.originalPrice, sales: g.sales, onSale: true, collected: false })
      expect(d.images.length).toBeGreaterThanOrEqual(3)
      expect(d.detailHtml).toContain('<img')
      expect(d.brand).toMatchObject({ id: g.brandId })
      expect(d.category.id).toBe(g.categoryId)
      expect(d.skus.length).toBe(d.specGroups.reduce((n: number, gr: any) => n * gr.values.length, 1))
      for (const s of d.skus) for (const gr of d.specGroups) expect(gr.values).toContain(s.specs[gr.name])
      const reviews = await t.db.selectFrom('goodsReviews').select(['rating', 'images']).where('goodsId', '=', g.id).where('parentId', 'is', null).execute()
      expect(d.comments.count).toBe(reviews.length)
      expect(d.comments.goodRate).toBe(Math.round((reviews.filter((r) => r.rating >= 4).length * 100) / reviews.length))
      expect(d.comments.latest.length).toBe(2)
      if (reviews.some((r) => r.images !== '[]')) expect(d.comments.latest[0].images.length).toBeGreaterThan(0)
    })

    it('records one footprint per member, goods and day, moving its time on a later view', async () => {
      const token = await t.login(nextPhone())
      const me = (await t.get('/api/member/getMemberInfo', {}, token)).data.id
      await t.get('/api/goods/detail', { id: 5 }, token)
      const first = await t.db.selectFrom('footprints').selectAll().where('memberId', '=', me).execute()
      expect(first).toHaveLength(1)
      expect(first[0]).toMatchObject({ goodsId: 5, day: chinaDay() })
      await new Promise((r) => setTimeout(r, 5))
      await t.get('/api/goods/detail', { id: 5 }, token)
      const again = await t.db.selectFrom('footprints').selectAll().where('memberId', '=', me).execute()
      expect(again).toHaveLength(1)
      expect(again[0].id).toBe(first[0].id)
      expect(again[0].viewedAt).toBeGreaterThan(first[0].viewedAt)
      // A visitor's view records nothing.
      const count = async () =>
        Number(
          (
            await t.db
              .selectFrom('footprints')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      const before = await count()
      await t.get('/api/goods/detail', { id: 6 })
      expect(await count()).toBe(before)
    })

    it('answers GOODS_OFF_SHELF for goods off the shelf, still carrying the goods, and records no footprint', async () => {
      const token = await t.login(nextPhone())
      const off = await t.db.selectFrom('goods').select(['id', 'name']).where('status', '=', 'off').executeTakeFirstOrThrow()
      const res = await t.get('/api/goods/detail', { id: off.id }, token)
      expect(res.code).toBe(2002)
      expect(res.msg).toBe('该商品已下架')
      expect(res.data).toMatchObject({ id: off.id, name: off.name, onSale: false, status: 'off' })
      expect(res.data.skus.every((s: any) => s.stock === 0)).toBe(true)
      expect((await t.get('/api/goods/footprintList', {}, token)).data.total).toBe(0)
    })

    it('answers bad or unknown ids in the envelope', async () => {
      expect(await t.get('/api/goods/detail', { id: 'abc' })).toMatchObject({ code: 400 })
      expect((await t.get('/api/goods/detail')).code).toBe(400)
      expect((await t.get('/api/goods/detail', { id: 0 })).code).toBe(400)
      expect(await t.get('/api/goods/detail', { id: 999999 })).toMatchObject({ code: 404, msg: '商品不存在' })
    })
  })

  describe('reviews', () => {
    it('pages reviews, filters those with images, and masks anonymous nicknames', async () => {
      const g = await t.db.selectFrom('goods').select('id').where('reviewCount', '>=', 5).orderBy('id').executeTakeFirstOrThrow()
      const rows = await t.db.selectFrom('goodsReviews').select(['id', 'images', 'anonymous', 'memberId']).where('goodsId', '=', g.id).where('parentId', 'is', null).execute()
      const { list, total } = await allPages('/api/goods/commentList', { goodsId: g.id, pageSize: 2 })
      expect(total).toBe(rows.length)
      expect(new Set(list.map((c) => c.id)).size).toBe(rows.length)
      const at = list.map((c) => c.createdAt)
      expect(at).toEqual([...at].sort((a, b) => b - a))
      const withImages = await t.get('/api/goods/commentList', { goodsId: g.id, hasImage: 1, pageSize: 50 })
      expect(withImages.data.total).toBe(rows.filter((r) => r.images !== '[]').length)
      expect(withImages.data.withImageCount).toBe(withImages.data.total)
      expect(withImages.data.count).toBe(rows.length)
      expect(withImages.data.list.every((c: any) => c.images.length > 0)).toBe(true)
    })

    it('never shows the nickname of an anonymous reviewer', async () => {
      const anon = await t.db
        .selectFrom('goodsReviews')
        .innerJoin('members', 'members.id', 'goodsReviews.memberId')
        .select(['goodsReviews.id', 'goodsReviews.goodsId', 'members.nickname'])
        .where('goodsReviews.anonymous', '=', 1)
        .where('goodsReviews.parentId', 'is', null)
        .executeTakeFirstOrThrow()
      const { list } = await allPages('/api/goods/commentList', { goodsId: anon.goodsId, pageSize: 50 })
      const c = list.find((x) => x.id === anon.id)
      expect(c.anonymous).toBe(true)
      expect(c.nickname).toBe(maskNickname(anon.nickname))
      expect(c.nickname).not.toBe(anon.nickname)
      expect(c.avatar).toBe('')
      expect(maskNickname('小美')).toBe('小***美')
      expect(maskNickname('阿')).toBe('阿***')
    })

    it('answers a missing or bad goods id in the envelope', async () => {
      expect((await t.get('/api/goods/commentList')).code).toBe(400)
      expect((await t.get('/api/goods/commentList', { goodsId: 'x' })).code).toBe(400)
      expect((await t.get('/api/goods/commentList', { goodsId: 1, hasImage: 2 })).code).toBe(400)
      expect((await t.get('/api/goods/commentList', { goodsId: 999999 })).code).toBe(404)
    })
  })

  describe('collects', () => {
    it('collects once, shows the flag and the list, and uncollects', async () => {
      const token = await t.login(nextPhone())
      expect((await t.post('/api/goods/collect', { goodsId: 7 }, token)).data).toEqual({ collected: true })
      expect((await t.post('/api/goods/collect', { goodsId: 7 }, token)).code).toBe(200)
      await t.post('/api/goods/collect', { goodsId: 8 }, token)
      expect((await t.get('/api/goods/detail', { id: 7 }, token)).data.collected).toBe(true)
      const list = (await t.get('/api/goods/collectList', {}, token)).data
      expect(list.total).toBe(2)
      expect(list.list.map((c: any) => c.goodsId).sort()).toEqual([7, 8])
      expect(list.list[0].goods).toMatchObject({ id: expect.any(Number), name: expect.any(String), price: expect.any(Number) })
      expect((await t.post('/api/goods/uncollect', { goodsIds: [7, 8] }, token)).data).toEqual({ removed: 2 })
      expect((await t.get('/api/goods/detail', { id: 7 }, token)).data.collected).toBe(false)
      expect((await t.get('/api/goods/collectList', {}, token)).data.total).toBe(0)
    })

    it('refuses visitors, unknown goods and bad bodies', async () => {
      expect((await t.post('/api/goods/collect', { goodsId: 7 })).code).toBe(403)
      expect((await t.get('/api/goods/collectList')).code).toBe(403)
      expect((await t.get('/api/goods/footprintList')).code).toBe(403)
      const token = await t.login(nextPhone())
      expect((await t.post('/api/goods/collect', { goodsId: 999999 }, token)).code).toBe(404)
      expect((await t.post('/api/goods/collect', { goodsId: 'abc' }, token)).code).toBe(400)
      expect((await t.post('/api/goods/uncollect', { goodsIds: [] }, token)).code).toBe(400)
      expect((await t.post('/api/goods/uncollect', {}, token)).code).toBe(400)
    })
  })

  describe('footprints', () => {
    it('lists footprints newest first and deletes by ids, by day and all', async () => {
      const token = await t.login(nextPhone())
      const me = (await t.get('/api/member/getMemberInfo', {}, token)).data.id
      for (const id of [10, 11, 12]) await t.get('/api/goods/detail', { id }, token)
      // An older day, as if viewed the day before yesterday.
      const old = Date.now() - 2 * 86400_000
      await t.db
        .insertInto('footprints')
        .values({ memberId: me, goodsId: 13, day: chinaDay(old), viewedAt: old })
        .execute()
      const list = (await t.get('/api/goods/footprintList', {}, token)).data
      expect(list.total).toBe(4)
      expect(list.list.map((f: any) => f.goodsId)).toEqual([12, 11, 10, 13])
      expect(list.list[3].day).toBe(chinaDay(old))
      expect(list.list[0].goods.id).toBe(12)
      expect((await t.post('/api/goods/deleteFootprints', { ids: [list.list[0].id] }, token)).data).toEqual({ deleted: 1 })
      expect((await t.post('/api/goods/deleteFootprints', { day: chinaDay(old) }, token)).data).toEqual({ deleted: 1 })
      expect((await t.get('/api/goods/footprintList', {}, token)).data.list.map((f: any) => f.goodsId)).toEqual([11, 10])
      expect((await t.post('/api/goods/deleteFootprints', { all: true }, token)).data).toEqual({ deleted: 2 })
      expect((await t.get('/api/goods/footprintList', {}, token)).data.total).toBe(0)
    })

    it('refuses an empty or malformed delete', async () => {
      const token = await t.login(nextPhone())
      expect((await t.post('/api/goods/deleteFootprints', {}, token)).code).toBe(400)
      expect((await t.post('/api/goods/deleteFootprints', { day: '2024-1-1' }, token)).code).toBe(400)
      expect((await t.post('/api/goods/deleteFootprints', { ids: ['x'] }, token)).code).toBe(400)
      expect((await t.post('/api/goods/deleteFootprints', { all: false }, token)).code).toBe(400)
    })
  })

  describe('another member', () => {
    it('can neither read nor remove my collects and footprints', async () => {
      const mine = await t.login(nextPhone())
      const other = await t.login(nextPhone())
      await t.post('/api/goods/collect', { goodsId: 20 }, mine)
      await t.get('/api/goods/detail', { id: 21 }, mine)
      const myFoot = (await t.get('/api/goods/footprintList', {}, mine)).data.list
      expect(myFoot).toHaveLength(1)
      expect((await t.get('/api/goods/collectList', {}, other)).data.total).toBe(0)
      expect((await t.get('/api/goods/footprintList', {}, other)).data.total).toBe(0)
      expect((await t.post('/api/goods/uncollect', { goodsIds: [20] }, other)).data).toEqual({ removed: 0 })
      expect((await t.post('/api/goods/deleteFootprints', { ids: [myFoot[0].id] }, other)).data).toEqual({ deleted: 0 })
      expect((await t.post('/api/goods/deleteFootprints', { day: myFoot[0].day }, other)).data).toEqual({ deleted: 0 })
      expect((await t.post('/api/goods/deleteFootprints', { all: true }, other)).data).toEqual({ deleted: 0 })
      expect((await t.get('/api/goods/collectList', {}, mine)).data.total).toBe(1)
      expect((await t.get('/api/goods/footprintList', {}, mine)).data.total).toBe(1)
      expect((await t.get('/api/goods/detail', { id: 20 }, other)).data.collected).toBe(false)
    })
  })
})
