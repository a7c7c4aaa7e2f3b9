import fs from 'node:fs'
import path from 'node:path'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { activityStatus, hostAllowed } from '../src/modules/content/service'
import { contentSeeder } from '../src/demo/content'
import { logisticsNotice, seasonOf, upcomingHoliday } from '../src/demo/calendar'
import { homeNotices } from '../src/demo/home'

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

describe('demo calendar: seeded notices and activities fit the day the demo is seeded', () => {
  const at = (iso: string) => Date.parse(`${iso}+08:00`)

  it('in November: an autumn festival, winter announced, the New Year logistics notice, never Spring Festival', () => {
    const t = at('2026-11-24T10:00:00')
    expect(seasonOf(t).festival.title).toBe('秋季焕新节')
    expect(seasonOf(t).next.title).toBe('冬季暖冬节')
    expect(upcomingHoliday(t)?.name).toBe('元旦')
    const notices = homeNotices(t)
      .map((n) => `${n.title}${n.summary}${n.body}`)
      .join('')
    expect(notices).toContain('关于元旦期间物流安排的公告')
    expect(notices).not.toMatch(/春节|除夕|新春/)
  })

  it('before the Spring Festival: its notice, with the dates of that year', () => {
    const n = logisticsNotice(at('2026-01-20T10:00:00'))
    expect(n.title).toBe('关于春节期间物流安排的公告')
    expect(n.body).toContain('2月16日至2月23日')
    expect(n.body).toContain('2月24日起陆续发货')
    expect(seasonOf(at('2026-01-20T10:00:00')).festival.title).toBe('冬季暖冬节')
  })

  it('with no holiday near: the usual shipping times; seasons by China month (midnight of 1 March is spring)', () => {
    expect(logisticsNotice(at('2026-06-10T10:00:00')).title).toBe('发货时效说明：每日16点前下单当天发出')
    expect(seasonOf(at('2026-06-10T10:00:00')).festival.title).toBe('夏日清凉季')
    expect(seasonOf(at('2026-03-01T00:00:00')).name).toBe('春季')
    expect(seasonOf(at('2026-02-28T23:59:59')).name).toBe('冬季')
    expect(upcomingHoliday(at('2026-09-20T10:00:00'))?.name).toBe('国庆节')
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
    expect(d.data).toMatchObject({ linkUrl: '/media/activity/festival.html', status: 'ongoing' })
    expect(d.data.contentHtml).toContain('<h3>')
    await t.db.updateTable('activities').set({ status: 'off' }).where('id', '=', web.id).execute()
    expect((await t.get('/api/content/activityDetail', { id: web.id })).code).toBe(404)
  })

  it('seeds activities of the season it runs in, with covers and a festival page that say the same', async () => {
    const season = seasonOf(Date.now())
    const all = (await t.get('/api/content/activityList', { status: 'all' })).data.list
    const ongoing = all.find((a: any) => a.linkType === 'web')
    expect(ongoing.title).toBe(season.festival.title)
    expect(all.find((a: any) => a.status === 'upcoming').title).toBe(season.next.title)
    const others = ['春季焕新节', '夏日清凉季', '秋季焕新节', '冬季暖冬节', '年货节'].filter((x) => x !== season.festival.title && x !== season.next.title)
    for (const a of all) for (const word of others) expect(`${a.title}${a.summary}`).not.toContain(word)
    const file = (url: string) => fs.readFileSync(path.join(t.ctx.config.dataDir, url.split('?')[0]), 'utf8')
    expect(file(ongoing.cover)).toContain(season.festival.title)
    expect(file(ongoing.linkUrl)).toContain(`<h1>${season.festival.title}</h1>`)
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
