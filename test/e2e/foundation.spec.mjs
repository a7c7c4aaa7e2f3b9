import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, screenshot, fill, newPhone } from './harness.mjs'

const suite = useShopSuite()

test('opens home at / with the five tabs, and switches tabs', async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/`)
  for (const label of ['首页', '分类', '短视频', '购物车', '我的']) await page.getByText(label, { exact: true }).last().waitFor()
  await screenshot(page, 'foundation-home')
  // SPEC.md section 2: 50px high, 24px icons, 10px text, #222222 / selected #AF57FF.
  const bar = await page.evaluate(() => {
    const css = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop]
    return {
      height: document.querySelector('.taro-tabbar__tabbar').getBoundingClientRect().height,
      icon: document.querySelector('.weui-tabbar__icon').getBoundingClientRect().width,
      font: css('.weui-tabbar__label', 'fontSize'),
      colours: [...document.querySelectorAll('.weui-tabbar__label')].map((e) => getComputedStyle(e).color),
    }
  })
  assert.equal(Math.round(bar.height), 50)
  assert.equal(Math.round(bar.icon), 24)
  assert.equal(bar.font, '10px')
  assert.equal(bar.colours[0], 'rgb(175, 87, 255)')
  assert.ok(
    bar.colours.slice(1).every((c) => c === 'rgb(34, 34, 34)'),
    bar.colours.join(),
  )
  await page.locator('.weui-tabbar__item').nth(1).click()
  await page.waitForURL(/\/pages\/sort\/index/)
  await screenshot(page, 'foundation-tab-sort')
  await page.locator('.weui-tabbar__item').nth(0).click()
  await page.waitForURL(/\/pages\/home\/index|\/$/)
  assert.deepEqual(suite.errors, [])
})

test('/pages/home/index opens home too', async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/pages/home/index`)
  await page.locator('.weui-tabbar__item').first().waitFor()
  assert.match(await page.locator('.weui-tabbar__item').first().innerText(), /首页/)
})

test('the shop has its icon: /favicon.ico is an icon, not a 404 on every load', async () => {
  const res = await fetch(`${suite.shop.base}/favicon.ico`)
  assert.equal(res.status, 200)
  assert.match(res.headers.get('content-type') || '', /icon/)
  const bytes = Buffer.from(await res.arrayBuffer())
  // An ICO file: reserved 0, type 1, then the number of images (16, 32 and 48 px).
  assert.deepEqual([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)], [0, 1, 3])
})

test('a page that needs login opens login, logging in returns to it, and a reload stays logged in', async () => {
  const { page } = suite
  const target = '/commonPages/login/invitationCode'
  await page.goto(`${suite.shop.base}${target}`)
  await page.waitForURL(/\/commonPages\/login\/login\?redirect=/)
  await screenshot(page, 'foundation-login')
  const phone = newPhone()
  await fill(page, '请输入手机号', phone)
  await page.getByText('获取验证码').click()
  await page.getByText(/秒后重新获取/).waitFor()
  const code = await suite.shop.smsCode(phone)
  await fill(page, '请输入验证码', code)
  await page.locator('.login__agree-box:visible').click() // the box itself: the titles open the documents
  await page.locator('.login__submit').filter({ hasText: '登录' }).click()
  await page.waitForURL((u) => u.pathname === target)
  await page.getByText('确认绑定').waitFor()
  await page.reload()
  await page.getByText('确认绑定').waitFor()
  await page.waitForTimeout(800)
  assert.equal(new URL(page.url()).pathname, target)
  const stored = await page.evaluate(() => localStorage.getItem('user'))
  assert.match(stored, /token/)
})
