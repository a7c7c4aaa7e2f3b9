// Console roles and the first sign-in in Chromium, at 1280x800 light and 375x812 dark: the demo owner signs in with
// admin123456 and must set a new password before anything else (another address shows the same step); the owner
// creates a role with two permissions (查看订单, 发货与处理订单), adds a staff member with it (姓名 and 手机号), and
// that staff signs in with the generated password, is asked for a new one, then sees only the 订单 menu, and a
// page outside it says 没有权限. Screenshots of each screen. Builds the console; needs the H5 build only for the shop server.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot } from './harness.mjs'
import { btn, DEMO_OWNER_PASSWORD, OWNER_PASSWORD, useConsoleSuite } from './consoleHarness.mjs'

// The owner's first password change is walked here, not made through the API.
const suite = useConsoleSuite({ firstSignIn: true })

async function signIn(page, username, password) {
  await page.goto(`${suite.shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.getByLabel('用户名').fill(username)
  await page.getByLabel('密码', { exact: true }).fill(password)
  await btn(page, '登录').click()
}

/** The 设置新密码 step: the password given, then a new one twice. */
async function setNewPassword(page, oldPassword, newPassword) {
  await page.getByLabel('当前密码').fill(oldPassword)
  await page.getByLabel('新密码', { exact: true }).fill(newPassword)
  await page.getByLabel('确认新密码').fill(newPassword)
  await btn(page, '设置新密码').click()
}

/** The entries of the side menu (on a phone, opened from the header's menu button). */
async function menuEntries(page, mobile) {
  if (mobile) await page.locator('.ant-pro-global-header-collapsed-button').click()
  const menu = page.locator('.ant-pro-sider-menu').last()
  await menu.waitFor()
  return (await menu.locator(':scope > .ant-menu-item, :scope > .ant-menu-submenu > .ant-menu-submenu-title').allInnerTexts()).map((t) => t.trim())
}

for (const [width, height, dark, tag] of [
  [1280, 800, false, 'a'],
  [375, 812, true, 'b'],
]) {
  const mobile = width < 500
  const size = `${width}${dark ? '-dark' : ''}`
  test(`${width}x${height} ${dark ? 'dark' : 'light'}: a role with two permissions, a staff member with it, the first sign-in asks for a new password, then only 订单`, async () => {
    const { page, errors } = await suite.open({ width, height, dark })
    if (!mobile) {
      // The demo owner's first sign-in: the new password first, whatever address is opened.
      await signIn(page, 'admin', DEMO_OWNER_PASSWORD)
      await page.getByRole('heading', { name: '设置新密码' }).waitFor()
      await screenshot(page, `console-roles-${size}-first-password`)
      await page.goto(`${suite.shop.base}/admin/system/staff`)
      await page.getByRole('heading', { name: '设置新密码' }).waitFor()
      assert.equal(await btn(page, '添加员工').count(), 0, 'no console page behind the step')
      await setNewPassword(page, DEMO_OWNER_PASSWORD, 'admin123456')
      await page.getByRole('alert').getByText('新密码不能与原密码相同').waitFor()
      await setNewPassword(page, DEMO_OWNER_PASSWORD, OWNER_PASSWORD)
      await btn(page, '添加员工').waitFor()
    } else {
      await signIn(page, 'admin', OWNER_PASSWORD)
      await page.getByText('待办事项').waitFor()
    }

    // A role with two permissions.
    const role = `仓库发货${tag}`
    await page.goto(`${suite.shop.base}/admin/system/roles`)
    await page.getByTestId('role-店主').first().waitFor()
    await btn(page, '新建角色').click()
    const form = page.locator('.ant-modal, .ant-drawer').filter({ hasText: '新建角色' })
    await form.getByLabel('角色名称').fill(role)
    await form.getByRole('checkbox', { name: '查看订单' }).check()
    await form.getByRole('checkbox', { name: '发货与处理订单' }).check()
    await screenshot(page, `console-roles-${size}-new-role`)
    await btn(form, '保存').click()
    await form.waitFor({ state: 'hidden' })
    const column = page.getByTestId(`role-${role}`)
    await column.first().waitFor()
    await screenshot(page, `console-roles-${size}-matrix`)

    // A staff member with it; the generated password is shown once.
    const username = `picker${tag}`
    await page.goto(`${suite.shop.base}/admin/system/staff`)
    await btn(page, '添加员工').click()
    const add = page.locator('.ant-modal, .ant-drawer').filter({ hasText: '添加员工' })
    await add.getByLabel('用户名').fill(username)
    await add.getByLabel('姓名').fill(`王小${tag}`)
    await add.getByLabel('手机号').fill('1391234567')
    await btn(add, '保存').click()
    await add.getByText('手机号格式不正确').waitFor()
    await add.getByLabel('手机号').fill('13912345678')
    await add.getByLabel('角色').click({ force: true })
    await page.locator('.ant-select-dropdown:visible').getByTitle(role).click()
    await btn(add, '保存').click()
    const shown = page.locator('.ant-modal').filter({ hasText: '请把密码告诉员工' })
    await shown.waitFor()
    const password = (await shown.locator('code').innerText()).trim()
    assert.match(password, /^[\w-]{12,}$/)
    await btn(shown, '我已记下').click()
    const row = page.locator('.ant-table-row', { hasText: username })
    await row.getByText(`王小${tag}`).waitFor()
    await row.getByText('13912345678').waitFor()
    await screenshot(page, `console-roles-${size}-staff`)

    // The staff signs in in a window of its own: a new password first, then only 订单.
    const staff = await suite.open({ width, height, dark })
    await signIn(staff.page, username, password)
    await staff.page.getByRole('heading', { name: '设置新密码' }).waitFor()
    await staff.page.getByText(`王小${tag}，你好`).waitFor()
    await screenshot(staff.page, `console-roles-${size}-staff-first-password`)
    await setNewPassword(staff.page, password, `Picker-pass${tag}9`)
    await staff.page.waitForURL(/\/admin\/orders$/)
    await staff.page.locator('.ant-page-header-heading-title', { hasText: /^订单$/ }).waitFor()
    assert.deepEqual(await menuEntries(staff.page, mobile), ['订单'])
    await screenshot(staff.page, `console-roles-${size}-staff-menu`)
    if (mobile) await staff.page.keyboard.press('Escape')
    await staff.page.goto(`${suite.shop.base}/admin/goods`)
    await staff.page.getByText('没有权限').waitFor()
    assert.deepEqual(errors, [])
    assert.deepEqual(staff.errors, [])
  })
}
