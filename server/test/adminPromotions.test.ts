import crypto from 'node:crypto'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient, type StaffSession } from './adminHelpers'
import { makeGoods, requestId, shopper } from './tradeFixtures'
import { makeCategories, makeCoupon, memberIdOf } from './promoFixtures'
import { RedisGate } from '../src/modules/seckill/gate'
import { reconcileGate, runtimeFor, setGate } from '../src/modules/seckill/service'
import { chinaDay } from '../src/services/chinaTime'
import { expireOrders } from '../src/modules/order/service'

/**
 * The console's 营销 part A (秒杀, 优惠券 with the new-member package, 活动) and what the shop does after it, on
 * both databases; the flash-sale edit race also against a Redis gate when TEST_REDIS_URL is set.
 */
const REDIS = process.env.TEST_REDIS_URL || ''
const MIN = 60_000
const DAY = 86_400_000

const hhmm = (t: number) => new Date(t + 8 * 3600_000).toISOString().slice(11, 16)
/** A session running now: today (China), from half an hour ago (or midnight) to 23:59. */
function runningTimes(now = Date.now()) {
  const day = chinaDay(now)
  const start = chinaDay(now - 30 * MIN) === day ? hhmm(now - 30 * MIN) : '00:00'
  return { day, start, end: '23:59' }
}
const tomorrow = () => chinaDay(Date.now() + DAY)

async function itemFacts(t: TestApp, itemId: number) {
  const i = await t.db.selectFrom('seckillItems').select(['quota', 'sold']).where('id', '=', itemId).executeTakeFirstOrThrow()
  const live = await t.db
    .selectFrom('seckillOrders as so')
    .innerJoin('orders as o', 'o.id', 'so.orderId')
    .select('so.quantity')
    .where('so.itemId', '=', itemId)
    .where('o.status', '!=', 'cancelled')
    .execute()
  return { quota: Number(i.quota), sold: Number(i.sold), ordered: live.reduce((s, r) => s + Number(r.quantity), 0) }
}

const modes: Array<[string, 'memory' | 'redis']> = DIALECTS.flatMap((d) => [[d, 'memory'] as [string, 'memory'], ...(REDIS ? [[d, 'redis'] as [string, 'redis']] : [])])
if (!REDIS) console.warn('adminPromotions.test.ts: TEST_REDIS_URL is not set, the flash-sale edit race runs with the memory gate only')

describe.each(modes)('console 营销: flash-sale sessions (%s, %s gate)', (dialect, gateKind) => {
  let t: TestApp
  let owner: StaffSession
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect as 'sqlite' | 'postgres')
    if (gateKind === 'redis') {
      const Redis = require('ioredis')
      setGate(t.ctx, new RedisGate(new Redis(REDIS, { maxRetriesPerRequest: 2 }), `test:h-promo:${crypto.randomBytes(4).toString('hex')}:`))
    }
    owner = await signIn(t, 'owner')
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())

  it('creates a session with its goods (validated, audited); the shop lists it; unsold it is freely edited and deleted', async () => {
    const g = await makeGoods(t, { skus: [{ price: 9900, stock: 100 }] })
    const times = { day: tomorrow(), start: '10:00', end: '12:00' }
    const input = { ...times, items: [{ skuId: g.skuId, price: 1990, quota: 5, perMemberLimit: 1 }] }
    // Bad input: a Chinese message, nothing saved.
    const n = async () =>
      Number(
        (
          await t.db
            .selectFrom('seckillSessions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await n()
    expect(await c.post('/seckill/sessions', { ...input, end: '09:00' })).toMatchObject({ code: 400, msg: '结束时间须晚于开始时间' })
    expect((await c.post('/seckill/sessions', { ...input, items: [{ ...input.items[0], price: 9900 }] })).msg).toMatch(/秒杀价须低于原价/)
    expect(await c.post('/seckill/sessions', { ...input, items: [{ ...input.items[0], quota: 0 }] })).toMatchObject({ code: 400, msg: '限量超出范围' })
    expect((await c.post('/seckill/sessions', { ...input, items: [] })).code).toBe(400)
    expect(await c.post('/seckill/sessions', { ...input, day: chinaDay(Date.now() - 2 * DAY) })).toMatchObject({ code: 400, msg: '结束时间已过，不能创建' })
    expect(await n()).toBe(before)

    // Undeclared keys are dropped (docs/API.md): a session cannot be created with sales already counted.
    const created = await c.post('/seckill/sessions', { ...input, sold: 3, items: [{ ...input.items[0], sold: 3 }] })
    expect(created.code).toBe(200)
    const id = created.data.id
    expect((await c.post('/seckill/sessions', input)).code).toBe(409) // same day and start
    const [audit] = (await auditRows(t, 'seckill.create')).filter((r) => r.targetId === String(id))
    expect(audit.staffId).toBe(owner.staffId)
    const detail = await c.get(`/seckill/sessions/${id}`)
    expect(detail.data).toMatchObject({ day: times.day, start: '10:00', end: '12:00', state: 'upcoming', items: [{ skuId: g.skuId, price: 1990, quota: 5, sold: 0, hasOrders: false }] })
    const items = await t.get('/api/seckill/items', { sessionId: id })
    expect(items.data.items.map((i: any) => [i.skuId, i.price, i.quota])).toEqual([[g.skuId, 1990, 5]])
    expect((await c.get('/seckill/sessions', { day: times.day })).data.list.map((s: any) => s.id)).toContain(id)

    // Upcoming and unsold: everything may change, items removed.
    const g2 = await makeGoods(t, { skus: [{ price: 5000, stock: 100 }] })
    const edit = await c.put(`/seckill/sessions/${id}`, { ...times, start: '09:00', items: [{ skuId: g2.skuId, price: 990, quota: 3, perMemberLimit: 2 }] })
    expect(edit.code).toBe(200)
    expect((await c.get(`/seckill/sessions/${id}`)).data).toMatchObject({ start: '09:00', items: [{ skuId: g2.skuId, quota: 3, perMemberLimit: 2 }] })
    expect(await t.db.selectFrom('seckillItems').select('id').where('skuId', '=', g.skuId).executeTakeFirst()).toBeUndefined()
    expect((await auditRows(t, 'seckill.update')).some((r) => r.targetId === String(id))).toBe(true)
    // Deleted without orders.
    expect((await c.del(`/seckill/sessions/${id}`)).code).toBe(200)
    expect(await t.db.selectFrom('seckillSessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
    expect((await auditRows(t, 'seckill.delete')).some((r) => r.targetId === String(id))).toBe(true)
  })

  it('a running session edited while shoppers buy never oversells; lowering below sold is refused; raising reaches the gate', async () => {
    const g = await makeGoods(t, { skus: [{ price: 9900, stock: 1000 }] })
    const times = runningTimes()
    const created = await c.post('/seckill/sessions', { ...times, items: [{ skuId: g.skuId, price: 1900, quota: 6, perMemberLimit: 1 }] })
    expect(created.code).toBe(200)
    const id = created.data.id
    const itemId = (await c.get(`/seckill/sessions/${id}`)).data.items[0].id
    const body = (quota: number, extra: Record<string, unknown> = {}) => ({ ...times, items: [{ id: itemId, skuId: g.skuId, price: 1900, quota, perMemberLimit: 1 }], ...extra })
    const buyers = await Promise.all(Array.from({ length: 24 }, () => shopper(t)))
    const buy = (token: string) => t.post('/api/seckill/submit', { itemId, quantity: 1, requestId: requestId() }, token)

    // The crowd buys while the console lowers the quota (to 4) and raises it (to 9), in the middle of it.
    const first = buyers.slice(0, 12).map((b) => buy(b.token))
    const edits = [c.put(`/seckill/sessions/${id}`, body(4)), c.put(`/seckill/sessions/${id}`, body(9))]
    const second = buyers.slice(12).map((b) => buy(b.token))
    const res = await Promise.all([...first, ...second])
    const editRes = await Promise.all(edits)
    for (const e of editRes) expect([200, 409]).toContain(e.code)
    for (const e of editRes.filter((x) => x.code === 409)) expect(e.msg).toMatch(/限量不能低于已售数量/)
    const f = await itemFacts(t, itemId)
    expect(f.sold).toBe(f.ordered)
    expect(f.sold).toBeLessThanOrEqual(f.quota)
    expect(res.filter((r) => r.code === 200)).toHaveLength(f.sold)
    expect(res.filter((r) => r.code !== 200).every((r) => r.code === 3005 || r.code === 3006)).toBe(true)

    // Settled: lowering below what is sold is refused (nothing saved), to exactly sold is fine.
    const quota = f.quota
    if (f.sold > 0) {
      const low = await c.put(`/seckill/sessions/${id}`, body(f.sold - 1))
      expect(low).toMatchObject({ code: 409 })
      expect(low.msg).toBe(`「${(await c.get(`/seckill/sessions/${id}`)).data.items[0].goodsName}」的限量不能低于已售数量（已售 ${f.sold}）`)
      expect((await itemFacts(t, itemId)).quota).toBe(quota)
    }
    // Running: the start cannot move, an item with orders cannot be removed, the session cannot be deleted.
    expect((await c.put(`/seckill/sessions/${id}`, body(quota, { start: '00:00' === times.start ? '00:01' : '00:00' }))).msg).toBe('进行中的场次不能修改日期和开始时间')
    expect((await c.del(`/seckill/sessions/${id}`)).msg).toBe('已有订单的场次不能删除')

    // Sold out at the quota: the gate agrees with the database.
    expect((await c.put(`/seckill/sessions/${id}`, body(f.sold))).code).toBe(200)
    await reconcileGate(t.ctx)
    const late = await Promise.all(Array.from({ length: 4 }, () => shopper(t)))
    expect((await buy(late[0].token)).code).toBe(3006)
    expect(await runtimeFor(t.ctx).gate.peek(itemId)).toEqual({ stock: 0, inflight: 0 })
    // Raised by 2: the gate admits exactly 2 more at once (no reconcile needed), the third is sold out.
    expect((await c.put(`/seckill/sessions/${id}`, body(f.sold + 2))).code).toBe(200)
    expect((await runtimeFor(t.ctx).gate.peek(itemId)).stock).toBe(2)
    const more = await Promise.all(late.slice(1).map((b) => buy(b.token)))
    expect(more.filter((r) => r.code === 200)).toHaveLength(2)
    expect(more.filter((r) => r.code === 3006)).toHaveLength(1)
    const after = await itemFacts(t, itemId)
    expect(after).toEqual({ quota: f.sold + 2, sold: f.sold + 2, ordered: f.sold + 2 })

    // The console's live figures follow; unpaid orders expiring give quota back (still never above it).
    const live = await c.get(`/seckill/sessions/${id}/live`)
    expect(live.data).toMatchObject({ state: 'active', items: [{ id: itemId, quota: f.sold + 2, sold: f.sold + 2 }] })
    await expireOrders(t.db, t.ctx.modules, Date.now() + 11 * MIN)
    expect((await itemFacts(t, itemId)).sold).toBe(0)
  })
})

describe.each(DIALECTS)('console 营销: coupons and the new-member package (%s)', (dialect) => {
  let t: TestApp
  let owner: StaffSession
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    owner = await signIn(t, 'owner')
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())

  const base = {
    name: '满100减15',
    kind: 'threshold',
    amount: 1500,
    threshold: 10000,
    scope: 'all',
    scopeIds: [],
    validType: 'days',
    validDays: 7,
    totalCount: 3,
    perMemberLimit: 1,
    visible: true,
    status: 'on',
  }

  it('templates: validated, audited; claimable ones reach the coupon centre; terms lock once handed out; the total never below issued', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('coupons')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const n = await count()
    expect(await c.post('/coupons', { ...base, amount: 10000 })).toMatchObject({ code: 400, msg: '使用门槛须大于面额' })
    // The same field name, the module's own word: 面额 here, 返现金额 in 好评返现 (adminRewards).
    expect(await c.post('/coupons', { ...base, amount: -1 })).toMatchObject({ code: 400, msg: '面额超出范围' })
    expect(await c.post('/coupons', { ...base, name: '' })).toMatchObject({ code: 400, msg: '请填写名称' })
    // A console query with a key its schema does not declare is refused (bodies lose such keys instead: docs/development.md).
    expect(await c.get('/coupons', { bogus: '1' })).toMatchObject({ code: 400, msg: '不支持的参数：bogus' })
    expect(await c.post('/coupons', { ...base, kind: 'discount', rate: 100 })).toMatchObject({ code: 400, msg: '折扣超出范围' })
    expect(await c.post('/coupons', { ...base, scope: 'goods', scopeIds: [] })).toMatchObject({ code: 400, msg: '请选择适用商品' })
    expect(await c.post('/coupons', { ...base, scope: 'category', scopeIds: [987654] })).toMatchObject({ code: 400, msg: '适用分类不存在' })
    expect(await c.post('/coupons', { ...base, validType: 'fixed' })).toMatchObject({ code: 400, msg: '请填写有效期' })
    expect(await c.post('/coupons', { ...base, perMemberLimit: 5 })).toMatchObject({ code: 400, msg: '每人限领不能超过发放总量' })
    expect(await count()).toBe(n)

    const { subId } = await makeCategories(t, '营销分类')
    // Undeclared keys are dropped: a template cannot be created as already handed out.
    const created = await c.post('/coupons', { ...base, scope: 'category', scopeIds: [subId], issuedCount: 3 })
    expect(created.code).toBe(200)
    const id = created.data.id
    expect((await auditRows(t, 'coupon.create')).some((r) => r.targetId === String(id))).toBe(true)
    expect((await c.get(`/coupons/${id}`)).data).toMatchObject({ ruleText: '满100减15', scopeIds: [subId], validText: '领取后7天内有效', issuedCount: 0 })
    const centre = await t.get('/api/coupons/centre')
    expect(centre.data.list.find((x: any) => x.couponId === id)).toMatchObject({ ruleText: '满100减15', canReceive: true })

    // Issued to members by phone and id: per member, with its own audit row; unknown and over-limit reported.
    const a = await shopper(t)
    const bPhone = nextPhone()
    const bToken = await t.login(bPhone)
    const bId = await memberIdOf(t, bToken)
    const issued = await c.post(`/coupons/${id}/issue`, { memberIds: [a.memberId, 99999999], phones: [bPhone, '13000000009'] })
    expect(issued.data.issued).toBe(2)
    expect(issued.data.failed.map((f: any) => [f.who, f.msg]).sort()).toEqual([
      ['13000000009', '会员不存在'],
      ['会员 99999999', '会员不存在'],
    ])
    const again = await c.post(`/coupons/${id}/issue`, { memberIds: [a.memberId] })
    expect(again.data).toEqual({ issued: 0, failed: [{ who: `会员 ${a.memberId}`, msg: '您已领取过该优惠券' }] })
    expect((await auditRows(t, 'coupon.issue')).filter((r) => JSON.parse(r.afterJson!).couponId === id)).toHaveLength(2)
    expect((await t.get('/api/coupons/mine', { status: 'unused' }, bToken)).data.list.map((x: any) => [x.couponId, x.source])).toContainEqual([id, 'admin'])
    expect((await c.post(`/coupons/${id}/issue`, {})).msg).toBe('请填写会员编号或手机号')

    // Records: who holds it, filtered by coupon and phone.
    const rec = await c.get('/coupons/records', { couponId: id })
    expect(rec.data.total).toBe(2)
    expect(rec.data.list.map((r: any) => r.memberId).sort()).toEqual([a.memberId, bId].sort())
    expect((await c.get('/coupons/records', { couponId: id, phone: bPhone })).data.list).toMatchObject([{ memberPhone: bPhone, status: 'unused', source: 'admin' }])

    // Terms locked once handed out; the name and limits may change; the total not below the issued count.
    const put = (over: Record<string, unknown>) => c.put(`/coupons/${id}`, { ...base, scope: 'category', scopeIds: [subId], ...over })
    expect((await put({ amount: 2000 })).code).toBe(409)
    expect((await put({ scope: 'all', scopeIds: [] })).code).toBe(409)
    expect(await put({ totalCount: 1, perMemberLimit: 1 })).toMatchObject({ code: 409, msg: '发放总量不能少于已发放数量（已发放 2）' })
    expect((await put({ name: '满100减15（改名）', totalCount: 2 })).code).toBe(200)
    expect((await c.get(`/coupons/${id}`)).data).toMatchObject({ name: '满100减15（改名）', totalCount: 2, issuedCount: 2 })
    // The total reached: the shop says so.
    const late = await shopper(t)
    expect((await t.post('/api/coupons/receive', { couponId: id }, late.token)).msg).toBe('优惠券已被抢光了')
    // Not deletable once handed out; an unissued one is.
    expect(await c.del(`/coupons/${id}`)).toMatchObject({ code: 409, msg: '已发放的优惠券不能删除，可以停用' })
    const spare = await c.post('/coupons', { ...base, name: '备用券' })
    expect((await c.del(`/coupons/${spare.data.id}`)).code).toBe(200)
    expect(await t.db.selectFrom('coupons').select('id').where('id', '=', spare.data.id).executeTakeFirst()).toBeUndefined()
    expect((await auditRows(t, 'coupon.delete')).some((r) => r.targetId === String(spare.data.id))).toBe(true)
  })

  it('a template configured as the new-member package is what the popup lists and what a newly registered member receives', async () => {
    // Today's package (whatever the database holds) is replaced by the console's choice.
    await makeCoupon(t, { name: '旧新人券', newMember: 1, visible: 0 })
    const created = await c.post('/coupons', { ...base, name: '新人专享8元', kind: 'amount', amount: 800, threshold: 0, totalCount: 1000, visible: false })
    const id = created.data.id
    const off = await c.post('/coupons', { ...base, name: '停用券', status: 'off' })
    expect(await c.put('/coupons/new-member-package', { couponIds: [off.data.id] })).toMatchObject({ code: 400, msg: '「停用券」已停用，不能放入新人礼包' })
    const set = await c.put('/coupons/new-member-package', { couponIds: [id] })
    expect(set.code).toBe(200)
    expect(set.data.coupons.map((x: any) => x.id)).toEqual([id])
    expect((await c.get('/coupons/new-member-package')).data.coupons.map((x: any) => x.id)).toEqual([id])
    const [audit] = (await auditRows(t, 'coupon.new-member-package')).slice(-1)
    expect(JSON.parse(audit.afterJson!)).toEqual([id])

    const popup = await t.get('/api/coupons/getNewMemberCouponHint')
    expect(popup.data).toMatchObject({ eligible: true, needLogin: true, totalAmount: 800 })
    expect(popup.data.coupons.map((x: any) => x.couponId)).toEqual([id])
    const token = await t.login(nextPhone())
    const mine = (await t.get('/api/coupons/mine', { status: 'unused' }, token)).data.list
    expect(mine.map((x: any) => [x.couponId, x.source])).toEqual([[id, 'new_member']])
    // A package coupon is not claimable from the centre.
    expect((await t.get('/api/coupons/centre')).data.list.map((x: any) => x.couponId)).not.toContain(id)

    // An empty package: registering gives nothing, the popup shows nothing.
    expect((await c.put('/coupons/new-member-package', { couponIds: [] })).data.coupons).toEqual([])
    expect((await t.get('/api/coupons/getNewMemberCouponHint')).data.coupons).toEqual([])
    const bare = await t.login(nextPhone())
    expect((await t.get('/api/coupons/mine', { status: 'unused' }, bare)).data.list).toEqual([])
  })

  it('permissions: service may not read marketing, operator may write it; a refused write leaves nothing', async () => {
    const service = adminClient(t, await signIn(t, 'service'))
    const named = async (name: string) => (await t.db.selectFrom('coupons').select('id').where('name', '=', name).execute()).length
    expect((await service.get('/coupons')).code).toBe(8003)
    expect((await service.post('/coupons', { ...base, name: '客服建的券' })).code).toBe(8003)
    expect(await named('客服建的券')).toBe(0)
    const operator = adminClient(t, await signIn(t, 'operator'))
    expect((await operator.post('/coupons', { ...base, name: '运营建的券' })).code).toBe(200)
    expect(await named('运营建的券')).toBe(1)
  })
})

describe.each(DIALECTS)('console 内容: activities with linked coupons (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    c = adminClient(t, await signIn(t, 'operator'))
  })
  afterAll(() => t.close())

  it('an activity offers its linked claimable coupons; a shopper claims one from it, once', async () => {
    const claimable = await makeCoupon(t, { name: '活动满50减5', kind: 'threshold', amount: 500, threshold: 5000 })
    const hidden = await makeCoupon(t, { name: '隐藏券', visible: 0 })
    const now = Date.now()
    const input = {
      title: '双十二狂欢',
      cover: '/uploads/202611/a.png',
      summary: '全场满减',
      contentHtml: '<p>规则<script>x</script></p>',
      startAt: now - DAY,
      endAt: now + DAY,
      status: 'on',
      couponIds: [claimable],
    }
    expect(await c.post('/content/activities', { ...input, couponIds: [hidden] })).toMatchObject({ code: 400, msg: '「隐藏券」不是可领取的优惠券（须启用、可领取、非新人券）' })
    expect(await c.post('/content/activities', { ...input, endAt: input.startAt })).toMatchObject({ code: 400, msg: '结束时间须晚于开始时间' })
    expect(await c.post('/content/activities', { ...input, linkType: 'web', linkUrl: 'javascript:alert(1)' })).toMatchObject({ code: 400, msg: '跳转链接须为完整网址，或本店页面的路径' })
    expect(await c.post('/content/activities', { ...input, linkType: 'web', linkUrl: '//evil.example.com/x' })).toMatchObject({ code: 400, msg: '跳转链接须为完整网址，或本店页面的路径' })
    // A page the shop serves itself, as a saved web link may be (the demo's festival page).
    const local = await c.post('/content/activities', { ...input, linkType: 'web', linkUrl: '/media/activity/festival.html' })
    expect(local.code).toBe(200)
    expect((await c.get(`/content/activities/${local.data.id}`)).data).toMatchObject({ linkType: 'web', linkUrl: '/media/activity/festival.html' })
    await c.del(`/content/activities/${local.data.id}`)
    const created = await c.post('/content/activities', input)
    expect(created.code).toBe(200)
    const id = created.data.id
    expect((await auditRows(t, 'activity.create')).some((r) => r.targetId === String(id))).toBe(true)
    const detail = await c.get(`/content/activities/${id}`)
    expect(detail.data).toMatchObject({ title: '双十二狂欢', couponIds: [claimable], coupons: [{ id: claimable, ruleText: '满50减5' }] })
    expect(detail.data.contentHtml).not.toMatch(/script/)

    // The shop: the activity and its coupons; a visitor sees them, a member claims one, then it is taken.
    expect((await t.get('/api/content/activityDetail', { id })).data).toMatchObject({ title: '双十二狂欢', status: 'ongoing' })
    expect((await t.get('/api/content/activityCoupons', { id })).data.list).toMatchObject([{ couponId: claimable, canReceive: true }])
    const s = await shopper(t)
    expect((await t.post('/api/coupons/receive', { couponId: claimable }, s.token)).code).toBe(200)
    expect((await t.get('/api/content/activityCoupons', { id }, s.token)).data.list).toMatchObject([{ couponId: claimable, received: 1, canReceive: false }])
    expect((await t.post('/api/coupons/receive', { couponId: claimable }, s.token)).msg).toBe('您已领取过该优惠券')

    // A linked coupon cannot be deleted nor become a new-member coupon; unlinked, the activity offers nothing.
    const owner = adminClient(t, await signIn(t, 'owner'))
    expect((await owner.put('/coupons/new-member-package', { couponIds: [claimable] })).msg).toBe('「活动满50减5」已关联到活动「双十二狂欢」供领取，不能同时作为新人券')
    const spare = await makeCoupon(t, { name: '未发放券' })
    expect((await c.put(`/content/activities/${id}`, { ...input, couponIds: [claimable, spare] })).code).toBe(200)
    expect((await owner.del(`/coupons/${spare}`)).msg).toBe('活动「双十二狂欢」关联了这张券，请先从活动中移除')
    expect((await c.put(`/content/activities/${id}`, { ...input, couponIds: [] })).code).toBe(200)
    expect((await t.get('/api/content/activityCoupons', { id })).data.list).toEqual([])
    expect((await auditRows(t, 'activity.update')).filter((r) => r.targetId === String(id))).toHaveLength(2)

    // Ended: the coupons show, not claimable. Deleted: gone from the shop.
    expect((await c.put(`/content/activities/${id}`, { ...input, startAt: now - 2 * DAY, endAt: now - DAY })).code).toBe(200)
    expect((await t.get('/api/content/activityCoupons', { id })).data.list).toMatchObject([{ couponId: claimable, canReceive: false }])
    expect((await c.del(`/content/activities/${id}`)).code).toBe(200)
    expect((await t.get('/api/content/activityDetail', { id })).code).toBe(404)
    expect((await auditRows(t, 'activity.delete')).some((r) => r.targetId === String(id))).toBe(true)
  })
})
