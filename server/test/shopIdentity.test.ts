import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { serviceSeeder } from '../src/demo/settings'
import { ROUTES } from '../../types/routes'

/**
 * Issue 33: the shop's identity set in 设置 → 店铺 reaches the shop through its public shop info (`/api/common/shopInfo`,
 * read by the login page, page titles, share cards and posters): the name, the logo and the article section's name
 * (the 文章 list's title and its home entry; the demo's is 两性学堂).
 */
describe.each(DIALECTS)('shop identity (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { settingsKey: '' } })
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())

  const profile = async () => (await c.get('/settings/shop')).data
  const nav = async () => (await t.db.selectFrom('homeNavs').select('title').where('link', '=', ROUTES.genderSchoolList).executeTakeFirstOrThrow()).title

  it('the demo seed names the article section 两性学堂; without it the section is 文章', async () => {
    expect((await t.get('/api/common/shopInfo')).data.articleSectionName).toBe('文章')
    await serviceSeeder.run(t.ctx)
    expect((await t.get('/api/common/shopInfo')).data.articleSectionName).toBe('两性学堂')
    expect((await profile()).articleSectionName).toBe('两性学堂')
  })

  it('name, logo and the section name are saved audited, shown by shopInfo, and the home entry follows the section', async () => {
    await t.db.insertInto('homeNavs').values({ title: '两性学堂', icon: '', link: ROUTES.genderSchoolList, sort: 1 }).execute()
    await t.db
      .insertInto('homeNavs')
      .values({ title: '我的专栏', icon: '', link: `${ROUTES.genderSchoolList}?x=1`, sort: 2 })
      .execute()
    const base = await profile()
    const audits = (await auditRows(t, 'settings.shop')).length

    // Refused in Chinese, nothing saved.
    expect((await c.put('/settings/shop', { ...base, articleSectionName: '一二三四五六七八九' })).msg).toMatch(/文章栏目名称/)
    expect((await c.put('/settings/shop', { ...base, articleSectionName: '健康 课堂' })).msg).toBe('文章栏目名称须为 2 到 8 个字，不含空格')
    expect((await c.put('/settings/shop', { ...base, articleSectionName: '课' })).msg).toMatch(/文章栏目名称/)
    expect(await auditRows(t, 'settings.shop')).toHaveLength(audits)

    const saved = await c.put('/settings/shop', { ...base, name: '橙子小铺', logo: '/uploads/202601/logo.png', articleSectionName: ' 健康课堂 ', extra: 'x' })
    expect(saved.code).toBe(200)
    expect(saved.data).toMatchObject({ name: '橙子小铺', logo: '/uploads/202601/logo.png', articleSectionName: '健康课堂' })
    expect((await t.get('/api/common/shopInfo')).data).toMatchObject({ shopName: '橙子小铺', shopLogo: '/uploads/202601/logo.png', articleSectionName: '健康课堂' })
    expect(await nav()).toBe('健康课堂')
    // The entry the merchant named otherwise keeps its title.
    expect((await t.db.selectFrom('homeNavs').select('title').where('title', '=', '我的专栏').execute()).length).toBe(1)
    const rows = await auditRows(t, 'settings.shop')
    expect(rows.length).toBe(audits + 1)
    expect((await auditRows(t, 'nav.update')).map((r) => JSON.parse(r.afterJson!))).toEqual([{ title: '健康课堂' }])
    expect(JSON.stringify(rows.map((r) => r.afterJson))).not.toContain('extra')

    // A form without the field (an older console) keeps the section's name.
    const { articleSectionName: _, ...older } = saved.data
    expect((await c.put('/settings/shop', older)).code).toBe(200)
    expect((await t.get('/api/common/shopInfo')).data.articleSectionName).toBe('健康课堂')
  })

  it('a role without settings.write cannot rename the shop', async () => {
    const op = adminClient(t, await signIn(t, 'operator'))
    expect((await op.put('/settings/shop', { ...(await profile()), name: '别家' })).code).toBe(8003)
    expect((await t.get('/api/common/shopInfo')).data.shopName).toBe('橙子小铺')
  })
})
