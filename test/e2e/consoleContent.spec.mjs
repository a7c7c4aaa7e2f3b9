// The console's 内容 in Chromium, through its UI (no H5 build needed: the shop side is read through the shop's API):
// a member uploads a short video, which waits for review and is not in the shop; approved in the console (1280x800)
// it is listed in the shop's feed; taken down with a reason (375x812) it is gone again. A review is answered as the
// shop and the reply is on the goods details the shop returns. A web link outside the allow-list is refused with the
// Chinese message. An article written in the rich-text editor is published and the shop returns it; a member's feedback
// is answered (the member sees the reply) and closed. Screenshots: test/e2e/screens/console-content-*.png.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, screenshot, newPhone } from './harness.mjs'
import { btn, useConsoleSuite } from './consoleHarness.mjs'

const MP4 = fs.readFileSync(path.join(ROOT, 'server', 'assets', 'media', 'video', 'spring-outfit.mp4'))

const suite = useConsoleSuite()

/** A member's video, uploaded and released through the shop's API: it waits for review. */
async function pendingVideo(title) {
  const token = await suite.shop.apiLogin(newPhone())
  const form = new FormData()
  form.append('file', new Blob([MP4], { type: 'video/mp4' }), 'v.mp4')
  const up = await (await fetch(`${suite.shop.base}/h5/api/upload?p=3`, { method: 'POST', body: form, headers: { token } })).json()
  assert.equal(up.code, 200, up.msg)
  const rel = await suite.shop.api('POST', '/api/video/release', { title, url: up.data.url, duration: 8 }, token)
  assert.equal(rel.code, 200, rel.msg)
  return rel.data.id
}
const feedIds = async () => (await suite.shop.api('GET', '/api/video/list?page=1&pageSize=50')).data.list.map((v) => v.id)

test('1280x800: a pending video is approved in the console and listed in the shop; a review answered as the shop shows on goods details', async () => {
  const title = `审核视频${Date.now() % 100000}`
  const id = await pendingVideo(title)
  assert.ok(!(await feedIds()).includes(id), 'pending: not in the shop')

  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.getByRole('menuitem', { name: '内容' }).click()
  await page.getByRole('menuitem', { name: '短视频' }).click()
  await page.waitForURL(/\/admin\/content\/videos$/)
  const row = page.locator('tr', { hasText: title })
  await row.getByText('待审核').waitFor()
  await screenshot(page, 'console-content-1280-videos')
  await row.getByText('通过', { exact: true }).click()
  await page.getByText('已通过，商城可见').waitFor()
  assert.ok((await feedIds()).includes(id), 'approved: in the shop feed')
  assert.equal((await suite.shop.api('GET', `/api/video/detail?id=${id}`)).code, 200)

  // 评价: the first seeded review, answered as the shop.
  await page.getByRole('menuitem', { name: '评价' }).click()
  await page.waitForURL(/\/admin\/content\/reviews$/)
  const first = page.locator('tr.ant-table-row').first()
  await first.waitFor()
  const reviews = await (await page.request.get(`${suite.shop.base}/admin/api/reviews?page=1&pageSize=1`)).json()
  const review = reviews.data.list[0]
  const reply = `感谢您的评价，欢迎再来${Date.now() % 1000}`
  await first.getByText('回复', { exact: true }).click()
  // An empty reply is refused in the form; nothing saved.
  await btn(page, '保存').click()
  await page.getByText('请填写回复内容').first().waitFor()
  await page.getByLabel('回复内容').fill(reply)
  await screenshot(page, 'console-content-1280-review-reply')
  await btn(page, '保存').click()
  await first.getByTestId('review-reply').filter({ hasText: reply }).waitFor()
  await screenshot(page, 'console-content-1280-reviews')
  const comments = await suite.shop.api('GET', `/api/goods/commentList?goodsId=${review.goodsId}&page=1&pageSize=50`)
  const shown = comments.data.list.find((c) => c.id === review.id)
  assert.equal(shown?.reply?.content, reply, 'the reply is on the goods details the shop returns')

  // 网页链接: an address outside the allow-list is refused with the Chinese message.
  await page.getByRole('menuitem', { name: '网页链接' }).click()
  await page.waitForURL(/\/admin\/content\/web-links$/)
  await btn(page, '新建链接').click()
  await page.getByLabel('名称').fill('外部活动')
  await page.getByLabel('地址').fill('https://evil.example.net/a')
  await btn(page, '保存').click()
  await page.getByTestId('form-error').filter({ hasText: '链接的域名「evil.example.net」不在允许访问的名单中' }).waitFor()
  await screenshot(page, 'console-content-1280-weblink-refused')
  assert.deepEqual(errors, [])
})

test('375x812 dark: take a video down with a reason from the phone; it disappears from the shop', async () => {
  const title = `下架视频${Date.now() % 100000}`
  const id = await pendingVideo(title)
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/content/videos`)
  const card = page.locator('.responsive-card', { hasText: title })
  await card.waitFor()
  await card.getByText('通过', { exact: true }).click()
  await page.getByText('已通过，商城可见').waitFor()
  assert.ok((await feedIds()).includes(id))
  await page.getByRole('tab', { name: '已上架' }).click()
  const listed = page.locator('.responsive-card', { hasText: title })
  await listed.waitFor()
  await screenshot(page, 'console-content-375-dark-videos')
  await listed.getByText('下架', { exact: true }).click()
  await page.getByLabel('下架原因').fill('含站外引流信息')
  await screenshot(page, 'console-content-375-dark-take-down')
  await btn(page, '保存').click()
  await listed.waitFor({ state: 'hidden' })
  assert.ok(!(await feedIds()).includes(id), 'taken down: gone from the shop')
  assert.equal((await suite.shop.api('GET', `/api/video/detail?id=${id}`)).code, 404)
  assert.deepEqual(errors, [])
})

test('1280x800: an article written in the editor is published and the shop returns it; feedback answered, seen by its member, closed', async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  await suite.signIn(page)
  await page.goto(`${suite.shop.base}/admin/content/articles`)
  await btn(page, '新建文章').click()
  const dialog = page.getByRole('dialog', { name: '新建文章' })
  const title = `控制台文章${Date.now() % 100000}`
  await dialog.getByLabel('标题').fill(title)
  // The search form's 分类 shares the field id, so the dialog's select is named by its own aria-label.
  await dialog.getByRole('combobox', { name: '文章分类' }).click()
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click()
  await dialog.locator('.ql-editor').click()
  await page.keyboard.type('春季护肤三步走：洁面、补水、防晒')
  await dialog.getByText('保存并发布').click()
  await screenshot(page, 'console-content-1280-article-edit')
  await btn(page, '保存').click()
  await dialog.waitFor({ state: 'hidden' })
  await page.locator('tr', { hasText: title }).getByText('已发布').waitFor()
  await screenshot(page, 'console-content-1280-articles')
  const list = await suite.shop.api('GET', `/api/article/list?keyword=${encodeURIComponent(title)}&page=1&pageSize=10`)
  const article = list.data.list.find((a) => a.title === title)
  assert.ok(article, 'the published article is in the shop list')
  const detail = await suite.shop.api('GET', `/api/article/detail?id=${article.id}`)
  assert.match(detail.data.contentHtml, /春季护肤三步走：洁面、补水、防晒/)
  assert.equal(detail.data.author.nickname, '官方')

  const token = await suite.shop.apiLogin(newPhone())
  const text = `结算页优惠券显示不全${Date.now() % 100000}`
  const sent = await suite.shop.api('POST', '/api/feedback/submit', { type: 'bug', content: text, images: [] }, token)
  assert.equal(sent.code, 200, sent.msg)
  await page.getByRole('menuitem', { name: '意见反馈' }).click()
  await page.waitForURL(/\/admin\/content\/feedback$/)
  const row = page.locator('tr', { hasText: text })
  await row.getByText('未读').waitFor()
  await row.getByText('查看', { exact: true }).click()
  await page.locator('.ant-drawer-content').getByText(text).waitFor()
  await row.getByText('已读').waitFor()
  await page.locator('.ant-drawer-close').click()
  await row.getByText('回复', { exact: true }).click()
  await page.getByLabel('回复内容').fill('已修复，请更新后再试，谢谢！')
  await btn(page, '保存').click()
  await row.getByText('已回复').waitFor()
  await screenshot(page, 'console-content-1280-feedback')
  const mine = await suite.shop.api('GET', '/api/feedback/list', null, token)
  assert.equal(mine.data.find((f) => f.id === sent.data.id)?.reply, '已修复，请更新后再试，谢谢！')
  await row.getByText('关闭', { exact: true }).click()
  await btn(page, '确定').click()
  await row.getByText('已关闭').waitFor()
  assert.equal((await suite.shop.api('GET', '/api/feedback/list', null, token)).data.find((f) => f.id === sent.data.id)?.status, 'closed')
  assert.deepEqual(errors, [])
})
