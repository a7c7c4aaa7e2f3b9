import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, requestId, shopper, stockOf } from './tradeFixtures'
import { settleGroups } from '../src/modules/groupBuy/service'
import { shipOrder } from '../src/modules/logistics/service'
import { adminClient, auditRows, signIn } from './adminHelpers'

const HOUR = 3600_000

async function activity(t: TestApp, opts: { size?: number; virtualFill?: number; leaderDiscount?: number; limit?: number } = {}) {
  const now = Date.now()
  const g = await makeGoods(t, { skus: [{ price: 9900, stock: 100 }] })
  const a = await t.db
    .insertInto('groupBuyActivities')
    .values({
      goodsId: g.goodsId,
      title: '两人团',
      size: opts.size ?? 2,
      hours: 24,
      perMemberLimit: opts.limit ?? 2,
      startAt: now - HOUR,
      endAt: now + 48 * HOUR,
      virtualFill: opts.virtualFill ?? 0,
      leaderDiscount: opts.leaderDiscount ?? 0,
      enabled: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await t.db.insertInto('groupBuySkus').values({ activityId: a.id, skuId: g.skuId, price: 5900 }).execute()
  return { activityId: a.id, ...g }
}

type Shopper = Awaited<ReturnType<typeof shopper>>
const submit = (t: TestApp, s: Shopper, activityId: number, skuId: number, groupId?: number) =>
  t.post('/api/groupBuy/submit', { activityId, skuId, quantity: 1, groupId, requestId: requestId() }, s.token)

async function pay(t: TestApp, s: Shopper, orderNo: string) {
  const p = await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, s.token)
  if (p.code !== 200) throw new Error(`prepay: ${p.msg}`)
  return t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, s.token)
}

const orderOf = (t: TestApp, orderNo: string) => t.db.selectFrom('orders').select(['status', 'shipHold', 'payAmount']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
const groupOf = (t: TestApp, id: number) => t.db.selectFrom('groupBuyGroups').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const refundsOf = (t: TestApp, orderNo: string) =>
  t.db.selectFrom('afterSales as s').innerJoin('orders as o', 'o.id', 's.orderId').select(['s.status', 's.refundAmount']).where('o.orderNo', '=', orderNo).execute()

/** A leader who has paid: the group is open. */
async function openGroup(t: TestApp, a: { activityId: number; skuId: number }) {
  const leader = await shopper(t)
  const o = await submit(t, leader, a.activityId, a.skuId)
  expect(o.code).toBe(200)
  expect((await pay(t, leader, o.data.orderNo)).code).toBe(200)
  return { leader, orderNo: o.data.orderNo as string, groupId: o.data.groupId as number }
}

describe.each(DIALECTS)('group buying on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(async () => t.close())

  it('forms when the last place is paid: the orders are held from shipping until then, and released together', async () => {
    const a = await activity(t, { leaderDiscount: 1000 })
    const before = await t.get('/api/groupBuy/goods', { goodsId: a.goodsId })
    expect(before.data.activity.skus[0]).toMatchObject({ skuId: a.skuId, price: 9900, groupPrice: 5900 })
    const leader = await shopper(t)
    const lo = await submit(t, leader, a.activityId, a.skuId)
    expect(lo.data).toMatchObject({ payAmount: 4900, status: 'unpaid' })
    // Not open before the leader pays: nobody can join a pending group, nor see it; its leader can (the checkout lands there).
    expect((await t.get('/api/groupBuy/group', { groupId: lo.data.groupId })).code).toBe(404)
    expect((await t.get('/api/groupBuy/group', { groupId: lo.data.groupId }, leader.token)).data).toMatchObject({ state: 'pending', myOrderNo: lo.data.orderNo })
    const early = await shopper(t)
    expect((await submit(t, early, a.activityId, a.skuId, lo.data.groupId)).code).not.toBe(200)
    await pay(t, leader, lo.data.orderNo)
    expect(await orderOf(t, lo.data.orderNo)).toMatchObject({ status: 'to_ship', shipHold: 1 })
    await expect(shipOrder(t.db, t.ctx.modules, lo.data.orderNo, 'SF', 'SF12345678')).rejects.toThrow('拼团尚未成团')
    // Nor can the leader take the paid place back by an after-sales refund while the group is open.
    const item = await t.db.selectFrom('orderItems as i').innerJoin('orders as o', 'o.id', 'i.orderId').select('i.id').where('o.orderNo', '=', lo.data.orderNo).executeTakeFirstOrThrow()
    const ap = await t.post(
      '/api/afterSales/apply',
      { orderNo: lo.data.orderNo, type: 'refund', items: [{ orderItemId: item.id, quantity: 1 }], reason: '不想要了', images: [], amount: 4900 },
      leader.token,
    )
    expect(ap.msg).toContain('拼团进行中')
    // Nor can staff refund it from the order (the place would keep counting in the group).
    const owner = adminClient(t, await signIn(t, 'owner'))
    expect((await owner.post(`/orders/${lo.data.orderNo}/refund`, { reason: '顾客要求' })).msg).toBe('拼团进行中的订单不能退款：成团后可退款，未成团将自动全额退款')
    // The shopper reads 待成团 (not 待发货) and is offered no 申请售后 while the group is open.
    const held = await t.get('/api/order/detail', { orderNo: lo.data.orderNo }, leader.token)
    expect(held.data.statusText).toBe('待成团')
    expect(held.data.actions).not.toContain('afterSale')
    // The leader sees their own group's page; a pending group (leader unpaid) is shown to no one else.
    expect((await t.get('/api/groupBuy/group', { groupId: lo.data.groupId }, leader.token)).data).toMatchObject({ state: 'open', myOrderNo: lo.data.orderNo })
    const open = await t.get('/api/groupBuy/goods', { goodsId: a.goodsId })
    expect(open.data.groups).toHaveLength(1)
    expect(open.data.groups[0]).toMatchObject({ id: lo.data.groupId, missing: 1, state: 'open' })
    // Logged out, the shared group page opens.
    expect((await t.get('/api/groupBuy/group', { groupId: lo.data.groupId })).data).toMatchObject({ missing: 1, myOrderNo: null })
    // The leader cannot join their own group.
    expect((await submit(t, leader, a.activityId, a.skuId, lo.data.groupId)).msg).toBe('不能参加自己发起的拼团')
    const joiner = await shopper(t)
    const jo = await submit(t, joiner, a.activityId, a.skuId, lo.data.groupId)
    expect(jo.data).toMatchObject({ payAmount: 5900, groupId: lo.data.groupId })
    // Joining the same group twice is refused.
    expect((await submit(t, joiner, a.activityId, a.skuId, lo.data.groupId)).msg).toBe('您已参加过这个团了')
    await pay(t, joiner, jo.data.orderNo)
    expect(await groupOf(t, lo.data.groupId)).toMatchObject({ status: 'formed', paidCount: 2 })
    expect(await orderOf(t, lo.data.orderNo)).toMatchObject({ status: 'to_ship', shipHold: 0 })
    expect(await orderOf(t, jo.data.orderNo)).toMatchObject({ status: 'to_ship', shipHold: 0 })
    expect((await t.get('/api/order/detail', { orderNo: lo.data.orderNo }, leader.token)).data.statusText).toBe('待发货')
    await shipOrder(t.db, t.ctx.modules, jo.data.orderNo, 'SF', 'SF87654321')
    expect((await orderOf(t, jo.data.orderNo)).status).toBe('to_receive')
    const mine = await t.get('/api/groupBuy/mine', {}, joiner.token)
    expect(mine.data[0]).toMatchObject({ groupId: lo.data.groupId, state: 'formed', place: 'paid', filled: 2 })
  })

  it('console: a held order is 待成团 (not under 待发货, nor in the 待发货 to-do) until its group forms', async () => {
    const owner = adminClient(t, await signIn(t, 'owner'))
    const a = await activity(t)
    const { orderNo, groupId } = await openGroup(t, a)
    const toShip = async () => (await owner.get('/orders', { status: 'to_ship', pageSize: 100 })).data.list.map((o: any) => o.orderNo)
    const todo = async () => (await owner.get('/dashboard')).data.todo.toShip
    expect(await toShip()).not.toContain(orderNo)
    expect((await owner.get('/orders', { orderNo })).data.list[0]).toMatchObject({ status: 'to_ship', held: true })
    expect((await owner.get(`/orders/${orderNo}`)).data.order).toMatchObject({ held: true })
    const before = await todo()
    const joiner = await shopper(t)
    const jo = await submit(t, joiner, a.activityId, a.skuId, groupId)
    await pay(t, joiner, jo.data.orderNo)
    expect(await toShip()).toEqual(expect.arrayContaining([orderNo, jo.data.orderNo]))
    expect((await owner.get('/orders', { orderNo })).data.list[0]).toMatchObject({ held: false })
    expect(await todo()).toBe(before + 2)
  })

  it('the per-member limit holds against one member submitting several group orders at once', async () => {
    const a = await activity(t, { limit: 1 })
    const me = await shopper(t)
    // Eight groups started at the same moment, one unit each, with a limit of one: exactly one order.
    const all = await Promise.all(Array.from({ length: 8 }, () => submit(t, me, a.activityId, a.skuId)))
    expect(all.filter((r) => r.code === 200)).toHaveLength(1)
    expect(all.filter((r) => r.code !== 200).map((r) => r.msg)).toEqual(Array(7).fill('每人限购1件，您已参加过了'))
    const places = await t.db.selectFrom('groupBuyMembers').select('quantity').where('activityId', '=', a.activityId).where('memberId', '=', me.memberId).execute()
    expect(places).toEqual([{ quantity: 1 }])
    expect((await stockOf(t, a.skuId)).stock).toBe(99)
  })

  it('the last place paid by two members at once: exactly one takes it, the other is refunded once', async () => {
    const a = await activity(t)
    const { groupId } = await openGroup(t, a)
    const b = await shopper(t)
    const c = await shopper(t)
    const ob = await submit(t, b, a.activityId, a.skuId, groupId)
    const oc = await submit(t, c, a.activityId, a.skuId, groupId)
    expect([ob.code, oc.code]).toEqual([200, 200])
    const paid = await Promise.all([pay(t, b, ob.data.orderNo), pay(t, c, oc.data.orderNo)])
    expect(paid.map((p) => p.code)).toEqual([200, 200])
    expect(await groupOf(t, groupId)).toMatchObject({ status: 'formed', paidCount: 2 })
    const places = await t.db.selectFrom('groupBuyMembers').select(['orderId', 'status']).where('groupId', '=', groupId).execute()
    expect(places.map((p) => p.status).sort()).toEqual(['late', 'paid', 'paid'])
    await Promise.all([settleGroups(t.ctx), settleGroups(t.ctx)])
    await settleGroups(t.ctx)
    const lateNo = (await orderOf(t, ob.data.orderNo)).shipHold ? ob.data.orderNo : oc.data.orderNo
    const otherNo = lateNo === ob.data.orderNo ? oc.data.orderNo : ob.data.orderNo
    expect(await refundsOf(t, lateNo)).toEqual([{ status: 'refunded', refundAmount: 5900 }])
    expect((await orderOf(t, lateNo)).status).toBe('cancelled')
    expect(await orderOf(t, otherNo)).toMatchObject({ status: 'to_ship', shipHold: 0 })
    expect(await refundsOf(t, otherNo)).toEqual([])
  })

  it('fails at its deadline: every paid member refunded once, unpaid orders cancelled, stock back', async () => {
    const a = await activity(t, { size: 3 })
    const { leader, orderNo, groupId } = await openGroup(t, a)
    const b = await shopper(t)
    const ob = await submit(t, b, a.activityId, a.skuId, groupId)
    await pay(t, b, ob.data.orderNo)
    const c = await shopper(t)
    const oc = await submit(t, c, a.activityId, a.skuId, groupId)
    expect(oc.code).toBe(200)
    expect((await stockOf(t, a.skuId)).stock).toBe(97)
    const later = Date.now() + 25 * HOUR
    const [r1, r2] = await Promise.all([settleGroups(t.ctx, later), settleGroups(t.ctx, later)])
    expect(r1.failed + r2.failed).toBe(1)
    await settleGroups(t.ctx, later)
    expect(await groupOf(t, groupId)).toMatchObject({ status: 'failed' })
    for (const no of [orderNo, ob.data.orderNo]) {
      expect(await refundsOf(t, no)).toEqual([{ status: 'refunded', refundAmount: 5900 }])
      expect((await orderOf(t, no)).status).toBe('cancelled')
    }
    expect((await orderOf(t, oc.data.orderNo)).status).toBe('cancelled')
    expect((await stockOf(t, a.skuId)).stock).toBe(100)
    // A payment landing after the failure is refunded too (the late path): the unpaid one was cancelled, so the pay path refuses it.
    expect((await t.get('/api/groupBuy/mine', {}, leader.token)).data[0]).toMatchObject({ state: 'failed', place: 'refunded' })
    // The group's page still shows who held its two places (refunded now), not two virtual members and not the unpaid one.
    const page = await t.get('/api/groupBuy/group', { groupId }, leader.token)
    expect(page.data).toMatchObject({ state: 'failed', filled: 2, missing: 1 })
    expect(page.data.seats.map((x: { isLeader: boolean }) => x.isLeader)).toEqual([true, false])
  })

  it('expiry while a payment lands: the payment either takes the place before the deadline or is refunded, never both', async () => {
    const a = await activity(t)
    const { groupId } = await openGroup(t, a)
    const b = await shopper(t)
    const ob = await submit(t, b, a.activityId, a.skuId, groupId)
    // The deadline passes; the job and the payment race.
    await t.db
      .updateTable('groupBuyGroups')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', groupId)
      .execute()
    const p = await t.post('/api/pay/prepay', { orderNo: ob.data.orderNo, channel: 'sandbox' }, b.token)
    await Promise.all([settleGroups(t.ctx), t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, b.token)])
    await settleGroups(t.ctx)
    const g = await groupOf(t, groupId)
    expect(g.status).toBe('failed')
    const o = await orderOf(t, ob.data.orderNo)
    const refunds = await refundsOf(t, ob.data.orderNo)
    // Either cancelled unpaid by the job (the payment then went back by the late-payment path), or paid late and refunded once.
    const payment = await t.db.selectFrom('payments').select('status').where('payNo', '=', p.data.payNo).executeTakeFirstOrThrow()
    if (refunds.length) expect(refunds).toEqual([{ status: 'refunded', refundAmount: 5900 }])
    // Cancelled first: the payment was closed before it could take money (the sandbox refuses a closed ticket), or refunded as late.
    else expect(['closed', 'refunded']).toContain(payment.status)
    expect(payment.status).not.toBe('paid')
    expect(o.status).toBe('cancelled')
    expect((await stockOf(t, a.skuId)).stock).toBe(100)
    // A payment after the deadline never held a place: the failed group's page shows its leader alone.
    const page = await t.get('/api/groupBuy/group', { groupId })
    expect(page.data.seats.map((x: { isLeader: boolean }) => x.isLeader)).toEqual([true])
  })

  it('console: creates an activity (audited, marketing permission), refuses a group price not below the single price or a size over 10, and shows live figures', async () => {
    const owner = adminClient(t, await signIn(t, 'owner'))
    const service = adminClient(t, await signIn(t, 'service'))
    const g = await makeGoods(t, { skus: [{ price: 9900, stock: 50 }] })
    const now = Date.now()
    const body = {
      goodsId: g.goodsId,
      title: '三人团',
      size: 3,
      hours: 24,
      perMemberLimit: 1,
      startAt: now - HOUR,
      endAt: now + 48 * HOUR,
      virtualFill: false,
      leaderDiscount: 500,
      skus: [{ skuId: g.skuId, price: 6900 }],
    }
    expect((await service.post('/group-buy/activities', body)).code).not.toBe(200)
    expect((await owner.post('/group-buy/activities', { ...body, skus: [{ skuId: g.skuId, price: 9900 }] })).msg).toContain('拼团价需低于单买价')
    expect((await owner.post('/group-buy/activities', { ...body, size: 11 })).code).not.toBe(200)
    const c = await owner.post('/group-buy/activities', body)
    expect(c.code).toBe(200)
    expect((await owner.post('/group-buy/activities', body)).msg).toBe('该商品在这段时间已有拼团活动')
    expect(await auditRows(t, 'groupBuy.create')).toHaveLength(1)
    const { groupId } = await openGroup(t, { activityId: c.data.id, skuId: g.skuId })
    const d = await owner.get(`/group-buy/activities/${c.data.id}`)
    expect(d.data).toMatchObject({ goodsId: g.goodsId, size: 3, leaderDiscount: 500, figures: { open: 1, formed: 0, failed: 0, orders: 1, sales: 6400 } })
    expect(groupId).toBeGreaterThan(0)
    expect((await owner.post(`/group-buy/activities/${c.data.id}/enabled`, { enabled: false })).code).toBe(200)
    expect(await auditRows(t, 'groupBuy.disable')).toHaveLength(1)
    expect((await t.get('/api/groupBuy/goods', { goodsId: g.goodsId })).data.activity).toBeNull()
    const list = await owner.get('/group-buy/activities')
    expect(list.data.list.find((r: any) => r.id === c.data.id)).toMatchObject({ enabled: false })
  })

  it("the checkout preview prices like submit (the leader's discount only for a new group) and refuses what submit refuses", async () => {
    const a = await activity(t, { leaderDiscount: 1000 })
    const leader = await shopper(t)
    const p = await t.post('/api/groupBuy/preview', { activityId: a.activityId, skuId: a.skuId, quantity: 1 }, leader.token)
    expect(p.code).toBe(200)
    expect(p.data).toMatchObject({ leader: true, myBought: 0, activity: { id: a.activityId, size: 2 }, lines: [{ price: 4900, quantity: 1 }], goodsAmount: 4900 })
    const lo = await submit(t, leader, a.activityId, a.skuId)
    expect(lo.data.payAmount).toBe(p.data.payAmount)
    const joiner = await shopper(t)
    // A pending group (leader not paid) cannot be joined, in the preview as in the submit.
    expect((await t.post('/api/groupBuy/preview', { activityId: a.activityId, skuId: a.skuId, quantity: 1, groupId: lo.data.groupId }, joiner.token)).code).not.toBe(200)
    await pay(t, leader, lo.data.orderNo)
    const jp = await t.post('/api/groupBuy/preview', { activityId: a.activityId, skuId: a.skuId, quantity: 1, groupId: lo.data.groupId }, joiner.token)
    expect(jp.data).toMatchObject({ leader: false, lines: [{ price: 5900 }] })
    expect((await t.post('/api/groupBuy/preview', { activityId: a.activityId, skuId: a.skuId, quantity: 3 }, joiner.token)).msg).toBe('每人限购2件')
    expect((await t.post('/api/groupBuy/preview', { activityId: a.activityId, skuId: a.skuId, quantity: 1, groupId: lo.data.groupId }, leader.token)).msg).toBe('不能参加自己发起的拼团')
    expect(await t.db.selectFrom('groupBuyMembers').selectAll().where('groupId', '=', lo.data.groupId).execute()).toHaveLength(1)
  })

  it('console 查看团: the groups of an activity a leader paid for, newest first, by state, with their members (leader first) and how each ended', async () => {
    const owner = adminClient(t, await signIn(t, 'owner'))
    const service = adminClient(t, await signIn(t, 'service'))
    const a = await activity(t)
    const formed = await openGroup(t, a)
    const joiner = await shopper(t)
    const jo = await submit(t, joiner, a.activityId, a.skuId, formed.groupId)
    await pay(t, joiner, jo.data.orderNo)
    const failed = await openGroup(t, a)
    await settleGroups(t.ctx, Date.now() + 25 * HOUR)
    await settleGroups(t.ctx, Date.now() + 25 * HOUR)
    const open = await openGroup(t, a)
    // A leader who has not paid opened no group: not listed.
    const unpaid = await submit(t, await shopper(t), a.activityId, a.skuId)
    expect(unpaid.code).toBe(200)

    expect((await service.get(`/group-buy/activities/${a.activityId}/groups`)).code).not.toBe(200)
    expect((await owner.get('/group-buy/activities/999999/groups')).msg).toBe('拼团活动不存在')
    expect((await owner.get(`/group-buy/activities/${a.activityId}/groups`, { state: 'pending' })).code).not.toBe(200)
    const all = await owner.get(`/group-buy/activities/${a.activityId}/groups`)
    expect(all.data.total).toBe(3)
    expect(all.data.list.map((g: any) => [g.id, g.state])).toEqual([
      [open.groupId, 'open'],
      [failed.groupId, 'failed'],
      [formed.groupId, 'formed'],
    ])
    expect(all.data.list[0]).toMatchObject({ size: 2, paidCount: 1, members: [{ isLeader: true, state: 'paid', orderNo: open.orderNo }] })
    expect(all.data.list[0].expiresAt).toBeGreaterThan(Date.now())
    const f = await owner.get(`/group-buy/activities/${a.activityId}/groups`, { state: 'failed' })
    expect(f.data.total).toBe(1)
    expect(f.data.list[0]).toMatchObject({ id: failed.groupId, members: [{ isLeader: true, state: 'refunded', orderNo: failed.orderNo, phone: expect.stringMatching(/^1\d{10}$/) }] })
    expect(f.data.list[0].failedAt).toBeGreaterThan(0)
    const d = await owner.get(`/group-buy/activities/${a.activityId}/groups`, { state: 'formed', pageSize: 1 })
    expect(d.data.list[0].members.map((m: any) => [m.isLeader, m.state, m.orderNo])).toEqual([
      [true, 'paid', formed.orderNo],
      [false, 'paid', jo.data.orderNo],
    ])
    expect(d.data.list[0].formedAt).toBeGreaterThan(0)
  })

  it('模拟成团 fills a group at its deadline with virtual members and releases it for shipping', async () => {
    const a = await activity(t, { size: 3, virtualFill: 1 })
    const { orderNo, groupId } = await openGroup(t, a)
    await settleGroups(t.ctx, Date.now() + 25 * HOUR)
    expect(await groupOf(t, groupId)).toMatchObject({ status: 'formed', paidCount: 1, virtualCount: 2 })
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 'to_ship', shipHold: 0 })
  })
})

describe('group buying demo seed', () => {
  it('creates one live activity with one open group, its leader paid through the sandbox', async () => {
    const t = await makeTestApp('sqlite', { seed: true })
    try {
      const a = await t.db.selectFrom('groupBuyActivities').selectAll().execute()
      expect(a).toHaveLength(1)
      const r = await t.get('/api/groupBuy/goods', { goodsId: a[0].goodsId })
      expect(r.data.activity).toMatchObject({ id: a[0].id, size: 2 })
      expect(r.data.groups).toHaveLength(1)
      expect(r.data.groups[0]).toMatchObject({ state: 'open', missing: 1, seats: [{ nickname: '花语小店店主', isLeader: true }] })
      const paid = await t.db.selectFrom('payments as p').innerJoin('groupBuyMembers as m', 'm.orderId', 'p.orderId').select('p.status').execute()
      expect(paid).toEqual([{ status: 'paid' }])
    } finally {
      await t.close()
    }
  })
})
