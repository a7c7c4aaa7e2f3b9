import { sql } from 'kysely'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { SEARCH_TOTAL_CAP } from '../../types/goods'
import { searchGoods } from '../src/modules/goods/search'

/** Search plans of issue 9: the count cap, the index walk for common words, bigrams for two characters. */
describe.each(DIALECTS)('goods search plans on %s', (dialect) => {
  let t: TestApp
  const MANY = SEARCH_TOTAL_CAP + 150
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    const at = Date.now()
    const category = await t.db.insertInto('categories').values({ parentId: 0, name: '测试', icon: '', sort: 0 }).returning('id').executeTakeFirstOrThrow()
    const base = {
      categoryId: category.id,
      brandId: null,
      subtitle: '',
      mainImage: '',
      images: '[]',
      detailHtml: '',
      specGroups: '[]',
      originalPrice: 99999,
      stock: 1,
      tags: '',
      isNew: 0,
      commissionRate: null,
      reviewCount: 0,
      goodReviewCount: 0,
      updatedAt: at,
    }
    const rows = Array.from({ length: MANY + 300 }, (_, i) => ({
      ...base,
      // MANY goods hold "泡泡袖"; the rest do not. Prices, sales and times repeat, so ties need the id.
      name: i < MANY ? `法式泡泡袖上衣 ${i}` : `纯色直筒裤 ${i}`,
      price: 1000 + ((i * 37) % 500),
      sales: (i * 7) % 300,
      isHot: i % 9 === 0 ? 1 : 0,
      status: (i % 50 === 49 ? 'off' : 'on') as 'on' | 'off',
      createdAt: at - ((i * 13) % 1000) * 1000,
    }))
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('goods')
        .values(rows.slice(i, i + 200))
        .execute()
  })
  afterAll(async () => t.close())

  const onShelf = async (pred: (name: string) => boolean) =>
    (await t.db.selectFrom('goods').select(['id', 'name', 'price', 'sales', 'isHot', 'createdAt']).where('status', '=', 'on').execute()).filter((g) => pred(g.name))

  it('caps the count of a common word, and walks the sort order for its pages', async () => {
    const all = await onShelf((n) => n.includes('泡泡袖'))
    expect(all.length).toBeGreaterThan(SEARCH_TOTAL_CAP)
    const orders: Record<string, (a: any, b: any) => number> = {
      default: (a, b) => b.isHot - a.isHot || b.sales - a.sales || b.id - a.id,
      sales: (a, b) => b.sales - a.sales || b.id - a.id,
      price_asc: (a, b) => a.price - b.price || a.id - b.id,
      price_desc: (a, b) => b.price - a.price || b.id - a.id,
      newest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
    }
    for (const [sort, cmp] of Object.entries(orders)) {
      const expected = [...all].sort(cmp).map((g) => g.id)
      for (const page of [1, 2, 7]) {
        const res = await t.get('/api/goods/search', { keyword: '泡泡袖', sort, page, pageSize: 20 })
        expect(res.data).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true, page, pageSize: 20 })
        expect(res.data.list.map((g: any) => g.id)).toEqual(expected.slice((page - 1) * 20, page * 20))
      }
    }
    // Only the first SEARCH_TOTAL_CAP can be paged.
    const last = await t.get('/api/goods/search', { keyword: '泡泡袖', page: SEARCH_TOTAL_CAP / 20, pageSize: 20 })
    expect(last.data.list).toHaveLength(20)
    expect((await t.get('/api/goods/search', { keyword: '泡泡袖', page: SEARCH_TOTAL_CAP / 20 + 1, pageSize: 20 })).data).toMatchObject({ list: [], totalCapped: true })
  })

  it('counts exactly below the cap, through the two-character index too', async () => {
    for (const kw of ['直筒', '直筒裤', '泡泡袖上衣 10']) {
      const expected = await onShelf((n) => n.includes(kw))
      const res = await searchGoods(t.db, { keyword: kw, page: 1, pageSize: 100, sort: 'price_asc' })
      expect(expected.length).toBeLessThanOrEqual(SEARCH_TOTAL_CAP)
      expect(res).toMatchObject({ total: expected.length, totalCapped: false })
      expect(res.list.map((g) => g.price)).toEqual([...res.list.map((g) => g.price)].sort((a, b) => a - b))
      expect(res.list.every((g) => g.name.includes(kw))).toBe(true)
    }
  })

  it('keeps the two-character index in step with renamed and deleted goods', async () => {
    const g = await t.db.selectFrom('goods').select(['id', 'name']).where('name', 'like', '纯色直筒裤%').where('status', '=', 'on').executeTakeFirstOrThrow()
    const found = async (kw: string) => (await searchGoods(t.db, { keyword: kw, page: 1, pageSize: 100 })).list.some((x) => x.id === g.id)
    expect(await found('rX')).toBe(false)
    await t.db.updateTable('goods').set({ name: '新款XR短裙' }).where('id', '=', g.id).execute()
    expect(await found('xr')).toBe(true)
    expect(await found('短裙')).toBe(true)
    expect(await found('直筒')).toBe(false)
    await t.db.deleteFrom('goods').where('id', '=', g.id).execute()
    expect(await found('xr')).toBe(false)
    if (dialect === 'sqlite') {
      const left = await sql<{ n: number }>`SELECT count(*) AS n FROM goods_bigrams WHERE goods_id = ${g.id}`.execute(t.db)
      expect(Number(left.rows[0].n)).toBe(0)
    }
  })

  it('finds goods of a brand whose name holds the keyword, even when their own names do not', async () => {
    const brand = await t.db.insertInto('brands').values({ name: '泡芙熊', logo: '', intro: '', isExclusive: 0, sort: 0 }).returning('id').executeTakeFirstOrThrow()
    const g = await t.db.selectFrom('goods').select('id').where('name', 'like', '纯色直筒裤%').where('status', '=', 'on').executeTakeFirstOrThrow()
    await t.db.updateTable('goods').set({ brandId: brand.id }).where('id', '=', g.id).execute()
    for (const kw of ['泡芙', '泡芙熊']) {
      const res = await searchGoods(t.db, { keyword: kw, page: 1, pageSize: 20 })
      expect(res.list.map((x) => x.id)).toEqual([g.id])
    }
    // A common word plus a brand: still capped, still ordered.
    await t.db.updateTable('brands').set({ name: '泡泡袖工坊' }).where('id', '=', brand.id).execute()
    const res = await searchGoods(t.db, { keyword: '泡泡袖', page: 1, pageSize: 20 })
    expect(res).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true })
  })

  it('writes the counted search terms when hot words are read', async () => {
    for (let i = 0; i < 30; i++) await t.get('/api/goods/search', { keyword: '纯色直筒裤' })
    const row = async () => t.db.selectFrom('searchTerms').select('count').where('term', '=', '纯色直筒裤').executeTakeFirst()
    expect((await t.get('/api/goods/hotWords')).data.list[0]).toBe('纯色直筒裤')
    expect(Number((await row())?.count)).toBe(30)
  })

  it('shows as hot words only whole words of the catalogue, never the fragments searched on the way', async () => {
    // A load test (or someone typing) searches a fragment far more often than the word.
    for (let i = 0; i < 60; i++) await t.get('/api/goods/search', { keyword: '色直筒' })
    for (let i = 0; i < 50; i++) await t.get('/api/goods/search', { keyword: '泡泡' })
    for (let i = 0; i < 40; i++) await t.get('/api/goods/search', { keyword: '泡泡袖上衣' }) // the head of the noun 法式泡泡袖上衣
    const words = (await t.get('/api/goods/hotWords')).data.list
    expect(words).not.toContain('色直筒')
    expect(words).not.toContain('泡泡')
    expect(words.slice(0, 2)).toEqual(['泡泡袖上衣', '纯色直筒裤'])
    // Counted all the same (the figures stay true); only the list leaves them out.
    expect(Number((await t.db.selectFrom('searchTerms').select('count').where('term', '=', '色直筒').executeTakeFirstOrThrow()).count)).toBe(60)
  })

  it('suggests while typing: brand and category names, searched words of the catalogue, then best-selling goods names', async () => {
    // After the tests above: the brand 泡泡袖工坊, the searched terms 泡泡袖上衣, 泡泡袖上衣 10, 纯色直筒裤 (words) and 泡泡, 色直筒 (fragments).
    const res = await t.get('/api/goods/suggest', { keyword: '泡泡袖' })
    expect(res.code).toBe(200)
    const list: string[] = res.data.list
    const goodsNames = (await onShelf((n) => n.includes('泡泡袖')))
      .sort((a, b) => b.sales - a.sales || b.id - a.id)
      .map((g) => g.name)
      .slice(0, 30)
    const starting = goodsNames.filter((n) => n.startsWith('泡泡袖'))
    expect(list).toEqual(['泡泡袖工坊', '泡泡袖上衣', '泡泡袖上衣 10', ...starting, ...goodsNames.filter((n) => !n.startsWith('泡泡袖'))].slice(0, 10))
    // One character: no goods names (no index serves it), only names and searched words.
    expect((await t.get('/api/goods/suggest', { keyword: '裤' })).data.list).toEqual(['纯色直筒裤', '直筒裤'])
    // Goods names hold the typed text anywhere; those starting with it come first.
    const straight = (await t.get('/api/goods/suggest', { keyword: '直筒裤' })).data.list
    expect(straight[0]).toBe('纯色直筒裤')
    expect(straight.slice(1).every((n: string) => n.startsWith('纯色直筒裤 '))).toBe(true)
    expect(straight).toHaveLength(10)
    expect((await t.get('/api/goods/suggest', { keyword: '没有这种东西' })).data.list).toEqual([])
    // Nothing typed, or too much: a clear refusal.
    expect((await t.get('/api/goods/suggest', { keyword: '' })).code).not.toBe(200)
    expect((await t.get('/api/goods/suggest', { keyword: '泡'.repeat(33) })).code).not.toBe(200)
  })
})
