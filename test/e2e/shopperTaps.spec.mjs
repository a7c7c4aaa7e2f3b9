// Taps a shopper lost and links that lost the page: toasts that lay over 登录 and swallowed the tap, a login from
// a shared link that came back without the goods id or the sharer after a reload, the 分类 tab's search words that
// did nothing, and the back button that left the page with a sheet or a picture open.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { useShopSuite, openBrowser, fill, newPhone, shown, shot, shopAs, ROOT } from './harness.mjs'
import { axeProblems } from './axe.mjs'

const AGENT = '13900139000'
const suite = useShopSuite({ member: AGENT })

/** Runs in the page: the visible toast's box, whether a tap at its centre reaches it, and the boxes of the buttons it lies over. */
function toastOverButtons() {
  const box = document.querySelector('.taro__toast > div:last-child')
  if (!box || getComputedStyle(box.parentElement).display === 'none') return null
  const r = box.getBoundingClientRect()
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
  const covered = [...document.querySelectorAll('.nut-button, button')]
    .filter((b) => b.offsetParent !== null)
    .map((b) => ({ text: b.innerText.trim(), r: b.getBoundingClientRect() }))
    .filter(({ r: b }) => b.width > 0 && Math.min(r.right, b.right) > Math.max(r.left, b.left) && Math.min(r.bottom, b.bottom) > Math.max(r.top, b.top))
    .map((b) => b.text)
  // One line of 16px text at line height 1.6 inside 10px paddings: a short message is not broken.
  const oneLine = r.height < 16 * 1.6 * 2 + 20 - 1
  return { text: box.innerText.trim(), takesTaps: !!hit && box.contains(hit), covered, oneLine }
}

test('from a shared goods link, a visitor logs in (reloading the login page on the way) and lands back on the goods, bound to the sharer; toasts cover no button and take no tap', async () => {
  const agent = (await suite.shop.api('GET', '/api/member/getMemberInfo', null, suite.token)).data
  assert.ok(agent.businessId, 'the seed agent has a shop')
  const goods = (await suite.shop.api('GET', '/api/goods/search?page=1&pageSize=1')).data.list[0]
  const visitor = await openBrowser()
  try {
    const { page } = visitor
    const phone = newPhone()
    await page.goto(`${suite.shop.base}/goodsPages/details/details?id=${goods.id}&sUid=${agent.id}&bUid=${agent.businessId}`)
    await shown(page, '.detail-bar__btn', { hasText: '加入购物车' }).click()
    await page.waitForURL(/\/commonPages\/login\/login\?redirect=/)
    const redirect = new URL(new URL(page.url()).searchParams.get('redirect'), suite.shop.base)
    assert.equal(redirect.pathname, '/goodsPages/details/details')
    assert.deepEqual(Object.fromEntries(redirect.searchParams), { id: String(goods.id), sUid: String(agent.id), bUid: String(agent.businessId) })
    // Pull-to-refresh / WeChat restoring the web view: the app starts again on the login page.
    await page.reload()
    await shown(page, '.login__submit').waitFor()

    // Not agreed yet: the toast says so, over no button, and the next tap goes through.
    await fill(page, '请输入手机号', phone)
    await page.getByText('获取验证码').click()
    await page.waitForFunction(() => /验证码已发送/.test(document.querySelector('.taro__toast')?.innerText || ''))
    const sent = await page.evaluate(toastOverButtons)
    assert.deepEqual(sent, { text: '验证码已发送', takesTaps: false, covered: [], oneLine: true })
    await fill(page, '请输入验证码', await suite.shop.smsCode(phone))
    await shown(page, '.login__submit').click()
    await page.waitForFunction(() => /请先阅读并同意/.test(document.querySelector('.taro__toast')?.innerText || ''))
    const agree = await page.evaluate(toastOverButtons)
    assert.deepEqual(agree, { text: '请先阅读并同意用户协议和隐私政策', takesTaps: false, covered: [], oneLine: true })
    await shot(page, 'shopper-login-toast')
    // Tapped at once, while the toast still shows: the tap is not lost.
    await page.locator('.login__agree-box:visible').click()
    await shown(page, '.login__submit').click({ timeout: 1000 })
    await page.waitForURL((u) => u.pathname === '/goodsPages/details/details', { timeout: 10_000 })
    assert.equal(new URL(page.url()).searchParams.get('id'), String(goods.id))
    await shown(page, '.detail-price__name').waitFor()
    // Bound to the agent who shared the link.
    // The stored user (Taro's storage wraps the store's JSON in its own): its token.
    const token = /token\\*":\\*"([^"\\]+)/.exec(await page.evaluate(() => localStorage.getItem('user')))[1]
    const me = (await suite.shop.api('GET', '/api/member/getMemberInfo', null, token)).data
    assert.equal(me.boundBusinessId, agent.businessId)
  } finally {
    await visitor.browser.close()
  }
})

test('the 分类 tab: a tap on the search words opens search', async () => {
  const { page } = suite
  await suite.signIn()
  await page.goto(`${suite.shop.base}/pages/sort/index`)
  await shown(page, '.sort-page__search').getByText('搜索商品').click()
  await page.waitForURL(/\/commonPages\/search\/goodsSearch/)
})

test('the back button closes an open sheet or picture preview first, and the page keeps its state', async () => {
  const visitor = await openBrowser()
  try {
    const { page } = visitor
    const phone = newPhone()
    await page.goto(`${suite.shop.base}/pages/mine/index`)
    await page.goto(`${suite.shop.base}/commonPages/login/login`)
    await fill(page, '请输入手机号', phone)
    await shown(page, '.login__doc-link', { hasText: '《用户协议》' }).click()
    const sheet = shown(page, '[role="dialog"]')
    await sheet.waitFor()
    await page.goBack()
    await sheet.waitFor({ state: 'hidden' })
    await page.waitForTimeout(300)
    assert.equal(new URL(page.url()).pathname, '/commonPages/login/login')
    // The page was not drawn again: what the shopper typed is still there.
    assert.equal(await page.locator('input[placeholder="请输入手机号"]').first().inputValue(), phone)
    // Closed by its own button (Escape), the sheet leaves nothing that needs a second back: one back leaves the page.
    await shown(page, '.login__doc-link', { hasText: '《隐私政策》' }).click()
    await sheet.waitFor()
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    await page.waitForTimeout(300)
    assert.equal(new URL(page.url()).pathname, '/commonPages/login/login')
    await page.goBack()
    await page.waitForURL((u) => u.pathname === '/pages/mine/index')

    // A goods picture, full screen: back closes it, the goods page stays as it was; back again leaves it.
    const goods = (await suite.shop.api('GET', '/api/goods/search?page=1&pageSize=1')).data.list[0]
    await page.goto(`${suite.shop.base}/goodsPages/details/details?id=${goods.id}`)
    await shown(page, '.detail-price__name').waitFor()
    // A mark on the drawn page: a page drawn again (the router's remount) would not carry it.
    await page.evaluate(() => (document.querySelector('.detail-price__name').dataset.kept = 'yes'))
    await shown(page, '.detail-gallery__img').first().click({ force: true })
    const preview = page.locator('.preview-image')
    await preview.waitFor()
    await page.goBack()
    await preview.waitFor({ state: 'detached' })
    await page.waitForTimeout(300)
    assert.equal(new URL(page.url()).pathname, '/goodsPages/details/details')
    await shown(page, '.detail-price__name').waitFor()
    assert.equal(await page.evaluate(() => document.querySelector('.detail-price__name')?.dataset.kept), 'yes')
    await page.goBack()
    await page.waitForURL((u) => u.pathname === '/pages/mine/index')
  } finally {
    await visitor.browser.close()
  }
})

test('a shopper publishes a video: its cover is a real frame (the page’s CSP kept), and it is listed to them as 审核中 until the shop reviews it', async () => {
  const creator = await openBrowser()
  try {
    const { page } = creator
    await shopAs(page, suite.shop, await suite.shop.apiLogin(newPhone()))
    await page.goto(`${suite.shop.base}/minePages/video/release`)
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), shown(page, '.vrelease__pick', { hasText: '拍摄或选择视频' }).click()])
    await chooser.setFiles(path.join(ROOT, 'server', 'assets', 'media', 'video', 'spring-outfit.mp4'))
    const cover = shown(page, '.vrelease__pick .vrelease__preview img')
    await cover.waitFor()
    // The automatic cover: a picture with pixels, not a black (or empty) frame.
    const lit = await cover.evaluate(async (img) => {
      if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }))
      const c = document.createElement('canvas')
      c.width = 32
      c.height = 32
      const ctx = c.getContext('2d')
      ctx.drawImage(img, 0, 0, 32, 32)
      const d = ctx.getImageData(0, 0, 32, 32).data
      let sum = 0
      for (let i = 0; i < d.length; i += 4) sum += d[i] + d[i + 1] + d[i + 2]
      return { src: img.getAttribute('src').slice(0, 5), mean: sum / (d.length / 4) / 3 }
    })
    assert.equal(lit.src, 'blob:')
    assert.ok(lit.mean > 20, `the cover is dark: mean ${lit.mean.toFixed(1)}`)
    await shot(page, 'shopper-video-release')
    await fill(page, '写个标题，让更多人看到', '春日穿搭分享')
    await shown(page, '.nut-button', { hasText: '发布' }).last().click()
    await page.waitForURL(/\/minePages\/video\/list/, { timeout: 30_000 })
    await shown(page, '.video-grid__state', { hasText: '审核中' }).waitFor()
    await shown(page, '.myvideo__stats', { hasText: '共 1 个作品' }).waitFor()
    assert.deepEqual(creator.errors, [])
  } finally {
    await creator.browser.close()
  }
})

test('the flash-sale list passes axe in every session (running, ended and upcoming buttons), in both themes', async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/goodsPages/flashSale/list`)
  const slots = shown(page, '.flash-list__slot')
  await slots.first().waitFor()
  const problems = []
  for (let i = 0; i < (await slots.count()); i++) {
    await slots.nth(i).click()
    await page.waitForTimeout(800)
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.waitForTimeout(500)
      for (const a of await axeProblems(page)) problems.push(`session ${i + 1} (${scheme}): ${a}`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }
  assert.deepEqual(problems, [])
})
