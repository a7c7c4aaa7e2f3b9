// No developer text in the merchant console (issue 33): the records' details a merchant opens most, with their whole
// history — an order with its whole log (shipped in the console, so the log names the staff member), the order of an
// after-sales case, that case, the demo shopper with the points ledger open, an activity's link picker, and the
// 操作日志 with every row expanded — are read as the merchant sees them (visible text and input placeholders), and any
// token that looks like code (test/e2e/devText.mjs: snake_case, dotted.names, camelCase, raw JSON, English outside the
// allow-list) fails the test. Every menu page is read the same way by the console walk (consoleWalk.spec.mjs).
// Screenshots of the order log, the points ledger and the audit log at 1280 light and 375 dark.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { btn, useConsoleSuite, waitQuiet } from './consoleHarness.mjs'
import { screenshot } from './harness.mjs'
import { describeTokens, devTokens, pageText } from './devText.mjs'

const suite = useConsoleSuite()
/** The demo owner's username: the shop's data (shown in the header and as who did a step), not the product's text. */
const DATA = { data: ['admin'] }

/** Waits until the page's requests are over and nothing loads or moves any more. */
async function settled(page) {
  await page.waitForLoadState('networkidle')
  await waitQuiet(page)
}

/** A console API call from the signed-in page (the session cookie; writes carry the CSRF token of auth/me). */
const api = (page, method, url, body) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const me = await (await fetch('/admin/api/auth/me')).json()
      const res = await fetch(`/admin/api/${url}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.data.csrfToken },
        body: body ? JSON.stringify(body) : undefined,
      })
      return res.json()
    },
    { method, url, body },
  )

/** Staff writes, so the order log names a staff member and the 操作日志 has rows of several areas to expand. Returns the records to open. */
async function makeHistory(page) {
  const toShip = await api(page, 'GET', 'orders?status=to_ship&page=1&pageSize=5')
  assert.equal(toShip.code, 200, toShip.msg)
  // Not a 拼团 order still waiting for its group (待成团: nothing ships until it forms).
  const shippable = toShip.data.list.filter((o) => !o.held)
  assert.ok(shippable.length, 'the demo has an order to ship')
  const shipped = shippable[0].orderNo
  const r1 = await api(page, 'POST', `orders/${shipped}/ship`, { expressCode: 'YTO', trackingNo: 'YT9876543210123' })
  assert.equal(r1.code, 200, r1.msg)
  const r2 = await api(page, 'POST', `orders/${shipped}/remark`, { remark: '顾客要求周末送达' })
  assert.equal(r2.code, 200, r2.msg)
  const members = await api(page, 'GET', 'members?keyword=13800138000&page=1&pageSize=5')
  assert.equal(members.code, 200, members.msg)
  const memberId = members.data.list[0].id
  const r3 = await api(page, 'POST', `members/${memberId}/points`, { delta: 20, note: '活动补偿' })
  assert.equal(r3.code, 200, r3.msg)
  const cases = await api(page, 'GET', 'after-sales?page=1&pageSize=5')
  assert.equal(cases.code, 200, cases.msg)
  const completed = await api(page, 'GET', 'orders?status=completed&page=1&pageSize=5')
  return {
    shipped,
    memberId,
    caseId: cases.data.list[0]?.id,
    caseOrderNo: cases.data.list[0]?.orderNo,
    completed: completed.data.list[0]?.orderNo,
  }
}

async function expandAuditRows(page) {
  await page.locator('.ant-table-row-expand-icon').first().waitFor()
  const expanders = page.locator('.ant-table-row-expand-icon-collapsed')
  const n = await expanders.count()
  for (let i = 0; i < n; i++) await expanders.first().click()
  return n
}

test("console 1280x800: no developer text on the records' details and their history", async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  const found = []
  const check = async (where) => {
    await settled(page)
    for (const t of describeTokens(devTokens(await pageText(page), DATA))) found.push(`${where}: ${t}`)
  }
  const records = await makeHistory(page)
  // An activity's button: its web page picked by name (the link picker of 店铺装修), not an address typed.
  // The demo's festival, whose button opens a page the shop serves itself (/media/activity/festival.html).
  const listed = await api(page, 'GET', 'content/activities?page=1&pageSize=20')
  const linked = listed.data.list.find((a) => a.linkUrl) || listed.data.list[0]
  await page.goto(`${suite.shop.base}/admin/content/activities`)
  await settled(page)
  await page.locator('.ant-table-row', { hasText: linked.title }).first().getByText('编辑').click()
  await page.getByRole('dialog').getByText('活动网页', { exact: true }).click()
  await page.getByRole('dialog').getByText('跳转网页', { exact: true }).first().waitFor()
  await check('/content/activities (editing)')
  await screenshot(page, 'console-1280-activity-link')

  // The order shipped above: 下单 → 支付 → 发货 by the staff member, in words.
  await page.goto(`${suite.shop.base}/admin/orders/${records.shipped}`)
  await page.getByTestId('order-timeline').waitFor()
  await check(`/orders/${records.shipped}`)
  const log = await page.getByTestId('order-timeline').innerText()
  for (const step of ['下单', '支付', '发货']) assert.match(log, new RegExp(step), `the order log names ${step}`)
  assert.match(log, /· 店主/, 'the ship step names the staff member (the demo owner, 姓名 店主)')
  assert.match(log, /买家/)
  assert.match(await page.locator('body').innerText(), /沙箱支付/, 'the payment method in words')
  await screenshot(page, 'console-1280-order-log')
  for (const orderNo of [records.completed, records.caseOrderNo].filter(Boolean)) {
    await page.goto(`${suite.shop.base}/admin/orders/${orderNo}`)
    await page.getByTestId('order-timeline').waitFor()
    await check(`/orders/${orderNo}`)
  }
  if (records.caseId) {
    await page.goto(`${suite.shop.base}/admin/after-sales/${records.caseId}`)
    await page.getByText('协商记录').waitFor()
    await check(`/after-sales/${records.caseId}`)
  }
  await page.goto(`${suite.shop.base}/admin/members/${records.memberId}`)
  await page.getByRole('tab', { name: '积分明细' }).click()
  await page.getByText('客服调整').first().waitFor()
  await check(`/members/${records.memberId} 积分明细`)
  await screenshot(page, 'console-1280-points-ledger')

  await page.goto(`${suite.shop.base}/admin/system/audit`)
  await settled(page)
  assert.ok((await expandAuditRows(page)) >= 3, `the audit rows of the writes above; findings so far:\n${found.join('\n')}`)
  await check('/system/audit (rows expanded)')
  const audit = await page.locator('.ant-table').first().innerText()
  for (const words of ['发货', '订单备注', '调整积分', '订单', '会员']) assert.match(audit, new RegExp(words))
  await screenshot(page, 'console-1280-audit-log')
  // The 操作 filter is a select of the Chinese names.
  // The search form starts folded (only 时间 shows): 展开 first.
  await page.locator('.ant-pro-query-filter-collapse-button').click()
  await page.locator('.ant-pro-query-filter').getByLabel('操作').click()
  // The list is long and drawn virtually (only the options in view exist): search it, as a merchant would.
  await page.keyboard.type('调整积分')
  await page.locator('.ant-select-item-option', { hasText: '调整积分' }).first().click()
  await btn(page, '查询').click()
  await settled(page)
  assert.match(await page.locator('.ant-table').first().innerText(), /调整积分/)

  assert.deepEqual(errors, [])
  assert.deepEqual(found, [], found.join('\n'))
})

test('console 375x812 dark: the order log, points ledger and audit log in words', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(page)
  const found = []
  const check = async (where) => {
    await settled(page)
    for (const t of describeTokens(devTokens(await pageText(page), DATA))) found.push(`${where}: ${t}`)
  }
  const toReceive = await api(page, 'GET', 'orders?status=to_receive&page=1&pageSize=1')
  const orderNo = toReceive.data.list[0].orderNo
  await page.goto(`${suite.shop.base}/admin/orders/${orderNo}`)
  await page.getByTestId('order-timeline').scrollIntoViewIfNeeded()
  await check(`/orders/${orderNo}`)
  await screenshot(page, 'console-375-order-log-dark')
  const members = await api(page, 'GET', 'members?keyword=13800138000&page=1&pageSize=5')
  await page.goto(`${suite.shop.base}/admin/members/${members.data.list[0].id}`)
  await page.getByRole('tab', { name: '积分明细' }).click()
  await settled(page)
  await page.getByRole('tabpanel').first().scrollIntoViewIfNeeded()
  await check('/members/:id 积分明细')
  await screenshot(page, 'console-375-points-ledger-dark')
  await page.goto(`${suite.shop.base}/admin/system/audit`)
  await settled(page)
  await expandAuditRows(page)
  await check('/system/audit (rows expanded)')
  await screenshot(page, 'console-375-audit-log-dark')
  assert.deepEqual(errors, [])
  assert.deepEqual(found, [], found.join('\n'))
})
