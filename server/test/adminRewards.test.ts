import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { makeGoods, paidOrder, requestId, shopper } from './tradeFixtures'
import { givePoints, pointsOf } from './promoFixtures'
import { makeCampaign, orderItems, receivedOrder } from './afterSalesFixtures'
import { draw } from '../src/modules/turntable/service'
import { completeOrderTx } from '../src/modules/order/service'

const DAY = 86_400_000

/** 营销 part B in the console (积分, 盲盒, 好评返现) and what the shop does after each change, on both databases. */
describe.each(DIALECTS)('console rewards: points, blind box, cashback (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let ownerId: number
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    const owner = await signIn(t, 'owner')
    ownerId = owner.staffId
    c = adminClient(t, owner)
  })
  afterAll(() => t.close())

  const settingRow = async (key: string) => (await t.db.selectFrom('shopSettings').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null

  describe('积分', () => {
    it('earning rules: a changed check-in rule is what the next check-in gives; audited; bad input saves nothing', async () => {
      const before = await c.get('/points/rules')
      expect(before.data).toEqual({ signIn: [5, 10, 15, 20, 25, 30, 50], perYuan: 1, redeemRate: 100, redeemMaxPercent: 20, expireDays: 0, firstOrder: 100, review: 20 })
      // Bad input: a Chinese message naming the field; nothing saved.
      expect(await c.put('/points/rules', { signIn: [7, -1], perYuan: 1, firstOrder: 100, review: 20 })).toMatchObject({ code: 400, msg: '签到积分超出范围' })
      expect(await c.put('/points/rules', { signIn: [], perYuan: 1, firstOrder: 100, review: 20 })).toMatchObject({ code: 400, msg: '签到积分至少 1 项' })
      expect(await c.put('/points/rules', { signIn: [0, 0], perYuan: 1, firstOrder: 100, review: 20 })).toMatchObject({ code: 400, msg: '签到积分不能全部为 0' })
      expect(await settingRow('pointsRules')).toBeNull()
      expect(await auditRows(t, 'points.rules')).toHaveLength(0)

      const me = await shopper(t)
      // Undeclared fields are dropped, never stored.
      const saved = await c.put('/points/rules', { signIn: [7, 9, 11], perYuan: 3, firstOrder: 150, review: 25, bonus: 5 })
      expect(saved).toMatchObject({ code: 200, data: { signIn: [7, 9, 11], perYuan: 3, firstOrder: 150, review: 25 } })
      expect(JSON.parse((await settingRow('pointsRules'))!)).toEqual({ signIn: [7, 9, 11], perYuan: 3, redeemRate: 100, redeemMaxPercent: 20, expireDays: 0 })
      const summary = await t.get('/api/integral/summary', {}, me.token)
      expect(summary.data).toMatchObject({ signedToday: false, nextPoints: 7 })
      expect(summary.data.week.map((d: any) => d.points)).toEqual([7, 9, 11])
      const signed = await t.post('/api/integral/signIn', {}, me.token)
      expect(signed.data).toMatchObject({ points: 7, streak: 1, balance: 7 })
      // The missions show the new first-order and review rewards.
      const missions = (await t.get('/api/integral/missions', {}, me.token)).data.list
      expect(missions.find((m: any) => m.key === 'first_order').points).toBe(150)
      expect(missions.find((m: any) => m.key === 'review').points).toBe(25)
      // A completed cash order earns perYuan points per whole yuan.
      const g = await makeGoods(t)
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const order = await t.db.selectFrom('orders').select(['id', 'payAmount']).where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
      await t.db.transaction().execute((tx) => completeOrderTx(tx, t.ctx.modules, order.id, 'system'))
      const reward = await t.db.selectFrom('pointsLedger').select('change').where('refKey', '=', `reward:${order.id}`).executeTakeFirstOrThrow()
      expect(Number(reward.change)).toBe(Math.floor(Number(order.payAmount) / 100) * 3)
      const [audit] = await auditRows(t, 'points.rules')
      expect(audit.staffId).toBe(ownerId)
      expect(JSON.parse(audit.beforeJson!)).toMatchObject({ signIn: [5, 10, 15, 20, 25, 30, 50], perYuan: 1 })
      expect(JSON.parse(audit.afterJson!)).toMatchObject({ signIn: [7, 9, 11], perYuan: 3, firstOrder: 150 })
    })

    it('积分抵现 rate and cap: validated in Chinese, audited, applied by preview and submit (the server prices)', async () => {
      const base = { signIn: [7, 9, 11], perYuan: 3, firstOrder: 150, review: 25 }
      expect(await c.put('/points/rules', { ...base, redeemRate: 0, redeemMaxPercent: 10 })).toMatchObject({ code: 400, msg: '积分抵现比例超出范围' })
      expect(await c.put('/points/rules', { ...base, redeemRate: 50, redeemMaxPercent: 101 })).toMatchObject({ code: 400, msg: '积分抵扣上限超出范围' })
      expect(await c.put('/points/rules', { ...base, redeemRate: 50.5, redeemMaxPercent: 10 })).toMatchObject({ code: 400 })
      const me = await shopper(t)
      await givePoints(t, me.memberId, 1200)
      const g = await makeGoods(t, { skus: [{ price: 6000, stock: 10 }] })
      const preview = async () => (await t.post('/api/order/preview', { from: 'buyNow', skuId: g.skuId, quantity: 1, usePoints: true }, me.token)).data
      // Today's rules: 1200 points = ¥12 on a ¥60 order (20% cap).
      expect((await preview()).extras.points).toMatchObject({ usable: 1200, discount: 1200, rate: 100, maxPercent: 20 })
      const saved = await c.put('/points/rules', { ...base, redeemRate: 50, redeemMaxPercent: 10 })
      expect(saved).toMatchObject({ code: 200, data: { redeemRate: 50, redeemMaxPercent: 10 } })
      // 50 points a yuan, at most 10% of ¥60 = ¥6 → 300 points.
      const p = await preview()
      expect(p.extras.points).toEqual({ balance: 1200, usable: 300, discount: 600, used: 300, rate: 50, maxPercent: 10 })
      expect(p.pointsDiscount).toBe(600)
      expect(p.payAmount).toBe(6000 + p.freightAmount - 600)
      const sub = await t.post('/api/order/submit', { from: 'buyNow', skuId: g.skuId, quantity: 1, usePoints: true, requestId: requestId() }, me.token)
      expect(sub.data.payAmount).toBe(p.payAmount)
      const o = await t.db.selectFrom('orders').select(['pointsUsed', 'pointsDiscount']).where('orderNo', '=', sub.data.orderNo).executeTakeFirstOrThrow()
      expect([Number(o.pointsUsed), Number(o.pointsDiscount)]).toEqual([300, 600])
      expect(await pointsOf(t, me.memberId)).toBe(900)
      // Cancel gives the points used back (not the yuan).
      expect((await t.post('/api/order/cancel', { orderNo: sub.data.orderNo }, me.token)).code).toBe(200)
      expect(await pointsOf(t, me.memberId)).toBe(1200)
      // 0% turns points off at checkout; leaving the fields out keeps them.
      await c.put('/points/rules', { ...base, redeemMaxPercent: 0 })
      expect((await preview()).extras.points).toMatchObject({ usable: 0, discount: 0, rate: 50, maxPercent: 0 })
      const audits = await auditRows(t, 'points.rules')
      const last = audits.find((a: any) => JSON.parse(a.afterJson!).redeemMaxPercent === 10)!
      expect(JSON.parse(last.beforeJson!)).toMatchObject({ redeemRate: 100, redeemMaxPercent: 20 })
      expect(JSON.parse(last.afterJson!)).toMatchObject({ redeemRate: 50, redeemMaxPercent: 10 })
      await c.put('/points/rules', { ...base, redeemRate: 100, redeemMaxPercent: 20 })
    })

    it('points mall goods: created off the shelf, shown in the shop when on; a stale stock is refused; audited', async () => {
      const g = await makeGoods(t, { skus: [{ price: 3990, stock: 50 }] })
      const input = { skuId: g.skuId, name: '积分兑换保温杯', points: 2000, cash: 0, marketPrice: 3990, stock: 10, perMemberLimit: 2, description: '限量兑换' }
      expect(await c.post('/points/goods', { ...input, points: 0 })).toMatchObject({ code: 400, msg: '积分超出范围' })
      expect(await c.post('/points/goods', { ...input, skuId: 999999 })).toMatchObject({ code: 400, msg: '所选商品规格不存在' })
      const created = await c.post('/points/goods', input)
      expect(created.code).toBe(200)
      const id = created.data.id
      const list = async () => (await t.get('/api/integral/goodsList', {})).data.list.map((x: any) => x.id)
      expect(await list()).not.toContain(id)
      expect((await c.post(`/points/goods/${id}/status`, { status: 'on' })).code).toBe(200)
      expect(await list()).toContain(id)
      const detail = await t.get('/api/integral/goodsDetail', { id })
      expect(detail.data).toMatchObject({ name: '积分兑换保温杯', points: 2000, stock: 10, perMemberLimit: 2 })
      // A redemption changed the stock since the form loaded: the typed stock is refused.
      await t.db.updateTable('pointsGoods').set({ stock: 9 }).where('id', '=', id).execute()
      expect(await c.put(`/points/goods/${id}`, { ...input, stock: 30, stockBefore: 10 })).toMatchObject({ code: 409 })
      expect(Number((await t.db.selectFrom('pointsGoods').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock)).toBe(9)
      expect((await c.put(`/points/goods/${id}`, { ...input, points: 1800, stock: 30, stockBefore: 9, status: 'on' })).code).toBe(200)
      expect((await t.get('/api/integral/goodsDetail', { id })).data).toMatchObject({ points: 1800, stock: 30 })
      expect((await auditRows(t, 'pointsGoods.create')).map((r) => r.targetId)).toContain(String(id))
      expect(await auditRows(t, 'pointsGoods.on')).toHaveLength(1)
      const [upd] = await auditRows(t, 'pointsGoods.update')
      expect(JSON.parse(upd.beforeJson!)).toMatchObject({ points: 2000, stock: 9 })
      expect(JSON.parse(upd.afterJson!)).toMatchObject({ points: 1800, stock: 30 })
    })

    it('missions: one per kind, edits and disabling show in the mission center at once', async () => {
      const me = await shopper(t)
      const rows = (await c.get('/points/missions')).data
      expect(rows.map((m: any) => m.kind)).toEqual(['first_order', 'review', 'share', 'browse'])
      const share = rows.find((m: any) => m.kind === 'share')
      const dup = await c.post('/points/missions', { kind: 'share', title: '再分享', points: 5, period: 'daily', target: 1 })
      expect(dup).toMatchObject({ code: 409, msg: '该类型的任务已存在，每种类型只能有一个任务' })
      expect(await c.put(`/points/missions/${share.id}`, { kind: 'share', title: '', points: 5, period: 'daily', target: 1 })).toMatchObject({ code: 400, msg: '请填写标题' })
      expect(await c.put(`/points/missions/${share.id}`, { kind: 'share', title: '分享三次', points: 30, period: 'daily', target: 3 })).toMatchObject({ code: 200 })
      let shop = (await t.get('/api/integral/missions', {}, me.token)).data.list
      expect(shop.find((m: any) => m.key === 'share')).toMatchObject({ title: '分享三次', points: 30, target: 3 })
      // Claiming follows the edited target: one share is not enough any more.
      await t.post('/api/integral/reportShare', {}, me.token)
      expect((await t.post('/api/integral/claimMission', { mission: 'share' }, me.token)).code).toBe(409)
      await t.post('/api/integral/reportShare', {}, me.token)
      await t.post('/api/integral/reportShare', {}, me.token)
      expect((await t.post('/api/integral/claimMission', { mission: 'share' }, me.token)).data).toMatchObject({ points: 30 })
      // Disabled: gone from the shop and not claimable; deleted then re-created.
      expect((await c.put(`/points/missions/${share.id}`, { kind: 'share', title: '分享三次', points: 30, period: 'daily', target: 3, enabled: false })).code).toBe(200)
      shop = (await t.get('/api/integral/missions', {}, me.token)).data.list
      expect(shop.map((m: any) => m.key)).not.toContain('share')
      expect((await t.post('/api/integral/claimMission', { mission: 'share' }, me.token)).code).toBe(404)
      expect((await c.del(`/points/missions/${share.id}`)).code).toBe(200)
      expect((await c.post('/points/missions', { kind: 'share', title: '分享好物', points: 10, period: 'daily', target: 1 })).code).toBe(200)
      expect((await c.post('/points/missions', { kind: 'first_order', title: 'x', points: 10, period: 'daily', target: 1 })).code).toBe(400)
      expect((await auditRows(t, 'mission.update')).length).toBe(2)
      expect((await auditRows(t, 'mission.delete')).length).toBe(1)
      expect((await auditRows(t, 'mission.create')).length).toBe(1)
    })
  })

  describe('盲盒', () => {
    const pool = async () => (await c.get('/blind-box')).data
    const offAll = () => t.db.updateTable('turntablePrizes').set({ status: 'off', weight: 0 }).execute()

    it('odds: the shelf must add up to 100 %; the shop shows exactly the odds configured; the cost applies to the next draw', async () => {
      await offAll()
      const a = (await c.post('/blind-box/prizes', { name: '88积分', kind: 'points', points: 88, stock: 0, unlimited: true })).data.id
      const b = (await c.post('/blind-box/prizes', { name: '谢谢参与', kind: 'none', stock: 0, unlimited: true })).data.id
      expect(await c.post('/blind-box/prizes', { name: '空积分', kind: 'points', stock: 0, unlimited: true })).toMatchObject({ code: 400, msg: '请填写奖励的积分' })
      expect((await pool()).prizes.find((p: any) => p.id === a)).toMatchObject({ status: 'off', weight: 0 })
      // 30 % + 60 %: refused, nothing saved.
      const bad = await c.put('/blind-box/pool', {
        items: [
          { id: a, weight: 3000, status: 'on' },
          { id: b, weight: 6000, status: 'on' },
        ],
      })
      expect(bad).toMatchObject({ code: 400, msg: '上架奖品的中奖率合计须为 100.00%，当前为 90.00%' })
      expect((await pool()).prizes.find((p: any) => p.id === a)).toMatchObject({ status: 'off', weight: 0 })
      expect(await auditRows(t, 'prize.odds')).toHaveLength(0)
      const ok = await c.put('/blind-box/pool', {
        items: [
          { id: a, weight: 3725, status: 'on' },
          { id: b, weight: 6275, status: 'on' },
        ],
      })
      expect(ok.code).toBe(200)
      const shop = (await t.get('/api/turntable/prizes')).data
      expect(shop.prizes.map((p: any) => [p.id, p.probability])).toEqual([
        [a, 37.25],
        [b, 62.75],
      ])
      expect(await auditRows(t, 'prize.odds')).toHaveLength(2)

      expect(await c.put('/blind-box/settings', { cost: 0 })).toMatchObject({ code: 400, msg: '每次消耗积分超出范围' })
      expect((await c.put('/blind-box/settings', { cost: 30 })).code).toBe(200)
      expect((await t.get('/api/turntable/prizes')).data.cost).toBe(30)
      const me = await shopper(t)
      await givePoints(t, me.memberId, 30)
      const d = await t.post('/api/turntable/redeemIntegral', {}, me.token)
      expect(d.code).toBe(200)
      expect(d.data.record.cost).toBe(30)
      expect(await pointsOf(t, me.memberId)).toBe(0)
      expect(await auditRows(t, 'blindBox.cost')).toHaveLength(1)
      await c.put('/blind-box/settings', { cost: 50 })
    })

    it('a prize with stock 0 is never drawn; a stale stock edit is refused', async () => {
      await offAll()
      const g = await makeGoods(t)
      const gone = (await c.post('/blind-box/prizes', { name: '耳机', kind: 'goods', skuId: g.skuId, stock: 0, unlimited: false })).data.id
      const rest = (await c.post('/blind-box/prizes', { name: '谢谢参与', kind: 'none', stock: 0, unlimited: true })).data.id
      expect(
        (
          await c.put('/blind-box/pool', {
            items: [
              { id: gone, weight: 9000, status: 'on' },
              { id: rest, weight: 1000, status: 'on' },
            ],
          })
        ).code,
      ).toBe(200)
      const shop = (await t.get('/api/turntable/prizes')).data.prizes
      expect(shop.find((p: any) => p.id === gone)).toMatchObject({ inStock: false, probability: 0 })
      const me = await shopper(t)
      await givePoints(t, me.memberId, 50 * 40)
      for (let i = 0; i < 40; i++) expect((await draw(t.db, me.memberId)).record.prizeId).toBe(rest)
      expect(await c.put(`/blind-box/prizes/${gone}`, { name: '耳机', kind: 'goods', skuId: g.skuId, stock: 5, stockBefore: 3, unlimited: false })).toMatchObject({ code: 409 })
      expect((await c.put(`/blind-box/prizes/${gone}`, { name: '耳机', kind: 'goods', skuId: g.skuId, stock: 1, stockBefore: 0, unlimited: false })).code).toBe(200)
      expect((await t.get('/api/turntable/prizes')).data.prizes.find((p: any) => p.id === gone)).toMatchObject({ inStock: true, probability: 90 })
    })

    it('ships a physical prize through the CLI’s service; only a prize waiting to ship; audited', async () => {
      await offAll()
      const g = await makeGoods(t)
      const gift = (await c.post('/blind-box/prizes', { name: '实物好礼', kind: 'goods', skuId: g.skuId, stock: 1, unlimited: false })).data.id
      await c.put('/blind-box/pool', { items: [{ id: gift, weight: 10000, status: 'on' }] })
      const me = await shopper(t)
      await givePoints(t, me.memberId, 50)
      const d = await t.post('/api/turntable/redeemIntegral', {}, me.token)
      const id = d.data.record.id
      expect(await c.post(`/blind-box/records/${id}/ship`, { expressCode: 'SF', trackingNo: 'SF1234567890' })).toMatchObject({ code: 409, msg: '只有待发货的奖品可以发货' })
      await t.get('/api/turntable/toReceive', { recordId: id }, me.token)
      await t.post('/api/turntable/writeAddress', { recordId: id, addressId: me.addressId }, me.token)
      const waiting = (await c.get('/blind-box/records', { status: 'to_ship' })).data
      expect(waiting.list.find((r: any) => r.id === id)).toMatchObject({ receiverName: '张三', prizeName: '实物好礼', statusText: '待发货' })
      expect(await c.post(`/blind-box/records/${id}/ship`, { expressCode: 'SF', trackingNo: '12' })).toMatchObject({ code: 400, msg: '快递单号格式不正确' })
      expect((await c.post(`/blind-box/records/${id}/ship`, { expressCode: 'SF', trackingNo: 'SF1234567890' })).code).toBe(200)
      const shop = await t.get('/api/turntable/recordList', {}, me.token)
      expect(shop.data.list[0]).toMatchObject({ status: 'shipped', shipment: { expressName: '顺丰速运', trackingNo: 'SF1234567890' } })
      expect(await c.post(`/blind-box/records/${id}/ship`, { expressCode: 'SF', trackingNo: 'SF1234567890' })).toMatchObject({ code: 409 })
      const rows = await auditRows(t, 'prize.ship')
      expect(rows).toHaveLength(1)
      expect(JSON.parse(rows[0].afterJson!)).toMatchObject({ status: 'shipped' })
    })
  })

  describe('好评返现', () => {
    it('campaigns per goods: validated, one active at a time on a goods, audited', async () => {
      const g = await makeGoods(t)
      const now = Date.now()
      const input = {
        goodsId: g.goodsId,
        title: '好评返5元',
        type: 'review',
        amount: 500,
        requirement: '五星好评带图',
        minRating: 5,
        minChars: 10,
        minImages: 1,
        quota: 100,
        status: 'active',
        startAt: now - DAY,
        endAt: now + 30 * DAY,
      }
      expect(await c.post('/cashback/campaigns', { ...input, endAt: now - 2 * DAY })).toMatchObject({ code: 400, msg: '结束时间须晚于开始时间' })
      expect(await c.post('/cashback/campaigns', { ...input, amount: 0 })).toMatchObject({ code: 400, msg: '返现金额超出范围' })
      const id = (await c.post('/cashback/campaigns', input)).data.id
      expect(await c.post('/cashback/campaigns', { ...input, title: '又一个' })).toMatchObject({ code: 409 })
      const me = await shopper(t)
      const live = (await t.get('/api/cashback/campaigns', {}, me.token)).data.find((x: any) => x.id === id)
      expect(live).toMatchObject({ amount: 500, minRating: 5, minChars: 10, minImages: 1, remaining: 100 })
      expect((await c.put(`/cashback/campaigns/${id}`, { ...input, amount: 800 })).code).toBe(200)
      expect((await t.get('/api/cashback/campaigns', {}, me.token)).data.find((x: any) => x.id === id).amount).toBe(800)
      expect((await c.put(`/cashback/campaigns/${id}`, { ...input, status: 'ended' })).code).toBe(200)
      expect((await t.get('/api/cashback/campaigns', {}, me.token)).data.find((x: any) => x.id === id)).toBeUndefined()
      expect((await auditRows(t, 'cashback.campaign.update')).length).toBe(2)
    })

    it('approving a task twice pays once; refusing needs a reason; audited', async () => {
      const g = await makeGoods(t)
      const g2 = await makeGoods(t)
      await makeCampaign(t, g.goodsId, { amount: 300 })
      await makeCampaign(t, g2.goodsId, { amount: 400 })
      const me = await shopper(t)
      const review = async (skuId: number) => {
        const orderNo = await receivedOrder(t, me.token, skuId)
        const [item] = (await orderItems(t, me.token, orderNo)).items
        const r = await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '很好用', images: [] }] }, me.token)
        return r.data.cashbackTasks[0].taskId as number
      }
      const taskId = await review(g.skuId)
      const other = await review(g2.skuId)
      const listed = (await c.get('/cashback/tasks', { status: 'submitted' })).data.list
      expect(listed.find((x: any) => x.id === taskId)).toMatchObject({ amount: 300, statusText: '审核中', review: { rating: 5, content: '很好用' } })

      const results = await Promise.all([c.post(`/cashback/tasks/${taskId}/approve`), c.post(`/cashback/tasks/${taskId}/approve`)])
      expect(results.map((r) => r.code).sort()).toEqual([200, 409])
      expect((await c.post(`/cashback/tasks/${taskId}/approve`)).code).toBe(409)
      const bal = await t.get('/api/cashback/balance', {}, me.token)
      expect(bal.data.balance).toBe(300)
      expect(await t.db.selectFrom('balanceLedger').selectAll().where('memberId', '=', me.memberId).where('kind', '=', 'cashback').execute()).toHaveLength(1)
      expect((await auditRows(t, 'cashback.approve')).filter((r) => r.targetId === String(taskId))).toHaveLength(1)

      expect(await c.post(`/cashback/tasks/${other}/refuse`, { reason: '' })).toMatchObject({ code: 400, msg: '请填写原因' })
      expect(await c.post(`/cashback/tasks/${other}/refuse`, { reason: '   ' })).toMatchObject({ code: 400, msg: '请填写驳回原因' })
      expect((await c.post(`/cashback/tasks/${other}/refuse`, { reason: '评价内容与商品无关' })).data).toMatchObject({ status: 'rejected' })
      const detail = await t.get('/api/cashback/taskDetail', { id: other }, me.token)
      expect(detail.data).toMatchObject({ status: 'rejected', rejectReason: '评价内容与商品无关' })
      expect((await t.get('/api/cashback/balance', {}, me.token)).data.balance).toBe(300)
      const [refused] = await auditRows(t, 'cashback.refuse')
      expect(JSON.parse(refused.afterJson!)).toMatchObject({ reason: '评价内容与商品无关' })
    })

    it('a paid order exists only for its member: tasks list carries no one else’s data to the shop', async () => {
      const g = await makeGoods(t)
      const a = await shopper(t)
      await paidOrder(t, a.token, g.skuId)
      const b = await shopper(t)
      expect((await t.get('/api/cashback/tasks', {}, b.token)).data.total).toBe(0)
    })
  })
})
