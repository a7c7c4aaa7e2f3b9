import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { makeGoods, shopper } from './tradeFixtures'
import { makeCampaign, orderItems, receivedOrder, shippedOrder, uploadImages } from './afterSalesFixtures'
import { approveTask, rejectTask } from '../src/modules/cashback/service'
import { runAdminCommand } from '../src/adminCommands'
import '../src/modules/cashback/commands'

describe.each(DIALECTS)('reviews and good-review cashback on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect)
  })
  afterAll(async () => t.close())

  const goodsCounters = (goodsId: number) => t.db.selectFrom('goods').select(['reviewCount', 'goodReviewCount']).where('id', '=', goodsId).executeTakeFirstOrThrow()
  const balanceOf = async (memberId: number) => Number((await t.db.selectFrom('members').select('balance').where('id', '=', memberId).executeTakeFirstOrThrow()).balance)

  describe('reviews', () => {
    it('reviews every line of a received order: comment list shows it, counters move, the order completes', async () => {
      const a = await makeGoods(t)
      const b = await makeGoods(t)
      const me = await shopper(t)
      // Two lines in one order through the cart.
      await t.post('/api/cart/add', { skuId: a.skuId, quantity: 1 }, me.token)
      await t.post('/api/cart/add', { skuId: b.skuId, quantity: 2 }, me.token)
      const sub = await t.post('/api/order/submit', { from: 'cart', requestId: `rv${Date.now()}` }, me.token)
      expect(sub.code).toBe(200)
      const p = await t.post('/api/pay/prepay', { orderNo: sub.data.orderNo, channel: 'sandbox' }, me.token)
      await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, me.token)
      const { shipOrder } = require('../src/modules/logistics/service')
      await shipOrder(t.db, t.ctx.modules, sub.data.orderNo, 'SF', 'SF100200300')
      await t.post('/api/order/confirmReceipt', { orderNo: sub.data.orderNo }, me.token)

      const page = await t.get('/api/review/orderItems', { orderNo: sub.data.orderNo }, me.token)
      expect(page.code).toBe(200)
      expect(page.data.items).toHaveLength(2)
      expect(page.data.items.every((i: any) => !i.reviewed)).toBe(true)
      const ia = page.data.items.find((i: any) => i.goodsId === a.goodsId)
      const ib = page.data.items.find((i: any) => i.goodsId === b.goodsId)
      const images = await uploadImages(t, me.token, 2)
      const before = await goodsCounters(a.goodsId)

      const first = await t.post(
        '/api/review/submit',
        { orderNo: sub.data.orderNo, items: [{ orderItemId: ia.orderItemId, rating: 5, content: '质量很好，包装仔细', images, anonymous: true }] },
        me.token,
      )
      expect(first.code).toBe(200)
      expect(first.data.orderStatus).toBe('to_review')
      expect(await goodsCounters(a.goodsId)).toEqual({ reviewCount: before.reviewCount + 1, goodReviewCount: before.goodReviewCount + 1 })

      const list = await t.get('/api/goods/commentList', { goodsId: a.goodsId }, me.token)
      expect(list.code).toBe(200)
      const c = list.data.list.find((x: any) => x.content === '质量很好，包装仔细')
      expect(c).toMatchObject({ rating: 5, anonymous: true, images })
      expect(c.nickname).toMatch(/\*\*\*/)

      const second = await t.post('/api/review/submit', { orderNo: sub.data.orderNo, items: [{ orderItemId: ib.orderItemId, rating: 2, content: '一般', images: [], anonymous: false }] }, me.token)
      expect(second.code).toBe(200)
      expect(second.data.orderStatus).toBe('completed')
      const bCounters = await goodsCounters(b.goodsId)
      expect(bCounters.reviewCount).toBe(1)
      expect(bCounters.goodReviewCount).toBe(0)
      const detail = await orderItems(t, me.token, sub.data.orderNo)
      expect(detail.status).toBe('completed')
      expect(detail.items.every((i: any) => i.reviewed)).toBe(true)
    })

    it('refuses a second review of a line, also when two arrive at once', async () => {
      const g = await makeGoods(t)
      const me = await shopper(t)
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const [item] = (await orderItems(t, me.token, orderNo)).items
      const body = { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '好', images: [], anonymous: false }] }
      const both = await Promise.all([t.post('/api/review/submit', body, me.token), t.post('/api/review/submit', body, me.token)])
      expect(both.map((r) => r.code).sort()).toEqual([200, 409])
      expect((await t.post('/api/review/submit', body, me.token)).code).toBe(409)
      const rows = await t.db.selectFrom('goodsReviews').select('id').where('orderItemId', '=', item.id).execute()
      expect(rows).toHaveLength(1)
      expect((await goodsCounters(g.goodsId)).reviewCount).toBe(1)
    })

    it('enforces 140 characters, 9 images of my own uploads, stars 1-5 and a received order', async () => {
      const g = await makeGoods(t)
      const me = await shopper(t)
      const other = await shopper(t)
      const shipped = await shippedOrder(t, me.token, g.skuId)
      const [sItem] = (await orderItems(t, me.token, shipped)).items
      const notYet = await t.post('/api/review/submit', { orderNo: shipped, items: [{ orderItemId: sItem.id, rating: 5, content: '不错', images: [] }] }, me.token)
      expect(notYet).toMatchObject({ code: 2003, msg: '确认收货后才能评价' })

      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const [item] = (await orderItems(t, me.token, orderNo)).items
      const send = (extra: Record<string, unknown>, token = me.token) =>
        t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '不错', images: [], ...extra }] }, token)
      // Stars alone (no words, no picture) are refused; spaces are no words.
      expect((await send({ content: '' })).msg).toBe('请写下评价内容或上传晒图')
      expect((await send({ content: '   ' })).msg).toBe('请写下评价内容或上传晒图')
      expect((await send({ content: '好'.repeat(141) })).msg).toBe('评价内容最多140个字')
      // 140 emoji are 140 characters (280 UTF-16 units): allowed by the character count.
      const mine = await uploadImages(t, me.token, 10)
      expect((await send({ images: mine })).code).toBe(400)
      const theirs = await uploadImages(t, other.token, 1)
      expect((await send({ images: theirs })).msg).toBe('评价图片无效，请重新上传')
      expect((await send({ images: ['https://evil.example/x.png'] })).msg).toBe('评价图片地址无效')
      expect((await send({ rating: 0 })).code).toBe(400)
      expect((await send({ rating: 6 })).code).toBe(400)
      // Another member's order is not found.
      expect((await send({}, other.token)).code).toBe(404)
      const ok = await send({ content: '😀'.repeat(140), images: mine.slice(0, 9) })
      expect(ok.code).toBe(200)
    })

    it('offers 追评 on a reviewed order until the follow-up is written or its 180 days pass', async () => {
      const g = await makeGoods(t)
      const me = await shopper(t)
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const actions = async () => (await t.get('/api/order/detail', { orderNo }, me.token)).data.actions
      const listed = async () => (await t.get('/api/order/list', { status: 'all', page: 1, pageSize: 20 }, me.token)).data.list.find((o: any) => o.orderNo === orderNo).actions
      expect(await actions()).not.toContain('followUp')
      const [item] = (await orderItems(t, me.token, orderNo)).items
      await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '很好', images: [] }] }, me.token)
      expect((await t.get('/api/order/detail', { orderNo }, me.token)).data.status).toBe('completed')
      expect(await actions()).toContain('followUp')
      expect(await listed()).toContain('followUp')
      // Past the window: no longer offered (and the server refuses it).
      await t.db
        .updateTable('goodsReviews')
        .set({ createdAt: Date.now() - 181 * 86400_000 })
        .where('orderItemId', '=', item.id)
        .execute()
      expect(await actions()).not.toContain('followUp')
      await t.db.updateTable('goodsReviews').set({ createdAt: Date.now() }).where('orderItemId', '=', item.id).execute()
      expect((await t.post('/api/review/followUp', { orderItemId: item.id, content: '用了一周还不错', images: [] }, me.token)).code).toBe(200)
      expect(await actions()).not.toContain('followUp')
      expect(await listed()).not.toContain('followUp')
    })

    it('takes one follow-up after the first review, never two, never before', async () => {
      const g = await makeGoods(t)
      const me = await shopper(t)
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const [item] = (await orderItems(t, me.token, orderNo)).items
      expect((await t.post('/api/review/followUp', { orderItemId: item.id, content: '用了一周还不错', images: [] }, me.token)).msg).toBe('请先评价该商品')
      await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 4, content: '不错', images: [] }] }, me.token)
      expect((await t.post('/api/review/followUp', { orderItemId: item.id, content: '  ', images: [] }, me.token)).msg).toBe('请填写追评内容')
      const imgs = await uploadImages(t, me.token, 1)
      const both = await Promise.all([
        t.post('/api/review/followUp', { orderItemId: item.id, content: '用了一周还不错', images: imgs }, me.token),
        t.post('/api/review/followUp', { orderItemId: item.id, content: '再追一次', images: [] }, me.token),
      ])
      expect(both.map((r) => r.code).sort()).toEqual([200, 409])
      const page = await t.get('/api/review/orderItems', { orderNo }, me.token)
      expect(page.data.items[0].followUp).toBeTruthy()
      const list = await t.get('/api/goods/commentList', { goodsId: g.goodsId })
      expect(list.data.list[0].followUp).toBeTruthy()
      // Reviews count first reviews only.
      expect((await goodsCounters(g.goodsId)).reviewCount).toBe(1)
    })
  })

  describe('cashback', () => {
    it('a qualifying review makes a submitted task; approval pays it into the balance with a ledger row', async () => {
      const g = await makeGoods(t)
      const campaignId = await makeCampaign(t, g.goodsId, { amount: 800, minChars: 5, minImages: 1 })
      const me = await shopper(t)
      const before = await t.get('/api/cashback/campaigns', {}, me.token)
      expect(before.data.find((c: any) => c.id === campaignId)).toMatchObject({ state: 'buy', amount: 800 })
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const mid = await t.get('/api/cashback/campaigns', {}, me.token)
      expect(mid.data.find((c: any) => c.id === campaignId)).toMatchObject({ state: 'review', orderNo })
      const [item] = (await orderItems(t, me.token, orderNo)).items
      const page = await t.get('/api/review/orderItems', { orderNo }, me.token)
      expect(page.data.items[0].cashback).toMatchObject({ campaignId, amount: 800, type: 'review' })

      const imgs = await uploadImages(t, me.token, 1)
      const r = await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '非常满意，推荐购买', images: imgs }] }, me.token)
      expect(r.data.cashbackTasks).toHaveLength(1)
      const taskId = r.data.cashbackTasks[0].taskId
      let bal = await t.get('/api/cashback/balance', {}, me.token)
      expect(bal.data).toEqual({ balance: 0, totalEarned: 0, pendingAmount: 800, pendingCount: 1 })

      const paid = await approveTask(t.db, taskId)
      expect(paid).toMatchObject({ amount: 800, balance: 800, status: 'paid' })
      bal = await t.get('/api/cashback/balance', {}, me.token)
      expect(bal.data).toEqual({ balance: 800, totalEarned: 800, pendingAmount: 0, pendingCount: 0 })
      const ledger = await t.get('/api/cashback/ledger', {}, me.token)
      expect(ledger.data.list).toEqual([expect.objectContaining({ change: 800, balanceAfter: 800, type: 'task_payout' })])
      const detail = await t.get('/api/cashback/taskDetail', { id: taskId }, me.token)
      expect(detail.data.status).toBe('paid')
      expect(detail.data.logs.map((l: any) => l.status)).toEqual(['submitted', 'approved', 'paid'])
      const after = await t.get('/api/cashback/campaigns', {}, me.token)
      expect(after.data.find((c: any) => c.id === campaignId)).toMatchObject({ state: 'joined', taskId })
    })

    it('a task approved twice, or twice at once, pays once', async () => {
      const g = await makeGoods(t)
      await makeCampaign(t, g.goodsId, { amount: 300 })
      const me = await shopper(t)
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const [item] = (await orderItems(t, me.token, orderNo)).items
      const r = await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '好', images: [] }] }, me.token)
      const taskId = r.data.cashbackTasks[0].taskId
      const results = await Promise.allSettled([approveTask(t.db, taskId), approveTask(t.db, taskId), approveTask(t.db, taskId)])
      expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1)
      await expect(approveTask(t.db, taskId)).rejects.toThrow(/不能审核通过/)
      // Through the operator CLI too.
      const lines: string[] = []
      expect(await runAdminCommand(['cashback', 'approve', String(taskId)], { config: t.ctx.config, db: t.db, out: (l) => lines.push(l) })).toBe(1)
      expect(await balanceOf(me.memberId)).toBe(300)
      const rows = await t.db.selectFrom('balanceLedger').selectAll().where('memberId', '=', me.memberId).where('kind', '=', 'cashback').execute()
      expect(rows).toHaveLength(1)
    })

    it('a task campaign needs a review and a screenshot; reject with reason, resubmit, approve via the CLI', async () => {
      const g = await makeGoods(t)
      const campaignId = await makeCampaign(t, g.goodsId, { type: 'task', amount: 1000 })
      const me = await shopper(t)
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const shots = await uploadImages(t, me.token, 2)
      expect((await t.post('/api/cashback/submitTask', { campaignId, proofImages: shots }, me.token)).msg).toBe('请先评价该商品')
      const [item] = (await orderItems(t, me.token, orderNo)).items
      const r = await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 5, content: '很好', images: [] }] }, me.token)
      expect(r.data.cashbackTasks).toEqual([]) // task campaigns wait for the proof
      expect((await t.post('/api/cashback/submitTask', { campaignId, proofImages: [] }, me.token)).msg).toBe('请上传任务截图')
      const sub = await t.post('/api/cashback/submitTask', { campaignId, proofImages: shots, proofText: '小红书已发' }, me.token)
      expect(sub.code).toBe(200)
      expect((await t.post('/api/cashback/submitTask', { campaignId, proofImages: shots }, me.token)).code).toBe(409)

      const lines: string[] = []
      const admin = (...args: string[]) => runAdminCommand(args, { config: t.ctx.config, db: t.db, out: (l) => lines.push(l) })
      expect(await admin('cashback', 'reject', String(sub.data.taskId), '截图看不清')).toBe(0)
      let d = await t.get('/api/cashback/taskDetail', { id: sub.data.taskId }, me.token)
      expect(d.data).toMatchObject({ status: 'rejected', rejectReason: '截图看不清', canResubmit: true })
      // A rejected task cannot be approved.
      await expect(approveTask(t.db, sub.data.taskId)).rejects.toThrow()
      const again = await t.post('/api/cashback/submitTask', { campaignId, proofImages: shots.slice(0, 1) }, me.token)
      expect(again.data).toMatchObject({ taskId: sub.data.taskId, status: 'submitted' })
      expect(await admin('cashback', 'approve', String(sub.data.taskId))).toBe(0)
      expect(lines.join('\n')).toMatch(/已通过/)
      d = await t.get('/api/cashback/taskDetail', { id: sub.data.taskId }, me.token)
      expect(d.data.logs.map((l: any) => l.status)).toEqual(['submitted', 'rejected', 'submitted', 'approved', 'paid'])
      expect(await balanceOf(me.memberId)).toBe(1000)
      await expect(rejectTask(t.db, sub.data.taskId, 'x')).rejects.toThrow(/不能驳回/)
    })

    it('a review below the rules earns nothing; quota and other members are respected', async () => {
      const g = await makeGoods(t)
      const campaignId = await makeCampaign(t, g.goodsId, { minRating: 4, minChars: 10, quota: 1 })
      const me = await shopper(t)
      const orderNo = await receivedOrder(t, me.token, g.skuId)
      const [item] = (await orderItems(t, me.token, orderNo)).items
      const r = await t.post('/api/review/submit', { orderNo, items: [{ orderItemId: item.id, rating: 3, content: '一般般', images: [] }] }, me.token)
      expect(r.data.cashbackTasks).toEqual([])
      const c = (await t.get('/api/cashback/campaigns', {}, me.token)).data.find((x: any) => x.id === campaignId)
      expect(c).toMatchObject({ state: 'ineligible', stateText: '评价未达到活动要求' })
      expect((await t.post('/api/cashback/submitTask', { campaignId, proofImages: [] }, me.token)).msg).toBe('您的评价未达到活动要求')

      // Two qualifying members, one place: the second approval is refused and pays nothing.
      const tasks: number[] = []
      const members: number[] = []
      for (let i = 0; i < 2; i++) {
        const m = await shopper(t)
        const o = await receivedOrder(t, m.token, g.skuId)
        const [it] = (await orderItems(t, m.token, o)).items
        const rr = await t.post('/api/review/submit', { orderNo: o, items: [{ orderItemId: it.id, rating: 5, content: '非常好用，物流也很快', images: [] }] }, m.token)
        tasks.push(rr.data.cashbackTasks[0].taskId)
        members.push(m.memberId)
      }
      await approveTask(t.db, tasks[0])
      await expect(approveTask(t.db, tasks[1])).rejects.toThrow('活动名额已满')
      expect(await balanceOf(members[1])).toBe(0)
      const t1 = await t.db.selectFrom('cashbackTasks').select('status').where('id', '=', tasks[1]).executeTakeFirstOrThrow()
      expect(t1.status).toBe('submitted')
      // Another member cannot read my task.
      expect((await t.get('/api/cashback/taskDetail', { id: tasks[0] }, me.token)).code).toBe(404)
    })

    it('visitors see campaigns; balance needs login', async () => {
      expect((await t.get('/api/cashback/campaigns')).code).toBe(200)
      expect((await t.get('/api/cashback/balance')).code).toBe(403)
    })
  })
})
