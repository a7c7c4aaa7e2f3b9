// Logs in the merchant's words (issue 33): an order paid in the sandbox and shipped in the console answers its log
// with the payment method in words and the staff member who shipped it (found through the audit row), the order list
// carries the channel for 沙箱支付, and the member's points ledger answers reasons in words.
import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient } from './adminHelpers'
import { makeGoods, paidOrder, shopper } from './tradeFixtures'

describe.each(DIALECTS)('console logs in words (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let username: string
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    const s = await signIn(t, 'owner')
    username = s.username
    c = adminClient(t, s)
  }, 120_000)
  afterAll(() => t.close())

  it('the order log names the staff member who shipped and the payment method; the ledger its reasons', async () => {
    const g = await makeGoods(t, { name: '日志毛巾', skus: [{ price: 1990, stock: 10 }] })
    const who = await shopper(t)
    const orderNo = await paidOrder(t, who.token, g.skuIds[0])
    expect((await c.post(`/orders/${orderNo}/ship`, { expressCode: 'SF', trackingNo: 'SF1234567890' })).code).toBe(200)
    const d = (await c.get(`/orders/${orderNo}`)).data
    const steps = Object.fromEntries(d.timeline.map((l: { action: string }) => [l.action, l]))
    expect(steps.submit).toMatchObject({ operator: 'member', staffName: '' })
    expect(steps.pay.note).toMatch(/^沙箱支付，交易号 \S+$/)
    expect(steps.ship).toMatchObject({ operator: 'admin', staffName: username })
    const list = (await c.get('/orders', { phone: '13812345678' })).data.list
    expect(list.find((r: { orderNo: string }) => r.orderNo === orderNo).payChannel).toBe('sandbox')

    expect((await c.post(`/members/${who.memberId}/points`, { delta: 5, note: '补偿' })).code).toBe(200)
    const m = (await c.get(`/members/${who.memberId}`)).data
    expect(m.pointsLedger[0]).toMatchObject({ reason: '客服调整', note: '补偿' })
  })
})
