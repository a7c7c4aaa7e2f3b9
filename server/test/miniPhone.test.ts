import { loadConfig } from '../src/config'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { FakeWechat, fixture } from './fakeWechat'

/**
 * Mini-program sign-up with WeChat's phone-number button: miniLogin's loginKey + the button's code →
 * getuserphonenumber (recorded fake: checks the access token, answers each code once) → the member, bound to the
 * first visit's sharer exactly as the SMS path binds it.
 */
const WECHAT = { WX_MINI_APPID: 'wx0miniappid000001', WX_MINI_SECRET: 'mini-secret' }
const OPENID = fixture('jscode2session').openid as string

describe.each(DIALECTS)('mini-program phone-number sign-in (%s)', (dialect) => {
  let t: TestApp
  const http = new FakeWechat()
  beforeAll(async () => {
    t = await makeTestApp(dialect, { http, config: { wechat: loadConfig(WECHAT as any).wechat } })
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    http.reset()
    await t.db.updateTable('members').set({ openidMini: null }).where('openidMini', '=', OPENID).execute()
  })

  const pendingKey = async (extra: Record<string, unknown> = {}) => {
    const res = await t.post('/api/member/miniLogin', { code: `js_${Math.random().toString(36).slice(2)}`, ...extra })
    expect(res.data).toMatchObject({ needPhone: true })
    return res.data.loginKey as string
  }
  const phoneLogin = (loginKey: string, code: string) => t.post('/api/member/miniPhoneLogin', { loginKey, code })

  it('signs a new member up with the phone WeChat vouches for, binds the openid, and the next launch logs in directly', async () => {
    const phone = nextPhone()
    const loginKey = await pendingKey()
    const code = http.phoneCode(phone)
    const res = await phoneLogin(loginKey, code)
    expect(res).toMatchObject({ code: 200, data: { isNew: true } })
    const call = http.last('/wxa/business/getuserphonenumber')
    expect(call?.query).toEqual({ access_token: fixture('stable_token').access_token })
    expect(call?.body).toEqual({ code })
    const row = await t.db.selectFrom('members').select(['id', 'openidMini']).where('phone', '=', phone).executeTakeFirstOrThrow()
    expect(row.openidMini).toBe(OPENID)
    expect((await t.get('/api/member/getMemberInfo', {}, res.data.token)).data.id).toBe(row.id)
    // No SMS was involved.
    expect(t.sms.codes.has(phone)).toBe(false)
    const again = await t.post('/api/member/miniLogin', { code: 'js_again' })
    expect(again.data).toMatchObject({ needPhone: false })
  })

  it('an existing member (registered by SMS) is signed in, not registered again', async () => {
    const phone = nextPhone()
    await t.login(phone)
    const res = await phoneLogin(await pendingKey(), http.phoneCode(phone))
    expect(res).toMatchObject({ code: 200, data: { isNew: false } })
  })

  it('keeps the sharer and the agent shop of the first visit, exactly as the SMS path does', async () => {
    const sharerToken = await t.login(nextPhone())
    const sharer = (await t.get('/api/member/getMemberInfo', {}, sharerToken)).data
    const shop = await t.db
      .insertInto('agentShops')
      .values({ memberId: sharer.id, shopName: '花语小店', status: 'active', commissionRate: 1000, createdAt: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow()
    const viaButton = nextPhone()
    await phoneLogin(await pendingKey({ shareMemberId: String(sharer.id), shareBusinessId: String(shop.id) }), http.phoneCode(viaButton))
    await t.db.updateTable('members').set({ openidMini: null }).where('openidMini', '=', OPENID).execute()
    const viaSms = nextPhone()
    await t.login(viaSms, { loginKey: await pendingKey({ shareMemberId: String(sharer.id), shareBusinessId: String(shop.id) }) })
    const rows = await t.db.selectFrom('members').select(['phone', 'shareMemberId', 'boundBusinessId']).where('phone', 'in', [viaButton, viaSms]).execute()
    expect(rows).toHaveLength(2)
    for (const r of rows) expect(r).toMatchObject({ shareMemberId: sharer.id, boundBusinessId: shop.id })
  })

  it('a code is single-use: the second use reads plainly (40029) and signs nobody in', async () => {
    const phone = nextPhone()
    const code = http.phoneCode(phone)
    expect((await phoneLogin(await pendingKey(), code)).code).toBe(200)
    await t.db.updateTable('members').set({ openidMini: null }).where('openidMini', '=', OPENID).execute()
    const second = await phoneLogin(await pendingKey(), code)
    expect(second).toMatchObject({ code: 7002, msg: '手机号授权已失效，请重新点击获取手机号' })
  })

  it.each([
    ['getuserphonenumber_frequency', 1001, '操作太频繁，请稍后再试'],
    ['getuserphonenumber_busy', 7001, '微信系统繁忙，请稍后再试'],
    ['getuserphonenumber_no_quota', 7007, '暂时无法使用微信手机号快捷登录，请使用短信验证码登录'],
    ['getuserphonenumber_other_app', 7001, '手机号授权校验失败，请使用短信验证码登录'],
  ])('WeChat answer %s reads plainly (%s) and creates no member', async (name, code, msg) => {
    const before = (
      await t.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
    const loginKey = await pendingKey()
    http.queue('/wxa/business/getuserphonenumber', name)
    expect(await phoneLogin(loginKey, 'any-code')).toMatchObject({ code, msg })
    const after = (
      await t.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
    expect(Number(after)).toBe(Number(before))
    // The loginKey was not spent: the SMS form can still finish the sign-up with it.
    const phone = nextPhone()
    await t.login(phone, { loginKey })
    expect((await t.db.selectFrom('members').select('openidMini').where('phone', '=', phone).executeTakeFirstOrThrow()).openidMini).toBe(OPENID)
  })

  it('refuses an expired or used loginKey before asking WeChat', async () => {
    expect(await phoneLogin('x'.repeat(32), http.phoneCode(nextPhone()))).toMatchObject({ code: 7005 })
    expect(http.count('/wxa/business/getuserphonenumber')).toBe(0)
    const loginKey = await pendingKey()
    await phoneLogin(loginKey, http.phoneCode(nextPhone()))
    expect(await phoneLogin(loginKey, http.phoneCode(nextPhone()))).toMatchObject({ code: 7005 })
  })
})
