import crypto from 'node:crypto'
import fc from 'fast-check'
import type { Cache } from '../src/context'
import { loadConfig } from '../src/config'
import { jssdkSignature, wxConfigFor } from '../src/wechat/jssdk'
import { cacheTtl, createTokenStore, TOKEN_SAFETY_MARGIN_S } from '../src/wechat/tokens'
import { compactScene, parseScene, SCENE_MAX, storedSceneKey } from '../src/wechat/scene'
import { checkSignUrl, signableHosts } from '../src/modules/wechat/service'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { FakeWechat, fixture } from './fakeWechat'

const WECHAT = { WX_H5_APPID: 'wx0h5appid00000001', WX_H5_SECRET: 'h5-secret', WX_MINI_APPID: 'wx0miniappid000001', WX_MINI_SECRET: 'mini-secret' }
const TICKET = fixture('getticket').ticket as string

describe('JS-SDK signature', () => {
  it('matches the official example', () => {
    const p = {
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value',
    }
    expect(jssdkSignature(p)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })

  it('signs the url without its #fragment, and another url differently', () => {
    const base = { ticket: TICKET, nonceStr: 'Wm3WZYTPz0wzccnW', timestamp: 1414587457 }
    expect(jssdkSignature({ ...base, url: 'http://mp.weixin.qq.com?params=value#/a/b' })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
    expect(jssdkSignature({ ...base, url: 'http://mp.weixin.qq.com?params=other' })).not.toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })

  it('builds wx.config with a timestamp in seconds', () => {
    const c = wxConfigFor('wxappid', TICKET, 'http://mp.weixin.qq.com?params=value', 1414587457123, 'Wm3WZYTPz0wzccnW')
    expect(c).toEqual({ appId: 'wxappid', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed' })
  })
})

describe('signable page hosts', () => {
  const config = loadConfig({ MAIN_HOST: 'shop.example.com', ENTRY_HOSTS: 'm1.example.com:8443, m2.example.com', LOGIN_REDIRECT_HOSTS: 'login.example.com' } as any)
  const allowed = signableHosts(config, 'api.example.com')
  it('accepts the request host, the main host, entry hosts and login redirect hosts (any port)', () => {
    for (const url of ['https://api.example.com/pages/home/index', 'https://shop.example.com/x?y=1#z', 'https://m1.example.com/a', 'http://m2.example.com:8080/b', 'https://login.example.com/'])
      expect(() => checkSignUrl(url, allowed)).not.toThrow()
  })
  it('refuses other hosts, look-alike hosts and other schemes', () => {
    for (const url of ['https://evil.example.net/', 'https://shop.example.com.evil.net/', 'javascript:alert(1)', 'not a url', 'ftp://shop.example.com/'])
      expect(() => checkSignUrl(url, allowed)).toThrow()
  })
  it('with no configuration only the shop own host is signable', () => {
    expect([...signableHosts(loadConfig({} as any), 'localhost:3000')]).toEqual(['localhost'])
  })
})

describe('mini-program code scenes', () => {
  it('encodes the largest member and business ids in at most 32 characters', () => {
    const scene = compactScene({ sUid: 2147483647, bUid: 2147483647 }) as string
    expect(scene).toBe('s=zik0zj&b=zik0zj')
    expect(scene.length).toBeLessThanOrEqual(SCENE_MAX)
    expect(parseScene(scene)).toEqual({ sUid: '2147483647', bUid: '2147483647' })
  })
  it('decodes a scene still URL-encoded as the launch query gives it', () => {
    expect(parseScene(encodeURIComponent('s=1z&b=a&i=2n'))).toEqual({ sUid: '71', bUid: '10', id: '95' })
  })
  it('needs storing when the query does not fit or uses other characters', () => {
    expect(compactScene({ sUid: 1, bUid: 2, from: 'x'.repeat(30) })).toBeNull()
    expect(compactScene({ sUid: 1, note: '中文' })).toBeNull()
    expect(compactScene({ sUid: 'abc' })).toBeNull()
    expect(storedSceneKey({ a: 'x'.repeat(40) })).toMatch(/^[A-Za-z0-9_-]{12}$/)
    expect(storedSceneKey({ a: '1', b: '2' })).toBe(storedSceneKey({ b: '2', a: '1' }))
  })
  it('round-trips any member id, business id and item id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.option(fc.integer({ min: 1, max: 2 ** 31 - 1 })), fc.option(fc.integer({ min: 1, max: 2 ** 31 - 1 })), (s, b, i) => {
        const q: Record<string, string> = { sUid: String(s) }
        if (b) q.bUid = String(b)
        if (i) q.id = String(i)
        const scene = compactScene(q) as string
        expect(scene.length).toBeLessThanOrEqual(SCENE_MAX)
        expect(scene).toMatch(/^[0-9A-Za-z!#$&'()*+,/:;=?@\-._~]+$/)
        expect(parseScene(scene)).toEqual(q)
      }),
    )
  })
})

describe('token store', () => {
  const memoryCache = (): Cache & { data: Map<string, { v: string; exp: number }> } => {
    const data = new Map<string, { v: string; exp: number }>()
    return {
      data,
      async get(k) {
        const e = data.get(k)
        return e && e.exp > Date.now() ? e.v : null
      },
      async set(k, v, ttl) {
        data.set(k, { v, exp: Date.now() + ttl * 1000 })
      },
    }
  }
  const ctxOf = (http: FakeWechat, cache: Cache) => ({ config: loadConfig(WECHAT as any), http, cache })

  it('keeps tokens 7200 s minus the safety margin', () => {
    expect(cacheTtl(7200)).toBe(7200 - TOKEN_SAFETY_MARGIN_S)
    expect(cacheTtl(undefined)).toBe(7200 - TOKEN_SAFETY_MARGIN_S)
    expect(cacheTtl(10)).toBe(60)
  })

  it('asks WeChat once for many concurrent callers (one in-flight refresh per instance)', async () => {
    const http = new FakeWechat()
    http.delayMs = 30
    const store = createTokenStore(ctxOf(http, memoryCache()))
    const tokens = await Promise.all(Array.from({ length: 10 }, () => store.accessToken('mini')))
    expect(new Set(tokens)).toEqual(new Set([fixture('stable_token').access_token]))
    expect(http.count('/cgi-bin/stable_token')).toBe(1)
    const tickets = await Promise.all(Array.from({ length: 5 }, () => store.jsapiTicket()))
    expect(new Set(tickets)).toEqual(new Set([TICKET]))
    expect(http.count('/cgi-bin/ticket/getticket')).toBe(1)
  })

  it('shares the cached token between instances', async () => {
    const http = new FakeWechat()
    const cache = memoryCache()
    await createTokenStore(ctxOf(http, cache)).accessToken('h5')
    await createTokenStore(ctxOf(http, cache)).accessToken('h5')
    expect(http.count('/cgi-bin/stable_token')).toBe(1)
  })

  it('refetches with force_refresh when WeChat refuses the cached token, then retries once', async () => {
    const http = new FakeWechat()
    const store = createTokenStore(ctxOf(http, memoryCache()))
    http.queue('/cgi-bin/ticket/getticket', 'token_invalid')
    expect(await store.jsapiTicket()).toBe(TICKET)
    expect(http.count('/cgi-bin/stable_token')).toBe(2)
    expect(http.calls.filter((c) => c.path === '/cgi-bin/stable_token').map((c) => c.body.force_refresh)).toEqual([false, true])
    expect(http.count('/cgi-bin/ticket/getticket')).toBe(2)
  })
})

describe.each(DIALECTS)('wechat module on %s', (dialect) => {
  let t: TestApp
  const http = new FakeWechat()
  beforeAll(async () => {
    t = await makeTestApp(dialect, {
      http,
      config: { wechat: loadConfig(WECHAT as any).wechat, mainHost: 'shop.example.com', entryHosts: ['m1.example.com'] },
    })
  })
  afterAll(async () => t.close())
  beforeEach(() => http.reset())

  const wxConfig = (url: string, host = 'shop.example.com') => t.app.inject({ method: 'GET', url: '/h5/api/member/getWxConfig', query: { p: '4', url }, headers: { host } }).then((r) => r.json())
  const expireCache = () =>
    t.db
      .updateTable('kvCache')
      .set({ expiresAt: Date.now() - 1 })
      .where('key', 'like', 'wx:%')
      .execute()

  describe('getWxConfig', () => {
    it('signs the page with the cached jsapi_ticket and does not call WeChat again for 7200 s', async () => {
      await expireCache()
      const url = 'https://shop.example.com/goodsPages/details/details?id=3#top'
      const before = Date.now()
      const res = await wxConfig(url)
      expect(res.code).toBe(200)
      const { appId, timestamp, nonceStr, signature } = res.data
      expect(appId).toBe(WECHAT.WX_H5_APPID)
      expect(nonceStr).toMatch(/^[A-Za-z0-9]{16}$/)
      expect(timestamp).toBeGreaterThanOrEqual(Math.floor(before / 1000))
      expect(signature).toBe(
        crypto.createHash('sha1').update(`jsapi_ticket=${TICKET}&noncestr=${nonceStr}&timestamp=${timestamp}&url=https://shop.example.com/goodsPages/details/details?id=3`).digest('hex'),
      )
      expect(http.count('/cgi-bin/stable_token')).toBe(1)
      expect(http.count('/cgi-bin/ticket/getticket')).toBe(1)
      expect(http.last('/cgi-bin/stable_token')?.body).toMatchObject({ grant_type: 'client_credential', appid: WECHAT.WX_H5_APPID, secret: WECHAT.WX_H5_SECRET })
      expect(http.last('/cgi-bin/ticket/getticket')?.query).toEqual({ access_token: fixture('stable_token').access_token, type: 'jsapi' })

      const again = await wxConfig('https://m1.example.com/pages/mine/index')
      expect(again.code).toBe(200)
      expect(http.calls).toHaveLength(2)

      const rows = await t.db.selectFrom('kvCache').select(['key', 'expiresAt']).where('key', 'like', 'wx:%').execute()
      expect(rows.map((r) => r.key).sort()).toEqual([`wx:access_token:${WECHAT.WX_H5_APPID}`, `wx:jsapi_ticket:${WECHAT.WX_H5_APPID}`])
      for (const r of rows) {
        expect(r.expiresAt).toBeGreaterThan(before + (7200 - TOKEN_SAFETY_MARGIN_S) * 1000 - 5000)
        expect(r.expiresAt).toBeLessThanOrEqual(Date.now() + (7200 - TOKEN_SAFETY_MARGIN_S) * 1000)
      }
    })

    it('refreshes an expired entry', async () => {
      await wxConfig('https://shop.example.com/')
      http.reset()
      await expireCache()
      expect((await wxConfig('https://shop.example.com/')).code).toBe(200)
      expect(http.count('/cgi-bin/stable_token')).toBe(1)
      expect(http.count('/cgi-bin/ticket/getticket')).toBe(1)
    })

    it('makes one refresh for concurrent first calls', async () => {
      await expireCache()
      http.delayMs = 25
      try {
        const all = await Promise.all(Array.from({ length: 6 }, () => wxConfig('https://shop.example.com/pages/home/index')))
        expect(all.every((r) => r.code === 200)).toBe(true)
      } finally {
        http.delayMs = 0
      }
      expect(http.count('/cgi-bin/stable_token')).toBe(1)
      expect(http.count('/cgi-bin/ticket/getticket')).toBe(1)
    })

    it('signs pages of the request host and refuses pages of other hosts', async () => {
      expect((await wxConfig('http://localhost:3000/pages/home/index', 'localhost:3000')).code).toBe(200)
      const refused = await wxConfig('https://evil.example.net/pages/home/index')
      expect(refused).toMatchObject({ code: 7004, msg: '该页面地址不属于本商城，无法签名' })
      expect((await wxConfig('https://shop.example.com.evil.net/')).code).toBe(7004)
    })
  })

  describe('getWechatH5OpenId', () => {
    it('needs a member and stores openid_h5 on the caller', async () => {
      expect((await t.get('/api/member/getWechatH5OpenId', { code: 'CODE1' })).code).toBe(403)
      const token = await t.login(nextPhone())
      const res = await t.get('/api/member/getWechatH5OpenId', { code: '061Xq9000abcDEF' }, token)
      expect(res).toMatchObject({ code: 200, data: { openId: fixture('oauth2_access_token').openid } })
      expect(http.last('/sns/oauth2/access_token')?.query).toEqual({ appid: WECHAT.WX_H5_APPID, secret: WECHAT.WX_H5_SECRET, code: '061Xq9000abcDEF', grant_type: 'authorization_code' })
      const me = (await t.get('/api/member/getMemberInfo', {}, token)).data
      const row = await t.db.selectFrom('members').select('openidH5').where('id', '=', me.id).executeTakeFirstOrThrow()
      expect(row.openidH5).toBe(fixture('oauth2_access_token').openid)
    })

    it('answers a clear error for a reused code', async () => {
      const token = await t.login(nextPhone())
      http.queue('/sns/oauth2/access_token', 'oauth2_code_used')
      expect(await t.get('/api/member/getWechatH5OpenId', { code: 'USEDCODE' }, token)).toEqual({ code: 7002, msg: '微信授权码已使用，请重新进入页面', data: {} })
    })

    it('moves the openid to the member who signs in last with that WeChat user', async () => {
      const a = await t.login(nextPhone())
      const b = await t.login(nextPhone())
      await t.get('/api/member/getWechatH5OpenId', { code: 'CODEA' }, a)
      await t.get('/api/member/getWechatH5OpenId', { code: 'CODEB' }, b)
      const owners = await t.db.selectFrom('members').select('id').where('openidH5', '=', fixture('oauth2_access_token').openid).execute()
      const idB = (await t.get('/api/member/getMemberInfo', {}, b)).data.id
      expect(owners.map((o) => o.id)).toEqual([idB])
    })
  })

  describe('miniLogin', () => {
    const OPENID = fixture('jscode2session').openid

    it('asks for the phone for an unknown openid, binds it through phoneRegister, then logs in directly', async () => {
      await t.db.updateTable('members').set({ openidMini: null }).where('openidMini', '=', OPENID).execute()
      const first = await t.post('/api/member/miniLogin', { code: '0a3XkH000w1Abc' })
      expect(first.code).toBe(200)
      expect(first.data).toMatchObject({ token: '', needPhone: true })
      expect(first.data.loginKey).toMatch(/^[\w-]{32}$/)
      expect(http.last('/sns/jscode2session')?.query).toEqual({ appid: WECHAT.WX_MINI_APPID, secret: WECHAT.WX_MINI_SECRET, js_code: '0a3XkH000w1Abc', grant_type: 'authorization_code' })

      const phone = nextPhone()
      const token = await t.login(phone, { loginKey: first.data.loginKey })
      const row = await t.db.selectFrom('members').select(['id', 'openidMini']).where('phone', '=', phone).executeTakeFirstOrThrow()
      expect(row.openidMini).toBe(OPENID)

      const second = await t.post('/api/member/miniLogin', { code: '0b3XkH000w1Abd' })
      expect(second.data).toMatchObject({ needPhone: false })
      expect(second.data.token).toMatch(/^[\w-]{20,}$/)
      expect((await t.get('/api/member/getMemberInfo', {}, second.data.token)).data.id).toBe(row.id)
      expect(token).not.toBe(second.data.token)
    })

    it('refuses a used or unknown loginKey before spending the SMS code', async () => {
      await t.db.updateTable('members').set({ openidMini: null }).where('openidMini', '=', OPENID).execute()
      const { loginKey } = (await t.post('/api/member/miniLogin', { code: 'CODE2' })).data
      await t.login(nextPhone(), { loginKey })
      const phone = nextPhone()
      await expect(t.login(phone, { loginKey })).rejects.toThrow('微信登录已过期，请返回重新登录')
      // The code was not used: the same code still logs in without the key.
      const code = t.sms.codes.get(phone) as string
      expect((await t.post('/api/member/phoneRegister', { phone, verificationCode: code })).code).toBe(200)
      await expect(t.login(nextPhone(), { loginKey: 'x'.repeat(32) })).rejects.toThrow('微信登录已过期')
    })

    it('carries the sharer of the mini-program launch to the new member', async () => {
      await t.db.updateTable('members').set({ openidMini: null }).where('openidMini', '=', OPENID).execute()
      const sharerToken = await t.login(nextPhone())
      const sharer = (await t.get('/api/member/getMemberInfo', {}, sharerToken)).data
      const { loginKey } = (await t.post('/api/member/miniLogin', { code: 'CODE3', shareMemberId: String(sharer.id) })).data
      const phone = nextPhone()
      await t.login(phone, { loginKey })
      const row = await t.db.selectFrom('members').select('shareMemberId').where('phone', '=', phone).executeTakeFirstOrThrow()
      expect(row.shareMemberId).toBe(sharer.id)
    })

    it('answers a clear error for an invalid or reused code', async () => {
      http.queue('/sns/jscode2session', 'jscode2session_invalid')
      expect(await t.post('/api/member/miniLogin', { code: 'BADCODE' })).toMatchObject({ code: 7002 })
      expect((await t.post('/api/member/miniLogin', {})).code).toBe(400)
    })
  })

  describe('mini-program codes', () => {
    const png = fixture('getwxacodeunlimit')

    it('makes the caller share code with sUid and bUid in the scene, cached, and decodes it back', async () => {
      const token = await t.login(nextPhone())
      const me = (await t.get('/api/member/getMemberInfo', {}, token)).data
      const shop = await t.db
        .insertInto('agentShops')
        .values({ memberId: me.id, shopName: '小店', status: 'active', commissionRate: 1000, createdAt: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
      const res = await t.get('/api/wxMiniApp/getWxACode', { page: 'goodsPages/details/details', id: 12 }, token)
      expect(res.code).toBe(200)
      expect(res.data.scene).toBe(`s=${me.id.toString(36)}&b=${shop.id.toString(36)}&i=c`)
      expect(res.data.image).toBe(`data:image/png;base64,${png.bodyBase64}`)
      const call = http.last('/wxa/getwxacodeunlimit')
      expect(call?.query).toEqual({ access_token: fixture('stable_token').access_token })
      expect(call?.body).toEqual({ scene: res.data.scene, page: 'goodsPages/details/details', check_path: false, env_version: 'release', width: 430 })

      expect((await t.get('/api/wxMiniApp/getWxACode', { page: '/goodsPages/details/details', id: 12 }, token)).data.image).toBe(res.data.image)
      expect(http.count('/wxa/getwxacodeunlimit')).toBe(1)

      const decoded = await t.get('/api/wxMiniApp/getWxACodeParam', { scene: res.data.scene })
      expect(decoded.data).toEqual({ sUid: String(me.id), bUid: String(shop.id), id: '12' })
      expect((await t.get('/api/wxMiniApp/getWxACodeParam', { scene: encodeURIComponent(res.data.scene) })).data).toEqual(decoded.data)
    })

    it('stores a query that does not fit in 32 characters under a short key', async () => {
      const token = await t.login(nextPhone())
      const res = await t.get('/api/wxMiniApp/getWxACode', { page: 'pages/home/index', query: 'from=poster-winter-campaign-2026&ch=moments' }, token)
      expect(res.data.scene).toMatch(/^k=[\w-]{12}$/)
      expect(res.data.scene.length).toBeLessThanOrEqual(32)
      const back = (await t.get('/api/wxMiniApp/getWxACodeParam', { scene: res.data.scene })).data
      expect(back).toMatchObject({ from: 'poster-winter-campaign-2026', ch: 'moments', sUid: expect.any(String) })
      expect(await t.get('/api/wxMiniApp/getWxACodeParam', { scene: 'k=AAAAAAAAAAAA' })).toMatchObject({ code: 404, msg: '小程序码已失效' })
    })

    it('ignores sUid / bUid sent by the caller and refuses unknown pages', async () => {
      const res = await t.get('/api/wxMiniApp/getWxACode', { page: 'pages/mine/index', query: 'sUid=999&bUid=888' })
      expect(res.code).toBe(200)
      expect(res.data).toMatchObject({ query: {}, scene: '_' })
      expect((await t.get('/api/wxMiniApp/getWxACodeParam', { scene: '_' })).data).toEqual({})
      expect((await t.get('/api/wxMiniApp/getWxACode', { page: 'pages/nowhere/index' })).code).toBe(400)
    })

    it('turns a WeChat error into a product error and retries once on an expired token', async () => {
      http.queue('/wxa/getwxacodeunlimit', 'getwxacodeunlimit_error')
      const err = await t.get('/api/wxMiniApp/getWxACode', { page: 'pages/sort/index', id: 77 })
      expect(err).toMatchObject({ code: 7001, msg: '生成小程序码失败（41030）' })
      http.reset()
      http.queue('/wxa/getwxacodeunlimit', 'token_invalid')
      const ok = await t.get('/api/wxMiniApp/getWxACode', { page: 'pages/sort/index', id: 78 })
      expect(ok.code).toBe(200)
      expect(http.count('/wxa/getwxacodeunlimit')).toBe(2)
      expect(http.calls.filter((c) => c.path === '/cgi-bin/stable_token').map((c) => c.body.force_refresh)).toEqual([true])
    })

    it('generates a URL scheme carrying the sharer, cached', async () => {
      const token = await t.login(nextPhone())
      const me = (await t.get('/api/member/getMemberInfo', {}, token)).data
      const res = await t.get('/api/wxMiniApp/getWxSchemeUrl', { path: '/goodsPages/details/details', query: 'id=5' }, token)
      expect(res.data).toEqual({ openlink: fixture('generatescheme').openlink, path: 'goodsPages/details/details', query: `id=5&sUid=${me.id}` })
      expect(http.last('/wxa/generatescheme')?.body).toEqual({
        jump_wxa: { path: 'goodsPages/details/details', query: `id=5&sUid=${me.id}`, env_version: 'release' },
        is_expire: true,
        expire_type: 1,
        expire_interval: 30,
      })
      await t.get('/api/wxMiniApp/getWxSchemeUrl', { path: '/goodsPages/details/details', query: 'id=5' }, token)
      expect(http.count('/wxa/generatescheme')).toBe(1)
    })
  })
})

describe('without WeChat configuration', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { http: new FakeWechat() })
  })
  afterAll(async () => t.close())
  it('answers a product error instead of calling WeChat', async () => {
    const res = await t.get('/api/member/getWxConfig', { url: 'http://localhost/' })
    expect(res.code).toBe(7003)
    expect((await t.post('/api/member/miniLogin', { code: 'X' })).code).toBe(7003)
  })
})

// REDIS_URL wiring (server/src/app.ts): the tokens land in Redis, shared by every instance, with the same TTL.
const redisBin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => require('node:fs').existsSync(p))
;(redisBin ? describe : describe.skip)('with REDIS_URL', () => {
  let proc: import('node:child_process').ChildProcess
  let port = 0
  beforeAll(async () => {
    port = 20000 + Math.floor(Math.random() * 20000)
    proc = require('node:child_process').spawn(redisBin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    const Redis = require('ioredis')
    for (let i = 0; i < 50; i++) {
      const r = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
      const ok = await r.connect().then(
        () => true,
        () => false,
      )
      r.disconnect()
      if (ok) return
      await new Promise((res) => setTimeout(res, 100))
    }
    throw new Error('redis-server did not start')
  })
  afterAll(() => {
    proc?.kill()
  })

  it('keeps the access token and ticket in Redis for 7200 s minus the margin, shared by two instances', async () => {
    const http = new FakeWechat()
    const config = { wechat: loadConfig(WECHAT as any).wechat, redisUrl: `redis://127.0.0.1:${port}/0` }
    const a = await makeTestApp('sqlite', { http, config })
    const b = await makeTestApp('sqlite', { http, config })
    try {
      expect((await a.get('/api/member/getWxConfig', { url: 'http://localhost/' })).code).toBe(200)
      expect((await b.get('/api/member/getWxConfig', { url: 'http://localhost/' })).code).toBe(200)
      expect(http.count('/cgi-bin/stable_token')).toBe(1)
      expect(http.count('/cgi-bin/ticket/getticket')).toBe(1)
      const Redis = require('ioredis')
      const r = new Redis({ port })
      const ttl = await r.ttl(`cache:wx:jsapi_ticket:${WECHAT.WX_H5_APPID}`)
      expect(await r.get(`cache:wx:jsapi_ticket:${WECHAT.WX_H5_APPID}`)).toBe(TICKET)
      await r.quit()
      expect(ttl).toBeGreaterThan(7200 - TOKEN_SAFETY_MARGIN_S - 10)
      expect(ttl).toBeLessThanOrEqual(7200 - TOKEN_SAFETY_MARGIN_S)
      // Nothing went to the database cache.
      expect(await a.db.selectFrom('kvCache').selectAll().execute()).toEqual([])
    } finally {
      await a.close()
      await b.close()
    }
  })
})
