import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, signIn, type AdminClient } from './adminHelpers'
import { buyNow, makeGoods, requestId, shopper } from './tradeFixtures'
import { PAY_PASSWORD, payPasswordCode, setPayPassword } from './payPasswordHelpers'
import { ledgerIdentity } from '../src/modules/balance/service'

/** 支付密码 (docs/balance.md "支付密码"): set and reset by SMS code, asked where the balance is spent, tries counted and locked. */
describe.each(DIALECTS)('pay password (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())
  afterEach(async () => expect((await ledgerIdentity(t.db)).ok).toBe(true))

  const give = async (memberId: number, amount: number) =>
    expect((await c.post('/balance/adjust', { memberId, amount, withdrawable: true, reason: '测试充入', requestId: requestId() })).code).toBe(200)
  const balanceOf = async (memberId: number) => Number((await t.db.selectFrom('members').select('balance').where('id', '=', memberId).executeTakeFirstOrThrow()).balance)
  const ordersOf = async (memberId: number) => (await t.db.selectFrom('orders').select('id').where('memberId', '=', memberId).execute()).length
  const row = (memberId: number) => t.db.selectFrom('memberPayPasswords').selectAll().where('memberId', '=', memberId).executeTakeFirst()
  /** A shopper with ¥300 of balance and a goods of ¥50 (¥58 with freight) to spend it on. */
  async function buyer() {
    const me = await shopper(t)
    await give(me.memberId, 30000)
    const g = await makeGoods(t, { skus: [{ price: 5000, stock: 50 }] })
    const spend = (payPassword?: string) => buyNow(t, me.token, g.skuId, 1, { useBalance: true, balanceAmount: 5000, ...(payPassword ? { payPassword } : {}) })
    return { ...me, spend }
  }

  it('is set with an SMS code sent for it; a wrong code or a login code is refused; only a hash is stored', async () => {
    const me = await shopper(t)
    expect((await t.get('/api/balance/password', {}, me.token)).data).toMatchObject({ set: false, lockedUntil: null, phone: expect.stringMatching(/^1\d\d\*{4}\d{4}$/) })
    const code = await payPasswordCode(t, me.token, me.memberId)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect(await t.post('/api/balance/password', { verificationCode: wrong, payPassword: PAY_PASSWORD }, me.token)).toMatchObject({ code: 1002, msg: '验证码错误' })
    expect((await t.post('/api/balance/password', { verificationCode: code, payPassword: '12345' }, me.token)).code).toBe(400)
    expect((await t.post('/api/balance/password', { verificationCode: code, payPassword: PAY_PASSWORD }, me.token)).data).toMatchObject({ set: true, lockedUntil: null })
    const r = await row(me.memberId)
    expect(r!.passwordHash).toMatch(/^\$argon2id\$/)
    expect(r!.passwordHash).not.toContain(PAY_PASSWORD)
    // A login code cannot set it (and a 支付密码 code cannot log in).
    const phone = (await t.db.selectFrom('members').select('phone').where('id', '=', me.memberId).executeTakeFirstOrThrow()).phone!
    await t.db
      .updateTable('smsCodes')
      .set({ createdAt: Date.now() - 61_000 })
      .where('phone', '=', phone)
      .execute()
    await t.app.inject({ method: 'GET', url: '/h5/api/member/getVerificationCode', query: { p: '4', phone }, remoteAddress: '10.9.9.9' })
    const loginCode = t.sms.codes.get(phone)!
    expect((await t.post('/api/balance/password', { verificationCode: loginCode, payPassword: '246801' }, me.token)).code).toBe(1002)
    const pwCode = await payPasswordCode(t, me.token, me.memberId)
    expect((await t.post('/api/member/phoneRegister', { phone, verificationCode: pwCode })).code).toBe(1002)
  })

  it('an order spending the balance needs it: none set, none given, wrong (counted, no order), right', async () => {
    const me = await buyer()
    expect(await me.spend()).toMatchObject({ code: 4010, msg: '请先设置支付密码' })
    expect(await me.spend(PAY_PASSWORD)).toMatchObject({ code: 4010 })
    await setPayPassword(t, me.token, me.memberId)
    expect(await me.spend()).toMatchObject({ code: 4013, msg: '请输入支付密码' })
    expect(await me.spend('000000')).toMatchObject({ code: 4011, msg: '支付密码错误，还可尝试4次', data: { left: 4 } })
    expect(await ordersOf(me.memberId)).toBe(0)
    expect(await balanceOf(me.memberId)).toBe(30000)
    expect((await row(me.memberId))!.failedTries).toBe(1)
    const ok = await me.spend(PAY_PASSWORD)
    expect(ok).toMatchObject({ code: 200, data: { status: 'to_ship' } })
    expect(await balanceOf(me.memberId)).toBe(30000 - 5800)
    expect((await row(me.memberId))!.failedTries).toBe(0)
    // An order that does not spend the balance needs none.
    const g = await makeGoods(t)
    expect((await buyNow(t, me.token, g.skuId, 1)).code).toBe(200)
  })

  it('5 wrong tries lock it for an hour (even the right one is refused); a reset by SMS code unlocks it; a lock that ran out starts afresh', async () => {
    const me = await buyer()
    await setPayPassword(t, me.token, me.memberId)
    for (let left = 4; left >= 1; left--) expect((await me.spend('111111')).msg).toBe(`支付密码错误，还可尝试${left}次`)
    expect(await me.spend('111111')).toMatchObject({ code: 4012, msg: '支付密码已锁定，请60分钟后再试或通过短信验证码重置' })
    expect(await me.spend(PAY_PASSWORD)).toMatchObject({ code: 4012 })
    const st = (await t.get('/api/balance/password', {}, me.token)).data
    expect(st.lockedUntil).toBeGreaterThan(Date.now() + 59 * 60_000)
    expect(await ordersOf(me.memberId)).toBe(0)
    await setPayPassword(t, me.token, me.memberId, '864200')
    expect((await t.get('/api/balance/password', {}, me.token)).data).toMatchObject({ set: true, lockedUntil: null })
    expect((await me.spend(PAY_PASSWORD)).code).toBe(4011)
    expect((await me.spend('864200')).code).toBe(200)
    // Locked again, then the hour passes.
    for (let i = 0; i < 5; i++) await me.spend('111111')
    await t.db
      .updateTable('memberPayPasswords')
      .set({ lockedUntil: Date.now() - 1 })
      .where('memberId', '=', me.memberId)
      .execute()
    expect((await me.spend('111111')).msg).toBe('支付密码错误，还可尝试4次')
    expect((await me.spend('864200')).code).toBe(200)
  })

  it('two wrong tries at once both count', async () => {
    const me = await buyer()
    await setPayPassword(t, me.token, me.memberId)
    const [a, b] = await Promise.all([me.spend('222222'), me.spend('333333')])
    expect([a.code, b.code]).toEqual([4011, 4011])
    expect([a.data.left, b.data.left].sort()).toEqual([3, 4])
    expect((await row(me.memberId))!.failedTries).toBe(2)
    expect((await me.spend('444444')).msg).toBe('支付密码错误，还可尝试2次')
    expect(await ordersOf(me.memberId)).toBe(0)
  })
})
