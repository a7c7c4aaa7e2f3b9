// Issue 18 item 7: the activity page's coupon tiles could not be claimed (plain pictures of coupons). They are
// now the shop's store-wide coupons from the coupon centre; a member who came through the shop (token in the
// address, as the web-view page appends it) claims one with a tap; a visitor is told to log in.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite } from './harness.mjs'

const suite = useShopSuite({ member: '13800138000' })

const held = async (couponId) => {
  const r = await suite.shop.api('GET', '/api/coupons/mine?status=unused&page=1&pageSize=50', null, suite.token)
  return r.data.list.filter((c) => c.couponId === couponId).length
}

test('a member claims a coupon from the activity page with one tap', async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/media/activity/festival.html?token=${suite.token}`)
  const tile = page.locator('.coupon[data-coupon-id]').filter({ hasText: '满199减30' })
  await tile.waitFor()
  const couponId = Number(await tile.getAttribute('data-coupon-id'))
  const before = await held(couponId)
  await tile.click()
  await page.locator('#say', { hasText: '领取成功' }).waitFor()
  assert.equal(await held(couponId), before + 1)
  // The tile says what the member can still do (the limit is per member).
  await page.locator('.coupon[data-coupon-id]').first().waitFor()
})

test('a visitor is told to log in and nothing is claimed', async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/media/activity/festival.html`)
  const tile = page.locator('.coupon[data-coupon-id]').first()
  await tile.waitFor()
  await tile.click()
  await page.locator('#say', { hasText: '请登录' }).waitFor()
})
