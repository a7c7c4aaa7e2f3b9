import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { ADDRESS, makeGoods, paidOrder, buyNow } from './tradeFixtures'
import { makeCategories, setCategory } from './promoFixtures'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { approveApplication, closeAgentShop } from '../src/modules/agent/service'
import { releaseDueCommissions } from '../src/modules/agent/commission'
import { approveAfterSale } from '../src/modules/afterSales/service'
import { refundAfterSale } from '../src/modules/afterSales/refund'
import { shipOrder } from '../src/modules/logistics/service'

const DAY = 86_400_000
const form = (shopName: string) => ({ shopName, realName: '李四', phone: '13912345678', idCard: '110101199003074514', reason: '有稳定的客户资源' })
const shopName = () => `团队小店${Math.floor(Math.random() * 1e7)}`

/** Two-level distribution (docs/agent.md "Two-level distribution") on both databases. */
describe.each(DIALECTS)('two-level distribution (%s)', (dialect) => {
  let t: TestApp
  let owner: AdminClient
  let defaults: unknown
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    owner = adminClient(t, await signIn(t, 'owner'))
    defaults = (await owner.get('/agents/rules')).data.rules
  })
  afterEach(async () => {
    expect((await owner.put('/agents/rules', defaults)).code).toBe(200) // each test starts from the default rules
  })
  afterAll(() => t.close())

  type Agent = { token: string; shopId: number; memberId: number }

  /** A member (bound through `via`'s share link when given) applies and is approved. */
  async function agent(via?: number, token?: string): Promise<Agent> {
    const tk = token ?? (await t.login(nextPhone(), via ? { shareBusinessId: String(via) } : {}))
    const applied = await t.post('/api/business/agent/apply', form(shopName()), tk)
    expect(applied.code).toBe(200)
    await approveApplication(t.db, applied.data.application.id)
    const me = await t.get('/api/member/getMemberInfo', {}, tk)
    expect(me.data.isAgent).toBe(true)
    return { token: tk, shopId: me.data.businessId, memberId: me.data.id }
  }
  async function boundShopper(shopId: number) {
    const token = await t.login(nextPhone(), { shareBusinessId: String(shopId) })
    expect((await t.post('/api/memberAddress/add', ADDRESS, token)).code).toBe(200)
    return token
  }
  const parentRow = (shopId: number) => t.db.selectFrom('agentParents').selectAll().where('shopId', '=', shopId).executeTakeFirst()
  const commissionsOf = (orderNo: string) =>
    t.db
      .selectFrom('commissions as c')
      .innerJoin('orders as o', 'o.id', 'c.orderId')
      .select(['c.shopId', 'c.sourceShopId', 'c.level', 'c.rate', 'c.amount', 'c.status', 'c.releaseAt'])
      .where('o.orderNo', '=', orderNo)
      .orderBy('c.level')
      .execute()
  const accountOf = (shopId: number) => t.db.selectFrom('agentAccounts').selectAll().where('shopId', '=', shopId).executeTakeFirstOrThrow()
  const ledgerOf = (shopId: number) => t.db.selectFrom('agentLedger').selectAll().where('shopId', '=', shopId).orderBy('id').execute()
  const team = async (a: Agent) => {
    const r = await t.get('/api/business/team', {}, a.token)
    expect(r.code).toBe(200)
    return r.data
  }
  /** A goods on the child's shelf. */
  async function shelfGoods(a: Agent, price = 10000) {
    const g = await makeGoods(t, { skus: [{ price, stock: 100 }] })
    expect((await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, a.token)).code).toBe(200)
    return g
  }
  /** docs/agent.md's identities for one shop, per level and in total. */
  async function reconciles(a: Agent) {
    const acct = await accountOf(a.shopId)
    const { levels } = await team(a)
    for (const l of [levels.own, levels.team]) expect(l.total).toBe(l.frozen + l.settled)
    expect(levels.own.frozen + levels.team.frozen).toBe(Number(acct.frozen))
    expect(levels.own.settled + levels.team.settled).toBe(Number(acct.totalCommission))
    expect(Number(acct.available) + Number(acct.withdrawing) + Number(acct.withdrawn)).toBe(Number(acct.totalCommission))
    const ledger = await ledgerOf(a.shopId)
    expect(ledger.reduce((s, e) => s + Number(e.frozenChange), 0)).toBe(Number(acct.frozen))
    expect(ledger.reduce((s, e) => s + Number(e.availableChange), 0)).toBe(Number(acct.available))
    return levels
  }

  it('the parent is recorded once at approval from the binding: never self, never a cycle; both agents see it', async () => {
    const a = await agent()
    const b = await agent(a.shopId)
    expect(await parentRow(b.shopId)).toMatchObject({ parentShopId: a.shopId })
    expect(await parentRow(a.shopId)).toBeUndefined()
    const c = await agent(b.shopId)
    expect(await parentRow(c.shopId)).toMatchObject({ parentShopId: b.shopId })
    expect((await team(b)).parent).toEqual({ shopName: expect.any(String) })
    expect((await team(b)).list.map((x: any) => x.shopId)).toEqual([c.shopId])
    expect((await team(a)).list.map((x: any) => x.shopId)).toEqual([b.shopId]) // two levels only: c is b's, not a's
    // A cycle: a's shop closes, a's member binds to c by invitation code, a applies again and is approved: a's shop
    // reopens, but c's chain (c → b → a) reaches a, so a gets no parent.
    await closeAgentShop(t.db, a.memberId)
    await t.db
      .updateTable('members')
      .set({ invitationCode: `TEAM${c.shopId}` })
      .where('id', '=', c.memberId)
      .execute()
    expect((await t.post('/api/member/bindInvitationCode', { invitationCode: `TEAM${c.shopId}` }, a.token)).code).toBe(200)
    expect((await t.get('/api/member/getMemberInfo', {}, a.token)).data.boundBusinessId).toBe(c.shopId)
    const again = await agent(undefined, a.token)
    expect(again.shopId).toBe(a.shopId)
    expect(await parentRow(a.shopId)).toBeUndefined()
    // Recorded once: b's parent does not change when b's shop is closed and reopened.
    await closeAgentShop(t.db, b.memberId)
    await agent(undefined, b.token)
    expect(await parentRow(b.shopId)).toMatchObject({ parentShopId: a.shopId })
    // The database refuses a shop as its own parent.
    // (Not `rejects.toThrow()`: a SQLite error made by a driver another test file loaded first in the same Jest worker
    // is not an Error of this file's realm, and toThrow then reports "did not throw".)
    const selfParent = t.db.insertInto('agentParents').values({ shopId: 999_999, parentShopId: 999_999, createdAt: Date.now() }).execute()
    expect(
      await selfParent.then(
        () => 'inserted',
        () => 'refused',
      ),
    ).toBe('refused')
    // The console's agent detail shows the parent and the children.
    const detail = await owner.get(`/agents/${b.shopId}`)
    expect(detail.data.parent).toMatchObject({ shopId: a.shopId })
    expect(detail.data.children.map((x: any) => x.shopId)).toEqual([c.shopId])
  })

  it("the child's customer buys: the parent's second-level commission is frozen at the terms fixed at submission, then released; figures reconcile per level", async () => {
    const a = await agent()
    const b = await agent(a.shopId)
    const g = await shelfGoods(b)
    const buyer = await boundShopper(b.shopId)
    const unpaid = await buyNow(t, buyer, g.skuId, 2) // submitted under the default rates (10 % / 5 %)
    expect(unpaid.code).toBe(200)
    const rules = (await owner.get('/agents/rules')).data.rules
    expect(rules.teamDefaultRate).toBe(500)
    expect((await owner.put('/agents/rules', { ...rules, teamDefaultRate: 800 })).code).toBe(200)
    const p = await t.post('/api/pay/prepay', { orderNo: unpaid.data.orderNo, channel: 'sandbox' }, buyer)
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, buyer)).code).toBe(200)
    expect(await commissionsOf(unpaid.data.orderNo)).toEqual([
      expect.objectContaining({ shopId: b.shopId, sourceShopId: b.shopId, level: 1, rate: 1000, amount: 2000, status: 'frozen' }),
      expect.objectContaining({ shopId: a.shopId, sourceShopId: b.shopId, level: 2, rate: 500, amount: 1000, status: 'frozen' }),
    ])
    expect(Number((await accountOf(a.shopId)).frozen)).toBe(1000)
    expect(Number((await accountOf(b.shopId)).frozen)).toBe(2000)
    // The parent's ledger names the sub-agent's order without linking to it (the order's page is the sub-agent's).
    const [entry] = (await t.get('/api/business/ledger/list', {}, a.token)).data.list
    expect(entry).toMatchObject({ type: 'commission_frozen', orderNo: '', amount: 1000 })
    expect(entry.note).toContain(unpaid.data.orderNo)
    expect((await t.get('/api/business/ledger/list', {}, b.token)).data.list[0]).toMatchObject({ orderNo: unpaid.data.orderNo })
    // The console's order detail names both shops and their level.
    const detail = (await owner.get(`/orders/${unpaid.data.orderNo}`)).data
    expect(detail.commissions).toEqual([expect.objectContaining({ shopId: b.shopId, level: 1, amount: 2000 }), expect.objectContaining({ shopId: a.shopId, level: 2, amount: 1000 })])
    // A new order takes the new rate.
    const later = await paidOrder(t, buyer, g.skuId, 1)
    expect((await commissionsOf(later))[1]).toMatchObject({ level: 2, rate: 800, amount: 800 })
    expect(await reconciles(a)).toEqual({ own: { total: 0, frozen: 0, settled: 0 }, team: { total: 1800, frozen: 1800, settled: 0 } })
    const mine = await team(a)
    expect(mine.list).toEqual([expect.objectContaining({ shopId: b.shopId, orders: 2, sales: 30000, earned: 1800, active: true })])
    // The child's own pages show only its own commission.
    const orders = (await t.get('/api/business/order/list', {}, b.token)).data.list
    expect(orders.find((o: any) => o.orderNo === later).commission).toBe(1000)
    expect((await t.get('/api/business/order/detail', { orderNo: later }, a.token)).code).not.toBe(200) // another shop's order

    // Received: both levels released together after the freeze days, once.
    await shipOrder(t.db, t.ctx.modules, later, 'SF', `SF${Date.now()}`, 'admin')
    expect((await t.post('/api/order/confirmReceipt', { orderNo: later }, buyer)).code).toBe(200)
    const received = await t.db.selectFrom('orders').select('receivedAt').where('orderNo', '=', later).executeTakeFirstOrThrow()
    const at = Number(received.receivedAt) + 7 * DAY + 1
    expect(await releaseDueCommissions(t.db, at)).toBe(2)
    expect(await releaseDueCommissions(t.db, at)).toBe(0)
    expect((await commissionsOf(later)).map((c) => c.status)).toEqual(['released', 'released'])
    expect(await reconciles(a)).toEqual({ own: { total: 0, frozen: 0, settled: 0 }, team: { total: 1800, frozen: 1000, settled: 800 } })
    expect(Number((await accountOf(a.shopId)).available)).toBe(800)
    await reconciles(b)
    expect((await t.get('/api/business/home', {}, a.token)).data.account).toMatchObject({ frozen: 1000, available: 800, totalCommission: 1800 })
  })

  it('second-level rates: goods > category > default, audited with the rules; no second level without a parent', async () => {
    const a = await agent()
    const b = await agent(a.shopId)
    const [g1, g2, g3] = [await shelfGoods(b), await shelfGoods(b), await shelfGoods(b)]
    const { topId, subId } = await makeCategories(t, `二级分类${Math.floor(Math.random() * 1e6)}`)
    const plain = await makeCategories(t, `无比例分类${Math.floor(Math.random() * 1e6)}`)
    await setCategory(t, g1.goodsId, plain.subId)
    await setCategory(t, g2.goodsId, subId)
    await setCategory(t, g3.goodsId, subId)
    const before = (await owner.get('/agents/rules')).data.rules
    const bad = await owner.put('/agents/rules', { ...before, teamGoodsRates: [{ goodsId: 99_999_999, rate: 100 }] })
    expect(bad).toMatchObject({ code: 400, msg: '二级商品佣金比例中的商品不存在' })
    expect((await owner.put('/agents/rules', { ...before, teamDefaultRate: 9000 })).msg).toBe('二级默认佣金比例超出范围')
    const next = { ...before, teamDefaultRate: 300, teamCategoryRates: [{ categoryId: topId, rate: 700 }], teamGoodsRates: [{ goodsId: g3.goodsId, rate: 1200 }] }
    const saved = await owner.put('/agents/rules', next)
    expect(saved.code).toBe(200)
    expect(saved.data.rules).toMatchObject({ teamDefaultRate: 300, teamCategoryRates: [{ categoryId: topId, rate: 700 }], teamGoodsRates: [{ goodsId: g3.goodsId, rate: 1200 }] })
    const audit = (await auditRows(t, 'agent.rules')).at(-1)!
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ teamDefaultRate: 300 })
    const buyer = await boundShopper(b.shopId)
    const rates = []
    for (const g of [g1, g2, g3]) rates.push((await commissionsOf(await paidOrder(t, buyer, g.skuId)))[1].rate)
    expect(rates).toEqual([300, 700, 1200]) // default, parent category, goods
    // a has no parent: an order of a's own shop earns one level.
    const g = await shelfGoods(a)
    const direct = await paidOrder(t, await boundShopper(a.shopId), g.skuId)
    expect((await commissionsOf(direct)).map((c) => c.level)).toEqual([1])
  })

  it('a refund reverses both levels once, even when the refund is requested several times at once', async () => {
    const a = await agent()
    const b = await agent(a.shopId)
    const g = await shelfGoods(b, 6000)
    const buyer = await boundShopper(b.shopId)
    const orderNo = await paidOrder(t, buyer, g.skuId, 2) // 120.00: 12.00 and 6.00
    const info = await t.get('/api/afterSales/applyInfo', { orderNo }, buyer)
    const item = info.data.items[0]
    // One unit refunded: both commissions shrink to what stays paid.
    const ap = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity: 1 }], reason: '不想要了', images: [], amount: 6000 }, buyer)
    expect(ap.code).toBe(200)
    await approveAfterSale(t.db, ap.data.afterSaleNo)
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => refundAfterSale(t.ctx, ap.data.afterSaleNo)))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    await expect(refundAfterSale(t.ctx, ap.data.afterSaleNo)).rejects.toThrow()
    expect((await commissionsOf(orderNo)).map((c) => [c.level, c.amount, c.status])).toEqual([
      [1, 600, 'frozen'],
      [2, 300, 'frozen'],
    ])
    expect((await ledgerOf(a.shopId)).map((e) => [e.type, Number(e.frozenChange)])).toEqual([
      ['commission_frozen', 600],
      ['commission_adjusted', -300],
    ])
    // The rest refunded: both cancelled, each shop once.
    const ap2 = await t.post('/api/afterSales/apply', { orderNo, type: 'refund', items: [{ orderItemId: item.orderItemId, quantity: 1 }], reason: '不想要了', images: [], amount: 6000 }, buyer)
    expect(ap2.code).toBe(200)
    await approveAfterSale(t.db, ap2.data.afterSaleNo)
    await Promise.allSettled([refundAfterSale(t.ctx, ap2.data.afterSaleNo), refundAfterSale(t.ctx, ap2.data.afterSaleNo)])
    expect((await commissionsOf(orderNo)).map((c) => [c.level, c.amount, c.status])).toEqual([
      [1, 0, 'cancelled'],
      [2, 0, 'cancelled'],
    ])
    expect((await ledgerOf(a.shopId)).map((e) => e.type)).toEqual(['commission_frozen', 'commission_adjusted', 'commission_cancelled'])
    expect((await ledgerOf(b.shopId)).map((e) => e.type)).toEqual(['commission_frozen', 'commission_adjusted', 'commission_cancelled'])
    expect(await reconciles(a)).toEqual({ own: { total: 0, frozen: 0, settled: 0 }, team: { total: 0, frozen: 0, settled: 0 } })
    await reconciles(b)
  })

  it('a suspended parent earns nothing new; with forfeit its frozen second-level commission is cancelled like its own', async () => {
    const a = await agent()
    const b = await agent(a.shopId)
    const g = await shelfGoods(b)
    const buyer = await boundShopper(b.shopId)
    const before = await paidOrder(t, buyer, g.skuId)
    const submitted = await buyNow(t, buyer, g.skuId) // submitted while a is active, paid after the suspension
    expect((await owner.post(`/agents/${a.shopId}/suspend`, { reason: '违规推广', unbind: false, frozenCommission: 'forfeit' })).code).toBe(200)
    expect((await commissionsOf(before)).map((c) => [c.level, c.status])).toEqual([
      [1, 'frozen'],
      [2, 'cancelled'],
    ])
    const p = await t.post('/api/pay/prepay', { orderNo: submitted.data.orderNo, channel: 'sandbox' }, buyer)
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, buyer)).code).toBe(200)
    const after = await paidOrder(t, buyer, g.skuId)
    for (const o of [submitted.data.orderNo, after]) expect((await commissionsOf(o)).map((c) => c.level)).toEqual([1]) // the child still earns
    expect(Number((await accountOf(a.shopId)).frozen)).toBe(0)
    const acct = await accountOf(a.shopId)
    const ledger = await ledgerOf(a.shopId)
    expect(ledger.reduce((s, e) => s + Number(e.frozenChange), 0)).toBe(Number(acct.frozen))
    // Reinstated: new orders of the child earn the parent again.
    expect((await owner.post(`/agents/${a.shopId}/reinstate`)).code).toBe(200)
    expect((await commissionsOf(await paidOrder(t, buyer, g.skuId))).map((c) => c.level)).toEqual([1, 2])
  })
})
