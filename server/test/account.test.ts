import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { makeGoods, paidOrder, shopper } from './tradeFixtures'
import { receivedOrder, uploadImages } from './afterSalesFixtures'
import { anonymiseDue, ANONYMISED_NICKNAME } from '../src/modules/account/service'
import { runAdminCommand } from '../src/adminCommands'
import '../src/modules/feedback/commands'

const DAY = 86_400_000

describe.each(DIALECTS)('feedback and account logoff on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { logoffCoolingDays: 7 } })
  })
  afterAll(async () => t.close())

  describe('feedback', () => {
    it('stores type, text, images and contact; the operator lists it and it is marked read', async () => {
      const me = await shopper(t)
      const imgs = await uploadImages(t, me.token, 2)
      const r = await t.post('/api/feedback/submit', { type: 'bug', content: '订单页面偶尔打不开，刷新后正常', images: imgs, contact: '13800001111' }, me.token)
      expect(r.code).toBe(200)
      const mine = await t.get('/api/feedback/list', {}, me.token)
      expect(mine.data[0]).toMatchObject({ id: r.data.id, type: 'bug', typeText: '功能异常', images: imgs, contact: '13800001111', status: 'new' })
      const lines: string[] = []
      expect(await runAdminCommand(['feedback', 'list'], { config: t.ctx.config, db: t.db, out: (l) => lines.push(l) })).toBe(0)
      expect(lines.join('\n')).toContain('订单页面偶尔打不开，刷新后正常')
      expect(lines.join('\n')).toContain('联系方式：13800001111')
      expect((await t.get('/api/feedback/list', {}, me.token)).data[0].status).toBe('read')
      const none: string[] = []
      await runAdminCommand(['feedback', 'list', 'new'], { config: t.ctx.config, db: t.db, out: (l) => none.push(l) })
      expect(none.join('\n')).not.toContain('订单页面偶尔打不开')
    })

    it('refuses short or long text, unknown types, more than 9 images, and visitors', async () => {
      const me = await shopper(t)
      expect((await t.post('/api/feedback/submit', { type: 'bug', content: '太慢' }, me.token)).msg).toBe('请至少填写5个字的问题描述')
      expect((await t.post('/api/feedback/submit', { type: 'bug', content: '字'.repeat(501) }, me.token)).msg).toBe('问题描述最多500个字')
      expect((await t.post('/api/feedback/submit', { type: 'nope', content: '这是一条反馈内容' }, me.token)).code).toBe(400)
      const imgs = await uploadImages(t, me.token, 10)
      expect((await t.post('/api/feedback/submit', { type: 'other', content: '这是一条反馈内容', images: imgs }, me.token)).code).toBe(400)
      expect((await t.post('/api/feedback/submit', { type: 'other', content: '这是一条反馈内容' })).code).toBe(403)
    })

    it('takes at most 10 a day from one member', async () => {
      const me = await shopper(t)
      const codes: number[] = []
      for (let i = 0; i < 11; i++) codes.push((await t.post('/api/feedback/submit', { type: 'suggestion', content: `第${i}条建议内容` }, me.token)).code)
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true)
      expect(codes[10]).toBe(1001)
    })
  })

  describe('logoff', () => {
    it('hint, apply, cancel within the cooling-off period', async () => {
      const me = await shopper(t)
      const hint = await t.get('/api/member/agentLogoffHint', {}, me.token)
      expect(hint.data).toMatchObject({ isAgent: false, hint: '', blockers: [], coolingDays: 7, logoffAt: null })
      const before = Date.now()
      const a = await t.post('/api/member/logoff', {}, me.token)
      expect(a.code).toBe(200)
      expect(a.data.coolingDays).toBe(7)
      expect(a.data.logoffAt).toBeGreaterThanOrEqual(before + 7 * DAY)
      // Asking again answers the same date.
      expect((await t.post('/api/member/logoff', {}, me.token)).data.logoffAt).toBe(a.data.logoffAt)
      expect((await t.get('/api/member/getMemberInfo', {}, me.token)).data.logoffAt).toBe(a.data.logoffAt)
      expect((await t.get('/api/member/agentLogoffHint', {}, me.token)).data.logoffAt).toBe(a.data.logoffAt)
      expect((await t.get('/api/member/cancelLogoff', {}, me.token)).data).toEqual({ cancelled: true })
      expect((await t.get('/api/member/cancelLogoff', {}, me.token)).data).toEqual({ cancelled: false })
      const m = await t.db.selectFrom('members').select(['status', 'logoffAt']).where('id', '=', me.memberId).executeTakeFirstOrThrow()
      expect(m).toEqual({ status: 'active', logoffAt: null })
      // Cancelled: the job leaves the account alone.
      expect(await anonymiseDue(t.db, t.ctx.modules, Date.now() + 30 * DAY)).toBe(0)
    })

    it('warns an agent what logoff means for the shop', async () => {
      const token = await t.login(nextPhone())
      const me = (await t.get('/api/member/getMemberInfo', {}, token)).data
      await t.db.insertInto('agentShops').values({ memberId: me.id, shopName: '小雨的店', status: 'active', commissionRate: 1000, createdAt: Date.now() }).execute()
      const hint = await t.get('/api/member/agentLogoffHint', {}, token)
      expect(hint.data.isAgent).toBe(true)
      expect(hint.data.hint).toContain('店铺')
    })

    it('refuses to start while an order is unfinished', async () => {
      const g = await makeGoods(t)
      const me = await shopper(t)
      await paidOrder(t, me.token, g.skuId, 1)
      const hint = await t.get('/api/member/agentLogoffHint', {}, me.token)
      expect(hint.data.blockers[0]).toMatch(/未完成的订单/)
      const r = await t.post('/api/member/logoff', {}, me.token)
      expect(r.code).toBe(409)
      expect(r.msg).toMatch(/处理完成后才能注销/)
    })

    it('after the period the job anonymises personal data and keeps the orders', async () => {
      const g = await makeGoods(t)
      const phone = nextPhone()
      const token = await t.login(phone)
      const me = (await t.get('/api/member/getMemberInfo', {}, token)).data
      await t.post('/api/memberAddress/add', { name: '王五', phone: '13812345678', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 1 号' }, token)
      const orderNo = await receivedOrder(t, token, g.skuId, 1)
      await t.db.updateTable('members').set({ nickname: '王五', avatar: '/uploads/202601/a.png', openidH5: 'oH5', openidMini: 'oMini' }).where('id', '=', me.id).execute()
      await t.db
        .insertInto('businessCards')
        .values({
          memberId: me.id,
          name: '王五',
          title: '',
          company: '',
          phone: '13812345678',
          wechat: '',
          email: '',
          address: '',
          avatar: '',
          intro: '',
          views: 0,
          createdAt: Date.now(),
          updatedAt: Date.now(),
        } as any)
        .execute()
      const a = await t.post('/api/member/logoff', {}, token)
      expect(a.code).toBe(200)
      expect(await anonymiseDue(t.db, t.ctx.modules, a.data.logoffAt - 1000)).toBe(0) // still cooling off
      expect(await anonymiseDue(t.db, t.ctx.modules, a.data.logoffAt + 1000)).toBe(1)
      const m = await t.db.selectFrom('members').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow()
      expect(m).toMatchObject({ status: 'anonymised', phone: null, nickname: ANONYMISED_NICKNAME, avatar: '', openidH5: null, openidMini: null })
      expect(await t.db.selectFrom('memberAddresses').select('id').where('memberId', '=', me.id).execute()).toEqual([])
      expect(await t.db.selectFrom('businessCards').select('id').where('memberId', '=', me.id).execute()).toEqual([])
      const o = await t.db.selectFrom('orders').selectAll().where('orderNo', '=', orderNo).executeTakeFirstOrThrow()
      expect(o).toMatchObject({ memberId: me.id, receiverName: '已注销', receiverPhone: '' })
      // The old token is dead; the phone can register a new, empty account.
      expect((await t.get('/api/member/getMemberInfo', {}, token)).code).toBe(403)
      const fresh = await t.login(phone)
      expect((await t.get('/api/member/getMemberInfo', {}, fresh)).data.id).not.toBe(me.id)
    })
  })
})
