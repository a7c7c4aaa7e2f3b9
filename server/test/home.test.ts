import fs from 'node:fs'
import path from 'node:path'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { ALL_PAGES } from '../../types/routes'
import { seedCatalog } from '../src/demo/goods'
import { CATALOG, NOUN_SHAPES } from '../src/demo/catalog'
import { SHAPES } from '../src/demo/media'
import { createDb } from '../src/db'
import { migrateToLatest } from '../src/db/migrate'

const pagePath = (link: string) => link.split('?')[0]

describe.each(DIALECTS)('home module on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { seed: true })
  })
  afterAll(async () => t.close())

  it('answers banners, icons, notices, sections, categories and hot words to visitors and members alike', async () => {
    const res = await t.get('/api/home/selfList')
    expect(res.code).toBe(200)
    const d = res.data
    expect(d.banners.length).toBeGreaterThanOrEqual(3)
    expect(d.navs.length).toBeGreaterThanOrEqual(8)
    expect(d.categories.length).toBeGreaterThanOrEqual(12)
    expect(d.hotWords.length).toBeGreaterThan(0)
    expect(d.sections.map((s: any) => s.title)).toEqual(['热销榜单', '新品上架', '品牌专享'])
    const token = await t.login(nextPhone())
    const asMember = await t.get('/api/home/selfList', {}, token)
    expect(asMember.data).toEqual(d)
    // An invalid token on this optional-auth route is treated as a visitor, not refused.
    expect((await t.get('/api/home/selfList', {}, 'not-a-token')).code).toBe(200)
  })

  it('links every banner and icon to a real page of the shop', async () => {
    const d = (await t.get('/api/home/selfList')).data
    for (const item of [...d.banners, ...d.navs]) expect(ALL_PAGES).toContain(pagePath(item.link))
    const titles = d.navs.map((n: any) => n.title)
    expect(titles).toEqual(expect.arrayContaining(['限时秒杀', '领券中心', '积分商城', '幸运盲盒', '商城公告', '两性学堂', '品牌专享']))
  })

  it('opens the coupon centre from the 领券中心 icon', async () => {
    const d = (await t.get('/api/home/selfList')).data
    const nav = d.navs.find((n: any) => n.title === '领券中心')
    expect(nav.link).toBe('/minePages/myCoupon/index?tab=centre')
  })

  it('promises in the new-member notice exactly the package the popup shows and registration gives', async () => {
    const hint = (await t.get('/api/coupons/getNewMemberCouponHint')).data
    expect(hint.coupons.length).toBeGreaterThan(0)
    const notices = await t.db.selectFrom('notices').select(['title', 'summary', 'contentHtml']).execute()
    const notice = notices.find((n) => n.title.includes('新人'))!
    const text = `${notice.title}${notice.summary}${notice.contentHtml}`
    for (const c of hint.coupons) expect(text).toContain(c.ruleText)
    expect(notice.title).toContain(`${hint.totalAmount / 100}元`)
    // No other 满X减Y than the package's.
    const promised = text.match(/满\d+减\d+/g) || []
    expect(new Set(promised)).toEqual(new Set(hint.coupons.filter((c: any) => c.kind === 'threshold').map((c: any) => c.ruleText)))
    const token = await t.login(nextPhone())
    const mine = (await t.get('/api/coupons/mine', { status: 'unused' }, token)).data.list
    expect(mine.map((c: any) => c.couponId).sort()).toEqual(hint.coupons.map((c: any) => c.couponId).sort())
  })

  it('draws small SVG pictures for every banner, icon, category, brand and goods', async () => {
    const d = (await t.get('/api/home/selfList')).data
    const goods = await t.db.selectFrom('goods').select(['mainImage', 'images']).execute()
    const brands = await t.db.selectFrom('brands').select('logo').execute()
    const cats = await t.db.selectFrom('categories').select('icon').execute()
    const files = [
      ...d.banners.map((b: any) => b.image),
      ...d.navs.map((n: any) => n.icon),
      ...brands.map((b) => b.logo),
      ...cats.map((c) => c.icon),
      ...goods.flatMap((g) => [g.mainImage, ...JSON.parse(g.images)]),
    ]
    for (const url of files) {
      expect(url).toMatch(/^\/media\/.+\.svg$/)
      const file = path.join(t.ctx.config.dataDir, url)
      const svg = fs.readFileSync(file, 'utf8')
      expect(svg.startsWith('<svg')).toBe(true)
      expect(Buffer.byteLength(svg)).toBeLessThan(10 * 1024)
    }
  })

  it('draws every seeded goods as the object its name says, in its pictures and its review photos', async () => {
    // Every noun of the catalogue has its own object, and each object exists.
    for (const top of CATALOG) for (const sub of top.subs) for (const noun of sub.nouns) expect([noun, SHAPES[NOUN_SHAPES[noun]] ? 'drawn' : 'missing']).toEqual([noun, 'drawn'])
    // The ones that showed other objects.
    expect(NOUN_SHAPES['连帽冲锋衣']).toBe('jacket')
    expect(NOUN_SHAPES['速干冲锋衣']).toBe('jacket')
    expect(NOUN_SHAPES['短款羽绒服']).toBe('puffer')
    expect(NOUN_SHAPES['云南蓝莓']).toBe('berries')
    expect(NOUN_SHAPES['逗猫棒']).toBe('wand')
    const goods = await t.db.selectFrom('goods').select(['id', 'name', 'mainImage', 'images']).execute()
    const reviews = await t.db.selectFrom('goodsReviews').select(['goodsId', 'images']).where('images', '!=', '[]').execute()
    const read = (url: string) => fs.readFileSync(path.join(t.ctx.config.dataDir, url), 'utf8')
    for (const g of goods) {
      const noun = Object.keys(NOUN_SHAPES).find((w) => g.name.includes(` ${w} `) || g.name.startsWith(`${w} `))
      expect([g.name, !!noun]).toEqual([g.name, true])
      const shape = SHAPES[NOUN_SHAPES[noun!]]
      for (const url of [g.mainImage, ...JSON.parse(g.images)]) expect(read(url)).toContain(shape)
      for (const r of reviews.filter((x) => x.goodsId === g.id)) for (const url of JSON.parse(r.images)) expect(read(url)).toContain(shape)
    }
  })

  it('shows the latest 5 notices that are on, top ones first', async () => {
    const at = Date.now()
    await t.db
      .insertInto('notices')
      .values([
        { title: '已下线的公告', summary: '', contentHtml: '', isTop: 1, status: 'off', views: 0, createdAt: at + 5000 },
        { title: '最新普通公告', summary: '', contentHtml: '', isTop: 0, status: 'on', views: 0, createdAt: at + 4000 },
        { title: '置顶的旧公告', summary: '', contentHtml: '', isTop: 1, status: 'on', views: 0, createdAt: at - 90 * 86400_000 },
      ])
      .execute()
    const notices = (await t.get('/api/home/selfList')).data.notices
    expect(notices).toHaveLength(5)
    expect(notices.map((n: any) => n.title)).not.toContain('已下线的公告')
    const tops = notices.filter((n: any) => n.isTop)
    expect(notices.slice(0, tops.length)).toEqual(tops)
    expect(tops.map((n: any) => n.title)).toContain('置顶的旧公告')
    const rest = notices.slice(tops.length)
    expect(rest[0].title).toBe('最新普通公告')
    expect(rest.map((n: any) => n.createdAt)).toEqual([...rest.map((n: any) => n.createdAt)].sort((a, b) => b - a))
  })

  it('fills the sections from on-shelf goods: best sellers, newest, exclusive brands', async () => {
    const d = (await t.get('/api/home/selfList')).data
    const [hot, fresh, brand] = d.sections
    const top = await t.db.selectFrom('goods').select(['id']).where('status', '=', 'on').orderBy('sales', 'desc').orderBy('id', 'desc').limit(hot.goods.length).execute()
    expect(hot.goods.map((g: any) => g.id)).toEqual(top.map((g) => g.id))
    const newest = await t.db.selectFrom('goods').select(['id']).where('status', '=', 'on').orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(fresh.goods.length).execute()
    expect(fresh.goods.map((g: any) => g.id)).toEqual(newest.map((g) => g.id))
    const exclusive = await t.db.selectFrom('brands').select('id').where('isExclusive', '=', 1).execute()
    expect(brand.brands.map((b: any) => b.id).sort()).toEqual(exclusive.map((b) => b.id).sort())
    const brandOf = await t.db
      .selectFrom('goods')
      .select(['id', 'brandId'])
      .where(
        'id',
        'in',
        brand.goods.map((g: any) => g.id),
      )
      .execute()
    expect(brandOf.every((g) => exclusive.some((b) => b.id === g.brandId))).toBe(true)
    for (const s of d.sections) expect(s.goods.every((g: any) => g.status === 'on' && Number.isInteger(g.price))).toBe(true)
    // Taking the best seller off the shelf removes it from the home page.
    await t.db.updateTable('goods').set({ status: 'off' }).where('id', '=', hot.goods[0].id).execute()
    const after = (await t.get('/api/home/selfList')).data.sections[0].goods.map((g: any) => g.id)
    expect(after).not.toContain(hot.goods[0].id)
    await t.db.updateTable('goods').set({ status: 'on' }).where('id', '=', hot.goods[0].id).execute()
  })

  it('answers a wrong p parameter in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/api/home/selfList?p=3' })
    expect(res.json().code).toBe(400)
  })
})

describe('catalogue seed', () => {
  it('draws the same shop every time, in well under 3 seconds', async () => {
    const run = async () => {
      const db = createDb({ sqliteFile: ':memory:' })
      await migrateToLatest(db)
      const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'seed-'))
      const t0 = Date.now()
      const counts = await seedCatalog(db, dir)
      const ms = Date.now() - t0
      const names = (await db.selectFrom('goods').select(['name', 'price']).orderBy('id').execute()).map((g) => `${g.name}:${g.price}`)
      const svg = fs.readFileSync(path.join(dir, 'media/goods/g1-1.svg'), 'utf8')
      await db.destroy()
      return { counts, ms, names, svg }
    }
    const a = await run()
    const b = await run()
    expect(a.counts.goods).toBeGreaterThanOrEqual(200)
    expect(a.names).toEqual(b.names)
    expect(a.svg).toBe(b.svg)
    expect(a.names[0]).toContain('碎花连衣裙 法式复古收腰')
    expect(a.ms).toBeLessThan(3000)
  })
})
