import { DIALECTS, makeTestApp, type TestApp } from './helpers'

// Issue 18 items 4 and 6: the login page's documents come from the database; the H5's customer-service
// contact comes from server configuration.
describe.each(DIALECTS)('shop documents and customer service on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { service: { url: 'https://kf.example.com/chat?shop=1', phone: '400-800-1234', wechatUrl: '' } } })
  })
  afterAll(async () => t.close())

  it('serves the user agreement and the privacy policy without login', async () => {
    for (const [key, title] of [
      ['userAgreement', '用户协议'],
      ['privacyPolicy', '隐私政策'],
    ]) {
      const r = await t.get(`/api/content/document?key=${key}`)
      expect(r.code).toBe(200)
      expect(r.data).toMatchObject({ key, title })
      expect(r.data.contentHtml.length).toBeGreaterThan(100)
    }
  })

  it('serves what the console saved (the database, not a file)', async () => {
    await t.ctx.db.updateTable('documents').set({ contentHtml: '<p>新版协议</p>', updatedAt: 123 }).where('docKey', '=', 'userAgreement').execute()
    const r = await t.get('/api/content/document?key=userAgreement')
    expect(r.data).toMatchObject({ contentHtml: '<p>新版协议</p>', updatedAt: 123 })
  })

  it('refuses an unknown document', async () => {
    const r = await t.get('/api/content/document?key=../../etc/passwd')
    expect(r.code).not.toBe(200)
  })

  it('serves the configured customer-service link and phone', async () => {
    const r = await t.get('/api/common/shopInfo')
    expect(r.code).toBe(200)
    expect(r.data).toEqual({ serviceUrl: 'https://kf.example.com/chat?shop=1', servicePhone: '400-800-1234', serviceWechatUrl: '', shopName: '', shopLogo: '', articleSectionName: '文章' })
  })
})

describe('customer service not configured', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp('sqlite')
  })
  afterAll(async () => t.close())
  it('answers empty strings so the client hides the H5 entry', async () => {
    const r = await t.get('/api/common/shopInfo')
    expect(r.data).toEqual({ serviceUrl: '', servicePhone: '', serviceWechatUrl: '', shopName: '', shopLogo: '', articleSectionName: '文章' })
  })
})

describe('the demo shop', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { seed: true })
  })
  afterAll(async () => t.close())
  it('seeds a 客服 that works without outside accounts: the shop page 意见反馈, answered in the console', async () => {
    expect((await t.get('/api/common/shopInfo')).data).toMatchObject({ serviceUrl: '/minePages/setting/feedback', servicePhone: '', serviceWechatUrl: '' })
  })
})

describe('the demo shop with a configured customer service', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { seed: true, config: { service: { url: '', phone: '', wechatUrl: 'https://work.weixin.qq.com/kfid/kfcABC' } } })
  })
  afterAll(async () => t.close())
  it("keeps the environment's channel and seeds none over it", async () => {
    expect((await t.get('/api/common/shopInfo')).data).toMatchObject({ serviceUrl: '', servicePhone: '', serviceWechatUrl: 'https://work.weixin.qq.com/kfid/kfcABC' })
  })
})
