import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { ADDRESS, buyNow, makeGoods, requestId } from './tradeFixtures'
import { makeCategories, setCategory } from './promoFixtures'
import { moveMoney } from '../src/modules/agent/account'
import { shipOrder } from '../src/modules/logistics/service'
import { FakeWechatPay } from './fakeWechatPay'
import { exportWithdrawalsCsv } from '../src/modules/agent/adminService'

const DAY = 86_400_000
const form = (shopName: string) => ({ shopName, realName: '李四', phone: '13912345678', idCard: '110101199003074514', reason: '有稳定的客户资源' })

/** The console's 代理 and 提现 routes and what the shop shows after them, on both databases. */
describe.each(DIALECTS)('console agents and withdrawals (%s)', (dialect) => {
  let t: TestApp
  let owner: AdminClient
  let finance: AdminClient
  let operator: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    owner = adminClient(t, await signIn(t, 'owner'))
    finance = adminClient(t, await signIn(t, 'finance'))
    operator = adminClient(t, await signIn(t, 'operator'))
  })
  afterAll(() => t.close())

  /** A member applies in the shop; the owner approves it in the console. */
  async function agent(name = `控制台小店${Math.floor(Math.random() * 1e6)}`) {
    const token = await t.login(nextPhone())
    const applied = await t.post('/api/business/agent/apply', form(name), token)
    expect(applied.code).toBe(200)
    expect((await owner.post(`/agents/applications/${applied.data.application.id}/approve`)).code).toBe(200)
    const me = await t.get('/api/member/getMemberInfo', {}, token)
    return { token, shopId: me.data.businessId as number, memberId: me.data.id as number }
  }

  async function boundShopper(shopId: number) {
    const token = await t.login(nextPhone(), { shareBusinessId: String(shopId) })
    expect((await t.post('/api/memberAddress/add', ADDRESS, token)).code).toBe(200)
    return token
  }

  const pay = async (token: string, orderNo: string) => {
    const p = await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, token)
    expect((await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)).code).toBe(200)
  }
  const commissionsOf = (orderNo: string) =>
    t.db.selectFrom('commissions as c').innerJoin('orders as o', 'o.id', 'c.orderId').select(['c.rate', 'c.amount', 'c.releaseAt', 'c.goodsId']).where('o.orderNo', '=', orderNo).execute()

  it('applications: refused with a reason the applicant sees, then approved; audit rows; handled once; operator may not decide', async () => {
    const token = await t.login(nextPhone())
    const first = await t.post('/api/business/agent/apply', form('驳回测试店'), token)
    const id = first.data.application.id
    const pending = await finance.get('/agents/applications', { status: 'pending' })
    expect(pending.code).toBe(200)
    const row = pending.data.list.find((a: any) => a.id === id)
    expect(row).toMatchObject({ shopName: '驳回测试店', realName: '李四', idCard: '110101********4514', status: 'pending' })
    expect(JSON.stringify(pending.data)).not.toContain('110101199003074514')

    expect((await operator.post(`/agents/applications/${id}/refuse`, { reason: '资料不全' })).code).toBe(8003)
    expect((await owner.post(`/agents/applications/${id}/refuse`, { reason: '' })).code).toBe(400)
    expect((await t.get('/api/business/agent/toApply', {}, token)).data.state).toBe('pending')
    expect((await owner.post(`/agents/applications/${id}/refuse`, { reason: '身份证照片不清晰' })).code).toBe(200)
    const seen = await t.get('/api/business/agent/toApply', {}, token)
    expect(seen.data).toMatchObject({ state: 'rejected', application: { rejectReason: '身份证照片不清晰' } })
    expect((await owner.post(`/agents/applications/${id}/approve`)).code).not.toBe(200) // already handled
    const refused = (await auditRows(t, 'agent.refuse')).filter((r) => r.targetId === String(id))
    expect(refused).toHaveLength(1)
    expect(JSON.parse(refused[0].afterJson!)).toMatchObject({ status: 'rejected', rejectReason: '身份证照片不清晰' })

    const again = await t.post('/api/business/agent/apply', form('驳回测试店'), token)
    expect((await owner.post(`/agents/applications/${again.data.application.id}/approve`)).code).toBe(200)
    expect((await t.get('/api/business/agent/toApply', {}, token)).data.state).toBe('approved')
    expect((await t.get('/api/member/getMemberInfo', {}, token)).data).toMatchObject({ isAgent: true, shopName: '驳回测试店' })
    expect((await auditRows(t, 'agent.approve')).filter((r) => r.targetId === String(again.data.application.id))).toHaveLength(1)
  })

  it('rules: one form, audited with before/after; rates and freeze days apply to orders submitted after the change only', async () => {
    const a = await agent()
    const g1 = await makeGoods(t, { skus: [{ price: 10000, stock: 50 }] })
    const g2 = await makeGoods(t, { skus: [{ price: 10000, stock: 50 }] })
    const { subId } = await makeCategories(t, `佣金分类${Math.floor(Math.random() * 1e6)}`)
    await setCategory(t, g2.goodsId, subId)
    expect((await t.post('/api/business/goods/add', { goodsIds: [g1.goodsId, g2.goodsId] }, a.token)).code).toBe(200)
    const buyer = await boundShopper(a.shopId)
    const old1 = await buyNow(t, buyer, g1.skuId)
    const old2 = await buyNow(t, buyer, g2.skuId)

    const before = (await owner.get('/agents/rules')).data.rules
    expect(before).toMatchObject({ defaultRate: 1000, bindingRule: 'permanent', withdrawMin: 1000 })
    const bad = await owner.put('/agents/rules', { ...before, withdrawMin: 50000, withdrawMax: 10000 })
    expect(bad).toMatchObject({ code: 400, msg: '单笔最低提现不能高于单笔最高提现' })
    expect((await owner.put('/agents/rules', { ...before, defaultRate: 9000 })).msg).toBe('默认佣金比例超出范围')
    expect((await operator.put('/agents/rules', before)).code).toBe(8003)
    expect(await auditRows(t, 'agent.rules')).toHaveLength(0)

    const catId = (await t.db.selectFrom('goods').select('categoryId').where('id', '=', g2.goodsId).executeTakeFirstOrThrow()).categoryId
    const next = { ...before, defaultRate: 2000, categoryRates: [{ categoryId: catId, rate: 3000 }], freezeDays: 3 }
    const saved = await owner.put('/agents/rules', next)
    expect(saved.code).toBe(200)
    expect(saved.data.rules).toMatchObject({ defaultRate: 2000, freezeDays: 3, categoryRates: [{ categoryId: catId, rate: 3000 }] })
    const [audit] = await auditRows(t, 'agent.rules')
    expect(JSON.parse(audit.beforeJson!)).toMatchObject({ defaultRate: 1000 })
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ defaultRate: 2000, freezeDays: 3 })
    // The shop's pages read the rules: the agent sees the new rate, the application page the new text.
    expect((await t.get('/api/business/home', {}, a.token)).data.shop.commissionRate).toBe(2000)

    const new1 = await buyNow(t, buyer, g1.skuId)
    const new2 = await buyNow(t, buyer, g2.skuId)
    for (const o of [old1, old2, new1, new2]) await pay(buyer, o.data.orderNo)
    expect((await commissionsOf(old1.data.orderNo))[0]).toMatchObject({ rate: 1000, amount: 1000 })
    expect((await commissionsOf(old2.data.orderNo))[0]).toMatchObject({ rate: 1000, amount: 1000 })
    expect((await commissionsOf(new1.data.orderNo))[0]).toMatchObject({ rate: 2000, amount: 2000 })
    expect((await commissionsOf(new2.data.orderNo))[0]).toMatchObject({ rate: 3000, amount: 3000 })
    // The console's order detail says which agent earns what on the order.
    const detail = (await owner.get(`/orders/${new2.data.orderNo}`)).data
    expect(detail.commissions).toEqual([expect.objectContaining({ shopId: a.shopId, orderItemId: detail.items[0].id, rate: 3000, baseAmount: 10000, amount: 3000, status: '冻结中' })])
    expect(detail.commissions[0].shopName.length).toBeGreaterThan(0)
    // Freeze days: the old order keeps its 7 days, the new one has 3, from receipt.
    for (const o of [old1, new1]) {
      await shipOrder(t.db, t.ctx.modules, o.data.orderNo, 'SF', `SF${Date.now()}${Math.floor(Math.random() * 1000)}`, 'admin')
      expect((await t.post('/api/order/confirmReceipt', { orderNo: o.data.orderNo }, buyer)).code).toBe(200)
    }
    const recv = async (no: string) => Number((await t.db.selectFrom('orders').select('receivedAt').where('orderNo', '=', no).executeTakeFirstOrThrow()).receivedAt)
    expect(Number((await commissionsOf(old1.data.orderNo))[0].releaseAt)).toBe((await recv(old1.data.orderNo)) + 7 * DAY)
    expect(Number((await commissionsOf(new1.data.orderNo))[0].releaseAt)).toBe((await recv(new1.data.orderNo)) + 3 * DAY)

    // A per-goods rate wins over the category and the default, for new orders.
    expect((await owner.put('/agents/rules', { ...next, goodsRates: [{ goodsId: g2.goodsId, rate: 500 }] })).data.rules.goodsRates).toEqual([{ goodsId: g2.goodsId, rate: 500 }])
    const new3 = await buyNow(t, buyer, g2.skuId)
    await pay(buyer, new3.data.orderNo)
    expect((await commissionsOf(new3.data.orderNo))[0]).toMatchObject({ rate: 500, amount: 500 })
    expect((await commissionsOf(new2.data.orderNo))[0]).toMatchObject({ rate: 3000 })

    // Binding for 30 days: a buyer bound 31 days ago earns the shop nothing on a new order.
    await owner.put('/agents/rules', { ...next, goodsRates: [], bindingRule: 'days', bindingDays: 30 })
    const buyerId = (await t.get('/api/member/getMemberInfo', {}, buyer)).data.id
    await t.db
      .updateTable('agentBindings')
      .set({ boundAt: Date.now() - 31 * DAY })
      .where('memberId', '=', buyerId)
      .execute()
    const lapsed = await buyNow(t, buyer, g1.skuId)
    await pay(buyer, lapsed.data.orderNo)
    expect(await commissionsOf(lapsed.data.orderNo)).toHaveLength(0)
    await owner.put('/agents/rules', before) // back to the defaults for the other tests
  })

  /** An agent with ¥200.00 available (released commission) and a bank account. */
  async function agentWithMoney() {
    const a = await agent()
    await t.db.transaction().execute((tx) => moveMoney(tx, a.shopId, { frozen: 20000 }, { type: 'commission_frozen', note: '测试佣金' }))
    await t.db.transaction().execute((tx) => moveMoney(tx, a.shopId, { frozen: -20000, available: 20000, totalCommission: 20000 }, { type: 'commission_released', note: '测试结算' }))
    expect((await t.post('/api/business/withdraw/saveAccount', { method: 'bank', accountName: '李四', accountNo: '6222020200112233445', bankName: '工商银行' }, a.token)).code).toBe(200)
    return a
  }
  const apply = async (a: { token: string }, amount: number) => {
    const r = await t.post('/api/business/withdraw/apply', { amount, method: 'bank', requestId: requestId() }, a.token)
    expect(r.code).toBe(200)
    return (await t.db.selectFrom('withdrawals').select('id').where('withdrawNo', '=', r.data.withdrawNo).executeTakeFirstOrThrow()).id
  }
  const balances = (a: { token: string }) => t.get('/api/business/withdraw/info', {}, a.token).then((r) => r.data.account)

  it('withdrawals: a refusal returns the money once (twice, concurrently); paid by hand once with its reference; the agent sees it', async () => {
    const a = await agentWithMoney()
    const w1 = await apply(a, 5000)
    const w2 = await apply(a, 3000)
    expect(await balances(a)).toMatchObject({ available: 12000, withdrawing: 8000, withdrawn: 0, totalCommission: 20000 })
    const list = await finance.get('/withdrawals', { status: 'pending', shopId: a.shopId })
    expect(list.data.list.map((w: any) => w.id).sort()).toEqual([w1, w2].sort())
    expect(list.data.list[0]).toMatchObject({ accountText: expect.stringContaining('**** 3445'), canTransfer: false })

    expect((await operator.post(`/withdrawals/${w1}/refuse`, { reason: '信息有误' })).code).toBe(8003)
    const refusals = await Promise.all([finance.post(`/withdrawals/${w1}/refuse`, { reason: '收款信息有误' }), finance.post(`/withdrawals/${w1}/refuse`, { reason: '收款信息有误' })])
    expect(refusals.filter((r) => r.code === 200)).toHaveLength(1)
    expect((await finance.post(`/withdrawals/${w1}/refuse`, { reason: '再驳回一次' })).code).not.toBe(200)
    expect(await balances(a)).toMatchObject({ available: 17000, withdrawing: 3000, totalCommission: 20000 })
    const rejectedEntries = await t.db.selectFrom('agentLedger').select('availableChange').where('shopId', '=', a.shopId).where('type', '=', 'withdraw_rejected').execute()
    expect(rejectedEntries.map((e) => Number(e.availableChange))).toEqual([5000])
    expect((await auditRows(t, 'withdrawal.refuse')).filter((r) => JSON.parse(r.afterJson!).rejectReason === '收款信息有误')).toHaveLength(1)

    expect((await finance.post(`/withdrawals/${w2}/pay`, { referenceNo: '' })).code).toBe(400)
    expect((await finance.post(`/withdrawals/${w2}/transfer`)).msg).toContain('未启用微信支付')
    const pays = await Promise.all([finance.post(`/withdrawals/${w2}/pay`, { referenceNo: 'BANK20261124001' }), finance.post(`/withdrawals/${w2}/pay`, { referenceNo: 'BANK20261124001' })])
    expect(pays.filter((r) => r.code === 200)).toHaveLength(1)
    expect(await balances(a)).toMatchObject({ available: 17000, withdrawing: 0, withdrawn: 3000, totalCommission: 20000 })
    const paid = (await finance.get('/withdrawals', { status: 'paid', shopId: a.shopId })).data.list
    expect(paid).toEqual([expect.objectContaining({ id: w2, referenceNo: 'BANK20261124001', status: 'paid' })])
    const mine = await t.get('/api/business/withdraw/list', {}, a.token)
    expect(mine.data.list.find((w: any) => w.status === 'paid')).toMatchObject({ amount: 3000, statusText: '已到账' })
    expect(mine.data.list.find((w: any) => w.status === 'rejected')).toMatchObject({ rejectReason: '收款信息有误' })
    const [payAudit] = (await auditRows(t, 'withdrawal.pay')).filter((r) => JSON.parse(r.afterJson!).referenceNo === 'BANK20261124001')
    expect(JSON.parse(payAudit.beforeJson!)).toMatchObject({ status: 'pending' })
  })

  it('every agent ledger adds up to the accounts; the agents list shows the figures; CSV has the rows', async () => {
    const a = await agentWithMoney()
    const w = await apply(a, 4000)
    await finance.post(`/withdrawals/${w}/pay`, { referenceNo: 'REF-0001' })
    await apply(a, 2000)
    const detail = await finance.get(`/agents/${a.shopId}`)
    expect(detail.data.ledgerBalanced).toBe(true)
    const f = detail.data.agent.figures
    expect(f).toMatchObject({ available: 14000, frozen: 0, withdrawing: 2000, withdrawn: 4000 })
    expect(f.totalCommission).toBe(f.available + f.frozen + f.withdrawing + f.withdrawn)
    const ledger = await finance.get('/agents/ledger', { shopId: a.shopId, pageSize: 100 })
    expect(ledger.data.sums).toEqual({ available: f.available, frozen: f.frozen, withdrawing: f.withdrawing, withdrawn: f.withdrawn })
    expect(ledger.data.list.map((e: any) => e.type)).toEqual(['withdraw_apply', 'withdraw_paid', 'withdraw_apply', 'commission_released', 'commission_frozen'])
    // Every shop's ledger together adds up to the sum of every account.
    const all = (await finance.get('/agents/ledger', { pageSize: 1 })).data.sums
    const acc = await t.db
      .selectFrom('agentAccounts')
      .select((eb) => [eb.fn.sum<number>('available').as('a'), eb.fn.sum<number>('frozen').as('f'), eb.fn.sum<number>('withdrawing').as('w'), eb.fn.sum<number>('withdrawn').as('d')])
      .executeTakeFirstOrThrow()
    expect(all).toEqual({ available: Number(acc.a), frozen: Number(acc.f), withdrawing: Number(acc.w), withdrawn: Number(acc.d) })

    const agents = await finance.get('/agents', { keyword: detail.data.agent.shopName })
    expect(agents.data.list).toEqual([expect.objectContaining({ shopId: a.shopId, figures: f, realName: '李四' })])

    // CSV is not an envelope: a raw request with a finance session.
    const s = await signIn(t, 'finance')
    const res = await t.app.inject({ method: 'GET', url: `/admin/api/agents/ledger/export?shopId=${a.shopId}`, headers: { cookie: s.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(1 + 5)
    expect(lines[0]).toContain('代理店铺')
    expect(lines[1]).toContain('"申请提现","-20.00","0.00","20.00","140.00"')
    const wcsv = await t.app.inject({ method: 'GET', url: `/admin/api/withdrawals/export?shopId=${a.shopId}`, headers: { cookie: s.cookie } })
    expect(wcsv.body).toContain('REF-0001')
    expect(wcsv.body.trim().split('\r\n')).toHaveLength(3)
  })

  it('paying by hand: the payout staff reveal the full bank account on demand (audited), the finance CSV carries it, every other view stays masked', async () => {
    const a = await agentWithMoney()
    const w = await apply(a, 3000)
    const CARD = '6222020200112233445'
    const listed = (await finance.get('/withdrawals', { shopId: a.shopId })).data.list
    expect(listed[0].accountText).toBe('工商银行 **** 3445')
    const detail = await finance.get(`/agents/${a.shopId}`)
    for (const view of [listed, detail.data, (await finance.get('/agents/ledger', { shopId: a.shopId })).data, (await t.get('/api/business/withdraw/list', {}, a.token)).data])
      expect(JSON.stringify(view)).not.toContain(CARD)

    expect((await operator.post(`/withdrawals/${w}/account`)).code).toBe(8003) // no payout permission
    const financeSession = await signIn(t, 'finance')
    const payer = adminClient(t, financeSession)
    const shown = await payer.post(`/withdrawals/${w}/account`)
    expect(shown.data).toEqual({ withdrawNo: expect.any(String), accountName: '李四', bankName: '工商银行', bankBranch: '', accountNo: CARD, actualAmount: listed[0].actualAmount })
    expect(shown.data.withdrawNo).toBe(listed[0].withdrawNo)
    const [reveal] = (await auditRows(t, 'withdrawal.reveal-account')).filter((r) => r.targetId === shown.data.withdrawNo)
    expect(reveal.staffId).toBe(financeSession.staffId)
    expect(reveal.afterJson).toContain('**** 3445')
    expect(reveal.afterJson).not.toContain(CARD)

    // The finance export: the whole account, grouped in fours, for the staff who pay; the export is audited.
    const exportsBefore = (await auditRows(t, 'withdrawal.export-accounts')).length
    const csv = await t.app.inject({ method: 'GET', url: `/admin/api/withdrawals/export?shopId=${a.shopId}`, headers: { cookie: financeSession.cookie } })
    const [head, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(head).toContain('"开户银行","开户支行","银行卡号"')
    expect(row).toContain('"李四","工商银行","","6222 0202 0011 2233 445"')
    expect((await auditRows(t, 'withdrawal.export-accounts')).length).toBe(exportsBefore + 1)
    // Without the payout permission the same export keeps the account masked.
    const masked = await new Promise<string>((resolve, reject) => {
      let text = ''
      exportWithdrawalsCsv(t.db, { shopId: a.shopId }, false)
        .on('data', (c) => (text += c))
        .on('end', () => resolve(text))
        .on('error', reject)
    })
    expect(masked).toContain('工商银行 **** 3445')
    expect(masked).not.toContain('2233')

    // Only a bank withdrawal still waiting to be paid is revealed.
    expect((await payer.post(`/withdrawals/${w}/pay`, { referenceNo: 'BANK20261127001' })).code).toBe(200)
    expect((await payer.post(`/withdrawals/${w}/account`)).msg).toContain('只有待打款的提现')
    expect((await payer.post('/withdrawals/999999/account')).code).toBe(404)
  })

  it('专属佣金比例: one agent’s own rate over the category and default rates (a goods’ own rate still wins), for new orders; null follows the rules again', async () => {
    const a = await agent()
    const other = await agent()
    const plain = await makeGoods(t, { skus: [{ price: 10000, stock: 50 }] })
    const ownRate = await makeGoods(t, { skus: [{ price: 10000, stock: 50 }] })
    await t.db.updateTable('goods').set({ commissionRate: 500 }).where('id', '=', ownRate.goodsId).execute()
    for (const s of [a, other]) expect((await t.post('/api/business/goods/add', { goodsIds: [plain.goodsId, ownRate.goodsId] }, s.token)).code).toBe(200)
    const buyer = await boundShopper(a.shopId)
    const before = await buyNow(t, buyer, plain.skuId)
    expect((await operator.put(`/agents/${a.shopId}/rate`, { rate: 2500 })).code).toBe(8003)
    expect((await owner.put(`/agents/${a.shopId}/rate`, { rate: 6000 })).msg).toBe('佣金比例超出范围')
    expect((await owner.put(`/agents/${a.shopId}/rate`, { rate: 2500 })).code).toBe(200)
    expect((await owner.get(`/agents/${a.shopId}`)).data.rateOverride).toBe(2500)
    expect((await t.get('/api/business/home', {}, a.token)).data.shop.commissionRate).toBe(2500)
    expect((await t.get('/api/business/home', {}, other.token)).data.shop.commissionRate).not.toBe(2500)
    const after = await buyNow(t, buyer, plain.skuId)
    const own = await buyNow(t, buyer, ownRate.skuId)
    for (const o of [before, after, own]) await pay(buyer, o.data.orderNo)
    expect((await commissionsOf(before.data.orderNo))[0]).toMatchObject({ rate: 1000 }) // submitted before: the rules' rate
    expect((await commissionsOf(after.data.orderNo))[0]).toMatchObject({ rate: 2500, amount: 2500 })
    expect((await commissionsOf(own.data.orderNo))[0]).toMatchObject({ rate: 500 })
    const [audit] = (await auditRows(t, 'agent.rate')).filter((r) => r.targetId === String(a.shopId))
    expect([JSON.parse(audit.beforeJson!).rateOverride, JSON.parse(audit.afterJson!).rateOverride]).toEqual([null, 2500])
    expect((await owner.put(`/agents/${a.shopId}/rate`, { rate: null })).code).toBe(200)
    const back = await buyNow(t, buyer, plain.skuId)
    await pay(buyer, back.data.orderNo)
    expect((await commissionsOf(back.data.orderNo))[0]).toMatchObject({ rate: 1000 })
  })

  it('清退: the shop closes (no commission on later orders, back office refused) but the money pages stay; members set free; frozen commission released or forfeited once; 恢复代理', async () => {
    const settle = await agent()
    const forfeit = await agent()
    const g = await makeGoods(t, { skus: [{ price: 10000, stock: 50 }] })
    for (const s of [settle, forfeit]) expect((await t.post('/api/business/goods/add', { goodsIds: [g.goodsId] }, s.token)).code).toBe(200)
    const buyerA = await boundShopper(settle.shopId)
    const buyerB = await boundShopper(forfeit.shopId)
    const oa = await buyNow(t, buyerA, g.skuId)
    const ob = await buyNow(t, buyerB, g.skuId)
    await pay(buyerA, oa.data.orderNo)
    await pay(buyerB, ob.data.orderNo)
    await t.db.transaction().execute((tx) => moveMoney(tx, forfeit.shopId, { available: 3000, totalCommission: 3000 }, { type: 'commission_released', note: '测试结算' }))
    expect(await balances(forfeit)).toMatchObject({ available: 3000, frozen: 1000 })

    const body = { reason: '违反代理协议', unbind: true, frozenCommission: 'forfeit' }
    expect((await operator.post(`/agents/${forfeit.shopId}/suspend`, body)).code).toBe(8003)
    expect((await owner.post(`/agents/${forfeit.shopId}/suspend`, { ...body, reason: '' })).code).toBe(400)
    // Twice at once: one suspension, one forfeit.
    const both = await Promise.all([owner.post(`/agents/${forfeit.shopId}/suspend`, body), owner.post(`/agents/${forfeit.shopId}/suspend`, body)])
    expect(both.map((r) => r.code).sort()).toEqual([200, 5002].sort())
    expect(both.find((r) => r.code !== 200)!.msg).toBe('该代理已被清退')
    expect(await balances(forfeit)).toMatchObject({ available: 3000, frozen: 0 })
    expect((await commissionsOf(ob.data.orderNo))[0]).toMatchObject({ amount: 1000 })
    expect((await t.db.selectFrom('commissions as c').innerJoin('orders as o', 'o.id', 'c.orderId').select('c.status').where('o.orderNo', '=', ob.data.orderNo).executeTakeFirstOrThrow()).status).toBe(
      'cancelled',
    )
    // The back office is closed, the money pages are not; the member sees why.
    expect((await t.get('/api/business/home', {}, forfeit.token)).code).toBe(5001)
    expect((await t.get('/api/business/ledger/list', {}, forfeit.token)).code).toBe(200)
    expect((await t.post('/api/business/withdraw/saveAccount', { method: 'bank', accountName: '李四', accountNo: '6222020200112233445', bankName: '工商银行' }, forfeit.token)).code).toBe(200)
    expect((await t.post('/api/business/withdraw/apply', { amount: 2000, method: 'bank', requestId: requestId() }, forfeit.token)).code).toBe(200)
    const standing = await t.get('/api/business/agent/toApply', {}, forfeit.token)
    expect(standing.data).toMatchObject({ state: 'suspended', suspension: { reason: '违反代理协议', moneyLeft: true } })
    expect((await t.post('/api/business/agent/apply', form(`重开${Date.now() % 1e5}`), forfeit.token)).msg).toBe('您的代理资格已被清退，如有疑问请联系客服')
    expect((await t.get('/api/member/getMemberInfo', {}, forfeit.token)).data).toMatchObject({ isAgent: false, businessId: null })
    // Members set free: a later order earns nobody; an invitation code may bind them again.
    expect((await t.get('/api/member/getMemberInfo', {}, buyerB)).data.boundBusinessId ?? null).toBeNull()
    const later = await buyNow(t, buyerB, g.skuId)
    await pay(buyerB, later.data.orderNo)
    expect(await commissionsOf(later.data.orderNo)).toEqual([])
    const detail = await owner.get(`/agents/${forfeit.shopId}`)
    expect(detail.data).toMatchObject({ agent: { status: 'suspended', members: 0 }, suspendReason: '违反代理协议', ledgerBalanced: true })
    const [audit] = (await auditRows(t, 'agent.suspend')).filter((r) => r.targetId === String(forfeit.shopId))
    expect(JSON.parse(audit.afterJson!)).toMatchObject({ status: 'suspended', unboundMembers: 1, forfeitedCommission: 1000 })
    expect((await owner.get('/agents', { status: 'suspended' })).data.list.map((r: any) => r.shopId)).toContain(forfeit.shopId)

    // Kept bound, frozen commission released as usual when its window ends.
    expect((await owner.post(`/agents/${settle.shopId}/suspend`, { reason: '合作结束', unbind: false, frozenCommission: 'release' })).code).toBe(200)
    expect(await balances(settle)).toMatchObject({ frozen: 1000 })
    const kept = await buyNow(t, buyerA, g.skuId)
    await pay(buyerA, kept.data.orderNo)
    expect(await commissionsOf(kept.data.orderNo)).toEqual([])
    await t.db
      .updateTable('commissions')
      .set({ releaseAt: Date.now() - 1000 })
      .where('shopId', '=', settle.shopId)
      .where('status', '=', 'frozen')
      .execute()
    const { releaseDueCommissions } = await import('../src/modules/agent/commission')
    await releaseDueCommissions(t.db)
    expect(await balances(settle)).toMatchObject({ frozen: 0, available: 1000 })

    // 恢复代理: open again, nothing given back.
    expect((await owner.post(`/agents/${settle.shopId}/reinstate`)).code).toBe(200)
    expect((await owner.post(`/agents/${settle.shopId}/reinstate`)).msg).toBe('只有被清退的代理可以恢复')
    expect((await t.get('/api/business/home', {}, settle.token)).code).toBe(200)
    expect((await t.get('/api/business/agent/toApply', {}, settle.token)).data.state).toBe('approved')
    expect((await auditRows(t, 'agent.reinstate')).filter((r) => r.targetId === String(settle.shopId))).toHaveLength(1)
  })

  it('withdrawal limits come from the rules: daily count and daily amount', async () => {
    const rules = (await owner.get('/agents/rules')).data.rules
    await owner.put('/agents/rules', { ...rules, withdrawDailyCount: 1 })
    const a = await agentWithMoney()
    await apply(a, 1000)
    expect((await t.post('/api/business/withdraw/apply', { amount: 1000, method: 'bank', requestId: requestId() }, a.token)).msg).toBe('每天最多提现1次，请明天再来')
    await owner.put('/agents/rules', { ...rules, withdrawDailyMax: 5000, withdrawMin: 2000 })
    expect((await t.get('/api/business/withdraw/info', {}, a.token)).data.rules).toMatchObject({ min: 2000, dailyLimit: rules.withdrawDailyCount })
    expect((await t.post('/api/business/withdraw/apply', { amount: 1500, method: 'bank', requestId: requestId() }, a.token)).msg).toBe('单次提现金额不能低于¥20.00')
    expect((await t.post('/api/business/withdraw/apply', { amount: 4500, method: 'bank', requestId: requestId() }, a.token)).msg).toBe('超出每日提现上限¥50.00，请明天再来')
    await owner.put('/agents/rules', rules)
  })

  it('the withdrawal fee comes from the rules (0.6 %, at least ¥0.10 until set); 0 and 0 make it free', async () => {
    const rules = (await owner.get('/agents/rules')).data.rules
    expect(rules).toMatchObject({ withdrawFeeBp: 60, withdrawFeeMin: 10 })
    expect((await owner.put('/agents/rules', { ...rules, withdrawFeeBp: 1001 })).msg).toBe('提现手续费比例超出范围')
    const a = await agentWithMoney()
    expect((await owner.put('/agents/rules', { ...rules, withdrawFeeBp: 100, withdrawFeeMin: 200 })).code).toBe(200)
    expect((await t.get('/api/business/withdraw/info', {}, a.token)).data.rules).toMatchObject({ feeBp: 100, feeMin: 200 })
    const fee = async (amount: number) => {
      const id = await apply(a, amount)
      return t.db.selectFrom('withdrawals').select(['fee', 'actualAmount']).where('id', '=', id).executeTakeFirstOrThrow()
    }
    expect(await fee(10000)).toMatchObject({ fee: 200, actualAmount: 9800 }) // 1 % is ¥1.00: the ¥2.00 minimum applies
    await owner.put('/agents/rules', { ...rules, withdrawFeeBp: 150, withdrawFeeMin: 10 })
    expect(await fee(9999)).toMatchObject({ fee: 150, actualAmount: 9849 }) // 1.5 % of ¥99.99, rounded up to the fen
    await owner.put('/agents/rules', { ...rules, withdrawFeeBp: 0, withdrawFeeMin: 0 })
    const b = await agentWithMoney()
    const id = await apply(b, 5000)
    expect(await t.db.selectFrom('withdrawals').select(['fee', 'actualAmount']).where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({ fee: 0, actualAmount: 5000 })
    await owner.put('/agents/rules', rules)
  })
})

/** 提现 through the payout adapter (WeChat merchant transfer) against the recorded WeChat Pay gateway. */
describe.each(DIALECTS)('console withdrawal by WeChat merchant transfer (%s)', (dialect) => {
  let t: TestApp
  let finance: AdminClient
  let owner: AdminClient
  beforeAll(async () => {
    const gw = new FakeWechatPay()
    t = await makeTestApp(dialect, { http: gw, config: gw.config() })
    finance = adminClient(t, await signIn(t, 'finance'))
    owner = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())

  async function walletWithdrawal(amount: number) {
    const token = await t.login(nextPhone())
    const apply = await t.post('/api/business/agent/apply', form(`转账小店${Math.floor(Math.random() * 1e6)}`), token)
    expect((await owner.post(`/agents/applications/${apply.data.application.id}/approve`)).code).toBe(200)
    const me = await t.get('/api/member/getMemberInfo', {}, token)
    await t.db
      .updateTable('members')
      .set({ openidMini: `o-agent${Math.floor(Math.random() * 1e9)}` })
      .where('id', '=', me.data.id)
      .execute()
    await t.db.transaction().execute((tx) => moveMoney(tx, me.data.businessId, { available: 20000, totalCommission: 20000 }, { type: 'commission_released', note: '测试佣金' }))
    expect((await t.post('/api/business/withdraw/saveAccount', { method: 'wechat', accountName: '李四' }, token)).code).toBe(200)
    const w = await t.post('/api/business/withdraw/apply', { amount, method: 'wechat', requestId: requestId() }, token)
    expect(w.code).toBe(200)
    return await t.db.selectFrom('withdrawals').select(['id', 'withdrawNo']).where('withdrawNo', '=', w.data.withdrawNo).executeTakeFirstOrThrow()
  }

  it('sends the transfer once (audited), then neither hand payment nor refusal can close it; the shop-wide daily limit of the rules refuses', async () => {
    const w = await walletWithdrawal(10000)
    const listed = (await finance.get('/withdrawals', { keyword: w.withdrawNo })).data.list[0]
    expect(listed).toMatchObject({ canTransfer: true, transferState: '' })
    expect((await finance.post(`/withdrawals/${w.id}/transfer`)).code).toBe(200)
    expect((await finance.get('/withdrawals', { keyword: w.withdrawNo })).data.list[0]).toMatchObject({ status: 'pending', transferState: 'WAIT_USER_CONFIRM', canTransfer: false })
    const [row] = (await auditRows(t, 'withdrawal.transfer')).filter((r) => r.targetId === w.withdrawNo)
    expect(JSON.parse(row.afterJson!)).toMatchObject({ transferState: 'WAIT_USER_CONFIRM' })
    expect((await finance.post(`/withdrawals/${w.id}/transfer`)).msg).toBe('该提现已发起转账')
    expect((await finance.post(`/withdrawals/${w.id}/pay`, { referenceNo: 'REF-9999' })).msg).toBe('该提现已发起微信转账，请等待转账结果')
    expect((await finance.post(`/withdrawals/${w.id}/refuse`, { reason: '不打了' })).msg).toBe('该提现已发起微信转账，请等待转账结果')
    expect(await auditRows(t, 'withdrawal.transfer-failed')).toHaveLength(0)

    const rules = (await owner.get('/agents/rules')).data.rules
    expect((await owner.put('/agents/rules', { ...rules, payoutDailyMaxShop: 12000 })).code).toBe(200)
    const w2 = await walletWithdrawal(5000)
    expect((await finance.post(`/withdrawals/${w2.id}/transfer`)).msg).toBe('超出店铺每日转账限额¥120.00')
    expect((await finance.get('/withdrawals', { keyword: w2.withdrawNo })).data.list[0]).toMatchObject({ transferState: '', canTransfer: true })
    expect((await auditRows(t, 'withdrawal.transfer')).filter((r) => r.targetId === w2.withdrawNo)).toHaveLength(0)
  })
})
