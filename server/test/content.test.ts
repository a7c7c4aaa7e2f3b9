import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { activityStatus, hostAllowed } from '../src/modules/content/service'
import { contentSeeder } from '../src/modules/content/seed'

describe('web-view allow-list', () => {
  const list = ['shop.example.com', 'h5.partner.cn', '127.0.0.1:3203']
  it('allows listed hosts and their subdomains over http(s) only', () => {
    expect(hostAllowed(new URL('https://shop.example.com/a'), list)).toBe(true)
    expect(hostAllowed(new URL('https://m.shop.example.com/a'), list)).toBe(true)
    expect(hostAllowed(new URL('http://127.0.0.1:3203/x'), list)).toBe(true)
    expect(hostAllowed(new URL('http://127.0.0.1:9999/x'), list)).toBe(false)
    expect(hostAllowed(new URL('https://evilshop.example.com/'), list)).toBe(false)
    expect(hostAllowed(new URL('https://shop.example.com.evil.io/'), list)).toBe(false)
    expect(hostAllowed(new URL('https://user@evil.io/'), list)).toBe(false)
    expect(hostAllowed(new URL('https://shop.example.com@evil.io/'), list)).toBe(false)
    expect(hostAllowed(new URL('javascript:alert(1)'), list)).toBe(false)
    expect(hostAllowed(new URL('ftp://shop.example.com/'), list)).toBe(false)
  })
  it('derives activity status from the time window', () => {
    expect(activityStatus(100, 200, 50)).toBe('upcoming')
    expect(activityStatus(100, 200, 100)).toBe('ongoing')
    expect(activityStatus(100, 200, 200)).toBe('ongoing')
    expect(activityStatus(100, 200, 201)).toBe('ended')
  })
})

describe.each(DIALECTS)('content module on %s', (dialect) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { webviewAllowList: ['activity.example.com', 'localhost'] } })
    token = await t.login(nextPhone())
    await contentSeeder.run(t.ctx)
  })
  afterAll(async () => t.close())

  it('lists notices with the pinned one first and counts a view on details', async () => {
    const list = await t.get('/api/content/noticeList')
    expect(list.data.total).toBe(4)
    expect(list.data.list[0].isTop).toBe(true)
    const id = list.data.list[1].id
    const d1 = await t.get('/api/content/noticeDetail', { id })
    expect(d1.data.contentHtml).toContain('<p>')
    const d2 = await t.get('/api/content/noticeDetail', { id })
    expect(d2.data.views).toBe(d1.data.views + 1)
    expect((await t.get('/api/content/noticeDetail', { id: 999999 })).code).toBe(404)
  })

  it('does not add its own notices when notices already exist', async () => {
    await contentSeeder.run(t.ctx)
    expect((await t.get('/api/content/noticeList')).data.total).toBe(4)
  })

  it('lists activities by status from their time window, ongoing first', async () => {
    const all = await t.get('/api/content/activityList', { status: 'all' })
    const statuses = all.data.list.map((a: any) => a.status)
    expect(statuses.slice(0, 2).every((s: string) => s === 'ongoing')).toBe(true)
    expect(statuses).toEqual(expect.arrayContaining(['ongoing', 'upcoming', 'ended']))
    for (const s of ['upcoming', 'ongoing', 'ended']) {
      const l = await t.get('/api/content/activityList', { status: s })
      expect(l.data.list.length).toBeGreaterThan(0)
      expect(l.data.list.every((a: any) => a.status === s)).toBe(true)
    }
    const web = all.data.list.find((a: any) => a.linkType === 'web')
    const d = await t.get('/api/content/activityDetail', { id: web.id })
    expect(d.data).toMatchObject({ linkUrl: '/media/activity/spring.html', status: 'ongoing' })
    expect(d.data.contentHtml).toContain('<h3>')
    await t.db.updateTable('activities').set({ status: 'off' }).where('id', '=', web.id).execute()
    expect((await t.get('/api/content/activityDetail', { id: web.id })).code).toBe(404)
  })

  it('allows only listed hosts and appends the token for activity pages of a logged-in member', async () => {
    expect((await t.get('/api/content/checkWebUrl', { url: 'https://evil.example.net/x', kind: 'common' }, token)).data).toEqual({ allowed: false, url: '' })
    expect((await t.get('/api/content/checkWebUrl', { url: 'not a url' })).data).toEqual({ allowed: false, url: '' })
    expect((await t.get('/api/content/checkWebUrl', { url: 'javascript:alert(1)' })).data.allowed).toBe(false)
    const common = await t.get('/api/content/checkWebUrl', { url: 'https://activity.example.com/a?x=1', kind: 'common' }, token)
    expect(common.data).toEqual({ allowed: true, url: 'https://activity.example.com/a?x=1' })
    const act = await t.get('/api/content/checkWebUrl', { url: 'https://m.activity.example.com/a?x=1', kind: 'activityWeb' }, token)
    expect(act.data).toEqual({ allowed: true, url: `https://m.activity.example.com/a?x=1&token=${encodeURIComponent(token).replace(/%20/g, '+')}` })
    const custom = await t.get('/api/content/checkWebUrl', { url: 'http://localhost:3000/p', kind: 'activityCustomize' }, token)
    expect(new URL(custom.data.url).searchParams.get('token')).toBe(token)
    const visitor = await t.get('/api/content/checkWebUrl', { url: 'https://activity.example.com/a?token=forged', kind: 'activityWeb' })
    expect(visitor.data).toEqual({ allowed: true, url: 'https://activity.example.com/a' })
    const badToken = await t.get('/api/content/checkWebUrl', { url: 'https://activity.example.com/a', kind: 'activityWeb' }, 'not-a-token')
    expect(badToken.data.url).toBe('https://activity.example.com/a')
  })
})
