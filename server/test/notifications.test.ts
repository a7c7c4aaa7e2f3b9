import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, paidOrder, shopper } from './tradeFixtures'
import { FakeWechat } from './fakeWechat'
import { shipOrder } from '../src/modules/logistics/service'
import { sendDueMessages } from '../src/modules/notifications/service'
import { saveSubscribeTemplate } from '../src/modules/settings/service'
import { runAdminCommand } from '../src/adminCommands'

const TEMPLATES = {
  order_shipped: {
    templateId: 'TPL_SHIPPED_0001',
    page: 'minePages/order/detail',
    fields: { character_string1: 'orderNo', thing2: 'goodsName', thing3: 'expressName', character_string4: 'trackingNo' },
  },
  refund_arrived: { templateId: 'TPL_REFUND_0001', fields: { character_string1: 'orderNo', amount2: 'amount' } },
}

/** Subscribe messages (queued with the action, sent after it) and the review-mode switch, read without a new build. */
describe.each(DIALECTS)('subscribe messages and settings on %s', (dialect) => {
  let t: TestApp
  let api: FakeWechat
  beforeAll(async () => {
    api = new FakeWechat()
    t = await makeTestApp(dialect, { http: api, config: { subscribeTemplates: TEMPLATES } })
    t.ctx.config.wechat = { ...t.ctx.config.wechat, miniAppId: 'wx0miniappid000001', miniSecret: 'mini-secret' }
  })
  afterAll(async () => t.close())

  async function shippedOrder(openidMini: string | null) {
    const me = await shopper(t)
    await t.db.updateTable('members').set({ openidMini }).where('id', '=', me.memberId).execute()
    const g = await makeGoods(t, { name: '高山云雾茶', skus: [{ price: 5000, stock: 9 }] })
    const orderNo = await paidOrder(t, me.token, g.skuId, 1)
    await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', 'SF1357924680', 'admin')
    return orderNo
  }

  it('sends "order shipped" after the shipment, with the template fields from the settings', async () => {
    const orderNo = await shippedOrder('oMiniSub0001')
    api.reset()
    expect((await sendDueMessages(t.ctx)).sent).toBe(1)
    const call = api.last('/cgi-bin/message/subscribe/send')!
    expect(call.body).toEqual({
      touser: 'oMiniSub0001',
      template_id: 'TPL_SHIPPED_0001',
      page: 'minePages/order/detail',
      data: { character_string1: { value: orderNo }, thing2: { value: '高山云雾茶' }, thing3: { value: '顺丰速运' }, character_string4: { value: 'SF1357924680' } },
      miniprogram_state: 'formal',
      lang: 'zh_CN',
    })
    await sendDueMessages(t.ctx)
    expect(api.count('/cgi-bin/message/subscribe/send')).toBe(1)
  })

  it('a refusal (43101, no subscription) or a switched-off event never blocks the business action', async () => {
    const orderNo = await shippedOrder('oMiniSub0002')
    api.reset()
    api.queue('/cgi-bin/message/subscribe/send', 'subscribe_send_refused')
    await sendDueMessages(t.ctx)
    const row = await t.db.selectFrom('messageOutbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()
    expect(row).toMatchObject({ event: 'order_shipped', status: 'skipped', lastError: expect.stringMatching(/43101/) })
    expect((await t.db.selectFrom('orders').select('status').where('orderNo', '=', orderNo).executeTakeFirstOrThrow()).status).toBe('to_receive')

    await saveSubscribeTemplate(t.db, 'order_shipped', { enabled: false })
    await shippedOrder('oMiniSub0003')
    api.reset()
    await sendDueMessages(t.ctx)
    expect(api.count('/cgi-bin/message/subscribe/send')).toBe(0)
    expect((await t.db.selectFrom('messageOutbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()).status).toBe('skipped')
    await saveSubscribeTemplate(t.db, 'order_shipped', { enabled: true })
  })

  it('publishes review mode and the template ids per moment without a token; the CLI switches review mode', async () => {
    const before = await t.get('/api/settings/public')
    expect(before.data).toEqual({
      reviewMode: false,
      h5Pay: false,
      subscribe: { placeOrder: ['TPL_SHIPPED_0001', 'TPL_REFUND_0001'], afterSale: ['TPL_REFUND_0001'], withdraw: [], groupBuy: ['TPL_SHIPPED_0001'] },
    })
    const lines: string[] = []
    expect(await runAdminCommand(['review-mode', 'on'], { config: t.ctx.config, db: t.db, out: (l) => lines.push(l) })).toBe(0)
    expect(lines).toEqual(['审核模式：开启'])
    expect((await t.get('/api/settings/public')).data.reviewMode).toBe(true)
    await runAdminCommand(['review-mode', 'off'], { config: t.ctx.config, db: t.db, out: () => {} })
    expect((await t.get('/api/settings/public')).data.reviewMode).toBe(false)
  })
})
