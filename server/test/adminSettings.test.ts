import crypto from 'node:crypto'
import { Writable } from 'node:stream'
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { buyNow, makeGoods, shopper } from './tradeFixtures'
import { FakeWechat, byHost } from './fakeWechat'
import { FakeWechatPay, PLATFORM_SERIAL } from './fakeWechatPay'
import { LOG_REDACT } from '../src/app'
import { queueMessage, sendDueMessages } from '../src/modules/notifications/service'
import { runDoctor } from '../src/modules/settings/doctor'
import { runAdminCommand } from '../src/adminCommands'
import type { HttpClient } from '../src/context'

const SETTINGS_KEY = 'test-settings-key-0123456789-abcdefghij'
const pem = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } })

/** A category pair and goods created through the console (so the goods form's freight template is the one tested). */
async function consoleGoods(c: AdminClient, name: string, price: number, freightTemplateId?: number | null) {
  const top = await c.post('/categories', { parentId: 0, name: `运费测试${crypto.randomBytes(3).toString('hex')}` })
  const sub = await c.post('/categories', { parentId: top.data.id, name: '子类' })
  const g = await c.post('/goods', {
    name,
    categoryId: sub.data.id,
    images: ['/uploads/202601/abc.png'],
    specGroups: [],
    skus: [{ specs: {}, price, originalPrice: 0, stock: 50 }],
    status: 'on',
    ...(freightTemplateId !== undefined ? { freightTemplateId } : {}),
  })
  expect(g.code).toBe(200)
  const d = await c.get(`/goods/${g.data.id}`)
  return { goodsId: g.data.id as number, skuId: d.data.skus[0].id as number }
}

describe.each(DIALECTS)('console 设置 (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { settingsKey: '' } })
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())

  it('shop profile and timeouts: validated, audit-logged, and read by the shop (shopInfo, order expiry, after-sales window)', async () => {
    const before = (await c.get('/settings/shop')).data
    expect(before).toMatchObject({ orderExpireMinutes: 30, autoReceiveDays: 15, afterSalesDays: 7 })
    const input = {
      name: '橙子小铺',
      logo: '/uploads/202601/logo.png',
      servicePhone: '400-800-1234',
      serviceUrl: 'https://kefu.example.com/chat',
      orderExpireMinutes: 45,
      autoReceiveDays: 10,
      afterSalesDays: 14,
    }
    // Bad input: a Chinese message, nothing saved.
    expect((await c.put('/settings/shop', { ...input, orderExpireMinutes: 2 })).msg).toBe('未支付订单关闭时间超出范围')
    expect((await c.put('/settings/shop', { ...input, serviceUrl: 'http://kefu.example.com' })).msg).toBe('客服链接须以 https:// 开头')
    expect((await c.get('/settings/shop')).data).toEqual(before)
    expect(await auditRows(t, 'settings.shop')).toHaveLength(0)

    // Undeclared fields are dropped (docs/API.md), never stored.
    const saved = await c.put('/settings/shop', { ...input, hacked: 1 })
    expect(saved.code).toBe(200)
    expect(saved.data).toEqual({ ...input, serviceWechatUrl: '', articleSectionName: '文章' })
    const [row] = await auditRows(t, 'settings.shop')
    expect(JSON.parse(row.beforeJson!).orderExpireMinutes).toBe(30)
    expect(JSON.parse(row.afterJson!).orderExpireMinutes).toBe(45)
    expect(JSON.parse(row.afterJson!).hacked).toBeUndefined()
    expect((await t.get('/api/common/shopInfo')).data).toEqual({
      serviceUrl: input.serviceUrl,
      servicePhone: input.servicePhone,
      serviceWechatUrl: '',
      shopName: '橙子小铺',
      shopLogo: input.logo,
      articleSectionName: '文章',
    })

    // 微信客服: only WeChat Work's kfid links; a page of the shop as the link; an unknown page refused.
    const kf = 'https://work.weixin.qq.com/kfid/kfc0123456789abcdef'
    expect((await c.put('/settings/shop', { ...input, serviceWechatUrl: 'https://example.com/kfid/x' })).msg).toMatch(/^微信客服链接须为 https:\/\/work\.weixin\.qq\.com\/kfid\/ 开头的链接/)
    expect((await c.put('/settings/shop', { ...input, serviceUrl: '/no/such/page' })).msg).toBe('客服页面不存在，请填写本店的页面路径或 https:// 链接')
    const both = await c.put('/settings/shop', { ...input, serviceUrl: '/minePages/setting/feedback', serviceWechatUrl: kf })
    expect(both.code).toBe(200)
    expect((await t.get('/api/common/shopInfo')).data).toMatchObject({ serviceUrl: '/minePages/setting/feedback', servicePhone: input.servicePhone, serviceWechatUrl: kf })
    // A form without the field (an older console) keeps the saved 微信客服 link.
    expect((await c.put('/settings/shop', input)).code).toBe(200)
    expect((await t.get('/api/common/shopInfo')).data.serviceWechatUrl).toBe(kf)

    const me = await shopper(t)
    const g = await makeGoods(t, { skus: [{ price: 2000, stock: 5 }] })
    const o = await buyNow(t, me.token, g.skuId)
    expect(o.code).toBe(200)
    const row2 = await t.db.selectFrom('orders').select(['createdAt', 'expireAt']).where('orderNo', '=', o.data.orderNo).executeTakeFirstOrThrow()
    expect(Number(row2.expireAt) - Number(row2.createdAt)).toBe(45 * 60_000)
    expect(t.ctx.config.afterSalesDays).toBe(14)
    expect(t.ctx.config.autoReceiveDays).toBe(10)
  })

  it('documents: the user agreement edited here is what the login page opens (sanitised, audit-logged)', async () => {
    const r = await c.put('/settings/documents/userAgreement', { title: '用户服务协议', contentHtml: '<p>新版协议：橙子小铺<script>alert(1)</script></p>' })
    expect(r.code).toBe(200)
    const shop = await t.get('/api/content/document', { key: 'userAgreement' })
    expect(shop.data).toMatchObject({ title: '用户服务协议' })
    expect(shop.data.contentHtml).toContain('新版协议：橙子小铺')
    expect(shop.data.contentHtml).not.toContain('script')
    expect((await c.put('/settings/documents/userAgreement', { title: '用户服务协议', contentHtml: '<p> </p>' })).msg).toBe('请填写内容')
    expect((await c.put('/settings/documents/other', { title: 'x', contentHtml: '<p>x</p>' })).code).toBe(400)
    expect(await auditRows(t, 'settings.document')).toHaveLength(1)
  })

  it('freight: goods with their own template pay its freight (province extra included); others keep the default rule', async () => {
    const list = (await c.get('/settings/freight')).data
    expect(list).toEqual([expect.objectContaining({ name: '默认运费', baseFee: 800, freeThreshold: 9900, isDefault: true })])
    const me = await shopper(t)
    // Unchanged default: ¥8 below ¥99, free from ¥99.
    const plain = await consoleGoods(c, '默认运费商品', 3000)
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: plain.skuId, quantity: 1 }, me.token)).data).toMatchObject({ freightAmount: 800, freeFreightThreshold: 9900 })
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: plain.skuId, quantity: 4 }, me.token)).data.freightAmount).toBe(0)

    expect(
      (
        await c.post('/settings/freight', {
          name: '大件',
          baseFee: 1500,
          freeThreshold: 0,
          regionFees: [
            { provinces: ['浙江省', '浙江省'], extra: 500 },
            { provinces: ['浙江省'], extra: 1 },
          ],
        })
      ).msg,
    ).toBe('省份「浙江省」重复设置了加价')
    expect((await c.post('/settings/freight', { name: '大件', baseFee: -1, freeThreshold: 0 })).msg).toBe('运费超出范围')
    const bulky = await c.post('/settings/freight', { name: '大件', baseFee: 1500, freeThreshold: 0, regionFees: [{ provinces: ['浙江省', '新疆维吾尔自治区'], extra: 500 }] })
    expect(bulky.code).toBe(200)
    expect(
      (
        await c.post('/goods', {
          name: 'x',
          categoryId: 1,
          images: ['/uploads/202601/abc.png'],
          specGroups: [],
          skus: [{ specs: {}, price: 100, originalPrice: 0, stock: 1 }],
          freightTemplateId: 999999,
        })
      ).msg,
    ).toMatch(/运费模板不存在|请选择二级分类|分类不存在/)
    const sofa = await consoleGoods(c, '大件沙发', 300000, bulky.data.id)
    expect((await c.get(`/goods/${sofa.goodsId}`)).data.freightTemplateId).toBe(bulky.data.id)
    // Never free (threshold 0), 浙江省 +¥5: ¥20; no "free from" hint.
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: sofa.skuId, quantity: 1 }, me.token)).data).toMatchObject({ freightAmount: 2000, freeFreightThreshold: 0 })
    const o = await buyNow(t, me.token, sofa.skuId, 1)
    expect(o.code).toBe(200)
    const order = await t.db.selectFrom('orders').select(['freightAmount', 'payAmount', 'goodsAmount']).where('orderNo', '=', o.data.orderNo).executeTakeFirstOrThrow()
    expect(Number(order.freightAmount)).toBe(2000)
    expect(Number(order.payAmount)).toBe(302000)
    // The default template changed by the merchant applies to the other goods at once.
    const def = list[0]
    expect((await c.put(`/settings/freight/${def.id}`, { name: '默认运费', baseFee: 1000, freeThreshold: 5000, isDefault: true })).code).toBe(200)
    expect((await t.post('/api/order/preview', { from: 'buyNow', skuId: plain.skuId, quantity: 1 }, me.token)).data).toMatchObject({ freightAmount: 1000, freeFreightThreshold: 5000 })
    // A template in use, and the default, cannot be deleted; making another the default moves the flag.
    expect((await c.del(`/settings/freight/${bulky.data.id}`)).msg).toBe('还有 1 件商品使用该模板，不能删除')
    expect((await c.del(`/settings/freight/${def.id}`)).msg).toBe('默认模板不能删除')
    expect((await c.put(`/settings/freight/${bulky.data.id}`, { name: '大件', baseFee: 1500, freeThreshold: 0, regionFees: [], isDefault: true })).code).toBe(200)
    expect((await c.get('/settings/freight')).data.filter((x: any) => x.isDefault).map((x: any) => x.id)).toEqual([bulky.data.id])
    expect((await auditRows(t, 'freight.update')).length).toBe(2)
  })

  it('WeChat secrets are refused without SETTINGS_KEY; plain fields save', async () => {
    const r = await c.put('/settings/wechat', { h5Secret: 'a'.repeat(32) })
    expect(r.code).toBe(400)
    expect(r.msg).toContain('请联系部署人员')
    expect((await c.put('/settings/wechat', { h5AppId: 'wx1234567890abcdef' })).code).toBe(200)
    expect((await c.put('/settings/wechat', { h5AppId: 'notanappid' })).msg).toBe('AppID 格式不正确（wx 开头的 18 位）')
    const view = (await c.get('/settings/wechat')).data
    expect(view.canSaveSecrets).toBe(false)
    expect(view.fields.find((f: any) => f.key === 'h5AppId')).toMatchObject({ value: 'wx1234567890abcdef', set: true, fromEnv: false })
    expect(t.ctx.config.wechat.h5AppId).toBe('wx1234567890abcdef')
  })

  it('messages: templates per event and review mode, audit-logged; the public settings follow', async () => {
    expect((await c.put('/settings/messages/subscribe/order_shipped', { templateId: '', enabled: true, page: '', fields: {} })).msg).toBe('开启前请填写模板 ID')
    const r = await c.put('/settings/messages/subscribe/order_shipped', {
      templateId: 'TPL-SHIP-1',
      enabled: true,
      page: 'pages/order/detail',
      fields: { character_string1: 'orderNo', thing2: 'goodsName' },
    })
    expect(r.code).toBe(200)
    expect((await t.get('/api/settings/public')).data.subscribe.placeOrder).toEqual(['TPL-SHIP-1'])
    expect((await c.put('/settings/review-mode', { on: true })).data.reviewMode).toBe(true)
    expect((await t.get('/api/settings/public')).data.reviewMode).toBe(true)
    expect(await auditRows(t, 'settings.review-mode')).toHaveLength(1)
  })

  it('reconciliation and the failures to-do list: run a day, list its differences; failed messages listed, counted and retried', async () => {
    const day = new Date(Date.now() + 8 * 3600_000 - 2 * 86400_000).toISOString().slice(0, 10)
    expect((await c.get('/reconcile', { date: day })).data).toEqual({ date: day, run: null, diffs: [] })
    expect((await c.post('/reconcile', { date: '2099-01-01' })).code).toBe(400)
    const ran = await c.post('/reconcile', { date: day })
    expect(ran.code).toBe(200)
    expect(ran.data.run).toMatchObject({ provider: 'sandbox' })
    expect(await auditRows(t, 'reconcile.run')).toHaveLength(1)

    const me = await shopper(t)
    await queueMessage(t.db, me.memberId, 'order_shipped', { orderNo: 'X' })
    await t.db.updateTable('messageOutbox').set({ status: 'failed', lastError: 'errcode 40003', attempts: 3 }).where('memberId', '=', me.memberId).execute()
    const f = await c.get('/settings/failures')
    expect(f.data.messages).toEqual([expect.objectContaining({ event: 'order_shipped', memberId: me.memberId, error: 'errcode 40003' })])
    expect((await c.get('/dashboard')).data.todo.failedMessages).toBe(1)
    expect((await c.post('/settings/failures/messages/retry', { id: f.data.messages[0].id })).code).toBe(200)
    expect((await c.post('/settings/failures/messages/retry', { id: f.data.messages[0].id })).code).toBe(409)
    expect((await c.get('/settings/failure-counts')).data).toEqual({ refunds: 0, shipping: 0, messages: 0, tracking: 0 })
    expect((await c.post('/settings/failures/shipping/retry', { orderNo: 'NOPE' })).code).toBe(409)
  })

  it('a role without settings.* is refused', async () => {
    const op = adminClient(t, await signIn(t, 'operator'))
    expect((await op.get('/settings/shop')).code).toBe(8003)
    expect((await op.get('/settings/freight')).code).toBe(200) // the goods form reads the templates
    expect((await op.put('/settings/review-mode', { on: false })).code).toBe(8003)
  })
})

describe.each(DIALECTS)('WeChat settings, secrets and the setup check (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let api: FakeWechat
  let gw: FakeWechatPay
  const lines: string[] = []
  const logStream = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) })
  const answers: string[] = []
  const merchant = pem()
  const H5_SECRET = 'h5secretH5SECRETh5secretH5SECRE1'
  const MINI_SECRET = 'minisecretMINISECRETminisecret22'
  let notifyReachable = true
  beforeAll(async () => {
    api = new FakeWechat()
    gw = new FakeWechatPay()
    const routed = byHost(api, gw)
    // The shop's own notify URL: answers 405 to a GET like the real route (POST only) when "reachable".
    const http: HttpClient = {
      getJson: (u) => routed.getJson(u),
      postJson: (u, b, h) => routed.postJson(u, b, h),
      request: async (m, u, o) => {
        if (new URL(u).host === 'shop.example.com') {
          if (!notifyReachable) throw new Error('getaddrinfo ENOTFOUND shop.example.com')
          return { status: 405, headers: {}, body: null, raw: Buffer.alloc(0) }
        }
        return routed.request(m, u, o)
      },
    }
    const base = gw.config()
    // The environment sets only the mini-program's AppID; everything else comes from the console.
    t = await makeTestApp(dialect, {
      http,
      config: {
        settingsKey: SETTINGS_KEY,
        wechat: { ...base.wechat!, h5AppId: '', mchId: '', mchSerialNo: '', mchPrivateKey: '', apiV3Key: '', notifyUrl: '', platformPublicKeys: {}, miniAppId: 'wxminiappid00001' },
      },
      logger: { level: 'debug', stream: logStream, redact: LOG_REDACT },
    })
    const owner = await signIn(t, 'owner')
    const raw = adminClient(t, owner)
    // Every answer of this suite is kept for the secrets check.
    const keep = <T extends (...a: any[]) => Promise<any>>(fn: T) =>
      (async (...a: any[]) => {
        const r = await fn(...a)
        answers.push(JSON.stringify(r))
        return r
      }) as T
    c = { get: keep(raw.get), post: keep(raw.post), put: keep(raw.put), del: keep(raw.del) }
  })
  afterAll(() => t.close())

  const secrets = () => [H5_SECRET, MINI_SECRET, 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', gw.merchant.privateKey.split('\n')[1], merchant.privateKey.split('\n')[1]]

  it('saves secrets encrypted, answers only 已设置 + a fingerprint, lets the environment win, and the pay code uses them', async () => {
    expect((await c.put('/settings/wechat', { miniAppId: 'wx0000000000000000' })).msg).toBe('「小程序 AppID」由服务器配置设置，不能在后台修改；如需修改请联系部署人员')
    expect((await c.put('/settings/wechat', { mchPrivateKey: 'not a key' })).msg).toBe('商户接口证书私钥无法读取：请上传商户平台下载的私钥文件（商户接口证书中的私钥）')
    expect((await c.put('/settings/wechat', { apiV3Key: 'short' })).msg).toBe('APIv3 密钥应为 32 个字符')
    expect((await c.put('/settings/wechat', { payProvider: 'wechatpay' })).msg).toMatch(/^开启微信支付前请先设置：商户号、/)
    const r = await c.put('/settings/wechat', {
      h5AppId: 'wxh5appid000001'.padEnd(18, '0').replace(/[^0-9a-fwx]/g, '0'),
      h5Secret: H5_SECRET,
      miniSecret: MINI_SECRET,
      mchId: '1900000109',
      mchSerialNo: '444F4864EA9B34415F1F4D5C8A2B1D9A1B2C3D4E',
      apiV3Key: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
      mchPrivateKey: gw.merchant.privateKey,
      platformCert: gw.platform.publicKey,
      platformKeyId: PLATFORM_SERIAL,
      notifyUrl: 'https://shop.example.com/h5/api/pay/notify/wechat',
      payProvider: 'wechatpay',
    })
    expect(r.code).toBe(200)
    const f = Object.fromEntries(r.data.fields.map((x: any) => [x.key, x]))
    expect(f.h5Secret).toMatchObject({ set: true, value: '', secret: true, fromEnv: false })
    expect(f.h5Secret.hint).toMatch(/^已设置 · 指纹 [0-9a-f]{8}$/)
    // No character of the secret is shown, here or in the audit row.
    expect(f.h5Secret.hint).not.toContain(H5_SECRET.slice(-4))
    expect(f.mchPrivateKey.hint).toMatch(/^已设置 · 指纹 [0-9a-f]{8}$/)
    expect(f.miniAppId).toMatchObject({ fromEnv: true, value: 'wxminiappid00001' })
    expect(f.mchId).toMatchObject({ value: '1900000109', fromEnv: false })
    // At rest: encrypted, not the secret.
    const stored = (await t.db.selectFrom('shopSettings').select('value').where('key', '=', 'wechat').executeTakeFirstOrThrow()).value
    expect(stored).toContain('enc:v1:')
    for (const s of secrets()) expect(stored).not.toContain(s)
    // The pay code reads them: a WeChat Pay prepay goes through with the console's keys.
    expect(t.ctx.config.payProvider).toBe('wechatpay')
    expect(t.ctx.config.wechat.mchPrivateKey).toBe(gw.merchant.privateKey.trim())
    const me = await shopper(t)
    await t.db.updateTable('members').set({ openidH5: 'oH5Buyer0001' }).where('id', '=', me.memberId).execute()
    const g = await makeGoods(t, { skus: [{ price: 3000, stock: 5 }] })
    const o = await buyNow(t, me.token, g.skuId)
    const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'wechat_jsapi' }, me.token)
    expect(p.code).toBe(200)
    expect(gw.count('POST', '/v3/pay/transactions/jsapi')).toBe(1)
  })

  it('setup check: every piece passes against the recorded fakes; a wrong secret, a key pair that does not match and an unreachable notify URL are said in Chinese', async () => {
    // A shop that goes live has its own return address (设置 → 退货地址).
    const address = { name: '售后组', phone: '0571-88886666', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号 2 楼' }
    expect((await c.post('/return-addresses', address)).code).toBe(200)
    const ok = await c.get('/settings/doctor')
    expect(ok.code).toBe(200)
    const by = (r: any) => Object.fromEntries(r.checks.map((x: any) => [x.key, x]))
    const checks = by(ok.data)
    expect(checks.settingsKey.status).toBe('ok')
    expect(checks.officialAccount).toMatchObject({ status: 'ok' })
    expect(checks.miniProgram).toMatchObject({ status: 'ok' })
    expect(checks.jssdk.status).toBe('ok')
    expect(checks.jssdk.message).toContain('shop.example.com')
    expect(checks.miniDomain.message).toContain('https://shop.example.com')
    expect(checks.wechatPay).toMatchObject({ status: 'ok' })
    expect(checks.notifyUrl).toMatchObject({ status: 'ok' })
    expect(checks.returnAddress).toMatchObject({ status: 'ok', message: '默认退货地址：售后组 0571-88886666 浙江省杭州市西湖区文三路 100 号 2 楼' })
    expect(api.last('/cgi-bin/stable_token')?.body).toMatchObject({ grant_type: 'client_credential' })
    // WeChat Pay is on: the demo's SMS provider (codes only in the log) is an error until a real one is set.
    expect(checks.sms).toMatchObject({ status: 'error', message: expect.stringContaining('已开启微信支付') })
    const sms = await c.put('/settings/sms', {
      provider: 'tencent',
      secretId: 'AKIDexample0000000001',
      secretKey: 'ExampleSecretKey00000001',
      sdkAppId: '1400000001',
      signName: '橙子商城',
      templateId: '1234567',
    })
    expect(sms.code).toBe(200)
    expect(by(await runDoctor(t.ctx)).sms).toMatchObject({ status: 'ok', message: expect.stringContaining('腾讯云短信') })
    // The CLI runs the same service: one line per check, exit 0 when nothing is wrong.
    const out: string[] = []
    expect(await runAdminCommand(['doctor'], { config: t.ctx.config, db: t.db, http: t.ctx.http, out: (l) => out.push(l) })).toBe(0)
    expect(out.find((l) => l.includes('微信支付 v3'))).toMatch(/^✔ 微信支付 v3：商户 1900000109/)

    api.queue('/cgi-bin/stable_token', 'token_invalid')
    notifyReachable = false
    const other = pem()
    t.ctx.config.wechat = { ...t.ctx.config.wechat, mchPrivateKey: other.privateKey }
    const { resetPaymentProviders } = require('../src/payments')
    resetPaymentProviders()
    const bad = by(await runDoctor(t.ctx))
    expect(bad.officialAccount).toMatchObject({ status: 'error', message: expect.stringContaining('AppSecret 不正确') })
    expect(bad.jssdk.status).toBe('skip')
    expect(bad.wechatPay).toMatchObject({ status: 'error', message: expect.stringContaining('商户接口证书私钥与证书序列号不匹配') })
    expect(bad.notifyUrl).toMatchObject({ status: 'error', message: expect.stringContaining('无法访问通知地址') })
    const lines2: string[] = []
    expect(await runAdminCommand(['doctor'], { config: t.ctx.config, db: t.db, http: t.ctx.http, out: (l) => lines2.push(l) })).toBe(1)
    expect(lines2.some((l) => l.startsWith('✘ 支付通知地址'))).toBe(true)
    notifyReachable = true
    expect((await c.put('/settings/sms', { provider: 'log' })).code).toBe(200)
  })

  it("official-account template messages reach shoppers in WeChat's browser through /cgi-bin/message/template/send", async () => {
    expect((await c.put('/settings/messages/official/order_shipped', { templateId: 'OA-TPL-1', enabled: true, page: 'http://x', fields: {} })).msg).toBe(
      '公众号模板消息的跳转页须是 https:// 开头的网址',
    )
    expect(
      (
        await c.put('/settings/messages/official/order_shipped', {
          templateId: 'OA-TPL-1',
          enabled: true,
          page: 'https://shop.example.com/h5/#/pages/order/list',
          fields: { character_string1: 'orderNo', thing2: 'goodsName' },
        })
      ).code,
    ).toBe(200)
    const me = await shopper(t)
    await t.db.updateTable('members').set({ openidH5: 'oH5OnlyBuyer', openidMini: null }).where('id', '=', me.memberId).execute()
    await t.db.deleteFrom('messageOutbox').execute()
    await queueMessage(t.db, me.memberId, 'order_shipped', { orderNo: '2026112400001', goodsName: '赣南脐橙' })
    expect(await sendDueMessages(t.ctx)).toEqual({ sent: 1 })
    expect(api.last('/cgi-bin/message/template/send')?.body).toEqual({
      touser: 'oH5OnlyBuyer',
      template_id: 'OA-TPL-1',
      url: 'https://shop.example.com/h5/#/pages/order/list',
      data: { character_string1: { value: '2026112400001' }, thing2: { value: '赣南脐橙' } },
    })
    expect((await t.db.selectFrom('messageOutbox').select('status').executeTakeFirstOrThrow()).status).toBe('sent')
  })

  it('no settings answer, log line or audit row contains a secret or a private key', async () => {
    await c.get('/settings/wechat')
    await c.put('/settings/wechat', { h5Secret: H5_SECRET, mchPrivateKey: merchant.privateKey })
    // A refused body is logged with its validation details: the secret must not be in them either.
    expect((await c.put('/settings/wechat', { h5Secret: H5_SECRET, miniSecret: MINI_SECRET, apiV3Key: 12345 })).code).toBe(400)
    const audit = JSON.stringify(await t.db.selectFrom('auditLogs').selectAll().execute())
    expect(audit).toContain('settings.wechat')
    const everything = [...answers, audit, lines.join('')].join('\n')
    expect(lines.length).toBeGreaterThan(5)
    for (const s of secrets()) expect(everything).not.toContain(s)
    expect(everything).not.toMatch(/PRIVATE KEY/)
    // Not even the last characters: a hash-based fingerprint only.
    expect(everything).not.toMatch(/末4位/)
    const row = (await auditRows(t, 'settings.wechat')).pop()!
    expect(JSON.parse(row.afterJson!).h5Secret).toMatch(/^已设置 · 指纹 [0-9a-f]{8}$/)
  })
})
