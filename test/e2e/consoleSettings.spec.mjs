// Console 设置 in Chromium, through its UI (1280x800): edit the user agreement, then open it from the shop's login
// page (H5 375x812); create a freight template, give a goods item that template in the goods form, and see its
// freight at the shop's checkout (375x812). The WeChat settings, setup check, reconciliation and failures pages are
// opened and screenshotted (light 1280, dark 375). Needs the H5 build (test/e2e/run.mjs) and builds the console.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { screenshot, shown, newPhone } from './harness.mjs'
import { addAddress, btn, choose, shopAs, useConsoleSuite } from './consoleHarness.mjs'

const suite = useConsoleSuite()
/**
 * A menu entry: its group opened first unless already open (a second click would fold it). A group holding one page
 * is that page's entry itself (AdminLayout), so clicking the group may already open it.
 */
const menu = async (page, group, item, url) => {
  const entry = page.getByRole('menuitem', { name: item, exact: true })
  if (!(await entry.isVisible())) {
    await page.getByRole('menuitem', { name: new RegExp(`(^|\\s)${group}$`) }).click()
    await page.waitForTimeout(300)
  }
  if (await entry.isVisible()) await entry.click()
  await page.waitForURL(url)
}

const AGREEMENT = `控制台修改的用户协议第${Date.now() % 100000}版`
const SHOP_NAME = '橙子小铺'
const SECTION = '健康课堂'
let goods

test('1280x800: the user agreement, a freight template and a goods item using it, edited through the console', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)

  // 设置 → 店铺: the shop's name and its article section's name (issue 33), then the user agreement (an empty text
  // refused first, nothing saved).
  await menu(page, '设置', '店铺', /\/admin\/settings\/shop$/)
  const profile = page.locator('.ant-card', { hasText: '店铺与客服' })
  await profile.getByLabel('店铺名称').fill(SHOP_NAME)
  await profile.getByLabel('文章栏目名称').fill('健康 课堂')
  await profile.locator('button[type=submit]').click()
  await profile.getByText('文章栏目名称不含空格').waitFor()
  await profile.getByLabel('文章栏目名称').fill(SECTION)
  await profile.locator('button[type=submit]').click()
  await page.getByText('已保存', { exact: true }).first().waitFor()
  const info = await suite.shop.api('GET', '/api/common/shopInfo')
  assert.equal(info.data.shopName, SHOP_NAME)
  assert.equal(info.data.articleSectionName, SECTION)
  const doc = page.getByTestId('doc-userAgreement')
  const editor = doc.locator('.ql-editor')
  await editor.waitFor()
  await editor.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await doc.locator('button[type=submit]').click()
  await doc.getByText('请填写内容').waitFor()
  await editor.click()
  await page.keyboard.type(AGREEMENT)
  await doc.locator('button[type=submit]').click()
  await page.getByText('已保存，登录页即刻生效').waitFor()
  await screenshot(page, 'console-settings-1280-shop')
  const saved = await suite.shop.api('GET', '/api/content/document?key=userAgreement')
  assert.match(saved.data.contentHtml, new RegExp(AGREEMENT))

  // 设置 → 运费: a template with a bad fee refused in the form, then saved.
  await menu(page, '设置', '运费', /\/admin\/settings\/freight$/)
  await btn(page, '新建模板').click()
  const modal = page.locator('.ant-modal:visible')
  await modal.getByLabel('名称').fill('大件运费')
  await modal.getByLabel('运费（元）').fill('15.001')
  await modal.getByLabel(/包邮门槛/).fill('500')
  await btn(page, '保存').click()
  await modal.getByText('运费须为金额，最多两位小数').waitFor()
  await modal.getByLabel('运费（元）').fill('15')
  await btn(page, '保存').click()
  await page.locator('.ant-table-row', { hasText: '大件运费' }).waitFor()
  await page.locator('.ant-table-row', { hasText: '满 ¥500.00 包邮，否则运费 ¥15.00' }).waitFor()
  await page.locator('.ant-modal-wrap').first().waitFor({ state: 'hidden' })
  await screenshot(page, 'console-settings-1280-freight')

  // The goods form: a seeded goods item gets the template.
  const search = await suite.shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=50')
  goods = search.data.list.find((g) => g.price >= 1000 && g.price < 40000 && g.stock > 0)
  assert.ok(goods, 'a seeded goods between ¥10 and ¥400')
  await page.goto(`${suite.shop.base}/admin/goods/${goods.id}`)
  await page.getByLabel('商品名称').waitFor()
  await choose(page, '运费模板', '大件运费')
  await btn(page, '保存').click()
  await page.getByText('已保存').first().waitFor()
  await screenshot(page, 'console-settings-1280-goods-freight')

  // The other settings pages open and talk to the server.
  await menu(page, '设置', '微信', /\/admin\/settings\/wechat$/)
  await page.getByText('不能保存密钥类设置', { exact: true }).waitFor() // no SETTINGS_KEY in this run
  await screenshot(page, 'console-settings-1280-wechat')
  await menu(page, '设置', '短信', /\/admin\/settings\/sms$/)
  await page.getByTestId('sms-live').getByText('当前发送方式：演示（验证码只写入服务器日志）').waitFor()
  await screenshot(page, 'console-settings-1280-sms')
  await menu(page, '设置', '设置检查', /\/admin\/settings\/doctor$/)
  await page.getByTestId('check-wechatPay').getByText('当前为沙箱支付', { exact: false }).waitFor()
  await page.getByTestId('check-sms').getByText('当前为演示模式', { exact: false }).waitFor()
  await screenshot(page, 'console-settings-1280-doctor')
  await menu(page, '设置', '消息', /\/admin\/settings\/messages$/)
  await page.getByText('小程序订阅消息').waitFor()
  await screenshot(page, 'console-settings-1280-messages')
  await menu(page, '财务', '对账', /\/admin\/finance\/reconcile$/)
  await page.getByTestId('reconcile-run').click()
  await page.getByText(/对账完成/).waitFor()
  await screenshot(page, 'console-settings-1280-reconcile')
  await page.goto(`${suite.shop.base}/admin/todo/failures`)
  await page.getByText(/消息发送失败（\d+）/).waitFor()
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' })
  await screenshot(page, 'console-settings-1280-failures')
  assert.deepEqual(errors, [])
})

test("375x812 (H5): the login page names the shop and opens the edited agreement; the article list carries the section's name; goods details and checkout charge the goods' template", async () => {
  assert.ok(goods, 'the first test set the goods')
  const { page, errors } = await suite.open({ width: 375, height: 812 })
  await page.goto(`${suite.shop.base}/commonPages/login/login`)
  await shown(page, '.login__brand', { hasText: `欢迎来到${SHOP_NAME}` }).waitFor()
  await shown(page, '.login__doc-link', { hasText: '《用户协议》' }).click()
  await page.getByText(AGREEMENT).waitFor()
  await screenshot(page, 'console-settings-375-login-agreement')
  await page.goto(`${suite.shop.base}/commonPages/genderSchool/list`)
  await shown(page, '.page-layout__title', { hasText: SECTION }).waitFor()
  await page.waitForFunction((t) => document.title === t, SECTION)
  await page.goto(`${suite.shop.base}/pages/home/index`)
  await page.waitForFunction((t) => document.title === t, SHOP_NAME)
  // The home entry of the article section carried the demo's name and follows the new one.
  await shown(page, '.home-navs__title', { hasText: SECTION }).first().waitFor()
  // Goods details' 运费 row promises what the checkout below charges.
  await page.goto(`${suite.shop.base}/goodsPages/details/details?id=${goods.id}`)
  await shown(page, '.detail-freight', { hasText: '运费 ¥15，满 ¥500 包邮' }).waitFor()

  const token = await suite.shop.apiLogin(newPhone())
  await addAddress(suite.shop, token, '运费买家')
  const d = await suite.shop.api('GET', `/api/goods/detail?id=${goods.id}`, null, token)
  const sku = d.data.skus.find((s) => s.stock > 0 && s.price < 50000)
  const buyer = await suite.open({ width: 375, height: 812 })
  await shopAs(buyer.page, suite.shop, token)
  await buyer.page.goto(`${suite.shop.base}/goodsPages/placeAnOrder/index?from=buyNow&skuId=${sku.id}&quantity=1`)
  await buyer.page.getByText('+¥15.00', { exact: true }).first().waitFor()
  await buyer.page
    .getByText(/满¥500\.00包邮/)
    .first()
    .waitFor()
  await screenshot(buyer.page, 'console-settings-375-checkout-freight')
  const preview = await suite.shop.api('POST', '/api/order/preview', { from: 'buyNow', skuId: sku.id, quantity: 1 }, token)
  assert.equal(preview.data.freightAmount, 1500)

  // The console's pages at a phone's width, dark.
  const admin = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(admin.page)
  await admin.page.goto(`${suite.shop.base}/admin/settings/doctor`)
  await admin.page.getByTestId('check-wechatPay').waitFor()
  await screenshot(admin.page, 'console-settings-375-dark-doctor')
  await admin.page.goto(`${suite.shop.base}/admin/settings/freight`)
  await admin.page.locator('.ant-table-row', { hasText: '大件运费' }).waitFor()
  await screenshot(admin.page, 'console-settings-375-dark-freight')
  assert.deepEqual([...errors, ...buyer.errors, ...admin.errors], [])
})
