import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { withHomePreview } from '../src/modules/home/preview'
import { h5RuntimeConfig, withRuntimeConfig } from '../src/h5RuntimeConfig'

const INDEX = '<!doctype html><html><head><title>商城</title></head><body><div id="app"></div></body></html>'

describe('home preview in index.html', () => {
  it('puts the banner right after the app container, escaped', () => {
    const html = withHomePreview(INDEX, '/media/a"b<c.svg')
    expect(html).toContain('<div id="app"></div><div id="home-preview"')
    expect(html).toContain('src="/media/a&quot;b&lt;c.svg"')
    expect(html).toContain('pointer-events:none')
    // asked for first thing in <head>, before any script
    expect(html).toContain('<head><link rel="preload" as="image" href="/media/a&quot;b&lt;c.svg" fetchpriority="high">')
  })
})

describe.each(DIALECTS)('H5 pages served with the home preview (%s)', (dialect) => {
  let t: TestApp
  let h5Dir: string
  beforeAll(async () => {
    h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'))
    fs.writeFileSync(path.join(h5Dir, 'index.html'), INDEX)
    t = await makeTestApp(dialect, { seed: true, serveStatic: true, config: { h5Dir } })
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(h5Dir, { recursive: true, force: true })
  })

  const page = (url: string, encoding = '') => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding } })

  it('sends home with its first banner, in every encoding', async () => {
    const first = await t.db.selectFrom('banners').select('image').where('position', '=', 'home').where('status', '=', 'on').orderBy('sort').orderBy('id').executeTakeFirstOrThrow()
    for (const url of ['/', '/pages/home/index', '/?shareId=3']) {
      const res = await page(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain(`<div id="home-preview"`)
      expect(res.body).toContain(`src="${first.image}"`)
    }
    const br = await page('/', 'br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('home-preview')
    const gz = await page('/', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('home-preview')
  })

  it('sends other pages without it, and home without it once no banner is on', async () => {
    // The page as served: the build's index.html with the H5's runtime configuration (h5RuntimeConfig.ts).
    const served = withRuntimeConfig(INDEX, h5RuntimeConfig(t.ctx.config))
    expect((await page('/goodsPages/details/details?id=1')).body).toBe(served)
    await t.db.updateTable('banners').set({ status: 'off' }).where('position', '=', 'home').execute()
    const res = await page('/')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(served)
  })
})
