// Shopping as a member, through the real pages: home → search "连衣" → goods details → spec picker → cart tab →
// checkout → a new shipping address (region picker) → submit → sandbox pay (Taro modal) → pay status → 待发货 in
// my orders; the operator ships it with the CLI → 待收货, the logistics trace → confirm receipt → 待评价.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, dismissNewMemberGift, fill, newPhone, shown, button, toastShown, shot, idleChanges, scrollUntilShown } from './harness.mjs'

const suite = useShopSuite({
  // Seeded with the committed demo videos only (no ffmpeg rendering: a quicker start).
  env: { SEED_RENDER_VIDEOS: '0' },
  member: newPhone(),
  async setup(s) {
    await dismissNewMemberGift(s.context)
    await s.signIn()
  },
})

/** The open Taro modal (showModal): its text, then its confirm button. */
async function confirmModal(page, text) {
  const modal = shown(page, '.taro-modal__content', { hasText: text })
  await modal.waitFor()
  await modal.locator('.taro-model__confirm').click()
  await modal.waitFor({ state: 'hidden' })
}
/** Broken pictures on screen (loaded with no pixels): should be none. */
const brokenImages = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('img')]
      .filter((img) => {
        const r = img.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && img.complete && img.naturalWidth === 0 && img.getAttribute('src')
      })
      .map((img) => img.getAttribute('src')),
  )

test('search, pick a spec, cart, new address, sandbox pay, shipped by the operator, logistics, confirm receipt', async () => {
  const { page } = suite
  const tab = (label) => shown(page, '.weui-tabbar__item', { hasText: label }).click()

  // Home, then the category tab (screenshots of both), then back to home.
  await shown(page, '.home-search').waitFor()
  // 猜你喜欢 is drawn when the visitor scrolls near it.
  await scrollUntilShown(page, '.home-guess .goods-card')
  await shot(page, 'shopping-home')
  assert.deepEqual(await brokenImages(page), [])
  await tab('分类')
  await page.waitForURL(/\/pages\/sort\/index/)
  await shown(page, '.sort-side__item--active').waitFor()
  await shown(page, '.sort-goods .goods-card').first().waitFor()
  await shot(page, 'shopping-category')
  assert.deepEqual(await brokenImages(page), [])
  await tab('首页')
  await page.waitForURL(/\/pages\/home\/index|\/$/)

  // Search "连衣": type it and submit with the keyboard's search key.
  await shown(page, '.home-search').click()
  await page.waitForURL(/\/commonPages\/search\/goodsSearch/)
  const input = shown(page, '.goods-search__bar input')
  await input.click()
  await input.fill('连衣')
  await input.press('Enter')
  await shown(page, '.goods-search__count', { hasText: /共找到\d+件商品/ }).waitFor()
  const names = await shown(page, '.goods-search .goods-card__name').allInnerTexts()
  assert.ok(names.length > 0 && names.every((n) => n.includes('连衣')), names.join(' | '))
  const dress = shown(page, '.goods-search .goods-card', { hasText: '连衣裙' }).first()
  const goodsName = (await dress.locator('.goods-card__name').innerText()).trim()
  await dress.click()

  // Details: the spec cell opens the picker; one value per group (the first one in stock), then add to cart.
  await page.waitForURL(/\/goodsPages\/details\/details\?id=\d+/)
  await shown(page, '.detail-price__name', { hasText: goodsName }).waitFor()
  await shot(page, 'shopping-details')
  assert.deepEqual(await brokenImages(page), [])
  await shown(page, '.detail-cell', { hasText: '规格' }).click()
  const picker = shown(page, '.spec-picker')
  await picker.waitFor()
  const groups = picker.locator('.spec-picker__group')
  const groupCount = await groups.count()
  assert.ok(groupCount >= 1, 'a dress has specs')
  const picked = []
  for (let i = 0; i < groupCount; i++) {
    const value = groups.nth(i).locator('.spec-picker__value:not(.spec-picker__value--disabled)').first()
    picked.push((await value.innerText()).trim())
    await value.click()
    await groups.nth(i).locator('.spec-picker__value--active').waitFor()
  }
  const specText = picked.join(' / ')
  await picker.locator('.spec-picker__chosen', { hasText: `已选：${specText}` }).waitFor()
  assert.match(await picker.locator('.spec-picker__price').innerText(), /^¥\d+\.\d{2}$/)
  await picker.locator('.spec-picker__btn--cart').click()
  await toastShown(page, '已加入购物车')
  await picker.waitFor({ state: 'hidden' })
  await shown(page, '.detail-cell', { hasText: `已选：${specText}` }).waitFor()

  // The cart tab: the line with its spec, selected; checkout.
  await shown(page, '.detail-bar__icon', { hasText: '购物车' }).click()
  await page.waitForURL(/\/pages\/shopping\/index/)
  const line = shown(page, '.cart-line', { hasText: goodsName })
  await line.waitFor()
  assert.match(await line.locator('.cart-line__spec').innerText(), new RegExp(picked.join('.*')))
  const cartTotal = (await shown(page, '.cart__total-price').innerText()).trim()
  await shot(page, 'shopping-cart')
  // Left alone, the cart changes nothing on screen (NutUI's Swipe re-rendered it without end: components/SwipeRow).
  const changes = await idleChanges(page, 1500)
  assert.ok(changes < 20, `the idle cart changed the page ${changes} times in 1.5 s`)
  await button(page, '结算(1)').click()

  // Confirm order: no address yet → the address list (choosing) → a new address with the region picker.
  await page.waitForURL(/\/goodsPages\/placeAnOrder\/index\?from=cart/)
  await shown(page, '.pick-address__name', { hasText: '请添加收货地址' }).waitFor()
  await shown(page, '.pick-address').click()
  await page.waitForURL(/\/minePages\/shippingAddress\/index\?select=1/)
  await shown(page, '.address-list__empty').waitFor()
  await button(page, '新增收货地址').click()
  await page.waitForURL(/\/minePages\/shippingAddress\/operate/)
  await fill(page, '请填写收货人姓名', '林晓雨')
  await fill(page, '请填写收货人手机号', '13912345678')
  await shown(page, '.address-form__region').click()
  for (const name of ['浙江省', '杭州市', '西湖区']) {
    await shown(page, '.nut-cascader-item', { hasText: new RegExp(`^${name}$`) }).click()
  }
  await shown(page, '.address-form__region-text', { hasText: '浙江省 杭州市 西湖区' }).waitFor()
  await fill(page, '街道、楼牌号等', '文三路 478 号华星时代广场 A 座 1201')
  await shown(page, '.address-form__tag', { hasText: '公司' }).click()
  await button(page, '保存').click()
  await toastShown(page, '已保存')
  // Saved from checkout's picker: straight back to checkout with the new address chosen (issue 18).
  await page.waitForURL(/\/goodsPages\/placeAnOrder\/index/)
  await shown(page, '.pick-address__name', { hasText: '林晓雨' }).waitFor()
  await shown(page, '.pick-address__region', { hasText: '浙江省 杭州市 西湖区' }).waitFor()
  await shown(page, '.place-order', { hasText: goodsName }).waitFor()
  const payText = (await shown(page, '.place-order__sum-price').innerText()).trim()
  assert.match(payText, /^¥\d+\.\d{2}$/)
  await shot(page, 'shopping-place-order')

  // Submit, then the sandbox's confirm step (a Taro modal showing the amount), then the pay status page.
  await button(page, '提交订单').click()
  await confirmModal(page, `模拟支付 ${payText}，确认支付？`)
  await page.waitForURL(/\/goodsPages\/placeAnOrder\/payStatus\?/)
  const orderNo = new URL(page.url()).searchParams.get('orderNo')
  assert.match(orderNo, /^[A-Za-z0-9]+$/)
  await shown(page, '.pay-status__title', { hasText: '支付成功' }).waitFor()
  await shown(page, '.pay-status__amount', { hasText: payText }).waitFor()
  await shot(page, 'shopping-pay-status')
  const order = await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, suite.token)
  assert.equal(order.data.status, 'to_ship')
  assert.equal(`¥${(order.data.payAmount / 100).toFixed(2)}`, payText)
  assert.equal(order.data.items[0].goodsName, goodsName)
  if (order.data.freightAmount === 0 && order.data.couponDiscount === 0 && order.data.pointsDiscount === 0) assert.equal(payText, cartTotal)

  // Mine tab → 待发货: the order is there.
  await button(page, '返回首页').click()
  await page.waitForURL(/\/pages\/home\/index|\/$/)
  await tab('我的')
  await page.waitForURL(/\/pages\/mine\/index/)
  await shown(page, '.mine__shortcut', { hasText: '待发货' }).click()
  await page.waitForURL(/\/minePages\/myOrder\/list\?tab=unshipped/)
  await shown(page, '.nut-tabs-titles-item-active', { hasText: '待发货' }).waitFor()
  const orderCard = shown(page, '.order-card', { hasText: goodsName })
  await orderCard.locator('.order-card__status', { hasText: '待发货' }).waitFor()
  assert.equal(await shown(page, '.order-card').count(), 1)

  // The operator ships it (CLI), the member opens the order: 待收货 with the shipment.
  const out = await suite.shop.admin('ship', orderNo, 'SF', 'SF1234567890')
  assert.match(out, new RegExp(`已发货 ${orderNo}：顺丰速运 SF1234567890`))
  // Shipping writes no courier event of its own (none happened yet); the shop types one, as staff do without tracking.
  await suite.shop.admin('trace', orderNo, '【杭州市】已到达 杭州转运中心')
  await orderCard.click()
  await page.waitForURL(new RegExp(`/minePages/myOrder/details\\?orderNo=${orderNo}`))
  await shown(page, '.order-detail__status-text', { hasText: '待收货' }).waitFor()
  await shown(page, '.order-detail__ship').waitFor()
  await shown(page, '.order-detail__addr-text', { hasText: '浙江省 杭州市 西湖区 文三路 478 号' }).waitFor()
  await shot(page, 'shopping-order-details')
  assert.deepEqual(await brokenImages(page), [])

  // 查看物流: the express, the tracking number and the trace the shop typed, labelled as typed.
  await button(page, '查看物流').click()
  await page.waitForURL(new RegExp(`/commonPages/seeLogistics/index\\?orderNo=${orderNo}`))
  await shown(page, '.logistics__state', { hasText: '运输中' }).waitFor()
  await shown(page, '.logistics__line', { hasText: '顺丰速运' }).waitFor()
  await shown(page, '.logistics__line', { hasText: '运单号：SF1234567890' }).waitFor()
  await shown(page, '.logistics__addr', { hasText: '林晓雨 139****5678' }).waitFor()
  const steps = shown(page, '.logistics__traces .nut-step')
  await steps.first().waitFor()
  assert.equal(await steps.count(), 1)
  await shown(page, '.logistics__traces .nut-step', { hasText: '已到达 杭州转运中心' }).waitFor()
  await shown(page, '.logistics__traces .nut-step', { hasText: '商家录入' }).waitFor()
  await shot(page, 'shopping-logistics')
  await page.goBack()
  await page.waitForURL(/\/minePages\/myOrder\/details/)

  // Confirm receipt (the modal asks first): the order moves on to 待评价.
  await button(page, '确认收货').click()
  await confirmModal(page, '请确认已收到商品')
  await shown(page, '.order-detail__status-text', { hasText: '待评价' }).waitFor()
  await button(page, '评价').waitFor()
  assert.equal((await suite.shop.api('GET', `/api/order/detail?orderNo=${orderNo}`, null, suite.token)).data.status, 'to_review')
  assert.deepEqual(suite.errors, [])
})
