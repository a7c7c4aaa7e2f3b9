import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, paidOrder, shopper } from './tradeFixtures'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { FakeKuaidi100, KD100, kd100Push } from './fakeKuaidi100'
import { shipOrder } from '../src/modules/logistics/service'
import { CONFIG_RETRY_MS, MAX_ATTEMPTS, QUERY_EVERY_MS, failedSubscriptionCount, failedSubscriptions, subscribeDue } from '../src/modules/logistics/tracking'
import { chinaTime, pushSign, querySign } from '../src/modules/logistics/kuaidi100'
import { autoAdvanceOrders } from '../src/modules/order/service'
import { failureCounts } from '../src/modules/settings/failures'
import { trackingCheck } from '../src/modules/logistics/doctor'

const DAY = 86400_000

/** Courier tracking through 快递100 (docs/orders.md "Courier tracking"), against the recorded fake. */
describe.each(DIALECTS)('courier tracking on %s', (dialect) => {
  let t: TestApp
  let kd: FakeKuaidi100
  let me: Awaited<ReturnType<typeof shopper>>
  let other: Awaited<ReturnType<typeof shopper>>
  let staff: AdminClient
  let skuId: number
  let seq = 0
  beforeAll(async () => {
    kd = new FakeKuaidi100()
    t = await makeTestApp(dialect, { http: kd, config: { kuaidi100: { ...KD100 } } })
    me = await shopper(t)
    other = await shopper(t)
    skuId = (await makeGoods(t, { skus: [{ price: 3000, stock: 500 }] })).skuId
    staff = adminClient(t, await signIn(t, 'operator'))
  })
  afterAll(async () => t.close())
  // Each test sends only its own subscriptions: what earlier tests left waiting is set aside.
  beforeEach(async () => {
    kd.reset()
    await t.db.updateTable('trackingSubscriptions').set({ status: 'skipped' }).where('status', '=', 'pending').execute()
  })

  /** A paid order of `me` shipped with a fresh waybill number. */
  async function shipped(expressCode = 'ZTO') {
    const orderNo = await paidOrder(t, me.token, skuId)
    seq += 1
    const trackingNo = `7310${Date.now() % 1e8}${String(seq).padStart(3, '0')}`
    await shipOrder(t.db, t.ctx.modules, orderNo, expressCode, trackingNo, 'admin')
    const s = await t.db.selectFrom('shipments as s').innerJoin('orders as o', 'o.id', 's.orderId').select(['s.id', 'o.id as orderId']).where('o.orderNo', '=', orderNo).executeTakeFirstOrThrow()
    return { orderNo, trackingNo, shipmentId: s.id, orderId: s.orderId }
  }
  const sub = (shipmentId: number) => t.db.selectFrom('trackingSubscriptions').selectAll().where('shipmentId', '=', shipmentId).executeTakeFirstOrThrow()
  const traces = (shipmentId: number) => t.db.selectFrom('logisticsTraces').select(['time', 'text', 'source']).where('shipmentId', '=', shipmentId).orderBy('time', 'desc').execute()
  const push = (payload: string) => t.app.inject({ method: 'POST', url: '/h5/api/logistics/kuaidi100', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload })

  it('signs as 快递100 documents: push md5(param + salt), query upper(md5(param + key + customer)); China times', () => {
    // Reference values computed independently (Python's hashlib).
    expect(pushSign('{"a":1}', 'SaltOfPush')).toBe('E193F8685865E51C7F87716101EAEBAC')
    expect(querySign('{"com":"zhongtong","num":"1"}', 'k', 'c')).toBe('69BB5CADD6A1445A7647FE77F99A099C')
    expect(chinaTime('2026-11-27 08:00:00')).toBe(Date.UTC(2026, 10, 27, 0, 0, 0))
    expect(chinaTime('not a time')).toBeNaN()
  })

  it('shipping writes no event and queues a subscription; the job subscribes outside the transaction with the documented form', async () => {
    const s = await shipped('ZTO')
    expect(await traces(s.shipmentId)).toEqual([])
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(kd.count('/poll')).toBe(0)
    await subscribeDue(t.ctx)
    const call = kd.last('/poll')!
    expect(call.form.schema).toBe('json')
    expect(call.param).toEqual({ company: 'zhongtong', number: s.trackingNo, key: KD100.key, parameters: { callbackurl: KD100.callbackUrl, salt: KD100.salt } })
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'subscribed', attempts: 1, lastCode: '200' })
    await subscribeDue(t.ctx)
    expect(kd.count('/poll')).toBe(1)
    const page = await t.get('/api/logistics/trace', { orderNo: s.orderNo }, me.token)
    expect(page.data).toMatchObject({ trackingState: '', live: true, traces: [] })
  })

  it("SF is subscribed with the receiver's phone", async () => {
    const s = await shipped('SF')
    await subscribeDue(t.ctx)
    expect(kd.last('/poll')!.param).toMatchObject({ company: 'shunfeng', parameters: { phone: expect.stringMatching(/^1\d{10}$/) } })
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'subscribed' })
  })

  it('return codes: 501 is subscribed, 600/601 wait without counting and reach the to-do list, 700-702 fail at once, 500 retries then fails', async () => {
    const dup = await shipped()
    kd.queue('/poll', 'subscribe_duplicate')
    await subscribeDue(t.ctx)
    expect(await sub(dup.shipmentId)).toMatchObject({ status: 'subscribed', lastCode: '501' })

    const before = await failedSubscriptionCount(t.db)
    const key = await shipped()
    const now = Date.now()
    kd.queue('/poll', 'subscribe_key_expired')
    await subscribeDue(t.ctx, now)
    const k = await sub(key.shipmentId)
    expect(k).toMatchObject({ status: 'pending', attempts: 0, lastCode: '601', lastError: expect.stringContaining('过期') })
    expect(Number(k.nextAt)).toBe(now + CONFIG_RETRY_MS)
    expect(await failedSubscriptionCount(t.db)).toBe(before + 1)
    await subscribeDue(t.ctx, now + CONFIG_RETRY_MS)
    expect(await sub(key.shipmentId)).toMatchObject({ status: 'subscribed' })

    const bad = await shipped()
    kd.queue('/poll', 'subscribe_unknown_company')
    await subscribeDue(t.ctx)
    expect(await sub(bad.shipmentId)).toMatchObject({ status: 'failed', lastCode: '702', lastError: expect.stringContaining('识别不到') })
    expect((await failedSubscriptions(t.db)).map((r) => r.orderNo)).toContain(bad.orderNo)
    expect((await failureCounts(t.db)).tracking).toBeGreaterThanOrEqual(1)

    const busy = await shipped()
    let at = Date.now()
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      kd.queue('/poll', 'subscribe_server_error')
      await subscribeDue(t.ctx, at)
      const r = await sub(busy.shipmentId)
      if (i < MAX_ATTEMPTS - 1) {
        expect(r).toMatchObject({ status: 'pending', attempts: i + 1, lastCode: '500' })
        // Not due before its backoff.
        await subscribeDue(t.ctx, Number(r.nextAt) - 1)
        at = Number(r.nextAt)
      } else expect(r).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    }
    expect(kd.count('/poll')).toBe(4 + MAX_ATTEMPTS)
  })

  it('a wrong key is refused by 快递100 (the fake checks it) and said in plain words', async () => {
    const s = await shipped()
    t.ctx.config.kuaidi100 = { ...KD100, key: 'WrongKey' }
    try {
      await subscribeDue(t.ctx)
    } finally {
      t.ctx.config.kuaidi100 = { ...KD100 }
    }
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'pending', lastCode: '600', lastError: expect.stringContaining('授权码不正确') })
  })

  it('nothing is sent while tracking is not set up; the page then says the courier is not live', async () => {
    t.ctx.config.kuaidi100 = { ...KD100, key: '', salt: '', callbackUrl: '' }
    try {
      const s = await shipped()
      expect(await subscribeDue(t.ctx)).toEqual({ done: 0, failed: 0, waiting: 0 })
      expect(kd.count('/poll')).toBe(0)
      expect((await t.get('/api/logistics/trace', { orderNo: s.orderNo }, me.token)).data.live).toBe(false)
      const r = await t.post('/api/logistics/refresh', { orderNo: s.orderNo }, me.token)
      expect(r.code).toBe(200)
      expect(kd.count('/poll/query.do')).toBe(0)
      expect(await sub(s.shipmentId)).toMatchObject({ status: 'pending' })
    } finally {
      t.ctx.config.kuaidi100 = { ...KD100 }
    }
  })

  it('a push is verified, stored once per event, answered after the commit; twice or out of order changes the trace once', async () => {
    const s = await shipped()
    await subscribeDue(t.ctx)
    const wb = { com: 'zhongtong', nu: s.trackingNo }

    const forged = kd100Push('push_transit', wb, 'not-the-salt')
    const refused = await push(forged.payload)
    expect(refused.json()).toEqual({ result: false, returnCode: '500', message: '签名错误' })
    expect(await traces(s.shipmentId)).toEqual([])

    const transit = kd100Push('push_transit', wb)
    const res = await push(transit.payload)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('{"result":true,"returnCode":"200","message":"成功"}')
    expect((await traces(s.shipmentId)).map((r) => [r.text, r.source])).toEqual([
      ['【杭州市】快件离开 杭州转运中心 已发往 杭州西湖营业部', 'courier'],
      ['【金华市】义乌营业部 已揽收', 'courier'],
    ])
    expect(Number((await traces(s.shipmentId))[1].time)).toBe(chinaTime('2026-11-26 10:03:27'))
    expect((await push(transit.payload)).json()).toMatchObject({ result: true })
    expect(await traces(s.shipmentId)).toHaveLength(2)

    const signed = kd100Push('push_signed', wb)
    await push(signed.payload)
    // The older push arriving late neither adds events nor takes the state back.
    await push(transit.payload)
    expect(await traces(s.shipmentId)).toHaveLength(4)
    const ship = await t.db.selectFrom('shipments').select(['trackingState', 'signedAt']).where('id', '=', s.shipmentId).executeTakeFirstOrThrow()
    expect(ship.trackingState).toBe('signed')
    expect(Number(ship.signedAt)).toBe(chinaTime('2026-11-27 11:20:31'))

    const page = (await t.get('/api/logistics/trace', { orderNo: s.orderNo }, me.token)).data
    expect(page).toMatchObject({ trackingState: 'signed', live: true })
    expect(page.traces[0]).toEqual({ time: chinaTime('2026-11-27 11:20:31'), text: '【杭州市】您的快件已签收，签收人：本人，如有疑问请联系派件员', typed: false })
    expect((await t.get('/api/order/detail', { orderNo: s.orderNo }, me.token)).data.shipment.latest.text).toContain('已签收')
    // Members never see another's logistics.
    expect((await t.get('/api/logistics/trace', { orderNo: s.orderNo }, other.token)).code).toBe(404)
    expect((await t.post('/api/logistics/refresh', { orderNo: s.orderNo }, other.token)).code).toBe(404)
  })

  it('a push for an unknown waybill, or for a refunded (cancelled) order, is answered and ignored', async () => {
    const unknown = kd100Push('push_transit', { com: 'zhongtong', nu: '999999999999' })
    expect((await push(unknown.payload)).json()).toEqual({ result: true, returnCode: '200', message: '成功' })
    const s = await shipped()
    await subscribeDue(t.ctx)
    await t.db.updateTable('orders').set({ status: 'cancelled', cancelReason: '已全额退款，交易关闭' }).where('id', '=', s.orderId).execute()
    expect((await push(kd100Push('push_transit', { com: 'zhongtong', nu: s.trackingNo }).payload)).json()).toMatchObject({ result: true, returnCode: '200' })
    expect(await traces(s.shipmentId)).toEqual([])
  })

  it("applies the courier's correction (comNew) to the shipment", async () => {
    const s = await shipped('STO')
    await subscribeDue(t.ctx)
    await push(kd100Push('push_corrected', { com: 'zhongtong', nu: s.trackingNo }).payload)
    const ship = await t.db.selectFrom('shipments').select(['expressCode', 'expressName', 'trackingState']).where('id', '=', s.shipmentId).executeTakeFirstOrThrow()
    expect(ship).toEqual({ expressCode: 'ZTO', expressName: '中通快递', trackingState: 'collected' })
  })

  it('an abort subscribes once more; a second abort is shown to staff', async () => {
    const s = await shipped()
    await subscribeDue(t.ctx)
    const abort = kd100Push('push_abort', { com: 'zhongtong', nu: s.trackingNo })
    expect((await push(abort.payload)).json()).toMatchObject({ result: true })
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'pending', resubscribed: 1 })
    await subscribeDue(t.ctx)
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'subscribed' })
    expect(kd.count('/poll')).toBe(2)
    await push(abort.payload)
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'aborted', lastError: expect.stringContaining('3天查询无记录') })
    const detail = await staff.get(`/orders/${s.orderNo}`)
    expect(detail.data.shipment).toMatchObject({ subscription: 'aborted', subscriptionProblem: expect.stringContaining('停止跟踪') })
  })

  it("the shopper's 刷新 queries 快递100 at most once per shipment per few minutes, signed as documented", async () => {
    const s = await shipped()
    await subscribeDue(t.ctx)
    const r = await t.post('/api/logistics/refresh', { orderNo: s.orderNo }, me.token)
    expect(r.code).toBe(200)
    const q = kd.last('/poll/query.do')!
    expect(q.param).toEqual({ com: 'zhongtong', num: s.trackingNo })
    expect(q.form).toMatchObject({ customer: KD100.customer, sign: querySign(q.form.param, KD100.key, KD100.customer) })
    expect(r.data.trackingState).toBe('delivering')
    expect(r.data.traces.map((x: any) => x.text)[0]).toContain('正在为您派件')
    expect(r.data.traces).toHaveLength(4)
    await t.post('/api/logistics/refresh', { orderNo: s.orderNo }, me.token)
    expect(kd.count('/poll/query.do')).toBe(1)
    // After the pause it may ask again; a later push with the same events adds nothing.
    await t.db
      .updateTable('trackingSubscriptions')
      .set({ queriedAt: Date.now() - QUERY_EVERY_MS - 1 })
      .where('shipmentId', '=', s.shipmentId)
      .execute()
    kd.queue('/poll/query.do', 'query_no_result')
    const again = await t.post('/api/logistics/refresh', { orderNo: s.orderNo }, me.token)
    expect(again.data.traces).toHaveLength(4)
    expect(kd.count('/poll/query.do')).toBe(2)
  })

  it("auto-receive counts from the courier's 签收 when known, else from shipping", async () => {
    const days = t.ctx.config.autoReceiveDays
    const signedLate = await shipped()
    const unsigned = await shipped()
    const shippedAt = Date.now() - (days + 1) * DAY
    for (const o of [signedLate, unsigned]) await t.db.updateTable('orders').set({ shippedAt }).where('id', '=', o.orderId).execute()
    await t.db
      .updateTable('shipments')
      .set({ signedAt: Date.now() - 2 * DAY, trackingState: 'signed' })
      .where('id', '=', signedLate.shipmentId)
      .execute()
    await autoAdvanceOrders(t.db, t.ctx.modules, Date.now(), 500, days)
    const status = async (id: number) => (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
    expect(await status(unsigned.orderId)).toBe('to_review')
    expect(await status(signedLate.orderId)).toBe('to_receive')
    await autoAdvanceOrders(t.db, t.ctx.modules, Date.now() + (days - 1) * DAY, 500, days)
    expect(await status(signedLate.orderId)).toBe('to_review')
    const log = await t.db.selectFrom('orderLogs').select('note').where('orderId', '=', signedLate.orderId).where('action', '=', 'receive').executeTakeFirstOrThrow()
    expect(log.note).toBe(`快递签收${days}天后自动确认收货`)
  })

  it("更正运单号 in the console: audited, the wrong waybill's courier events dropped, typed ones kept, subscribed again", async () => {
    const s = await shipped('STO')
    kd.queue('/poll', 'subscribe_bad_waybill')
    await subscribeDue(t.ctx)
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'failed', lastCode: '700' })
    let detail = await staff.get(`/orders/${s.orderNo}`)
    expect(detail.data.shipment).toMatchObject({ subscription: 'failed', subscriptionProblem: expect.stringContaining('不接受这个运单') })
    expect((await staff.post(`/orders/${s.orderNo}/trace`, { text: '仓库：包裹已交给快递员' })).code).toBe(200)
    await t.db.insertInto('logisticsTraces').values({ shipmentId: s.shipmentId, time: 1, text: '错单的轨迹', source: 'courier', createdAt: 1 }).execute()
    expect((await staff.post(`/orders/${s.orderNo}/waybill`, { expressCode: 'ZTO', trackingNo: '1' })).msg).toBe('运单号格式不正确')
    const ok = await staff.post(`/orders/${s.orderNo}/waybill`, { expressCode: 'ZTO', trackingNo: `${s.trackingNo}9` })
    expect(ok.code).toBe(200)
    expect((await traces(s.shipmentId)).map((r) => [r.text, r.source])).toEqual([['仓库：包裹已交给快递员', 'typed']])
    expect(await sub(s.shipmentId)).toMatchObject({ status: 'pending', attempts: 0, lastError: '' })
    await subscribeDue(t.ctx)
    expect(kd.last('/poll')!.param).toMatchObject({ company: 'zhongtong', number: `${s.trackingNo}9` })
    const [audit] = (await auditRows(t, 'order.waybill')).filter((r) => r.targetId === s.orderNo)
    expect(JSON.parse(audit.beforeJson!)).toEqual({ expressCode: 'STO', expressName: expect.stringMatching(/申通/), trackingNo: s.trackingNo })
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ expressCode: 'ZTO', trackingNo: `${s.trackingNo}9` })
    detail = await staff.get(`/orders/${s.orderNo}`)
    expect(detail.data.shipment).toMatchObject({ expressName: '中通快递', subscription: 'subscribed', subscriptionProblem: '' })
    expect(detail.data.shipment.traces).toEqual([expect.objectContaining({ text: '仓库：包裹已交给快递员', typed: true })])
    const page = (await t.get('/api/logistics/trace', { orderNo: s.orderNo }, me.token)).data
    expect(page.traces).toEqual([expect.objectContaining({ typed: true })])
  })

  it('设置 → 物流跟踪: server-set fields are read-only, secrets saved encrypted and never answered, audited; the setup check says whether tracking is live', async () => {
    const admin = adminClient(t, await signIn(t, 'owner'))
    const view = await admin.get('/logistics/settings')
    expect(view.data).toMatchObject({ live: true })
    expect(view.data.fields.find((f: any) => f.key === 'key')).toMatchObject({ set: true, value: '', fromServer: true, hint: expect.stringMatching(/^已设置 · 指纹 [0-9a-f]{8}/) })
    expect(JSON.stringify(view.data)).not.toContain(KD100.key)
    expect((await admin.put('/logistics/settings', { key: 'x' })).msg).toBe('「授权码」已在服务器配置中设置，不能在后台修改')
    expect((await adminClient(t, await signIn(t, 'service')).put('/logistics/settings', { customer: 'x' })).code).not.toBe(200)

    const saved = { ...t.ctx.config.kuaidi100 }
    const savedKey = t.ctx.config.settingsKey
    t.ctx.config.kuaidi100 = { key: '', customer: '', salt: '', callbackUrl: '', apiBase: KD100.apiBase }
    t.ctx.config.settingsKey = 'k'.repeat(40)
    try {
      const off = await trackingCheck(t.ctx)
      expect(off).toMatchObject({ status: 'skip', message: expect.stringContaining('未接入') })
      expect((await admin.put('/logistics/settings', { callbackUrl: 'not a url' })).msg).toContain('推送地址应是完整的网址')
      const put = await admin.put('/logistics/settings', { key: KD100.key, customer: KD100.customer, salt: KD100.salt, callbackUrl: 'http://shop.example.com/h5/api/logistics/kuaidi100' })
      expect(put.code).toBe(200)
      expect(put.data.live).toBe(true)
      expect(JSON.stringify(put.data)).not.toContain(KD100.key)
      const stored = await t.db.selectFrom('shopSettings').select('value').where('key', '=', 'kuaidi100').executeTakeFirstOrThrow()
      expect(stored.value).not.toContain(KD100.key)
      expect(stored.value).toContain('enc:v1:')
      const [audit] = (await auditRows(t, 'settings.tracking')).slice(-1)
      expect(audit.afterJson).not.toContain(KD100.key)
      // The console's values are used: a shipment is subscribed with them, and the check says so.
      const s = await shipped()
      await subscribeDue(t.ctx)
      expect(kd.last('/poll')!.param).toMatchObject({ key: KD100.key, parameters: { callbackurl: 'http://shop.example.com/h5/api/logistics/kuaidi100', salt: KD100.salt } })
      expect(await sub(s.shipmentId)).toMatchObject({ status: 'subscribed' })
      expect(await trackingCheck(t.ctx)).toMatchObject({ status: 'ok', message: expect.stringContaining('推送地址是不加密网址') })
      kd.queue('/poll', 'subscribe_bad_key')
      await shipped()
      await subscribeDue(t.ctx)
      expect(await trackingCheck(t.ctx)).toMatchObject({ status: 'error', message: expect.stringContaining('授权码不正确') })
      const doctor = await admin.get('/settings/doctor')
      expect(doctor.data.checks.find((c: any) => c.key === 'courierTracking')).toMatchObject({ status: 'error' })
    } finally {
      t.ctx.config.kuaidi100 = saved
      t.ctx.config.settingsKey = savedKey
      await t.db.deleteFrom('shopSettings').where('key', '=', 'kuaidi100').execute()
    }
  })
})
