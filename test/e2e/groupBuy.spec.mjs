// 拼团 in Chromium: shopper 1 starts a group from goods details and pays (sandbox); the link 邀请好友 copies is opened by
// shopper 2 in a second browser, who joins and pays; the group shows 拼团成功, both orders turn from 待成团 to 待发货
// together, and the shop ships one.
// Then a group that fails: staff make a three-person activity (the console's API, 模拟成团 off), the two shoppers start
// and join a group and pay, and the group runs out of time. The browser has no honest way to move the server's clock and
// the server has no test-only route, so the spec moves that one group's deadline (group_buy_groups.expires_at) into the
// past in the shop's SQLite file, the one change made behind the server's back. Everything after it is the real path:
// the settle job on its own timer (group-buy-settle, every 30 s) fails the group and refunds both paid orders once
// through the after-sales refund (sandbox gateway); the group page, the orders, 我的拼团 and the console's 查看团 say so.
// axe-core (serious, critical) on each new screen as it is shown: goods details with the group panel, the checkout,
// the group open, formed and failed, and the poster.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import Database from 'better-sqlite3'
import { useShopSuite, openBrowser, shopAs, screenshot, shot, shown, newPhone, seededGroupBuy, dismissNewMemberGift } from './harness.mjs'
import { axeProblems } from './axe.mjs'
import { buildConsole, changeDemoOwnerPassword, consoleSignIn, openWindow, ownerApi } from './consoleHarness.mjs'

// The console (查看团) is served from admin/dist when the shop starts: built before the suite's shop.
buildConsole()
const ADDRESS = { name: '拼团买家', phone: '13812345678', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }
const second = { phone: newPhone(), token: null, browser: null, page: null }
const suite = useShopSuite({
  member: newPhone(),
  async setup({ shop, token, context }) {
    await changeDemoOwnerPassword(shop.base)
    await dismissNewMemberGift(context)
    second.token = await shop.apiLogin(second.phone)
    for (const t of [token, second.token]) {
      const r = await shop.api('POST', '/api/memberAddress/add', ADDRESS, t)
      assert.equal(r.code, 200, r.msg)
    }
  },
})

/** Picks the first value in stock of each spec group, then confirms the sheet. */
async function pickAndConfirm(page) {
  const picker = shown(page, '.spec-picker')
  await picker.waitFor()
  const groups = picker.locator('.spec-picker__group')
  for (let i = 0; i < (await groups.count()); i++) {
    const active = groups.nth(i).locator('.spec-picker__value--active')
    if (await active.count()) continue
    await groups.nth(i).locator('.spec-picker__value:not(.spec-picker__value--disabled)').first().click()
    await active.waitFor()
  }
  await picker.locator('.spec-picker__btn--buy').click()
}

/** The checkout's button, then the sandbox gateway's confirm step; lands on the group's page. */
async function submitAndPay(page, label) {
  await page.waitForURL(/\/goodsPages\/placeAnOrder\/group/)
  await shown(page, '.seckill-order__submit', { hasText: label }).click()
  await page.locator('.taro-model__confirm').filter({ hasText: '确认支付' }).click()
  await page.waitForURL(/\/goodsPages\/group\/index\?groupId=\d+/)
  return Number(new URL(page.url()).searchParams.get('groupId'))
}

test('two shoppers form a group from a shared link: both orders wait as 待成团, then become 待发货 together, and it ships', async () => {
  const { page, shop } = suite
  const seeded = await seededGroupBuy(shop)
  assert.ok(seeded, 'the demo seed has a live 拼团')
  const groupPrice = Math.min(...seeded.activity.skus.map((s) => s.groupPrice))

  // Shopper 1: goods details shows the group price, the seeded open group, and 发起拼团 with its price.
  await suite.signIn()
  await page.goto(`${shop.base}/goodsPages/details/details?id=${seeded.goodsId}`)
  await shown(page, '.gb-price__label', { hasText: '拼团价' }).waitFor()
  await shown(page, '.gb-group', { hasText: '还差1人' }).waitFor()
  await shown(page, '.gb-btn--group', { hasText: `¥${(groupPrice / 100).toFixed(2)}` }).waitFor()
  await screenshot(page, 'groupbuy-details')
  assert.deepEqual(await axeProblems(page), [], 'goods details with the group panel')
  await shown(page, '.gb-btn--group').click()
  await pickAndConfirm(page)
  await shown(page, '.seckill-order__badge-text', { hasText: '团长优惠' }).waitFor()
  await screenshot(page, 'groupbuy-checkout')
  assert.deepEqual(await axeProblems(page), [], 'the group checkout')
  const groupId = await submitAndPay(page, '发起拼团')
  await shown(page, '.group-state__text', { hasText: '拼团中·还差1人' }).waitFor()
  await shown(page, '.group-seat--empty').waitFor()
  await shown(page, '.group-state__time', { hasText: /剩余 \d{2}:\d{2}:\d{2}/ }).waitFor()
  await screenshot(page, 'groupbuy-group-open')
  assert.deepEqual(await axeProblems(page), [], 'the open group')

  // Its order is paid but held: 待成团, and the shop cannot ship it.
  const mine1 = await shop.api('GET', '/api/groupBuy/mine', undefined, suite.token)
  const order1 = mine1.data.find((g) => g.groupId === groupId).orderNo
  const held = await shop.api('GET', `/api/order/detail?orderNo=${order1}`, undefined, suite.token)
  assert.equal(held.data.status, 'to_ship')
  assert.equal(held.data.statusText, '待成团')
  await assert.rejects(shop.admin('ship', order1, 'SF', `SF${Date.now()}`), /拼团尚未成团/)

  // 邀请好友 copies the share link (this browser is not WeChat): the group page with its groupId.
  await suite.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.base })
  await shown(page, '.group-page__btn', { hasText: '邀请好友参团' }).click()
  await shown(page, '.taro__toast p', { hasText: '复制成功' }).waitFor()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  assert.match(link, new RegExp(`/goodsPages/group/index\\?groupId=${groupId}(&|$)`))

  // Shopper 2, in a browser of their own, opens the shared link: the group, 参团 at the group price.
  Object.assign(second, await openBrowser())
  try {
    await dismissNewMemberGift(second.context)
    await shopAs(second.page, shop, second.token)
    const p2 = second.page
    await p2.goto(link)
    await shown(p2, '.group-state__text', { hasText: '拼团中·还差1人' }).waitFor()
    await screenshot(p2, 'groupbuy-group-visitor')
    await shown(p2, '.group-page__btn', { hasText: '参团' }).click()
    await p2.waitForURL(/\/goodsPages\/details\/details\?id=\d+&joinGroup=\d+/)
    await pickAndConfirm(p2)
    await shown(p2, '.seckill-order__badge-text', { hasText: '参加好友的团' }).waitFor()
    assert.equal(await submitAndPay(p2, '立即参团'), groupId)
    await shown(p2, '.group-state__text', { hasText: '拼团成功' }).waitFor()
    assert.equal(await shown(p2, '.group-seat--member').count(), 2)
    await screenshot(p2, 'groupbuy-group-formed')
    assert.deepEqual(await axeProblems(p2), [], 'the formed group')
    assert.deepEqual(second.errors, [])
  } finally {
    await second.browser.close()
  }

  // Both orders were released together: 待发货 now; shopper 1's page shows the success too, and the shop ships.
  const mine2 = await shop.api('GET', '/api/groupBuy/mine', undefined, second.token)
  const order2 = mine2.data.find((g) => g.groupId === groupId).orderNo
  for (const [orderNo, token] of [
    [order1, suite.token],
    [order2, second.token],
  ]) {
    const d = await shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, undefined, token)
    assert.equal(d.data.statusText, '待发货', orderNo)
  }
  await page.reload()
  await shown(page, '.group-state__text', { hasText: '拼团成功' }).waitFor()
  const out = await shop.admin('ship', order1, 'SF', 'SF1234567890')
  assert.match(out, new RegExp(`已发货 ${order1}`))

  // 我的拼团 lists it; the order's 查看拼团 leads to the group.
  await page.goto(`${shop.base}/minePages/myGroup/index`)
  await shown(page, '.my-group__state', { hasText: '拼团成功' }).waitFor()
  await screenshot(page, 'groupbuy-my-groups')
  await page.goto(`${shop.base}/minePages/myOrder/details?orderNo=${order1}`)
  await shown(page, '.order-detail__status-text', { hasText: '待收货' }).waitFor()
  await shown(page, '.order-detail__group', { hasText: '拼团成功' }).click()
  await page.waitForURL(new RegExp(`/goodsPages/group/index\\?groupId=${groupId}`))
  assert.deepEqual(suite.errors, [])
})

/** A goods on sale, every SKU ¥10 or more, one in stock, and no group-buy activity: the one staff put in a new activity. */
async function goodsWithoutActivity(shop) {
  const search = await shop.api('GET', '/api/goods/search?keyword=&page=1&pageSize=40')
  for (const g of search.data.list) {
    const d = await shop.api('GET', `/api/goods/detail?id=${g.id}`)
    const live = await shop.api('GET', `/api/groupBuy/goods?goodsId=${g.id}`)
    if (d.data.skus.every((s) => s.price >= 1000) && d.data.skus.some((s) => s.stock > 0) && !live.data.activity) return d.data
  }
  throw new Error('no goods without a group-buy activity')
}

/**
 * The one write behind the server's back (see the header): the group's deadline, in the shop's SQLite file, moved to just
 * after its last payment (already past, and every place taken before it, as when a deadline really runs out).
 */
function deadlinePassed(shop, groupId) {
  const db = new Database(path.join(shop.dataDir, 'mall.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    const last = db.prepare("SELECT MAX(paid_at) AS t FROM group_buy_members WHERE group_id = ? AND status = 'paid'").get(groupId).t
    assert.ok(last && last < Date.now(), 'paid places')
    const r = db.prepare("UPDATE group_buy_groups SET expires_at = ? WHERE id = ? AND status = 'open'").run(last + 1, groupId)
    assert.equal(r.changes, 1, 'the open group')
  } finally {
    db.close()
  }
}

test('a three-person group that runs out of time fails: both paid orders are refunded once, every page says 拼团失败', { timeout: 240_000 }, async () => {
  const { page, shop } = suite
  const staff = await ownerApi(shop.base)
  const goods = await goodsWithoutActivity(shop)
  const title = `三人团${Date.now() % 100000}`
  const made = await staff.post('/group-buy/activities', {
    goodsId: goods.id,
    title,
    size: 3,
    hours: 24,
    perMemberLimit: 1,
    startAt: Date.now() - 60_000,
    endAt: Date.now() + 7 * 86_400_000,
    virtualFill: false,
    leaderDiscount: 0,
    skus: goods.skus.map((s) => ({ skuId: s.id, price: s.price - 100 })),
  })
  assert.equal(made.code, 200, made.msg)

  // Shopper 1 starts the group and pays; shopper 2 joins from the group's link and pays: 2 of 3.
  await suite.signIn()
  await page.goto(`${shop.base}/goodsPages/details/details?id=${goods.id}`)
  await shown(page, '.gb-btn--group').click()
  await pickAndConfirm(page)
  const groupId = await submitAndPay(page, '发起拼团')
  await shown(page, '.group-state__text', { hasText: '拼团中·还差2人' }).waitFor()
  Object.assign(second, await openBrowser())
  const orders = []
  try {
    await dismissNewMemberGift(second.context)
    await shopAs(second.page, shop, second.token)
    const p2 = second.page
    await p2.goto(`${shop.base}/goodsPages/group/index?groupId=${groupId}`)
    await shown(p2, '.group-page__btn', { hasText: '参团' }).click()
    await pickAndConfirm(p2)
    assert.equal(await submitAndPay(p2, '立即参团'), groupId)
    await shown(p2, '.group-state__text', { hasText: '拼团中·还差1人' }).waitFor()
    for (const token of [suite.token, second.token]) {
      const mine = await shop.api('GET', '/api/groupBuy/mine', undefined, token)
      const orderNo = mine.data.find((g) => g.groupId === groupId).orderNo
      const d = (await shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, undefined, token)).data
      assert.equal(d.statusText, '待成团', orderNo)
      orders.push({ orderNo, token, payAmount: d.payAmount })
    }

    // Time runs out (the deadline moved, the only step not the shop's own); shopper 1's page sees it and waits for the job.
    deadlinePassed(shop, groupId)
    await page.reload()
    const state = shown(page, '.group-state__text')
    await state.filter({ hasText: /拼团已到期，结果确认中…|拼团失败，已退款/ }).waitFor()
    // The settle job runs every 30 s: the page, asking every 5 s, shows its result.
    await state.filter({ hasText: '拼团失败，已退款' }).waitFor({ timeout: 90_000 })
    await shown(page, '.group-state__mine', { hasText: '拼团未成功，您支付的款项已原路退回' }).waitFor()
    // Its two members still in their seats (refunded, not drawn as 模拟成团's), the third seat empty.
    assert.deepEqual([await shown(page, '.group-seat--member').count(), await shown(page, '.group-seat--virtual').count(), await shown(page, '.group-seat--empty').count()], [2, 0, 1])
    await shown(page, '.group-page__btn', { hasText: '查看订单' }).waitFor()
    await shot(page, 'groupbuy-group-failed')
    assert.deepEqual(await axeProblems(page), [], 'the failed group')

    // Shopper 2's page too.
    await p2.reload()
    await shown(p2, '.group-state__text', { hasText: '拼团失败，已退款' }).waitFor()
    assert.deepEqual(second.errors, [])
  } finally {
    await second.browser.close()
  }

  // Each order: refunded in full through the sandbox, once (one after-sales case), and closed.
  for (const o of orders) {
    const d = (await shop.api('GET', `/api/order/detail?orderNo=${o.orderNo}`, undefined, o.token)).data
    assert.equal(d.status, 'cancelled', o.orderNo)
    assert.equal(d.cancelReason, '已全额退款，交易关闭')
    assert.deepEqual(
      d.items.map((i) => i.refundedQuantity),
      [1],
    )
    const cases = (await staff.get(`/after-sales?keyword=${o.orderNo}`)).data.list.filter((c) => c.orderNo === o.orderNo)
    assert.deepEqual(
      cases.map((c) => [c.status, c.amount]),
      [['refunded', o.payAmount]],
    )
  }
  // 我的拼团 and the order say so.
  await page.goto(`${shop.base}/minePages/myGroup/index`)
  await shown(page, '.my-group', { hasText: goods.name }).locator('.my-group__state', { hasText: '拼团失败，已退款' }).waitFor()
  await shot(page, 'groupbuy-my-groups-failed')
  await page.goto(`${shop.base}/minePages/myOrder/details?orderNo=${orders[0].orderNo}`)
  await shown(page, '.order-detail__status-text', { hasText: '已取消' }).waitFor()
  await shown(page, '.order-detail__status-hint', { hasText: '已全额退款，交易关闭' }).waitFor()
  await shown(page, '.order-detail__group', { hasText: '拼团失败，已退款' }).waitFor()
  await shot(page, 'groupbuy-order-failed')
  assert.deepEqual(suite.errors, [])

  // The console's 查看团: the group failed, both members refunded.
  const act = (await staff.get('/group-buy/activities?pageSize=100')).data.list.find((a) => a.title === title)
  assert.equal(act.figures.failed, 1)
  const w = await openWindow(suite.browser, { width: 1280, height: 800 })
  try {
    await consoleSignIn(w.page, shop.base)
    await w.page.goto(`${shop.base}/admin/marketing/group-buy`)
    await w.page.locator('tr', { hasText: title }).getByText('查看团').click()
    const drawer = w.page.locator('.ant-drawer-content:visible')
    const card = drawer.locator('.ant-card', { hasText: `团 ${groupId}` })
    await card.locator('.ant-tag', { hasText: '拼团失败' }).waitFor()
    await card.getByText('未满员，已退款').waitFor()
    assert.equal(await card.locator('.ant-tag', { hasText: '已退款' }).count(), 2)
    await shot(w.page, 'groupbuy-console-failed')
    assert.deepEqual(w.errors, [])
  } finally {
    await w.context.close()
  }
})

test('邀请好友 offers a poster of the group: 生成海报 draws the goods at the group price, the seats and the QR of the group', async () => {
  const { page, shop } = suite
  const seeded = await seededGroupBuy(shop)
  assert.ok(seeded, 'the demo seed has a live 拼团')
  // A leader of a new group, through the API (the checkout is the test above's): the poster is for the group's members while it is open.
  const token = await shop.apiLogin(newPhone())
  assert.equal((await shop.api('POST', '/api/memberAddress/add', ADDRESS, token)).code, 200)
  const order = await shop.api('POST', '/api/groupBuy/submit', { activityId: seeded.activity.id, skuId: seeded.activity.skus[0].skuId, quantity: 1, requestId: `poster${Date.now()}` }, token)
  assert.equal(order.code, 200, order.msg)
  const prepay = await shop.api('POST', '/api/pay/prepay', { orderNo: order.data.orderNo, channel: 'sandbox' }, token)
  assert.equal(prepay.code, 200, prepay.msg)
  const paid = await shop.api('POST', '/api/pay/sandboxConfirm', { payNo: prepay.data.payNo, ticket: prepay.data.params.ticket }, token)
  assert.equal(paid.code, 200, paid.msg)

  // This page was shopper 1's: their stored member info goes first, so shopAs waits for the new member's.
  await page.evaluate(() => localStorage.removeItem('user'))
  await shopAs(page, shop, token)
  await page.goto(`${shop.base}/goodsPages/group/index?groupId=${order.data.groupId}`)
  await shown(page, '.group-state__text', { hasText: '拼团中·还差1人' }).waitFor()
  await shown(page, '.group-page__btn', { hasText: '邀请好友参团' }).waitFor()
  await screenshot(page, 'groupbuy-group-poster-button')
  await shown(page, '.group-page__btn', { hasText: '生成海报' }).click()
  const img = shown(page, '.group-poster__img img')
  await img.waitFor()
  await page.waitForFunction(() => {
    const i = document.querySelector('.group-poster__img img')
    return !!i && i.complete && i.naturalWidth > 0
  })
  // A picture made from the canvas, at three times the poster's 300 × 560 (sharp on a phone), to long-press or download.
  assert.match(await img.getAttribute('src'), /^data:image\/png;base64,/)
  assert.deepEqual(await img.evaluate((i) => [i.naturalWidth, i.naturalHeight]), [900, 1680])
  await shown(page, '.poster-popup__hint', { hasText: '长按图片可保存或发送给好友' }).waitFor()
  await shown(page, '.group-poster .nut-button', { hasText: '下载海报' }).waitFor()
  await screenshot(page, 'groupbuy-poster')
  assert.deepEqual(await axeProblems(page), [], 'the poster')
  assert.deepEqual(suite.errors, [])
})
