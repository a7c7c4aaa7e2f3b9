import fs from 'node:fs'
import path from 'node:path'
import { makeTestApp, type TestApp } from './helpers'

// The mini-program's share card: WeChat draws only PNG/JPG share images, at 5:4 (the goods' pictures are SVG).
describe('share card (SQLite)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp('sqlite')
    const dir = path.join(t.ctx.config.dataDir, 'media', 'goods')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'tall.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="600"><rect width="300" height="600" fill="#e4393c"/></svg>')
  })
  afterAll(async () => t.close())

  const get = (src: string) => t.app.inject({ method: 'GET', url: '/h5/api/wechat/shareCard.png', query: { p: '4', src } })

  it("draws one of the shop's pictures as a 500x400 PNG, filled edge to edge", async () => {
    const res = await get('/media/goods/tall.svg')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const png = res.rawPayload
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([500, 400])
    const { Resvg } = require('@resvg/resvg-js')
    // The picture is cropped to fill: a corner pixel is the picture's red, not the white background.
    const pixels = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="500" height="400"><image width="500" height="400" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`,
    ).render().pixels
    expect([pixels[0], pixels[1], pixels[2]]).toEqual([0xe4, 0x39, 0x3c])
  })

  it("refuses anything but the shop's own pictures", async () => {
    expect((await get('/media/../config.json')).json().code).toBe(400)
    expect((await get('https://example.com/a.png')).json().code).toBe(400)
    expect((await get('/media/goods/none.svg')).json().code).toBe(404)
  })
})
