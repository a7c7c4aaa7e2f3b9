// 充值 in Chromium: 我的 → 余额 → 充值, a seeded package paid in the sandbox, the balance shows the amount and the bonus
// (the bonus not withdrawable, nor the recharge with the setting off), and 财务 → 充值订单 lists the recharge order.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, screenshot, newPhone, shown, button } from './harness.mjs'
import { buildConsole, changeDemoOwnerPassword, consoleSignIn, openWindow } from './consoleHarness.mjs'

// The console is served from admin/dist when the shop starts: built before the suite's shop.
buildConsole()
const suite = useShopSuite({
  member: newPhone(),
  async setup(s) {
    await changeDemoOwnerPassword(s.shop.base)
    await s.signIn()
  },
})

test('recharge a package in the sandbox: the balance shows amount + bonus; the console lists the recharge order', async () => {
  const { page } = suite
  const options = await suite.shop.api('GET', '/api/recharge/packages', null, suite.token)
  const pkg = options.data.packages[0]
  assert.ok(pkg && pkg.bonusAmount > 0, 'a seeded package with a bonus')
  const yuan = (fen) => (fen / 100).toFixed(2)

  await page.goto(`${suite.shop.base}/minePages/balance/index`)
  await shown(page, '.balance__amount', { hasText: '0.00' }).waitFor()
  await shown(page, '.balance__action', { hasText: '充值' }).click()
  await page.waitForURL(/\/minePages\/balance\/recharge/)
  await shown(page, '.recharge__item', { hasText: `充 ¥${yuan(pkg.payAmount)}` }).click()
  await shown(page, '.recharge__sum', { hasText: `到账 ¥${yuan(pkg.payAmount + pkg.bonusAmount)}` }).waitFor()
  await shown(page, '.recharge__rule', { hasText: '不可提现' }).waitFor()
  await screenshot(page, 'recharge-page')
  await button(page, `支付 ¥${yuan(pkg.payAmount)}`).click()
  const modal = shown(page, '.taro-modal__content', { hasText: `模拟支付 ¥${yuan(pkg.payAmount)}，确认支付？` })
  await modal.waitFor()
  await modal.locator('.taro-model__confirm').click()
  // Credited: the page goes back to 我的余额, which shows both rows.
  await page.waitForURL(/\/minePages\/balance\/index/)
  await shown(page, '.balance__amount', { hasText: yuan(pkg.payAmount + pkg.bonusAmount) }).waitFor()
  await shown(page, '.balance__parts', { hasText: '可提现 ¥0.00' }).waitFor()
  await page.reload()
  await shown(page, '.ledger-list__row', { hasText: '充值赠送' })
    .locator('.ledger-list__change', { hasText: `+${yuan(pkg.bonusAmount)}` })
    .waitFor()
  await shown(page, '.ledger-list__row', { hasText: '充值' })
    .locator('.ledger-list__change', { hasText: `+${yuan(pkg.payAmount)}` })
    .first()
    .waitFor()
  await screenshot(page, 'recharge-credited')
  assert.deepEqual(suite.errors, [])

  const list = await suite.shop.api('GET', '/api/recharge/list', null, suite.token)
  const rechargeNo = list.data.list[0].rechargeNo
  assert.equal(list.data.list[0].status, 'paid')
  // Where WeChat Pay H5 brings the shopper back (redirect_url: the recharge page with its number): the result, in words.
  await page.goto(`${suite.shop.base}/minePages/balance/recharge?rechargeNo=${rechargeNo}`)
  await shown(page, '.recharge__result-title', { hasText: `充值成功，¥${yuan(pkg.payAmount + pkg.bonusAmount)} 已到账（含赠送 ¥${yuan(pkg.bonusAmount)}）` }).waitFor()
  await screenshot(page, 'recharge-returned')
  assert.deepEqual(suite.errors, [])
  const w = await openWindow(suite.browser, { width: 1280, height: 800 })
  await consoleSignIn(w.page, suite.shop.base)
  await w.page.goto(`${suite.shop.base}/admin/finance/recharges`)
  const row = w.page.locator('.ant-table-row', { hasText: rechargeNo })
  await row.waitFor()
  await row.getByText('已到账').waitFor()
  await row.getByText('沙箱支付').waitFor()
  await screenshot(w.page, 'recharge-console')
  assert.deepEqual(w.errors, [])
  await w.context.close()
})
