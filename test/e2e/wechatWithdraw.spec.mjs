// 余额提现 in WeChat's browser (issue 35: "withdrawal confirmed in the client"), in Chromium with WeChat's user agent
// against the real server and the WeChat fake of wechatFake.mjs: a shopper who logged in through WeChat (OAuth binds
// the openid) has withdrawable balance credited by staff (财务 → 余额 → 调整余额, 可提现 ticked: audited, the console's
// own route), withdraws with the 支付密码; the server sends the merchant transfer (transfer-bills, signed, its body
// checked here), the page confirms the receipt through WeixinJSBridge's requestMerchantTransfer with the server's
// package, and WeChat Pay's signed, encrypted MCHTRANSFER notification (SUCCESS) makes it 已到账: the page, the
// balance, the ledger and 财务 → 余额提现 agree. Then a shopper who closes WeChat's 确认收款 page: the page says so, and
// when WeChat cancels the unconfirmed transfer (CANCELLED notification, sent twice) the money is back in the balance once.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { startShop, shot, fill, newPhone, shown, button, toastShown } from './harness.mjs'
import { buildConsole, changeDemoOwnerPassword, consoleSignIn, openWindow, ownerApi } from './consoleHarness.mjs'
import { APP_ID, IOS_UA, MCH_ID, MCH_SERIAL, TRANSFER_PATH, merchant, signLines, startFakeWechat, storedToken, waitWx, wechatBrowser, wechatShopEnv, wxCalls } from './wechatFake.mjs'

// The console is served from admin/dist when the shop starts: built before the suite's shop.
buildConsole()
const yuan = (fen) => (fen / 100).toFixed(2)
const PAY_PASSWORD = '258036'
const CREDIT = 5000
const SETTINGS = { min: 100, dailyMax: 200_000, feePermille: 6, feeFixed: 0, approveAbove: 50_000 }
const fee = (amount) => Math.ceil((amount * SETTINGS.feePermille) / 1000) + SETTINGS.feeFixed
const member = { phone: newPhone(), openid: `oE2E_w_${crypto.randomBytes(6).toString('hex')}`, token: '', id: 0 }
/** What WeChat's 确认收款 page was given and what the user did there (window.__wxOnTransfer of wx-fake.js). */
const taps = []
let fake, shop, wx, staff

before(async () => {
  fake = await startFakeWechat()
  shop = await startShop(wechatShopEnv(fake))
  await changeDemoOwnerPassword(shop.base)
  staff = await ownerApi(shop.base)
  wx = await wechatBrowser(fake, IOS_UA, member.openid)
  // The user's tap on WeChat's 确认收款 page reaches WeChat Pay: a confirmed bill is being paid out (TRANSFERING).
  await wx.page.exposeFunction('__wxOnTransfer', (args, outcome) => {
    taps.push({ ...args, outcome })
    const bill = [...fake.transfers.values()].find((t) => t.packageInfo === args.package)
    if (bill && outcome === 'ok' && bill.state === 'WAIT_USER_CONFIRM') bill.state = 'TRANSFERING'
  })
})
after(async () => {
  await wx?.browser.close()
  await shop?.stop()
  await fake?.close()
})

/** The merchant's signature on a call the fake recorded, checked again here with the merchant's public key. */
function assertMerchantSigned(call) {
  const auth = String(call.headers.authorization)
  const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
  assert.ok(auth.startsWith('WECHATPAY2-SHA256-RSA2048 '), auth)
  assert.equal(f.mchid, MCH_ID)
  assert.equal(f.serial_no, MCH_SERIAL)
  const query = new URLSearchParams(call.query).toString()
  const signed = signLines(call.method, call.path + (query ? `?${query}` : ''), f.timestamp, f.nonce_str, call.body)
  assert.ok(crypto.createVerify('RSA-SHA256').update(signed).verify(merchant.publicKey, f.signature, 'base64'), `merchant signature of ${call.method} ${call.path}`)
}

/** Types the 支付密码 on the sheet's number pad (sent when the 6th digit is in). */
async function typePayPassword(page, what) {
  const sheet = shown(page, '.pay-password')
  await sheet.locator('.pay-password__what', { hasText: what }).waitFor()
  for (const d of PAY_PASSWORD) await sheet.locator('.pay-password__key', { hasText: new RegExp(`^${d}$`) }).click()
}

/** On 提现: the amount, the confirmation with the fee, the 支付密码; resolves with the server's withdrawal once the bridge was asked. */
async function withdraw(page, amount) {
  const bridgeCalls = (await wxCalls(page, 'requestMerchantTransfer')).length
  await fill(page, `最低提现${yuan(SETTINGS.min)}元`, yuan(amount))
  const arriving = amount - fee(amount)
  await shown(page, '.balance__hint', { hasText: `手续费¥${yuan(fee(amount))}，实际到账¥${yuan(arriving)}` }).waitFor()
  await button(page, '提现到微信零钱').click()
  const modal = shown(page, '.taro-modal__content', { hasText: `提现¥${yuan(amount)}到微信零钱，手续费¥${yuan(fee(amount))}，实际到账¥${yuan(arriving)}` })
  await modal.waitFor()
  await modal.locator('.taro-model__confirm').click()
  const applied = page.waitForResponse((r) => r.url().includes('/api/balance/withdraw/apply'))
  await typePayPassword(page, `提现 ¥${yuan(amount)}`)
  const w = await (await applied).json()
  assert.equal(w.code, 200, w.msg)
  const [call] = (await waitWx(page, 'requestMerchantTransfer', bridgeCalls + 1)).slice(-1)
  return { withdrawal: w.data, bridge: call, arriving }
}

const summary = async () => (await shop.api('GET', '/api/balance/summary', null, member.token)).data
/** A withdrawal's row on 提现 (its title: the amount asked). */
const record = (page, amount) => shown(page, '.ledger-list__row', { hasText: `提现 ¥${yuan(amount)}` }).first()

test('withdrawing in WeChat: transfer-bills at WeChat Pay, 确认收款 through the bridge, the signed notification makes it 已到账', async () => {
  const { page } = wx
  // Logged in through WeChat: the login page, then WeChat's OAuth (base scope) binds the openid withdrawals are paid to.
  const target = '/pages/home/index'
  await page.goto(`${shop.base}/commonPages/login/login?redirect=${encodeURIComponent(target)}`)
  await fill(page, '请输入手机号', member.phone)
  await page.getByText('获取验证码').click()
  await fill(page, '请输入验证码', await shop.smsCode(member.phone))
  await page.locator('.login__agree-box:visible').click()
  await page.locator('.login__submit').filter({ hasText: '登录' }).click()
  await page.waitForURL((u) => u.pathname === target && !/[?&](code|token)=/.test(u.search))
  assert.equal(wx.authorize.length, 1)
  member.token = await storedToken(page)
  member.id = (await shop.api('GET', '/api/member/getMemberInfo', null, member.token)).data.id
  const [cfg] = await waitWx(page, 'config')
  assert.ok(cfg.jsApiList.includes('requestMerchantTransfer'), cfg.jsApiList.join())

  // Staff credit ¥50.00 as withdrawable (财务 → 余额 → 调整余额) and set a fee of 6‰ (提现设置).
  const adjusted = await staff.post('/balance/adjust', { memberId: member.id, amount: CREDIT, withdrawable: true, reason: '售后补偿', requestId: `e2e${Date.now()}` })
  assert.equal(adjusted.code, 200, adjusted.msg)
  assert.deepEqual(adjusted.data, { balance: CREDIT, withdrawable: CREDIT })
  const saved = await staff.put('/balance/withdraw-settings', SETTINGS)
  assert.equal(saved.code, 200, saved.msg)
  // The 支付密码 (set with an SMS code to the member's phone; balance.spec walks its page).
  const sent = () => (shop.log.join('').match(new RegExp(`sms code \\d{6} for ${member.phone}`, 'g')) || []).length
  const before = sent()
  assert.equal((await shop.api('POST', '/api/balance/password/code', {}, member.token)).code, 200)
  for (let i = 0; i < 40 && sent() === before; i++) await new Promise((r) => setTimeout(r, 100))
  const set = await shop.api('POST', '/api/balance/password', { verificationCode: await shop.smsCode(member.phone), payPassword: PAY_PASSWORD }, member.token)
  assert.equal(set.code, 200, set.msg)

  // 我的余额 → 提现.
  await page.goto(`${shop.base}/minePages/balance/index`)
  await shown(page, '.balance__parts', { hasText: `可提现 ¥${yuan(CREDIT)}` }).waitFor()
  await shown(page, '.balance__action', { hasText: '提现' })
    .filter({ hasText: /^提现$/ })
    .click()
  await page.waitForURL(/\/minePages\/balance\/withdraw/)
  await shown(page, '.balance__amount', { hasText: yuan(CREDIT) }).waitFor()

  const amount = 1234
  const { withdrawal, bridge, arriving } = await withdraw(page, amount)
  assert.match(withdrawal.withdrawNo, /^BW/)
  assert.equal(withdrawal.needConfirm, true)
  assert.deepEqual([withdrawal.amount, withdrawal.fee, withdrawal.actualAmount], [amount, fee(amount), arriving])

  // The server's transfer bill at WeChat Pay: signed by the merchant; our app, the openid OAuth bound, what arrives.
  const created = fake.calls.filter((c) => c.method === 'POST' && c.path === TRANSFER_PATH)
  assert.equal(created.length, 1)
  assertMerchantSigned(created[0])
  const bill = JSON.parse(created[0].body)
  assert.equal(bill.out_bill_no, withdrawal.withdrawNo)
  assert.equal(bill.appid, APP_ID)
  assert.equal(bill.openid, member.openid)
  assert.equal(bill.transfer_amount, arriving)
  assert.equal(bill.notify_url, 'https://shop.example.com/h5/api/pay/notify/wechat')
  assert.ok(bill.transfer_scene_id && bill.transfer_remark, 'scene and remark')
  assert.equal(bill.user_name, undefined, 'below ¥2,000 no real name is sent')

  // The page confirmed the receipt through WeChat's bridge with exactly the server's package.
  assert.deepEqual(bridge, { mchId: MCH_ID, appId: APP_ID, package: fake.transfers.get(withdrawal.withdrawNo).packageInfo })
  // Back from WeChat's page (the user confirmed) the server asked WeChat Pay (signed query): being paid out, nothing left to confirm.
  await toastShown(page, '已确认收款，微信处理中')
  assert.deepEqual(
    taps.map((t) => t.outcome),
    ['ok'],
  )
  const queried = fake.calls.filter((c) => c.method === 'GET' && c.path === `${TRANSFER_PATH}/out-bill-no/${withdrawal.withdrawNo}`)
  assert.ok(queried.length >= 1)
  assertMerchantSigned(queried[0])
  const row = record(page, amount)
  await row.locator('.ledger-list__after', { hasText: '转账中' }).waitFor()
  assert.equal(await row.getByText('确认收款', { exact: true }).count(), 0)
  assert.deepEqual(await summary(), { balance: CREDIT - amount, withdrawable: CREDIT - amount, held: 0 })

  // WeChat Pay tells the shop the transfer succeeded (signed, encrypted); a repeat of it changes nothing.
  for (let i = 0; i < 2; i++) {
    const n = await fake.transferNotification(shop, withdrawal.withdrawNo, 'SUCCESS')
    assert.equal(n.status, 204, await n.text())
  }
  await page.reload()
  await record(page, amount).locator('.ledger-list__after', { hasText: '已到账' }).waitFor()
  await shot(page, 'withdraw-paid')

  // 我的余额: the balance and the ledger (one 提现 row, the fee in its note).
  await page.goto(`${shop.base}/minePages/balance/index`)
  await shown(page, '.balance__amount', { hasText: yuan(CREDIT - amount) }).waitFor()
  await shown(page, '.balance__parts', { hasText: `可提现 ¥${yuan(CREDIT - amount)}` }).waitFor()
  const out = shown(page, '.ledger-list__row', { hasText: '提现' }).filter({ hasText: `-${yuan(amount)}` })
  await out.locator('.ledger-list__note', { hasText: `手续费¥${yuan(fee(amount))}` }).waitFor()
  await shot(page, 'withdraw-balance')
  const ledger = (await shop.api('GET', '/api/balance/ledger?flow=all&page=1&pageSize=20', null, member.token)).data.list
  assert.deepEqual(
    ledger.map((e) => [e.kind, e.amount]),
    [
      ['withdrawal', -amount],
      ['staff_adjust', CREDIT],
    ],
  )
  assert.deepEqual(wx.errors, [])

  // 财务 → 余额提现: the withdrawal 已到账 with its fee and what arrived; the books still add up.
  const listed = (await staff.get(`/balance/withdrawals?keyword=${withdrawal.withdrawNo}`)).data.list
  assert.deepEqual(
    listed.map((w) => [w.status, w.amount, w.fee, w.actualAmount]),
    [['paid', amount, fee(amount), arriving]],
  )
  assert.equal((await staff.get('/balance/summary')).data.identityOk, true)
  const w = await openWindow(wx.browser, { width: 1280, height: 800 })
  await consoleSignIn(w.page, shop.base)
  await w.page.goto(`${shop.base}/admin/finance/balance-withdrawals`)
  const line = w.page.locator('tr', { hasText: member.phone })
  await line.getByText('已到账').waitFor()
  await line.getByText(yuan(arriving)).waitFor()
  await shot(w.page, 'withdraw-console')
  assert.deepEqual(w.errors, [])
  await w.context.close()
})

test('closing WeChat’s 确认收款 page: the page says so; when WeChat cancels the transfer the money is back once', async () => {
  const { page } = wx
  assert.ok(member.token, 'the member of the previous test')
  const start = await summary()
  await page.goto(`${shop.base}/minePages/balance/withdraw`)
  await shown(page, '.balance__amount', { hasText: yuan(start.withdrawable) }).waitFor()
  await page.evaluate(() => (window.__wxTransferOutcome = 'cancel'))

  const amount = 500
  const { withdrawal, bridge } = await withdraw(page, amount)
  assert.equal(bridge.package, fake.transfers.get(withdrawal.withdrawNo).packageInfo)
  await toastShown(page, '未确认收款，可稍后再确认')
  assert.deepEqual(
    taps.map((t) => t.outcome),
    ['ok', 'cancel'],
  )
  // Still waiting at WeChat: the record keeps 确认收款; the money is out of the balance meanwhile.
  const row = record(page, amount)
  await row.locator('.ledger-list__after', { hasText: '转账中' }).waitFor()
  await row.getByText('确认收款', { exact: true }).waitFor()
  await shot(page, 'withdraw-cancelled-waiting')
  assert.equal(fake.transfers.get(withdrawal.withdrawNo).state, 'WAIT_USER_CONFIRM')
  assert.deepEqual(await summary(), { balance: start.balance - amount, withdrawable: start.withdrawable - amount, held: 0 })

  // Never confirmed: WeChat cancels the bill and says so (twice, as it retries); the whole amount returns once.
  for (let i = 0; i < 2; i++) {
    const n = await fake.transferNotification(shop, withdrawal.withdrawNo, 'CANCELLED')
    assert.equal(n.status, 204, await n.text())
  }
  await page.reload()
  const back = record(page, amount)
  await back.locator('.ledger-list__after', { hasText: '已退回' }).waitFor()
  await back.locator('.ledger-list__note', { hasText: '未确认收款，金额已退回余额' }).waitFor()
  assert.equal(await back.getByText('确认收款', { exact: true }).count(), 0)
  await shot(page, 'withdraw-returned')
  assert.deepEqual(await summary(), start)
  const ledger = (await shop.api('GET', '/api/balance/ledger?flow=all&page=1&pageSize=20', null, member.token)).data.list
  assert.deepEqual(
    ledger.slice(0, 2).map((e) => [e.kind, e.amount]),
    [
      ['withdrawal_returned', amount],
      ['withdrawal', -amount],
    ],
  )
  assert.equal(ledger.filter((e) => e.kind === 'withdrawal_returned').length, 1)
  const listed = (await staff.get(`/balance/withdrawals?keyword=${withdrawal.withdrawNo}`)).data.list
  assert.deepEqual(
    listed.map((w) => w.status),
    ['returned'],
  )
  assert.equal((await staff.get('/balance/summary')).data.identityOk, true)
  assert.deepEqual(wx.errors, [])
})
