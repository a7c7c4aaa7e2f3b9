import fs from 'node:fs'
import path from 'node:path'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { MP4, PNG, multipart } from './uploadFixtures'

describe.each(DIALECTS)('upload on %s', (dialect) => {
  let t: TestApp
  let token: string
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { uploadMaxImageBytes: 1024, uploadMaxVideoBytes: 2048 } })
    token = await t.login(nextPhone())
  })
  afterAll(async () => t.close())

  const send = (filename: string, content: Buffer, tok: string | null = token, mime?: string) => {
    const m = multipart(filename, content, mime)
    return t.app.inject({ method: 'POST', url: '/h5/api/upload?p=3', payload: m.body, headers: { ...m.headers, ...(tok ? { token: tok } : {}) } }).then((r) => r.json())
  }

  it('stores an image, recognised by content, and serves it back by URL', async () => {
    const res = await send('photo.jpg', PNG)
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({ kind: 'image', mime: 'image/png' })
    expect(res.data.url).toMatch(/^\/uploads\/\d{6}\/[0-9a-f]{24}\.png$/)
    expect(fs.existsSync(path.join(t.ctx.config.dataDir, res.data.url))).toBe(true)
  })

  it('accepts a video by its ftyp box', async () => {
    const res = await send('clip.mp4', MP4)
    expect(res.data).toMatchObject({ kind: 'video', mime: 'video/mp4' })
  })

  it('refuses a script named like an image', async () => {
    const res = await send('evil.png', Buffer.from('<script>alert(1)</script>'), token, 'image/png')
    expect(res).toMatchObject({ code: 1010, msg: '仅支持上传图片或视频' })
  })

  it('refuses files over the size limit per kind', async () => {
    expect((await send('big.png', Buffer.concat([PNG, Buffer.alloc(2000)]))).code).toBe(1010)
    expect((await send('big.mp4', Buffer.concat([MP4, Buffer.alloc(3000)]))).code).toBe(1010)
  })

  it('refuses a visitor and a request that is not multipart', async () => {
    expect((await send('a.png', PNG, null)).code).toBe(403)
    expect((await t.post('/api/upload', { file: 'x' }, token)).code).toBe(1010)
  })

  it('sets safe headers and never leaks a stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/h5/api/member/phoneRegister?p=3', payload: '{"phone":', headers: { 'content-type': 'application/json' } })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.json()).toEqual({ code: 400, msg: '请求格式错误', data: {} })
    expect(res.body).not.toMatch(/at .*\.ts/)
  })
})
