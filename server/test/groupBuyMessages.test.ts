import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, requestId, shopper } from './tradeFixtures'
import { FakeWechat } from './fakeWechat'
import { settleGroups } from '../src/modules/groupBuy/service'
import { sendDueMessages } from '../src/modules/notifications/service'

const HOUR = 3600_000

const TEMPLATES = {
  group_failed: {
    templateId: 'TPL_GROUP_FAILED_01',
    page: 'minePages/myGroup/index',
    fields: { thing1: 'goodsName', amount2: 'amount', thing3: 'note', character_string4: 'orderNo' },
  },
}

type Shopper = Awaited<ReturnType<typeof shopper>>

/** 拼团成功 / 拼团失败 subscribe messages: queued in the transaction that moves the group, once per paid member. */
describe.each(DIALECTS)('group buying messages on %s', (dialect) => {
  let t: TestApp
  let api: FakeWechat
  beforeAll(async () => {
    api = new FakeWechat()
    t = await makeTestApp(dialect, { http: api, config: { subscribeTemplates: TEMPLATES } })
    t.ctx.config.wechat = { ...t.ctx.config.wechat, miniAppId: 'wx0miniappid000001', miniSecret: 'mini-secret' }
  })
  afterAll(async () => t.close())

  async function activity(opts: { size?: number; virtualFill?: number } = {}) {
    const now = Date.now()
    const g = await makeGoods(t, { name: '高山云雾茶', skus: [{ price: 9900, stock: 100 }] })
    const a = await t.db
      .insertInto('groupBuyActivities')
      .values({
        goodsId: g.goodsId,
        title: '拼团',
        size: opts.size ?? 2,
        hours: 24,
        perMemberLimit: 2,
        startAt: now - HOUR,
        endAt: now + 48 * HOUR,
        virtualFill: opts.virtualFill ?? 0,
        leaderDiscount: 0,
        enabled: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db.insertInto('groupBuySkus').values({ activityId: a.id, skuId: g.skuId, price: 5900 }).execute()
    return { activityId: a.id, skuId: g.skuId }
  }

  async function place(s: Shopper, a: { activityId: number; skuId: number }, groupId?: number) {
    const o = await t.post('/api/groupBuy/submit', { activityId: a.activityId, skuId: a.skuId, quantity: 1, groupId, requestId: requestId() }, s.token)
    if (o.code !== 200) throw new Error(`submit: ${o.msg}`)
    return o.data as { orderNo: string; groupId: number }
  }

  async function pay(s: Shopper, orderNo: string) {
    const p = await t.post('/api/pay/prepay', { orderNo, channel: 'sandbox' }, s.token)
    if (p.code !== 200) throw new Error(`prepay: ${p.msg}`)
    const r = await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, s.token)
    if (r.code !== 200) throw new Error(`pay: ${r.msg}`)
  }

  /** A paid leader: the group is open. */
  async function openGroup(a: { activityId: number; skuId: number }) {
    const leader = await shopper(t)
    const o = await place(leader, a)
    await pay(leader, o.orderNo)
    return { leader, ...o }
  }

  const messages = async (event: string, members: Shopper[]) => {
    const rows = await t.db
      .selectFrom('messageOutbox')
      .select(['memberId', 'data'])
      .where('event', '=', event)
      .where(
        'memberId',
        'in',
        members.map((m) => m.memberId),
      )
      .orderBy('id')
      .execute()
    return rows.map((r) => ({ memberId: r.memberId, ...JSON.parse(r.data) }))
  }

  it('formed: one 拼团成功 per paid member, queued with the payment that fills the last place; none before it, none for a late payment', async () => {
    const a = await activity()
    const { leader, groupId, orderNo } = await openGroup(a)
    expect(await messages('group_formed', [leader])).toEqual([])
    const b = await shopper(t)
    const c = await shopper(t)
    const ob = await place(b, a, groupId)
    const oc = await place(c, a, groupId)
    // The last place paid by two at once: one forms the group, the other is late (refunded, and told by the refund's messages).
    await Promise.all([pay(b, ob.orderNo), pay(c, oc.orderNo)])
    const late = await t.db.selectFrom('groupBuyMembers').select('memberId').where('groupId', '=', groupId).where('status', '=', 'late').executeTakeFirstOrThrow()
    const joined = late.memberId === b.memberId ? { s: c, orderNo: oc.orderNo } : { s: b, orderNo: ob.orderNo }
    const formed = await messages('group_formed', [leader, b, c])
    expect(formed).toEqual([
      expect.objectContaining({ memberId: leader.memberId, orderNo, goodsName: '高山云雾茶', amount: '59.00元', groupSize: '2', note: '拼团成功，商品将尽快发货' }),
      expect.objectContaining({ memberId: joined.s.memberId, orderNo: joined.orderNo, groupSize: '2' }),
    ])
    // The settle job afterwards (refunding the late payment) sends no second 拼团成功, nor a 拼团失败.
    await Promise.all([settleGroups(t.ctx), settleGroups(t.ctx)])
    await settleGroups(t.ctx)
    expect(await messages('group_formed', [leader, b, c])).toHaveLength(2)
    expect(await messages('group_failed', [leader, b, c])).toEqual([])
  })

  it('模拟成团: the paid members are told it formed (the virtual ones are nobody), once over two runs of the job', async () => {
    const a = await activity({ size: 3, virtualFill: 1 })
    const { leader, orderNo } = await openGroup(a)
    const later = Date.now() + 25 * HOUR
    await Promise.all([settleGroups(t.ctx, later), settleGroups(t.ctx, later)])
    await settleGroups(t.ctx, later)
    expect(await messages('group_formed', [leader])).toEqual([expect.objectContaining({ memberId: leader.memberId, orderNo, groupSize: '3' })])
  })

  it('failed: one 拼团失败 per paid member saying the refund, none for the unpaid one, none twice when the job runs twice at once', async () => {
    const a = await activity({ size: 3 })
    const { leader, groupId, orderNo } = await openGroup(a)
    const b = await shopper(t)
    const ob = await place(b, a, groupId)
    await pay(b, ob.orderNo)
    const c = await shopper(t)
    await place(c, a, groupId)
    // Before the deadline the job changes nothing and says nothing.
    await settleGroups(t.ctx)
    expect(await messages('group_failed', [leader, b, c])).toEqual([])
    const later = Date.now() + 25 * HOUR
    const runs = await Promise.all([settleGroups(t.ctx, later), settleGroups(t.ctx, later)])
    expect(runs[0].failed + runs[1].failed).toBe(1)
    await settleGroups(t.ctx, later)
    expect(await messages('group_failed', [leader, b, c])).toEqual([
      expect.objectContaining({ memberId: leader.memberId, orderNo, goodsName: '高山云雾茶', amount: '59.00元', note: '未在时限内凑满人数，款项原路退回' }),
      expect.objectContaining({ memberId: b.memberId, orderNo: ob.orderNo, amount: '59.00元' }),
    ])
    expect(await messages('group_formed', [leader, b, c])).toEqual([])

    // Sent through the event's template (设置 → 消息): the fields the merchant mapped.
    await t.db.updateTable('members').set({ openidMini: 'oMiniGroup0001' }).where('id', '=', leader.memberId).execute()
    api.reset()
    await sendDueMessages(t.ctx)
    const sent = api.calls.filter((call) => call.path === '/cgi-bin/message/subscribe/send' && call.body?.touser === 'oMiniGroup0001')
    expect(sent.map((c) => c.body)).toEqual([
      expect.objectContaining({
        template_id: 'TPL_GROUP_FAILED_01',
        page: 'minePages/myGroup/index',
        data: { thing1: { value: '高山云雾茶' }, amount2: { value: '59.00元' }, thing3: { value: '未在时限内凑满人数，款项原路退回' }, character_string4: { value: orderNo } },
      }),
    ])
  })

  it('the group checkout asks for the group templates (with shipping) at the moment groupBuy', async () => {
    const r = await t.get('/api/settings/public')
    expect(r.data.subscribe.groupBuy).toEqual(['TPL_GROUP_FAILED_01'])
  })
})
