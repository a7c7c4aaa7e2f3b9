import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient } from './adminHelpers'
import { makeGoods } from './tradeFixtures'

/** 店铺装修's link picker: what a banner or icon entry can open, searched by name, and existing links' names, on both databases. */
describe.each(DIALECTS)('console link targets (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  const made: Record<string, number> = {}
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { webviewAllowList: ['shop.example.com'] } })
    c = adminClient(t, await signIn(t, 'operator'))
    made.dress = (await makeGoods(t, { name: '法式碎花连衣裙', skus: [{ price: 15900, stock: 8 }] })).goodsId
    made.offDress = (await makeGoods(t, { name: '旧款连衣裙', status: 'off' })).goodsId
    made.coat = (await makeGoods(t, { name: '羊绒大衣' })).goodsId
    const now = Date.now()
    const top = await t.db.insertInto('categories').values({ parentId: 0, name: '女装专区', icon: '/media/c.png', sort: 1 }).returning('id').executeTakeFirstOrThrow()
    made.category = (await t.db.insertInto('categories').values({ parentId: top.id, name: '连衣裙专区', icon: '', sort: 1 }).returning('id').executeTakeFirstOrThrow()).id
    made.activity = (
      await t.db
        .insertInto('activities')
        .values({
          title: '春季连衣裙节',
          cover: '/media/a.png',
          summary: '',
          contentHtml: '',
          startAt: now - 86400_000,
          endAt: now + 86400_000,
          linkType: 'none',
          linkUrl: '',
          sort: 0,
          status: 'on',
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    made.article = (
      await t.db
        .insertInto('articles')
        .values({
          memberId: null,
          categoryId: null,
          title: '连衣裙怎么选',
          cover: '/media/b.png',
          summary: '',
          contentHtml: '<p>x</p>',
          status: 'published',
          views: 0,
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    made.notice = (
      await t.db.insertInto('notices').values({ title: '连衣裙到货通知', summary: '', contentHtml: '', isTop: 0, status: 'on', views: 0, createdAt: now }).returning('id').executeTakeFirstOrThrow()
    ).id
    await t.db
      .insertInto('webLinks')
      .values([
        { title: '连衣裙合作页', url: 'https://m.shop.example.com/dress', sort: 0, createdAt: now, updatedAt: now },
        { title: '连衣裙外站', url: 'https://elsewhere.cn/dress', sort: 1, createdAt: now, updatedAt: now },
      ])
      .execute()
  })
  afterAll(() => t.close())

  it('finds each kind by a word of its name, goods with picture and price, on-shelf goods first', async () => {
    const goods = await c.get('/storefront/link-targets', { kind: 'goods', keyword: '连衣裙' })
    expect(goods.code).toBe(200)
    expect(goods.data.list.map((g: any) => g.id)).toEqual([made.dress, made.offDress])
    expect(goods.data.list[0]).toMatchObject({ name: '法式碎花连衣裙', price: 15900, live: true, note: '库存 8' })
    expect(goods.data.list[0].image).toMatch(/^\/media\/goods\//)
    expect(goods.data.list[1]).toMatchObject({ live: false, note: '已下架' })
    expect(goods.data.total).toBe(2)
    // A goods id typed as the keyword finds it; paging holds.
    expect((await c.get('/storefront/link-targets', { kind: 'goods', keyword: String(made.coat) })).data.list.map((g: any) => g.id)).toContain(made.coat)
    const page2 = await c.get('/storefront/link-targets', { kind: 'goods', keyword: '连衣裙', page: 2, pageSize: 1 })
    expect(page2.data).toMatchObject({ total: 2, page: 2, pageSize: 1 })
    expect(page2.data.list.map((g: any) => g.id)).toEqual([made.offDress])
    // % and _ are matched literally.
    expect((await c.get('/storefront/link-targets', { kind: 'goods', keyword: '%' })).data.total).toBe(0)

    const category = await c.get('/storefront/link-targets', { kind: 'category', keyword: '连衣裙' })
    expect(category.data.list).toEqual([expect.objectContaining({ id: made.category, name: '连衣裙专区', note: '属于 女装专区' })])
    const activity = await c.get('/storefront/link-targets', { kind: 'activity', keyword: '连衣裙' })
    expect(activity.data.list).toEqual([expect.objectContaining({ id: made.activity, name: '春季连衣裙节', image: '/media/a.png', live: true })])
    const article = await c.get('/storefront/link-targets', { kind: 'article', keyword: '连衣裙' })
    expect(article.data.list).toEqual([expect.objectContaining({ id: made.article, name: '连衣裙怎么选', live: true })])
    const notice = await c.get('/storefront/link-targets', { kind: 'notice', keyword: '连衣裙' })
    expect(notice.data.list).toEqual([expect.objectContaining({ id: made.notice, name: '连衣裙到货通知', live: true })])
    // Web links: the saved ones, those outside the allow-list marked as not openable.
    const web = await c.get('/storefront/link-targets', { kind: 'web', keyword: '连衣裙' })
    expect(web.data.list.map((w: any) => [w.name, w.url, w.live])).toEqual([
      ['连衣裙合作页', 'https://m.shop.example.com/dress', true],
      ['连衣裙外站', 'https://elsewhere.cn/dress', false],
    ])
  })

  it('names what existing links open in one call; deleted records are left out', async () => {
    const r = await c.get('/storefront/link-targets/names', {
      goods: `${made.dress},999999`,
      category: String(made.category),
      activity: String(made.activity),
      article: String(made.article),
      notice: String(made.notice),
    })
    expect(r.code).toBe(200)
    expect(r.data.goods.map((g: any) => [g.id, g.name])).toEqual([[made.dress, '法式碎花连衣裙']])
    expect(r.data.category[0]).toMatchObject({ id: made.category, name: '连衣裙专区' })
    expect(r.data.activity[0]).toMatchObject({ id: made.activity, name: '春季连衣裙节' })
    expect(r.data.article[0]).toMatchObject({ id: made.article, name: '连衣裙怎么选' })
    expect(r.data.notice[0]).toMatchObject({ id: made.notice, name: '连衣裙到货通知' })
    expect((await c.get('/storefront/link-targets/names', {})).data).toEqual({ goods: [], category: [], activity: [], article: [], notice: [] })
    expect((await c.get('/storefront/link-targets/names', { goods: '1;DROP' })).code).toBe(400)
    expect((await c.get('/storefront/link-targets', { kind: 'member' })).code).toBe(400)
  })

  it('answers a role that edits activities (their button picks a web page) without storefront.read', async () => {
    const now = Date.now()
    await t.db
      .insertInto('staffRoles')
      .values({ code: 'contentonly', name: '内容编辑', permissions: JSON.stringify(['content.read', 'content.write']), builtIn: 0, createdAt: now, updatedAt: now })
      .execute()
    const editor = adminClient(t, await signIn(t, 'contentonly' as 'service'))
    expect((await editor.get('/storefront/link-targets', { kind: 'web' })).code).toBe(200)
    expect((await editor.get('/storefront/link-targets/names', { goods: String(made.dress) })).code).toBe(200)
    expect((await editor.get('/storefront/banners')).code).toBe(8003)
  })

  it('is refused without storefront.read or content.write, and without a session', async () => {
    for (const role of ['service', 'finance'] as const) {
      const other = adminClient(t, await signIn(t, role))
      expect((await other.get('/storefront/link-targets', { kind: 'goods' })).code).toBe(8003)
      expect((await other.get('/storefront/link-targets/names', { goods: String(made.dress) })).code).toBe(8003)
    }
    expect((await adminClient(t).get('/storefront/link-targets', { kind: 'goods' })).code).toBe(8001)
  })
})
