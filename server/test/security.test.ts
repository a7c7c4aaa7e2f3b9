import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { makeTestApp, nextPhone, type TestApp } from './helpers'
import { CODE_DAILY_PER_IP } from '../src/modules/member/service'
import { parseTrustProxy } from '../src/config'
import { cspPartFor, inlineScriptHashes } from '../src/plugins/security'

/** Client addresses (TRUST_PROXY) and the security headers (Content-Security-Policy per part of the site). */

const codeRequest = (t: TestApp, phone: string, remoteAddress: string, forwardedFor?: string) =>
  t.app
    .inject({ method: 'GET', url: '/h5/api/member/getVerificationCode', query: { p: '4', phone }, remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })
    .then((r) => r.json())
const ipOfCode = async (t: TestApp, phone: string) => (await t.db.selectFrom('smsCodes').select('ip').where('phone', '=', phone).executeTakeFirstOrThrow()).ip

describe('client address', () => {
  it('TRUST_PROXY is off by default, a hop count or an address list, and never true', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy('0')).toBe(false)
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('10.0.0.0/8, 172.16.0.5')).toEqual(['10.0.0.0/8', '172.16.0.5'])
    expect(() => parseTrustProxy('true')).toThrow()
  })

  describe('with no proxy configured', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await makeTestApp('sqlite')
    })
    afterAll(async () => t.close())

    it('a spoofed X-Forwarded-For changes nothing: the per-IP code limit counts the real peer', async () => {
      const peer = '203.0.113.7'
      for (let i = 0; i < CODE_DAILY_PER_IP; i++) {
        const r = await codeRequest(t, nextPhone(), peer, `198.51.100.${i + 1}`)
        expect(r.code).toBe(200)
      }
      const over = await codeRequest(t, nextPhone(), peer, '198.51.100.250')
      expect(over).toMatchObject({ code: 1001, msg: '今日获取验证码次数已达上限' })
      const phone = nextPhone()
      await codeRequest(t, phone, '203.0.113.8', '1.2.3.4')
      expect(await ipOfCode(t, phone)).toBe('203.0.113.8')
    })
  })

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await makeTestApp('sqlite', { config: { trustProxy: parseTrustProxy('1') } })
    })
    afterAll(async () => t.close())

    it('takes the address the proxy appended, not one the client wrote before it', async () => {
      const phone = nextPhone()
      // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
      await codeRequest(t, phone, '10.0.0.2', '6.6.6.6, 198.51.100.20')
      expect(await ipOfCode(t, phone)).toBe('198.51.100.20')
    })
  })

  describe('behind listed proxies (TRUST_PROXY=10.0.0.0/8)', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await makeTestApp('sqlite', { config: { trustProxy: parseTrustProxy('10.0.0.0/8') } })
    })
    afterAll(async () => t.close())

    it('honours the header from a listed proxy only', async () => {
      const viaProxy = nextPhone()
      await codeRequest(t, viaProxy, '10.1.2.3', '198.51.100.30')
      expect(await ipOfCode(t, viaProxy)).toBe('198.51.100.30')
      const direct = nextPhone()
      await codeRequest(t, direct, '203.0.113.9', '198.51.100.31')
      expect(await ipOfCode(t, direct)).toBe('203.0.113.9')
    })
  })
})

describe('security headers', () => {
  const inline = '!function(){document.documentElement.style.fontSize="20px"}()'
  let t: TestApp
  let h5Dir: string
  beforeAll(async () => {
    h5Dir = path.join(os.tmpdir(), `sec-h5-${crypto.randomBytes(4).toString('hex')}`)
    fs.mkdirSync(h5Dir, { recursive: true })
    fs.writeFileSync(path.join(h5Dir, 'index.html'), `<!DOCTYPE html><html><head><script>${inline}</script><script defer src="/js/app.js"></script></head><body><div id="app"></div></body></html>`)
    t = await makeTestApp('sqlite', { serveStatic: true, config: { h5Dir, webviewAllowList: ['example.com', '127.0.0.1:8080'], cspScriptHosts: ['https://res.wx.qq.com'] } })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(h5Dir, { recursive: true, force: true })
  })

  const directives = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    )

  it('hashes the inline scripts of the page as CSP wants them', () => {
    const hash = crypto.createHash('sha256').update(inline).digest('base64')
    expect(inlineScriptHashes(`<script>${inline}</script><script src="/a.js"></script><script type="module" src="/b.js"></script>`)).toEqual([`'sha256-${hash}'`])
  })

  it('the shop pages: scripts from the shop, the page inline script by hash, the configured hosts; never unsafe-inline scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pages/home/index', headers: { accept: 'text/html' } })
    expect(res.statusCode).toBe(200)
    const csp = directives(res.headers['content-security-policy'])
    const hash = crypto.createHash('sha256').update(inline).digest('base64')
    expect(csp['script-src']).toEqual(["'self'", `'sha256-${hash}'`, 'https://res.wx.qq.com'])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['frame-src']).toEqual(["'self'", 'example.com:*', '*.example.com:*', '127.0.0.1:8080'])
    expect(csp['frame-ancestors']).toEqual(["'self'"])
    expect(csp['upgrade-insecure-requests']).toBeUndefined()
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    })
  })

  it('the API and stored files: nothing may run; the console under /admin/ may use inline styles but no inline script', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/h5/api/member/loginStatus?p=4' })
    expect(directives(api.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] })
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    // A JSON answer is never shown as a page: the page headers (frames, opener, referrer, …) are not sent there.
    const pageHeaders = [
      'x-frame-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]
    for (const h of pageHeaders) expect(api.headers[h]).toBeUndefined()
    const consoleApi = await t.app.inject({ method: 'GET', url: '/admin/api/nothing-here' })
    expect(consoleApi.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(consoleApi.headers['x-content-type-options']).toBe('nosniff')
    for (const h of pageHeaders) expect(consoleApi.headers[h]).toBeUndefined()
    // Stored files may be opened in a browser: they keep the full set, with a policy under which nothing runs.
    const upload = await t.app.inject({ method: 'GET', url: '/uploads/202611/x.svg' })
    expect(directives(upload.headers['content-security-policy'])).toMatchObject({ 'default-src': ["'none'"], sandbox: [] })
    expect(upload.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN', 'cross-origin-resource-policy': 'cross-origin' })
    expect(cspPartFor('/admin/')).toBe('admin')
    expect(cspPartFor('/admin/assets/index.js?v=1')).toBe('admin')
    expect(cspPartFor('/administrator')).toBe('shop')
    const admin = await t.app.inject({ method: 'GET', url: '/admin/orders', headers: { accept: 'text/html' } })
    const csp = directives(admin.headers['content-security-policy'])
    expect(csp['style-src']).toContain("'unsafe-inline'")
    expect(csp['script-src']).toEqual(["'self'"])
  })

  it('the activity web pages run their own script file and call the shop, nothing inline; other media still run nothing', async () => {
    expect(cspPartFor('/media/activity/festival.html?token=x')).toBe('activity')
    expect(cspPartFor('/media/goods/g1-1.svg')).toBe('api')
    const page = await t.app.inject({ method: 'GET', url: '/media/activity/festival.html' })
    const csp = directives(page.headers['content-security-policy'])
    expect(csp).toMatchObject({ 'default-src': ["'none'"], 'script-src': ["'self'"], 'style-src': ["'self'"], 'connect-src': ["'self'"], 'frame-ancestors': ["'self'"] })
  })
})
