import type { TestApp } from './helpers'

/** The 支付密码 the tests set (docs/balance.md "支付密码"). */
export const PAY_PASSWORD = '135790'

/** Sends the member a 支付密码 code (through the API, to their own phone) and answers it. */
export async function payPasswordCode(t: TestApp, token: string, memberId: number): Promise<string> {
  const m = await t.db.selectFrom('members').select('phone').where('id', '=', memberId).executeTakeFirstOrThrow()
  // Tests ask at once after logging in: move earlier codes out of the 60 s cooldown.
  await t.db
    .updateTable('smsCodes')
    .set({ createdAt: Date.now() - 61_000 })
    .where('phone', '=', m.phone!)
    .execute()
  const res = await t.app.inject({ method: 'POST', url: '/h5/api/balance/password/code?p=3', headers: { token }, remoteAddress: `10.1.${memberId % 250}.${Math.floor(Math.random() * 250)}` })
  if (res.json().code !== 200) throw new Error(`code: ${res.json().msg}`)
  return t.sms.codes.get(m.phone!)!
}

/** Sets the member's 支付密码 the way the shop does (SMS code, then the password); the tests that spend the balance need it. */
export async function setPayPassword(t: TestApp, token: string, memberId: number, password = PAY_PASSWORD): Promise<void> {
  const code = await payPasswordCode(t, token, memberId)
  const r = await t.post('/api/balance/password', { verificationCode: code, payPassword: password }, token)
  if (r.code !== 200) throw new Error(`set pay password: ${r.msg}`)
}
