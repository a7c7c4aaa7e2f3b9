import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { ADDRESS, buyNow, makeGoods, paidOrder, requestId } from './tradeFixtures'
import { routeRegistry } from '../src/plugins/auth'
import { approveApplication, rejectApplication, agentLogoffHint } from '../src/modules/agent/service'
import { payWithdrawal, rejectWithdrawal } from '../src/modules/agent/account'
import { releaseDueCommissions } from '../src/modules/agent/commission'
import { emitOrderEvent } from '../src/modules/order/events'
import { shipOrder } from '../src/modules/logistics/service'
import { withdrawFee } from '../../types/agent'
import { memberSeeder } from '../src/demo/member'
import { goodsSeeder } from '../src/demo/goods'
import { tradeSeeder } from '../src/demo/order'
import { afterSalesSeeder } from '../src/demo/afterSales'
import { agentSeeder } from '../src/demo/agent'

const DAY = 86_400_000
const ID_CARD = '110101199003074514'
const form = (over: Record<string, string> = {}) => ({
  shopName: `测试小店${Math.floor(Math.random() * 1e6)}`,
  realName: '张三',
  phone: '13912345678',
  idCard: ID_CARD,
  reason: '有稳定的客户资源',
  ...over,
})

interface Agent {
  token: string
  memberId: number
  shopId: number
}

/** A member who applies through the API and is approved by the operator. */
async function makeAgent(t: TestApp, realName = '张三'): Promise<Agent> {
  const token = await t.login(nextPhone())
  const res = await t.post('/api/business/agent/apply', form({ realName }), token)
  expect(res.code).toBe(200)
  const { shopId, memberId } = await approveApplication(t.db, res.data.application.id)
  return { token, memberId, shopId }
}

/** A shopper bound to a shop through its share link (bUid), with an address. */
async function boundShopper(t: TestApp, shopId: number) {
  const token = await t.login(nextPhone(), { shareBusinessId: String(shopId) })
  const me = await t.get('/api/member/getMemberInfo', {}, token)
  expect(me.data.boundBusinessId).toBe(shopId)
  expect((await t.post('/api/memberAddress/add', ADDRESS, token)).code).toBe(200)
  return { token, memberId: me.data.id as number }
}

async function account(t: TestApp, a: Agent) {
  return (await t.get('/api/business/withdraw/info', {}, a.token)).data.account
}

/** Ships, confirms receipt as the buyer, returns the order row. */
async function receive(t: TestApp, orderNo: string, buyerToken: string) {
  await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', `SF${Date.now()}${Math.floor(Math.random() * 1000)}`, 'admin')
  expect((await t.post('/api/order/confirmReceipt', { orderNo }, buyerToken)).code).toBe(200)
  return t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
}

/** Records a refund of `amount` on every line of the order the way after-sales does, and emits the event. */
async function refund(t: TestApp, orderNo: string, amountPerLine: number, fullyRefunded: boolean) {
  const o = await t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
  const items = await t.db.selectFrom('orderItems').selectAll().where('orderId', '=', o.id).execute()
  await t.db.transaction().execute(async (tx) => {
    for (const i of items)
      await tx
        .updateTable('orderItems')
        .set({ refundedAmount: i.refundedAmount + amountPerLine })
        .where('id', '=', i.id)
        .execute()
    await emitOrderEvent(tx, t.ctx.modules, 'refunded', {
      orderId: o.id,
      orderNo,
      memberId: o.memberId,
      boundBusinessId: o.boundBusinessId,
      afterSaleId: 1,
      afterSaleNo: `AS${Date.now()}`,
      refundNo: `RF${Date.now()}`,
      amount: amountPerLine * items.length,
      freightAmount: 0,
      items: items.map((i) => ({ orderItemId: i.id, goodsId: i.goodsId, skuId: i.skuId, quantity: 1, amount: amountPerLine })),
      fullyRefunded,
      pointsReturn: 0,
      couponId: null,
      operator: 'admin',
    })
  })
}

describe.each(DIALECTS)('agent back office on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(async () => t.close())

  it('applies with the spec rules, shows pending and rejected states, reapplies and is approved', async () => {
    const token = await t.login(nextPhone())
    const before = await t.get('/api/business/agent/toApply', {}, token)
    expect(before.data).toMatchObject({ state: 'none', application: null, shop: null })
    expect(before.data.options.reasonPresets.length).toBeGreaterThan(0)
    expect((await t.post('/api/business/agent/apply', form({ phone: '12345678901' }), token)).msg).toBe('请输入正确的手机号')
    expect((await t.post('/api/business/agent/apply', form({ idCard: '110101199003074515' }), token)).msg).toBe('请输入正确的18位身份证号')
    expect((await t.post('/api/business/agent/apply', form({ shopName: '店' }), token)).code).toBe(400)
    const applied = await t.post('/api/business/agent/apply', form({ shopName: '申请测试店' }), token)
    expect(applied.code).toBe(200)
    expect(applied.data.state).toBe('pending')
    expect(applied.data.application.idCard).toBe('110101********4514')
    expect((await t.get('/api/member/getMemberInfo', {}, token)).data).toMatchObject({ agentStatus: 'pending', isAgent: false, businessId: null })
    expect((await t.post('/api/business/agent/apply', form(), token)).code).toBe(5002)
    expect((await t.get('/api/business/home', {}, token)).code).toBe(5001)

    await rejectApplication(t.db, applied.data.application.id, '资料不完整')
    const rejected = await t.get('/api/business/agent/toApply', {}, token)
    expect(rejected.data).toMatchObject({ state: 'rejected', application: { rejectReason: '资料不完整' } })
    expect((await t.get('/api/member/getMemberInfo', {}, token)).data.agentStatus).toBe('rejected')
    await expect(rejectApplication(t.db, applied.data.application.id, '再次')).rejects.toThrow()

    const again = await t.post('/api/business/agent/apply', form({ shopName: '申请测试店' }), token)
    expect(again.data.state).toBe('pending')
    const { shopId } = await approveApplication(t.db, again.data.application.id)
    const info = (await t.get('/api/member/getMemberInfo', {}, token)).data
    expect(info).toMatchObject({ agentStatus: 'approved', isAgent: true, businessId: shopId, shopName: '申请测试店' })
    expect((await t.get('/api/business/agent/toApply', {}, token)).data).toMatchObject({ state: 'approved', shop: { id: shopId, shopName: '申请测试店' } })
    expect((await t.post('/api/business/agent/apply', form(), token)).code).toBe(5002)
    expect((await t.get('/api/business/home', {}, token)).code).toBe(200)
    await expect(approveApplication(t.db, again.data.application.id)).rejects.toThrow(/已处理/)
  })

  it('refuses the same shop name while another application or shop has it', async () => {
    const a = await makeAgent(t)
    const name = (await t.get('/api/business/home', {}, a.token)).data.shop.shopName
    const other = await t.login(nextPhone())
    const res = await t.post('/api/business/agent/apply', form({ shopName: name }), other)
    expect(res.code).toBe(409)
  })

  it('refuses a non-agent on every back-office route with code 5001 and no data, and a visitor with 403', async () => {
    const routes = (routeRegistry.get(t.db) || []).filter((r) => r.url.startsWith('/h5/api/business/') && (r.auth === 'agent' || r.auth === 'agentAccount'))
    expect(routes.length).toBeGreaterThanOrEqual(17)
    const member = await t.login(nextPhone())
    // Valid input from each route's schema, so the refusal comes from the auth check, not the validation.
    const sample = (schema: any): any => {
      if (!schema) return undefined
      if (schema.enum) return schema.enum[0]
      if (schema.type === 'integer') return Math.max(1, schema.minimum || 1)
      if (schema.type === 'array') return [sample(schema.items)]
      if (schema.type === 'object') return Object.fromEntries((schema.required || []).map((k: string) => [k, sample(schema.properties[k])]))
      return 'a'.repeat(Math.max(8, schema.minLength || 1))
    }
    for (const r of routes) {
      const path = r.url.replace('/h5', '')
      const input = sample(r.method === 'GET' ? r.schema.querystring : r.schema.body) || {}
      const res = r.method === 'GET' ? await t.get(path, input, member) : await t.post(path, input, member)
      expect({ path, code: res.code, data: res.data }).toEqual({ path, code: 5001, data: {} })
      const anon = r.method === 'GET' ? await t.get(path, input) : await t.post(path, input)
      expect(anon.code).toBe(403)
    }
  })

  it('binds a new shopper to the shop of the link; the first binding wins', async () => {
    const a = await makeAgent(t)
    const b = await makeAgent(t)
    const phone = nextPhone()
    await t.login(phone, { shareBusinessId: String(a.shopId), shareMemberId: String(a.memberId) })
    await t.login(phone, { shareBusinessId: String(b.shopId), shareMemberId: String(b.memberId) })
    const row = await t.db.selectFrom('members').select(['boundBusinessId', 'shareMemberId']).where('phone', '=', phone).executeTakeFirstOrThrow()
    expect(row).toEqual({ boundBusinessId: a.shopId, shareMemberId: a.memberId })
    // A sharer who is an agent binds to the sharer's own shop when the link has no bUid.
    const phone2 = nextPhone()
    await t.login(phone2, { shareMemberId: String(b.memberId) })
    expect((await t.db.selectFrom('members').select('boundBusinessId').where('phone', '=', phone2).executeTakeFirstOrThrow()).boundBusinessId).toBe(b.shopId)
  })

  it('manages acting goods: add from the catalogue, shelf on / off, remove; commission shown at the right rate', async () => {
    const a = await makeAgent(t)
    const g1 = await makeGoods(t, { skus: [{ price: 12000, stock: 10 }] })
    const g2 = await makeGoods(t, { skus: [{ price: 5000, stock: 10 }] })
    await t.db.updateTable('goods').set({ commissionRate: 2000 }).where('id', '=', g2.goodsId).execute()
    const off = await makeGoods(t, { status: 'off' })
    expect((await t.post('/api/business/goods/add', { goodsIds: [off.goodsId] }, a.token)).code).toBe(2002)
    expect((await t.post('/api/business/goods/add', { goodsIds: [g1.goodsId, g2.goodsId] }, a.token)).data.added).toBe(2)
    expect((await t.post('/api/business/goods/add', { goodsIds: [g1.goodsId] }, a.token)).data.added).toBe(0)
    const list = await t.get('/api/business/goods/list', {}, a.token)
    expect(list.data.total).toBe(2)
    const byId = (id: number) => list.data.list.find((x: any) => x.goodsId === id)
    expect(byId(g1.goodsId)).toMatchObject({ status: 'on', commissionRate: 1000, commission: 1200 })
    expect(byId(g2.goodsId)).toMatchObject({ commissionRate: 2000, commission: 1000 })
    const cat = await t.get('/api/business/goods/catalogue', { pageSize: 100 }, a.token)
    expect(cat.data.list.find((x: any) => x.goodsId === g1.goodsId).added).toBe(true)
    expect(cat.data.list.some((x: any) => x.goodsId === off.goodsId)).toBe(false)
    expect((await t.post('/api/business/goods/setStatus', { goodsId: g1.goodsId, status: 'off' }, a.token)).code).toBe(200)
    expect((await t.get('/api/business/goods/list', { tab: 'on' }, a.token)).data.list.map((x: any) => x.goodsId)).toEqual([g2.goodsId])
    expect((await t.post('/api/business/goods/remove', { goodsId: g1.goodsId }, a.token)).code).toBe(200)
    expect((await t.post('/api/business/goods/remove', { goodsId: g1.goodsId }, a.token)).code).toBe(404)
  })

  it('commission: frozen at payment (shelf goods only, goods rate before shop rate), released after the window, never for the agent itself', async () => {
    const a = await makeAgent(t)
    const onShelf = await makeGoods(t, { skus: [{ price: 20000, stock: 20 }] })
    const special = await makeGoods(t, { skus: [{ price: 10000, stock: 20 }] })
    const notShelf = await makeGoods(t, { skus: [{ price: 30000, stock: 20 }] })
    await t.db.updateTable('goods').set({ commissionRate: 1500 }).where('id', '=', special.goodsId).execute()
    await t.post('/api/business/goods/add', { goodsIds: [onShelf.goodsId, special.goodsId] }, a.token)
    const s = await boundShopper(t, a.shopId)

    const o1 = await paidOrder(t, s.token, onShelf.skuId, 1) // 200.00 × 10 % = 20.00
    const o2 = await paidOrder(t, s.token, special.skuId, 1) // 100.00 × 15 % = 15.00
    const o3 = await paidOrder(t, s.token, notShelf.skuId, 1) // not resold: none
    expect(await account(t, a)).toMatchObject({ frozen: 3500, available: 0 })
    const detail = await t.get('/api/business/order/detail', { orderNo: o2 }, a.token)
    expect(detail.data).toMatchObject({ commission: 1500, commissionStatus: 'frozen', releaseAt: null })
    expect(detail.data.items[0]).toMatchObject({ commissionRate: 1500, commission: 1500 })
    expect((await t.get('/api/business/order/detail', { orderNo: o3 }, a.token)).data.commissionStatus).toBe('none')

    // The agent buying in its own shop earns nothing.
    await t.post('/api/memberAddress/add', ADDRESS, a.token)
    await t.db.updateTable('members').set({ boundBusinessId: a.shopId }).where('id', '=', a.memberId).execute()
    await paidOrder(t, a.token, onShelf.skuId, 1)
    expect((await account(t, a)).frozen).toBe(3500)

    const row = await receive(t, o1, s.token)
    const c = await t.db.selectFrom('commissions').selectAll().where('orderId', '=', row.id).executeTakeFirstOrThrow()
    expect(c.releaseAt).toBe(Number(row.receivedAt) + 7 * DAY)
    expect(await releaseDueCommissions(t.db, Date.now())).toBe(0)
    expect(await releaseDueCommissions(t.db, Number(row.receivedAt) + 7 * DAY + 1)).toBe(1)
    expect(await releaseDueCommissions(t.db, Number(row.receivedAt) + 7 * DAY + 1)).toBe(0)
    expect(await account(t, a)).toMatchObject({ frozen: 1500, available: 2000, totalCommission: 3500, settledCommission: 2000 })
    expect((await t.get('/api/business/order/detail', { orderNo: o1 }, a.token)).data.commissionStatus).toBe('released')

    const ledger = await t.get('/api/business/ledger/list', { filter: 'commission' }, a.token)
    expect(ledger.data.list.map((e: any) => [e.type, e.amount])).toEqual([
      ['commission_released', 2000],
      ['commission_frozen', 1500],
      ['commission_frozen', 2000],
    ])
    expect(ledger.data.list[0]).toMatchObject({ availableAfter: 2000, frozenAfter: 1500, orderNo: o1 })
  })

  it('commission: a refund shrinks it in proportion, a full refund cancels it, an open after-sales case holds the release', async () => {
    const a = await makeAgent(t)
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 20 }] })
    await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)
    const s = await boundShopper(t, a.shopId)
    const o1 = await paidOrder(t, s.token, g.skuId, 1)
    const o2 = await paidOrder(t, s.token, g.skuId, 1)
    expect((await account(t, a)).frozen).toBe(2000)

    await refund(t, o1, 4000, false) // 60.00 stays paid: 6.00
    expect((await t.get('/api/business/order/detail', { orderNo: o1 }, a.token)).data).toMatchObject({ commission: 600, commissionStatus: 'frozen' })
    expect((await account(t, a)).frozen).toBe(1600)
    await refund(t, o1, 6000, true)
    expect((await t.get('/api/business/order/detail', { orderNo: o1 }, a.token)).data.commissionStatus).toBe('cancelled')
    expect((await account(t, a)).frozen).toBe(1000)
    const types = (await t.get('/api/business/ledger/list', {}, a.token)).data.list.map((e: any) => [e.type, e.amount])
    expect(types.slice(0, 2)).toEqual([
      ['commission_cancelled', -600],
      ['commission_adjusted', -400],
    ])

    const row = await receive(t, o2, s.token)
    await t.db.updateTable('orders').set({ afterSaleStatus: 'processing' }).where('id', '=', row.id).execute()
    const after = Number(row.receivedAt) + 7 * DAY + 1
    expect(await releaseDueCommissions(t.db, after)).toBe(0)
    await t.db.updateTable('orders').set({ afterSaleStatus: 'finished' }).where('id', '=', row.id).execute()
    expect(await releaseDueCommissions(t.db, after)).toBe(1)
    expect(await account(t, a)).toMatchObject({ frozen: 0, available: 1000 })
  })

  it('keeps agents apart: orders, users, ledger, footprints and shares of one shop are invisible to another', async () => {
    const a = await makeAgent(t)
    const b = await makeAgent(t)
    const g = await makeGoods(t, { skus: [{ price: 8800, stock: 20 }] })
    await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)
    const s = await boundShopper(t, a.shopId)
    const orderNo = await paidOrder(t, s.token, g.skuId, 1)
    await t.get('/api/goods/detail', { id: g.goodsId }, s.token)

    expect((await t.get('/api/business/order/list', {}, a.token)).data.list.map((o: any) => [o.orderNo, o.statusText])).toEqual([[orderNo, '待发货']])
    // The agent reads the shopper's words: a pickup order waiting at the point is 待自提, not 待发货.
    await t.db.updateTable('orders').set({ deliveryType: 'pickup' }).where('orderNo', '=', orderNo).execute()
    expect((await t.get('/api/business/order/list', {}, a.token)).data.list[0].statusText).toBe('待自提')
    await t.db.updateTable('orders').set({ deliveryType: 'delivery' }).where('orderNo', '=', orderNo).execute()
    expect((await t.get('/api/business/users/list', {}, a.token)).data.list.map((u: any) => u.id)).toEqual([s.memberId])
    expect((await t.get('/api/business/footprints/list', {}, a.token)).data.total).toBe(1)
    expect((await t.get('/api/business/ledger/list', {}, a.token)).data.total).toBe(1)

    expect((await t.get('/api/business/order/list', {}, b.token)).data).toMatchObject({ list: [], total: 0 })
    expect((await t.get('/api/business/order/detail', { orderNo }, b.token)).code).toBe(404)
    expect((await t.get('/api/business/order/list', { buyerId: s.memberId }, b.token)).data.total).toBe(0)
    expect((await t.get('/api/business/users/list', {}, b.token)).data.total).toBe(0)
    expect((await t.get('/api/business/footprints/list', { memberId: s.memberId }, b.token)).data.total).toBe(0)
    expect((await t.get('/api/business/ledger/list', {}, b.token)).data.total).toBe(0)
    expect((await t.get('/api/business/withdraw/info', {}, b.token)).data.account).toMatchObject({ available: 0, frozen: 0 })
    expect((await t.post('/api/business/goods/setStatus', { goodsId: g.goodsId, status: 'off' }, b.token)).code).toBe(404)
    expect((await t.get('/api/business/flow/summary', {}, b.token)).data.totals).toEqual({ pv: 0, uv: 0 })
    expect((await t.get('/api/business/share/goods', { goodsId: g.goodsId }, b.token)).data).toMatchObject({ onShelf: false, commission: 0 })
  })

  it('withdraws: account rules, fee, concurrent applications never exceed the balance, reject returns the money, pay settles it', async () => {
    const a = await makeAgent(t, '李四')
    const g = await makeGoods(t, { skus: [{ price: 100000, stock: 20 }] })
    await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)
    const s = await boundShopper(t, a.shopId)
    const orderNo = await paidOrder(t, s.token, g.skuId, 1) // 1000.00 × 10 % = 100.00
    const row = await receive(t, orderNo, s.token)
    await releaseDueCommissions(t.db, Number(row.receivedAt) + 7 * DAY + 1)
    expect((await account(t, a)).available).toBe(10000)

    expect((await t.post('/api/business/withdraw/apply', { amount: 3000, method: 'bank', requestId: requestId() }, a.token)).msg).toBe('请先设置银行卡提现账户')
    expect((await t.post('/api/business/withdraw/saveAccount', { method: 'bank', accountName: '王五', accountNo: '6222021202041234567', bankName: '工商银行' }, a.token)).msg).toMatch(/李四/)
    expect((await t.post('/api/business/withdraw/saveAccount', { method: 'bank', accountName: '李四', accountNo: '6222', bankName: '工商银行' }, a.token)).msg).toBe('请输入正确的银行卡号')
    expect((await t.post('/api/business/withdraw/saveAccount', { method: 'wechat', accountName: '李四' }, a.token)).code).toBe(400)
    const saved = await t.post(
      '/api/business/withdraw/saveAccount',
      { method: 'bank', accountName: '李四', accountNo: '6222 0212 0204 1234 567', bankName: '工商银行', bankBranch: '西湖支行' },
      a.token,
    )
    expect(saved.data).toEqual([{ method: 'bank', accountName: '李四', accountText: '**** 4567', bankName: '工商银行', bankBranch: '西湖支行' }])
    expect((await t.post('/api/business/withdraw/apply', { amount: 999, method: 'bank', requestId: requestId() }, a.token)).code).toBe(400)

    // Eight concurrent applications of 40.00 against 100.00: exactly two go through.
    const results = await Promise.all(Array.from({ length: 8 }, () => t.post('/api/business/withdraw/apply', { amount: 4000, method: 'bank', requestId: requestId() }, a.token)))
    const ok = results.filter((r) => r.code === 200)
    expect(ok).toHaveLength(2)
    expect(results.filter((r) => r.code !== 200).every((r) => r.code === 4001)).toBe(true)
    expect(ok[0].data).toMatchObject({ amount: 4000, fee: withdrawFee(4000), actualAmount: 4000 - 24, status: 'pending' })
    expect(await account(t, a)).toMatchObject({ available: 2000, withdrawing: 8000 })

    // A repeated requestId answers the same withdrawal.
    const rid = requestId()
    const w3 = await t.post('/api/business/withdraw/apply', { amount: 1000, method: 'bank', requestId: rid }, a.token)
    const w3again = await t.post('/api/business/withdraw/apply', { amount: 1000, method: 'bank', requestId: rid }, a.token)
    expect(w3again.data.withdrawNo).toBe(w3.data.withdrawNo)
    expect((await account(t, a)).available).toBe(1000)
    // Daily limit: three a day.
    expect((await t.post('/api/business/withdraw/apply', { amount: 1000, method: 'bank', requestId: requestId() }, a.token)).code).toBe(1001)

    await rejectWithdrawal(t.db, ok[0].data.withdrawNo, '银行卡信息有误')
    await expect(rejectWithdrawal(t.db, ok[0].data.withdrawNo, '再次')).rejects.toThrow()
    await payWithdrawal(t.db, ok[1].data.withdrawNo)
    await expect(payWithdrawal(t.db, ok[1].data.withdrawNo)).rejects.toThrow()
    expect(await account(t, a)).toMatchObject({ available: 5000, withdrawing: 1000, withdrawn: 4000 })
    const list = await t.get('/api/business/withdraw/list', {}, a.token)
    expect(list.data.list.map((w: any) => w.status).sort()).toEqual(['paid', 'pending', 'rejected'])
    const ledger = await t.get('/api/business/ledger/list', { filter: 'withdraw' }, a.token)
    expect(ledger.data.list.map((e: any) => e.type)).toEqual(['withdraw_paid', 'withdraw_rejected', 'withdraw_apply', 'withdraw_apply', 'withdraw_apply'])
    const rows = await t.db.selectFrom('agentLedger').selectAll().where('shopId', '=', a.shopId).execute()
    expect(rows.every((r) => r.availableAfter >= 0 && r.frozenAfter >= 0 && r.withdrawingAfter >= 0)).toBe(true)
    const sum = rows.reduce((s2, r) => s2 + r.availableChange, 0)
    expect(sum).toBe(5000)
  })

  it('the home figures reconcile with the ledger after orders, receipts, refunds, releases and withdrawals', async () => {
    const a = await makeAgent(t, '赵六')
    const g = await makeGoods(t, { skus: [{ price: 50000, stock: 50 }] })
    await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)
    const s = await boundShopper(t, a.shopId)
    await t.post('/api/business/withdraw/saveAccount', { method: 'bank', accountName: '赵六', accountNo: '6222021202041234567', bankName: '工商银行' }, a.token)
    const home = async () => (await t.get('/api/business/home', {}, a.token)).data
    /** What the figures must be, from the ledger and the commissions alone. */
    const fromLedger = async () => {
      const rows = await t.db.selectFrom('agentLedger').selectAll().where('shopId', '=', a.shopId).execute()
      const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + Number(f(r)), 0)
      const withdrawn = sum((r) => (r.type === 'withdraw_paid' ? -r.withdrawingChange : 0))
      const comms = await t.db.selectFrom('commissions').select(['amount', 'status']).where('shopId', '=', a.shopId).execute()
      const earned = comms.filter((c) => c.status !== 'cancelled').reduce((n, c) => n + Number(c.amount), 0)
      const released = comms.filter((c) => c.status === 'released').reduce((n, c) => n + Number(c.amount), 0)
      return { available: sum((r) => r.availableChange), frozen: sum((r) => r.frozenChange), withdrawing: sum((r) => r.withdrawingChange), withdrawn, earned, released }
    }
    const check = async () => {
      const h = await home()
      const l = await fromLedger()
      const acc = h.account
      expect(acc).toMatchObject({ available: l.available, frozen: l.frozen, withdrawing: l.withdrawing, withdrawn: l.withdrawn })
      // 累计佣金 = available + frozen + withdrawing + withdrawn = every commission earned, net of refunds.
      expect(acc.totalCommission).toBe(acc.available + acc.frozen + acc.withdrawing + acc.withdrawn)
      expect(acc.totalCommission).toBe(l.earned)
      // 已结算 = what was released = available + withdrawing + withdrawn.
      expect(acc.settledCommission).toBe(l.released)
      expect(acc.settledCommission).toBe(acc.available + acc.withdrawing + acc.withdrawn)
      expect(acc.totalCommission).toBeGreaterThanOrEqual(acc.frozen)
      expect(acc.totalCommission).toBeGreaterThanOrEqual(acc.available)
      // Everything happened this month: the month's commission is the total earned.
      expect(h.month.commission).toBe(acc.totalCommission)
      return acc
    }
    const o1 = await paidOrder(t, s.token, g.skuId, 1) // 50.00
    const o2 = await paidOrder(t, s.token, g.skuId, 1) // 50.00
    const o3 = await paidOrder(t, s.token, g.skuId, 1) // 50.00
    expect(await check()).toMatchObject({ totalCommission: 15000, frozen: 15000 })
    await refund(t, o3, 20000, false) // 300.00 stays paid: 30.00
    expect(await check()).toMatchObject({ totalCommission: 13000 })
    const r1 = await receive(t, o1, s.token)
    const r2 = await receive(t, o2, s.token)
    await releaseDueCommissions(t.db, Math.max(Number(r1.receivedAt), Number(r2.receivedAt)) + 7 * DAY + 1)
    expect(await check()).toMatchObject({ available: 10000, frozen: 3000, totalCommission: 13000, settledCommission: 10000 })
    const w1 = await t.post('/api/business/withdraw/apply', { amount: 4000, method: 'bank', requestId: requestId() }, a.token)
    const w2 = await t.post('/api/business/withdraw/apply', { amount: 2000, method: 'bank', requestId: requestId() }, a.token)
    const w3 = await t.post('/api/business/withdraw/apply', { amount: 1000, method: 'bank', requestId: requestId() }, a.token)
    expect(await check()).toMatchObject({ available: 3000, withdrawing: 7000, totalCommission: 13000 })
    await payWithdrawal(t.db, w1.data.withdrawNo)
    await rejectWithdrawal(t.db, w2.data.withdrawNo, '信息有误')
    expect(await check()).toMatchObject({ available: 5000, withdrawing: 1000, withdrawn: 4000, totalCommission: 13000 })
    await refund(t, o3, 30000, true) // the rest refunded: its commission is cancelled
    expect(await check()).toMatchObject({ frozen: 0, totalCommission: 10000, settledCommission: 10000 })
    await payWithdrawal(t.db, w3.data.withdrawNo)
    expect(await check()).toMatchObject({ available: 5000, withdrawing: 0, withdrawn: 5000, totalCommission: 10000 })
  })

  it('counts traffic: link visits and bound shoppers viewing goods, by day and by goods; footprints and users', async () => {
    const a = await makeAgent(t)
    const g = await makeGoods(t, { name: '流量测试商品', skus: [{ price: 3000, stock: 20 }] })
    await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)
    const page = `/goodsPages/details/details?id=${g.goodsId}`
    expect((await t.post('/api/business/visit', { bUid: a.shopId, page, visitorKey: 'visitor-key-0001' })).data.recorded).toBe(true)
    expect((await t.post('/api/business/visit', { bUid: a.shopId, page, visitorKey: 'visitor-key-0001' })).data.recorded).toBe(false)
    expect((await t.post('/api/business/visit', { bUid: a.shopId, page: '/pages/home/index', visitorKey: 'visitor-key-0002' })).data.recorded).toBe(true)
    expect((await t.post('/api/business/visit', { bUid: 999999, page })).data.recorded).toBe(false)
    expect((await t.post('/api/business/visit', { bUid: a.shopId, page }, a.token)).data.recorded).toBe(false)

    const s = await boundShopper(t, a.shopId)
    await t.db.updateTable('members').set({ nickname: '流量用户' }).where('id', '=', s.memberId).execute()
    expect((await t.get('/api/goods/detail', { id: g.goodsId }, s.token)).code).toBe(200)
    await new Promise((r) => setTimeout(r, 100))
    const flow = await t.get('/api/business/flow/summary', { days: 7 }, a.token)
    expect(flow.data.series).toHaveLength(7)
    expect(flow.data.series[6]).toMatchObject({ pv: 3, uv: 3 })
    expect(flow.data.totals).toEqual({ pv: 3, uv: 3 })
    expect(flow.data.goods).toEqual([{ goodsId: g.goodsId, name: '流量测试商品', mainImage: expect.any(String), pv: 2, uv: 2 }])
    expect((await t.get('/api/business/flow/summary', { days: 7, goodsId: g.goodsId }, a.token)).data.totals).toEqual({ pv: 2, uv: 2 })

    const fp = await t.get('/api/business/footprints/list', {}, a.token)
    expect(fp.data.list).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: s.memberId, nickname: '流量用户' }), goods: expect.objectContaining({ id: g.goodsId }) })])

    await paidOrder(t, s.token, g.skuId, 2)
    const users = await t.get('/api/business/users/list', { keyword: '流量' }, a.token)
    expect(users.data.list).toEqual([expect.objectContaining({ id: s.memberId, orderCount: 1, spend: 6000 + 800 })])
    expect((await t.get('/api/business/users/list', { keyword: '不存在的人' }, a.token)).data.total).toBe(0)
    const home = await t.get('/api/business/home', {}, a.token)
    expect(home.data.today).toMatchObject({ orders: 1, sales: 6800, commission: 600, visitors: 3, views: 3, newUsers: 1 })
    expect(home.data).toMatchObject({ users: 1, actingGoods: 1 })
  })

  it('shares a goods of the shop: goods, its page and the commission when it is on the shelf', async () => {
    const a = await makeAgent(t)
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 5 }] })
    expect((await t.get('/api/business/share/goods', { goodsId: g.goodsId }, a.token)).data).toMatchObject({ onShelf: false, commission: 0, page: 'goodsPages/details/details' })
    await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)
    expect((await t.get('/api/business/share/goods', { goodsId: g.goodsId }, a.token)).data).toMatchObject({ onShelf: true, commission: 500 })
  })

  it('gives the logoff page a hint for agents and nothing for others', async () => {
    const a = await makeAgent(t)
    const hint = await agentLogoffHint(t.db, a.memberId)
    expect(hint.isAgent).toBe(true)
    expect(hint.hint).toMatch(/注销账号将同时关闭代理店铺/)
    const m = await t.login(nextPhone())
    const me = await t.get('/api/member/getMemberInfo', {}, m)
    expect(await agentLogoffHint(t.db, me.data.id)).toEqual({ isAgent: false, hint: '' })
  })

  it('books no commission for an unpaid order and nothing twice for a repeated payment hook', async () => {
    const a = await makeAgent(t)
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 5 }] })
    await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)
    const s = await boundShopper(t, a.shopId)
    const o = await buyNow(t, s.token, g.skuId, 1)
    expect(o.code).toBe(200)
    expect((await account(t, a)).frozen).toBe(0)
    expect((await t.post('/api/order/cancel', { orderNo: o.data.orderNo }, s.token)).code).toBe(200)
    const paid = await paidOrder(t, s.token, g.skuId, 1)
    const row = await t.db.selectFrom('orders').selectAll().where('orderNo', '=', paid).executeTakeFirstOrThrow()
    const items = await t.db.selectFrom('orderItems').selectAll().where('orderId', '=', row.id).execute()
    const { bookCommission } = await import('../src/modules/agent/commission')
    expect(await t.db.transaction().execute((tx) => bookCommission(tx, row, items))).toBe(0)
    expect((await account(t, a)).frozen).toBe(1000)
  })
})

describe.each(DIALECTS)('agent demo data on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    // The seeders this one builds on, in the order of modules/index.ts.
    for (const s of [memberSeeder, goodsSeeder, tradeSeeder, afterSalesSeeder, agentSeeder]) await s.run(t.ctx)
  }, 120_000)
  afterAll(async () => t?.close())

  it('gives the demo agent a shelf, bound shoppers, orders, commissions in every state and a consistent ledger', async () => {
    const token = await t.login('13900139000')
    const home = await t.get('/api/business/home', {}, token)
    expect(home.code).toBe(200)
    expect(home.data.shop.shopName).toBe('花语小店')
    expect(home.data.users).toBeGreaterThanOrEqual(5)
    expect(home.data.actingGoods).toBeGreaterThanOrEqual(10)
    const states = await t.db.selectFrom('commissions').select('status').distinct().where('shopId', '=', home.data.shop.id).execute()
    expect(states.map((s) => s.status).sort()).toEqual(['cancelled', 'frozen', 'released'])
    const a = home.data.account
    expect(a.available).toBeGreaterThan(0)
    expect(a.frozen).toBeGreaterThan(0)
    expect(a.withdrawing).toBe(1000)
    expect(a.withdrawn).toBe(3000)
    const rows = await t.db.selectFrom('agentLedger').selectAll().where('shopId', '=', home.data.shop.id).orderBy('createdAt').orderBy('id').execute()
    let avail = 0
    let frozen = 0
    for (const r of rows) {
      avail += r.availableChange
      frozen += r.frozenChange
      expect([r.availableAfter, r.frozenAfter]).toEqual([avail, frozen])
    }
    expect([avail, frozen]).toEqual([a.available, a.frozen])
    const orders = await t.get('/api/business/order/list', {}, token)
    expect(orders.data.total).toBeGreaterThanOrEqual(10)
    expect((await t.get('/api/business/flow/summary', { days: 14 }, token)).data.totals.pv).toBeGreaterThan(50)
    expect((await t.get('/api/business/footprints/list', {}, token)).data.total).toBeGreaterThan(5)
    expect((await t.get('/api/member/getMemberInfo', {}, token)).data).toMatchObject({ isAgent: true, shopName: '花语小店' })
    // Two-level distribution: the demo sub-agent 小满鲜花铺, and the second-level commission of its shopper's order.
    const team = (await t.get('/api/business/team', {}, token)).data
    expect(team.list).toEqual([expect.objectContaining({ shopName: '小满鲜花铺', nickname: '周小满', orders: 1, active: true })])
    expect(team.list[0].earned).toBeGreaterThan(0)
    expect(team.levels.team).toEqual({ total: team.list[0].earned, frozen: team.list[0].earned, settled: 0 })
    expect(team.levels.own.frozen + team.levels.team.frozen).toBe(a.frozen)
    const sub = await t.login('13700137005')
    expect((await t.get('/api/business/team', {}, sub)).data.parent).toEqual({ shopName: '花语小店' })
    expect((await t.get('/api/business/order/list', {}, sub)).data.list[0].commissionStatus).toBe('frozen')
  })
})

describe.each(DIALECTS)('agent logoff on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(async () => t?.close())

  it('shows the agent hint on the logoff page and closes the shop when the account is anonymised', async () => {
    const a = await makeAgent(t)
    const hint = await t.get('/api/member/agentLogoffHint', {}, a.token)
    expect(hint.data).toMatchObject({ isAgent: true, hint: expect.stringMatching(/注销账号将同时关闭代理店铺/) })
    const { anonymiseMember } = await import('../src/modules/account/service')
    await t.db
      .updateTable('members')
      .set({ status: 'logoff_pending', logoffAt: Date.now() - 1000 })
      .where('id', '=', a.memberId)
      .execute()
    expect(await anonymiseMember(t.db, t.ctx.modules, a.memberId)).toBe(true)
    expect((await t.db.selectFrom('agentShops').select('status').where('id', '=', a.shopId).executeTakeFirstOrThrow()).status).toBe('closed')
    // A shopper arriving through the closed shop's link is not bound to it.
    const phone = nextPhone()
    await t.login(phone, { shareBusinessId: String(a.shopId) })
    expect((await t.db.selectFrom('members').select('boundBusinessId').where('phone', '=', phone).executeTakeFirstOrThrow()).boundBusinessId).toBeNull()
  })
})
