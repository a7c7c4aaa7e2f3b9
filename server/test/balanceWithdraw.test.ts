import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { requestId } from './tradeFixtures'
import { PAY_PASSWORD, setPayPassword } from './payPasswordHelpers'
import { FakeWechatPay } from './fakeWechatPay'
import { ledgerIdentity } from '../src/modules/balance/service'
import { checkBalanceTransfers, settleBalanceTransfer } from '../src/modules/balance/withdraw'

/** 余额提现 (docs/balance.md "Withdrawals") against the recorded WeChat Pay gateway: settled once, returned once, the rules. */
describe.each(DIALECTS)('balance withdrawals (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let gw: FakeWechatPay
  beforeAll(async () => {
    gw = new FakeWechatPay()
    t = await makeTestApp(dialect, { http: gw, config: gw.config() })
    c = adminClient(t, await signIn(t, 'owner'))
  })
  afterAll(() => t.close())
  afterEach(async () => {
    const id = await ledgerIdentity(t.db)
    expect(id.mismatches).toEqual([])
    expect(id.ok).toBe(true)
  })

  const notify = (n: { headers: Record<string, string>; body: string }) => t.app.inject({ method: 'POST', url: '/h5/api/pay/notify/wechat', headers: n.headers, payload: n.body })
  const settings = (s: Record<string, unknown>) => c.put('/balance/withdraw-settings', { min: 100, dailyMax: 200_000, feePermille: 0, feeFixed: 0, approveAbove: null, ...s })
  /** A shopper logged in through WeChat with `withdrawable` fen of withdrawable balance (and 1000 not withdrawable). */
  async function shopperWith(withdrawable: number) {
    const phone = nextPhone()
    const token = await t.login(phone)
    const m = await t.db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()
    await t.db
      .updateTable('members')
      .set({ openidMini: `o-bw-${m.id}` })
      .where('id', '=', m.id)
      .execute()
    expect((await c.post('/balance/adjust', { memberId: m.id, amount: withdrawable, withdrawable: true, reason: '测试', requestId: requestId() })).code).toBe(200)
    expect((await c.post('/balance/adjust', { memberId: m.id, amount: 1000, reason: '测试', requestId: requestId() })).code).toBe(200)
    await setPayPassword(t, token, m.id)
    return { token, memberId: m.id }
  }
  const balanceOf = async (memberId: number) => {
    const m = await t.db.selectFrom('members').select(['balance', 'balanceWithdrawable']).where('id', '=', memberId).executeTakeFirstOrThrow()
    return { balance: Number(m.balance), withdrawable: Number(m.balanceWithdrawable) }
  }
  const kinds = async (memberId: number) => (await t.db.selectFrom('balanceLedger').select('kind').where('memberId', '=', memberId).orderBy('id').execute()).map((r) => r.kind)
  const withdraw = (token: string, amount: number, rid = requestId(), payPassword = PAY_PASSWORD) => t.post('/api/balance/withdraw/apply', { amount, requestId: rid, payPassword }, token)

  it('below the approval amount the transfer starts at once; the same notification twice pays once', async () => {
    expect((await settings({ approveAbove: null, feePermille: 6, feeFixed: 10 })).code).toBe(200)
    const me = await shopperWith(5000)
    const info = await t.get('/api/balance/withdraw/info', {}, me.token)
    expect(info.data).toMatchObject({ withdrawable: 5000, today: 0, wechatBound: true, available: true })
    const rid = requestId()
    const w = await withdraw(me.token, 3000, rid)
    expect(w.code).toBe(200)
    // fee: ceil(3000 × 6‰) = 18 + 10
    expect(w.data).toMatchObject({ amount: 3000, fee: 28, actualAmount: 2972, status: 'transferring', needConfirm: true })
    expect((await withdraw(me.token, 3000, rid)).data.withdrawNo).toBe(w.data.withdrawNo)
    expect(await balanceOf(me.memberId)).toEqual({ balance: 3000, withdrawable: 2000 })
    const sent = gw.calls.find((x) => x.path === '/v3/fund-app/mch-transfer/transfer-bills' && x.body.out_bill_no === w.data.withdrawNo)!.body
    expect(sent).toMatchObject({ openid: `o-bw-${me.memberId}`, transfer_amount: 2972 })
    const p = await t.get('/api/balance/withdraw/transferParams', { withdrawNo: w.data.withdrawNo }, me.token)
    expect(p.data).toMatchObject({ withdrawNo: w.data.withdrawNo, mchId: '1900000109', package: expect.any(String) })
    const n = gw.transferNotification(w.data.withdrawNo, 'SUCCESS')
    const [a, b] = await Promise.all([notify(n), notify(n)])
    expect([a.statusCode, b.statusCode]).toEqual([204, 204])
    await checkBalanceTransfers(t.ctx)
    const r = await t.post('/api/balance/withdraw/transferRefresh', { withdrawNo: w.data.withdrawNo }, me.token)
    expect(r.data).toMatchObject({ status: 'paid', statusText: '已到账' })
    expect(await kinds(me.memberId)).toEqual(['staff_adjust', 'staff_adjust', 'withdrawal'])
    expect(await balanceOf(me.memberId)).toEqual({ balance: 3000, withdrawable: 2000 })
    // another member cannot see it
    const other = await shopperWith(100)
    expect((await t.get('/api/balance/withdraw/transferParams', { withdrawNo: w.data.withdrawNo }, other.token)).code).not.toBe(200)
  })

  it('a withdrawal needs the 支付密码: none given or wrong (counted) makes no withdrawal and takes nothing', async () => {
    await settings({})
    const me = await shopperWith(3000)
    expect(await t.post('/api/balance/withdraw/apply', { amount: 1000, requestId: requestId() }, me.token)).toMatchObject({ code: 4013, msg: '请输入支付密码' })
    expect(await withdraw(me.token, 1000, requestId(), '000000')).toMatchObject({ code: 4011, msg: '支付密码错误，还可尝试4次' })
    expect(await t.db.selectFrom('balanceWithdrawals').select('id').where('memberId', '=', me.memberId).execute()).toEqual([])
    expect(await balanceOf(me.memberId)).toEqual({ balance: 4000, withdrawable: 3000 })
    expect((await withdraw(me.token, 1000)).code).toBe(200)
    // A member who never set one is sent to set it.
    const other = await shopperWith(3000)
    await t.db.deleteFrom('memberPayPasswords').where('memberId', '=', other.memberId).execute()
    expect(await withdraw(other.token, 1000)).toMatchObject({ code: 4010, msg: '请先设置支付密码' })
  })

  it('a failed transfer returns the money once (notification and query racing)', async () => {
    await settings({})
    const me = await shopperWith(4000)
    const w = await withdraw(me.token, 4000)
    expect(w.data.status).toBe('transferring')
    const n = gw.transferNotification(w.data.withdrawNo, 'FAIL')
    await Promise.all([notify(n), checkBalanceTransfers(t.ctx), notify(n)])
    expect(await balanceOf(me.memberId)).toEqual({ balance: 5000, withdrawable: 4000 })
    expect((await kinds(me.memberId)).filter((k) => k === 'withdrawal_returned')).toHaveLength(1)
    const list = await t.get('/api/balance/withdraw/list', {}, me.token)
    expect(list.data.list[0]).toMatchObject({ status: 'returned', statusText: '已退回' })
  })

  it('above the approval amount it waits for staff; a refusal and a transfer failure racing return it once', async () => {
    await settings({ approveAbove: 1000 })
    const me = await shopperWith(3000)
    const w = await withdraw(me.token, 2000)
    expect(w.data.status).toBe('reviewing')
    expect(gw.calls.some((x) => x.body?.out_bill_no === w.data.withdrawNo)).toBe(false)
    const row = await t.db.selectFrom('balanceWithdrawals').selectAll().where('withdrawNo', '=', w.data.withdrawNo).executeTakeFirstOrThrow()
    expect((await c.post(`/balance/withdrawals/${row.id}/refuse`, { reason: '' })).code).not.toBe(200)
    // The approval's transfer failed before WeChat knew it (freed to be sent again): staff refuse while a late FAIL arrives.
    await t.db.updateTable('balanceWithdrawals').set({ status: 'transferring' }).where('id', '=', row.id).execute()
    const fail = { outBillNo: w.data.withdrawNo, transferBillNo: '', state: 'FAIL', packageInfo: '', amount: 2000, failReason: 'PAYEE_ACCOUNT_ABNORMAL' }
    await Promise.all([c.post(`/balance/withdrawals/${row.id}/refuse`, { reason: '账户异常' }), settleBalanceTransfer(t.ctx, fail).catch(() => false)])
    expect(await balanceOf(me.memberId)).toEqual({ balance: 4000, withdrawable: 3000 })
    expect((await kinds(me.memberId)).filter((k) => k === 'withdrawal_returned')).toHaveLength(1)
    const list = await c.get('/balance/withdrawals', { status: 'returned' })
    expect(list.data.list.some((x: { withdrawNo: string }) => x.withdrawNo === w.data.withdrawNo)).toBe(true)
  })

  it('staff approve: the transfer goes out; approve and refuse are audited', async () => {
    await settings({ approveAbove: 0 })
    const me = await shopperWith(1500)
    const w = await withdraw(me.token, 1500)
    expect(w.data.status).toBe('reviewing')
    const row = await t.db.selectFrom('balanceWithdrawals').selectAll().where('withdrawNo', '=', w.data.withdrawNo).executeTakeFirstOrThrow()
    expect((await c.post(`/balance/withdrawals/${row.id}/approve`)).code).toBe(200)
    expect((await c.post(`/balance/withdrawals/${row.id}/approve`)).code).not.toBe(200)
    const after = await t.db.selectFrom('balanceWithdrawals').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(after).toMatchObject({ status: 'transferring', transferState: 'WAIT_USER_CONFIRM' })
    expect((await c.post(`/balance/withdrawals/${row.id}/refuse`, { reason: '太晚了' })).code).not.toBe(200)
    const audits = await auditRows(t, 'balanceWithdraw.approve')
    expect(audits.length).toBeGreaterThan(0)
  })

  it('the minimum, the daily limit and the withdrawable part are enforced with clear messages', async () => {
    await settings({ min: 500, dailyMax: 3000 })
    const me = await shopperWith(5000)
    const low = await withdraw(me.token, 400)
    expect(low.msg).toContain('不能低于¥5.00')
    expect((await withdraw(me.token, 2500)).code).toBe(200)
    const over = await withdraw(me.token, 1000)
    expect(over.msg).toContain('超出每日提现上限¥30.00')
    await settings({ min: 100, dailyMax: 100_000 })
    const tooMuch = await withdraw(me.token, 3000)
    expect(tooMuch.code).toBe(4001)
    expect(tooMuch.msg).toContain('可提现余额不足')
    expect(await balanceOf(me.memberId)).toEqual({ balance: 3500, withdrawable: 2500 })
  })
})
