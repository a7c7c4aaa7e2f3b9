import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { h5RuntimeConfig, withRuntimeConfig } from '../src/h5RuntimeConfig'
import { inlineScriptHashes } from '../src/plugins/security'
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../types/runtimeConfig'

/** The H5's host names and WeChat official account come from the server, in the index.html it serves (types/runtimeConfig.ts). */

const INDEX = '<!doctype html><html><head><title>商城</title><script>var a=1</script></head><body><div id="app"></div></body></html>'
const BLOCK = new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">([^<]*)</script>`)
const configOf = (html: string) => {
  const m = BLOCK.exec(html)
  if (!m) throw new Error(`no configuration block in ${html}`)
  return JSON.parse(m[1])
}

describe('withRuntimeConfig', () => {
  it('puts the configuration at the end of <head> as JSON no "</script>" can break out of', () => {
    const cfg = {
      mainHost: 'shop.example.com',
      entryHosts: ['</script><script>alert(1)</script>'],
      loginRedirectHosts: [],
      wxH5AppId: 'wx\u2028',
      wxJssdkUrl: '/j.js',
      wxOauthUrl: 'https://o.example.com/a',
    }
    const html = withRuntimeConfig(INDEX, cfg)
    expect(html).toMatch(/<script>var a=1<\/script><script type="application\/json" id="[\w-]+">[^<]*<\/script><\/head>/)
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('\u2028')
    expect(configOf(html)).toEqual(cfg)
  })

  it('is a data block: the page’s inline script hashes stay those of the build', () => {
    const cfg = { mainHost: '', entryHosts: [], loginRedirectHosts: [], wxH5AppId: 'wxa', wxJssdkUrl: '/j.js', wxOauthUrl: 'https://o.example.com/a' }
    expect(inlineScriptHashes(withRuntimeConfig(INDEX, cfg)).filter((h) => !inlineScriptHashes(INDEX).includes(h))).toHaveLength(1) // the JSON block, never run
  })
})

describe.each(DIALECTS)('the served H5 page carries the server’s configuration (%s)', (dialect) => {
  let t: TestApp
  let h5Dir: string
  beforeAll(async () => {
    h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
    fs.writeFileSync(path.join(h5Dir, 'index.html'), INDEX)
    t = await makeTestApp(dialect, {
      seed: true,
      serveStatic: true,
      config: { h5Dir, mainHost: 'main.example.com:8443', entryHosts: ['m1.example.com', 'm2.example.com'], loginRedirectHosts: ['main.example.com:8443'] },
    })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(h5Dir, { recursive: true, force: true })
  })

  const page = (url: string, encoding = '') => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding } })

  it('every page, home with its banner too, in every encoding', async () => {
    const want = {
      mainHost: 'main.example.com:8443',
      entryHosts: ['m1.example.com', 'm2.example.com'],
      loginRedirectHosts: ['main.example.com:8443'],
      wxH5AppId: t.ctx.config.wechat.h5AppId,
      wxJssdkUrl: '/static/jweixin-1.6.0.js',
      wxOauthUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    }
    expect(h5RuntimeConfig(t.ctx.config)).toEqual(want)
    for (const url of ['/goodsPages/details/details?id=1', '/', '/pages/home/index']) {
      const res = await page(url)
      expect(res.statusCode).toBe(200)
      expect(configOf(res.body)).toEqual(want)
    }
    expect((await page('/')).body).toContain('id="home-preview"')
    expect(configOf(zlib.brotliDecompressSync((await page('/minePages/myOrder/list', 'br')).rawPayload).toString())).toEqual(want)
    expect(configOf(zlib.gunzipSync((await page('/', 'gzip')).rawPayload).toString())).toEqual(want)
  })

  it('follows the configuration while the server runs (设置 → 微信 changes the official account)', async () => {
    t.ctx.config.wechat = { ...t.ctx.config.wechat, h5AppId: 'wxchanged0000001' }
    expect(configOf((await page('/pages/mine/index')).body).wxH5AppId).toBe('wxchanged0000001')
    expect(configOf((await page('/')).body).wxH5AppId).toBe('wxchanged0000001')
    expect(configOf(zlib.brotliDecompressSync((await page('/pages/mine/index', 'br')).rawPayload).toString()).wxH5AppId).toBe('wxchanged0000001')
  })

  it('the Content-Security-Policy still allows only the build’s inline script, by hash', async () => {
    const res = await page('/pages/mine/index')
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))!
    expect(scriptSrc).not.toContain('unsafe-inline')
    for (const h of inlineScriptHashes(INDEX)) expect(scriptSrc).toContain(h)
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(inlineScriptHashes(INDEX).length)
  })
})
