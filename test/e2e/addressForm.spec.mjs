// The address form: 粘贴识别地址 fills name, phone, region and detail from a pasted text; the region picker shows the
// national division list (all 12 districts and counties of 临沂, 桐庐 / 淳安 / 建德 under 杭州), loaded only when it is
// first needed (not with the page); the saved address keeps its GB/T 2260 code.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, dismissNewMemberGift, fill, newPhone, shown, button, toastShown, shot } from './harness.mjs'

const suite = useShopSuite({
  env: { SEED_RENDER_VIDEOS: '0' },
  member: newPhone(),
  async setup(s) {
    await dismissNewMemberGift(s.context)
    await s.signIn()
  },
})

/** Did any script the page has loaded so far carry the division list? (临沂's 兰陵县 is in it, in no other file.) */
const areaScripts = []
const listenScripts = (page) =>
  page.on('response', async (r) => {
    if (!/\.js(\?|$)/.test(r.url())) return
    const body = await r.text().catch(() => '')
    if (body.includes('兰陵县')) areaScripts.push(r.url())
  })

test('粘贴识别地址 fills the form, the picker has every district, the code is saved', async () => {
  const { page, shop, token } = suite
  listenScripts(page)
  await page.goto(`${shop.base}/minePages/shippingAddress/operate`)
  await shown(page, '.address-form__paste').waitFor()
  await page.waitForTimeout(500)
  assert.deepEqual(areaScripts, [], 'the division list is not loaded with the page')

  // Paste in another order, with punctuation and without 省 / 市.
  await fill(page, '粘贴收货信息，如：张三 13800138000 山东省临沂市兰山区金雀山路10号', '山东临沂兰陵县卞庄街道幸福路8号，王小萌，139-1234-5678')
  await button(page, '识别').click()
  await toastShown(page, '已识别，请核对')
  assert.ok(areaScripts.length > 0, 'the division list is loaded when first needed')
  assert.equal(await page.locator('input[placeholder="请填写收货人姓名"]').inputValue(), '王小萌')
  assert.equal(await page.locator('input[placeholder="请填写收货人手机号"]').inputValue(), '13912345678')
  await shown(page, '.address-form__region-text', { hasText: '山东省 临沂市 兰陵县' }).waitFor()
  assert.equal(await page.locator('textarea[placeholder="街道、楼牌号等"]').inputValue(), '卞庄街道幸福路8号')
  await shot(page, 'address-paste')

  // The picker: 临沂 lists all twelve; the shopper changes the district to 费县.
  await shown(page, '.address-form__region').click()
  await shown(page, '.nut-cascader-pane').first().waitFor()
  const tab = shown(page, '.nut-tabs-titles-item', { hasText: '兰陵县' })
  if (await tab.count()) await tab.click()
  const districts = await shown(page, '.nut-cascader-item').allInnerTexts()
  for (const d of ['兰山区', '罗庄区', '河东区', '沂南县', '郯城县', '沂水县', '兰陵县', '费县', '平邑县', '莒南县', '蒙阴县', '临沭县'])
    assert.ok(
      districts.some((x) => x.trim() === d),
      `临沂 lists ${d}`,
    )
  await shot(page, 'address-picker-linyi')
  await shown(page, '.nut-cascader-item', { hasText: /^费县$/ }).click()
  await shown(page, '.address-form__region-text', { hasText: '山东省 临沂市 费县' }).waitFor()

  await button(page, '保存').click()
  await toastShown(page, '已保存')
  const list = await shop.api('GET', '/api/memberAddress/list', null, token)
  assert.equal(list.data.length, 1)
  assert.deepEqual(
    { name: list.data[0].name, phone: list.data[0].phone, district: list.data[0].district, areaCode: list.data[0].areaCode, detail: list.data[0].detail },
    { name: '王小萌', phone: '13912345678', district: '费县', areaCode: '371325', detail: '卞庄街道幸福路8号' },
  )
})

test('杭州 lists 桐庐县, 淳安县 and 建德市', async () => {
  const { page, shop } = suite
  await page.goto(`${shop.base}/minePages/shippingAddress/operate`)
  await shown(page, '.address-form__region').click()
  for (const name of ['浙江省', '杭州市']) await shown(page, '.nut-cascader-item', { hasText: new RegExp(`^${name}$`) }).click()
  const districts = (await shown(page, '.nut-cascader-item').allInnerTexts()).map((x) => x.trim())
  for (const d of ['桐庐县', '淳安县', '建德市']) assert.ok(districts.includes(d), `杭州 lists ${d}`)
  await shown(page, '.nut-cascader-item', { hasText: /^建德市$/ }).click()
  await shown(page, '.address-form__region-text', { hasText: '浙江省 杭州市 建德市' }).waitFor()
})
