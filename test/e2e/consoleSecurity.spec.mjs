// Console 账号安全 in Chromium: the demo owner turns on two-factor sign-in (scans nothing: the secret shown as text
// gives the codes, worked out here as an authenticator app does), keeps the recovery codes, signs out and back in
// with a code (1280x800 light); then signs in with a recovery code, sees its signed-in devices and ends the other
// one (375x812 dark). Screenshots of each screen. Builds the console; needs the H5 build only for the shop server.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import crypto from 'node:crypto'
import { screenshot } from './harness.mjs'
import { btn, OWNER_PASSWORD, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret: what the authenticator app shows at `ms`. */
function totp(secret, ms = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const ch of secret.replace(/\s/g, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0')
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)))
  const mac = crypto.createHmac('sha1', key).update(counter).digest()
  const o = mac[19] & 15
  return String((mac.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

let recovery = []
let secret = ''

async function signInWithCode(page, code) {
  await page.goto(`${suite.shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码').fill(OWNER_PASSWORD)
  await btn(page, '登录').click()
  await page.getByLabel('动态码').waitFor()
  await page.getByLabel('动态码').fill(code)
  await btn(page, '验证并登录').click()
  await page.waitForURL(/\/admin\/dashboard/)
}

test('1280x800 light: turn on two-factor sign-in, keep the recovery codes, sign in again with a code', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByTestId('account-menu').hover()
  await page.getByRole('menuitem', { name: '账号安全' }).click()
  await page.waitForURL(/\/admin\/system\/security$/)
  await btn(page, '开启两步验证').click()
  await page.getByAltText('用身份验证器扫描此二维码').waitFor()
  secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
  assert.match(secret, /^[A-Z2-7]{32}$/)
  await screenshot(page, 'console-security-1280-enrol')
  // A wrong code first: refused with a plain message, still off.
  await page.getByLabel('动态码').fill(totp(secret, Date.now() - 10 * 60_000))
  await btn(page, '验证并开启').click()
  await page.getByText('动态码不正确').waitFor()
  await page.getByLabel('动态码').fill(totp(secret))
  await btn(page, '验证并开启').click()
  const codes = page.getByTestId('recovery-codes')
  await codes.waitFor()
  recovery = (await codes.locator('.ant-typography').nth(1).innerText()).split(/\s+/).filter((c) => /^[A-Z2-7]{5}-[A-Z2-7]{5}$/.test(c))
  assert.equal(recovery.length, 10)
  await screenshot(page, 'console-security-1280-recovery-codes')
  await btn(page, '我已保存').click()
  await page.getByText('已开启').first().waitFor()
  await page.getByText('10 个').waitFor()

  // Sign out; the password alone now asks for the code, and the next code signs in.
  await page.getByTestId('account-menu').hover()
  await page.getByRole('menuitem', { name: '退出登录' }).click()
  await page.waitForURL(/\/admin\/login/)
  await page.getByLabel('用户名').fill('admin')
  await page.getByLabel('密码').fill(OWNER_PASSWORD)
  await btn(page, '登录').click()
  await page.getByLabel('动态码').waitFor()
  await screenshot(page, 'console-security-1280-login-code')
  await page.getByLabel('动态码').fill('000000' === totp(secret, Date.now() + 30_000) ? '111111' : '000000')
  await btn(page, '验证并登录').click()
  await page.getByRole('alert').getByText('用户名或密码错误，还可尝试 4 次').waitFor()
  // The step after the one used to turn it on (a used code is never accepted again).
  await page.getByLabel('动态码').fill(totp(secret, Date.now() + 30_000))
  await btn(page, '验证并登录').click()
  await page.waitForURL(/\/admin\/dashboard/)
  await page.goto(`${suite.shop.base}/admin/system/security`)
  await page.getByText('我的登录设备').waitFor()
  await page.getByText('当前设备').first().waitFor()
  await screenshot(page, 'console-security-1280-signed-in')
  assert.deepEqual(errors, [])
})

test('375x812 dark: sign in with a recovery code, see the devices signed in, end the other one', async () => {
  assert.equal(recovery.length, 10, 'the 1280 test ran first')
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await signInWithCode(page, recovery[0].toLowerCase())
  await page.goto(`${suite.shop.base}/admin/system/security`)
  await page.getByText('9 个').waitFor()
  const devices = page.locator('.ant-card', { hasText: '我的登录设备' })
  await devices.getByText('当前设备').waitFor()
  const items = devices.locator('.ant-list-item')
  assert.equal(await items.count(), 2)
  await screenshot(page, 'console-security-375-dark')
  // End the 1280 window's session (the one that is not this device).
  await items.filter({ hasNotText: '当前设备' }).getByRole('button').click()
  await btn(page, '确定').click()
  await page.getByText('已下线').waitFor()
  await devices.locator('.ant-list-item').nth(1).waitFor({ state: 'detached' })
  assert.equal(await devices.locator('.ant-list-item').count(), 1)
  // The used recovery code is spent.
  const again = await fetch(`${suite.shop.base}/admin/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: OWNER_PASSWORD, code: recovery[0] }),
  })
  assert.equal((await again.json()).code, 8002)
  assert.deepEqual(errors, [])
})
