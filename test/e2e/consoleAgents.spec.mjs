// The console's 代理 and 财务 through its UI (docs/console.md "代理", "财务"): at 1280x800 a member's agent
// application (made in the shop) is approved and the member becomes an agent; the rules, agents and finance pages
// render. At 375x812 (dark) the demo agent's pending withdrawal is paid by hand with a reference number (a too
// short one refused first), and the agent sees it paid on the shop's withdraw page.
// Then the demo agent is suspended (清退) at 375x812: the agent sees why and keeps the withdraw page.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, newPhone } from './harness.mjs'
import { btn, shopAs, useConsoleSuite } from './consoleHarness.mjs'

const DEMO_AGENT = '13900139000'
const suite = useConsoleSuite()
// The demo agent signs in once: a second code for the same phone within a minute is refused.
let agentToken
const demoAgentToken = async () => (agentToken ??= await suite.shop.apiLogin(DEMO_AGENT))

test('1280x800: an application made in the shop is approved in the console; rules, agents and finance pages', async () => {
  const shopName = `控制台代理${Date.now() % 100000}`
  const token = await suite.shop.apiLogin(newPhone())
  const applied = await suite.shop.api('POST', '/api/business/agent/apply', { shopName, realName: '赵六', phone: '13912345678', idCard: '110101199003074514', reason: '社群/团购团长' }, token)
  assert.equal(applied.code, 200, applied.msg)

  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: '代理' }).click()
  await page.getByRole('menuitem', { name: '代理申请' }).click()
  await page.waitForURL(/\/admin\/agents\/applications$/)
  const row = page.locator('tr', { hasText: shopName })
  await row.getByText('110101********4514').waitFor()
  await screenshot(page, 'console-1280-agent-applications')
  await row.getByText('通过', { exact: true }).click()
  await btn(page, '确定').click()
  await page.getByText('已通过，代理店铺已开通').waitFor()
  const me = await suite.shop.api('GET', '/api/member/getMemberInfo', null, token)
  assert.equal(me.data.isAgent, true)
  assert.equal(me.data.shopName, shopName)
  assert.equal((await suite.shop.api('GET', '/api/business/agent/toApply', null, token)).data.state, 'approved')

  await page.getByRole('menuitem', { name: '代理列表' }).click()
  await page.locator('tr', { hasText: shopName }).waitFor()
  await page.locator('tr', { hasText: '花语小店' }).waitFor()
  await screenshot(page, 'console-1280-agents')
  await page.locator('tr', { hasText: '花语小店' }).getByText('详情').click()
  await page.getByText('流水与余额一致').waitFor()
  await page.getByTestId('ledger-sums').waitFor()
  await screenshot(page, 'console-1280-agent-detail')

  await page.getByRole('menuitem', { name: '代理规则' }).click()
  await page.getByLabel('默认佣金比例', { exact: true }).waitFor()
  assert.equal(await page.getByLabel('默认佣金比例', { exact: true }).inputValue(), '10.00')
  await screenshot(page, 'console-1280-agent-rules')

  await page.getByRole('menuitem', { name: '财务' }).click()
  await page.getByRole('menuitem', { name: '每日汇总' }).click()
  await page.getByText('净收入').first().waitFor()
  await page.locator('.ant-table-row').first().waitFor()
  await page.locator('.ant-spin-blur').waitFor({ state: 'detached' })
  await page.waitForTimeout(500) // the table fades in (0.3 s)
  await screenshot(page, 'console-1280-finance-daily')
  await page.getByRole('menuitem', { name: '支付记录' }).click()
  await page.locator('.ant-table-row').first().waitFor()
  await screenshot(page, 'console-1280-finance-payments')
  await page.getByRole('menuitem', { name: '账本' }).click()
  await page.locator('.ant-table-row').first().waitFor()
  await screenshot(page, 'console-1280-finance-ledgers')
  assert.deepEqual(errors, [])
})

test('375x812 dark: a withdrawal paid by hand with its reference number; the agent sees it paid in the shop', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/agents/withdrawals?status=pending`)
  const card = page.locator('.responsive-card', { hasText: '花语小店' }).first()
  await card.waitFor()
  const withdrawNo = (await card.innerText()).match(/W\d{10,}/)[0]
  await screenshot(page, 'console-375-withdrawals-dark')
  await card.getByText('确认打款').click()
  const drawer = page.locator('.ant-drawer-content')
  await drawer.waitFor()
  await page.getByLabel('打款凭证号').fill('12')
  await btn(drawer, '确认打款').click()
  await page.getByText('凭证号至少 4 位').waitFor()
  await page.getByLabel('打款凭证号').fill('ICBC20261124-0001')
  await screenshot(page, 'console-375-withdrawal-pay-dark')
  await btn(drawer, '确认打款').click()
  await drawer.waitFor({ state: 'hidden' })
  await page.locator('.responsive-card', { hasText: withdrawNo }).waitFor({ state: 'detached' })
  await page.getByRole('tab', { name: '已打款' }).click()
  await page.locator('.responsive-card', { hasText: 'ICBC20261124-0001' }).waitFor()
  assert.deepEqual(errors, [])

  // The agent, in the shop at 375x812: the withdrawal is 已到账.
  const agent = await suite.open({ width: 375, height: 812 })
  const token = await demoAgentToken()
  const list = await suite.shop.api('GET', '/api/business/withdraw/list?page=1&pageSize=20', null, token)
  const paid = list.data.list.find((w) => w.withdrawNo === withdrawNo)
  assert.equal(paid.status, 'paid')
  await shopAs(agent.page, suite.shop, token)
  await agent.page.goto(`${suite.shop.base}/agentBackendPages/withdraw/index`)
  // Among the recent withdrawals (the seed has others of this agent): the one paid, by its amount, is 已到账.
  await agent.page
    .locator('.withdraw-record', { hasText: `¥${(paid.amount / 100).toFixed(2)}` })
    .filter({ hasText: '已到账' })
    .first()
    .waitFor()
  await screenshot(agent.page, 'console-agent-sees-paid')
  assert.deepEqual(agent.errors, [])
})

test('375x812: 清退 the demo agent with a reason (members kept, frozen commission forfeited); the agent sees why and keeps 收益与提现', async () => {
  const token = await demoAgentToken()
  const shopId = (await suite.shop.api('GET', '/api/member/getMemberInfo', null, token)).data.businessId
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/agents/list/${shopId}`)
  await page.getByText('流水与余额一致').waitFor()
  await page.getByText('清退', { exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText('仍归代理所有').waitFor()
  assert.equal(await btn(dialog, '确认清退').isDisabled(), true) // no reason yet
  await dialog.getByLabel('清退原因').fill('违反代理协议，虚假宣传')
  await dialog.getByText('解除', { exact: false }).first().click() // keep the members bound
  await dialog.getByText('立即作废').click()
  await screenshot(page, 'console-375-agent-suspend')
  await btn(dialog, '确认清退').click()
  await page.getByText('已清退', { exact: true }).first().waitFor()
  await page.locator('.ant-descriptions-item-content', { hasText: '违反代理协议，虚假宣传' }).waitFor()
  await page.getByText('恢复代理').waitFor()
  assert.deepEqual(errors, [])

  // The agent: the back office is closed; the application page says why and leads to 收益与提现.
  assert.equal((await suite.shop.api('GET', '/api/business/home', null, token)).code, 5001)
  const agent = await suite.open({ width: 375, height: 812 })
  await shopAs(agent.page, suite.shop, token)
  await agent.page.goto(`${suite.shop.base}/agentBackendPages/apply/index`)
  await agent.page.getByText('代理资格已被清退').waitFor()
  await agent.page.getByText('违反代理协议，虚假宣传', { exact: false }).waitFor()
  await screenshot(agent.page, 'shop-agent-suspended')
  await agent.page.locator('.apply-state__btn', { hasText: '收益与提现' }).click()
  await agent.page.waitForURL(/withdraw\/index/)
  await agent.page.locator('.withdraw-record').first().waitFor()
  assert.deepEqual(agent.errors, [])
})
