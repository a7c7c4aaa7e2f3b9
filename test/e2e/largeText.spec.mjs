// Issue 23: the layout holds at 200 % text (the system's large-text setting in WeChat and in the browser). Every
// page of src/routes.ts, logged in as the seed's agent member, each with a real record of the seed, at 375x812
// with every font size doubled through --text-scale (the lever 大字模式 uses, config/postcssTextScale.js). It
// fails when text is cut or overlaps: a price, a button, a tab label or any other label running out of a box that hides its
// overflow (or an ancestor's that does), or out of its button. Long names that a box ends with an ellipsis or a
// line clamp on purpose (goods names in lists) are allowed, except on prices, buttons and tab labels, which must
// show whole. A screenshot per page: test/e2e/screens/large-text-<page>.png.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, allPagePaths, pageQueries, shot, shown, inTabs, openBrowser, shopAs, fill, gotoSettled } from './harness.mjs'

export const TEXT_SCALE = 2

const suite = useShopSuite({ member: '13900139000' })

/** Runs in the page: the texts on screen that are cut, as "what: text". */
function clippedTexts() {
  // Whole labels: prices, buttons, tab labels (also a tab's and a segment's title).
  const WHOLE = 'button, [role="button"], .nut-button, .weui-tabbar__label, .nut-tabs-titles-item, .nut-tabbar-item, [class*="price"], [class*="Price"]'
  const CONTROL = 'button, [role="button"], .nut-button, .weui-tabbar__item, .nut-tabs-titles-item'
  // Moving on purpose (marquee notices, danmu, carousels' neighbouring slides are wholly outside, not cut).
  const MOVING = '.nut-noticebar, .danmu, [class*="danmu"], [class*="marquee"]'
  const PAGE = '.taro_page, .taro-tabbar__panel, .taro_router'
  const hides = (v) => v === 'hidden' || v === 'clip'
  const problems = new Set()
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim()
    const el = node.parentElement
    if (!text || !el || el.closest(`${MOVING}, script, style, noscript, .taro__toast`)) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    const r = range.getBoundingClientRect()
    if (r.width < 1 || r.height < 1) continue
    const style = getComputedStyle(el)
    if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue
    const whole = !!el.closest(WHOLE)
    const what = el.closest('.weui-tabbar__label') ? 'tab label' : el.closest('[class*="price"], [class*="Price"]') ? 'price' : whole ? 'button' : 'text'
    // Up the ancestors, per axis, until one scrolls in it (what lies beyond is reached by scrolling, not cut). The
    // page's own containers scroll vertically (the text below the fold is not cut by them).
    let checkX = true
    let checkY = true
    for (let a = el; a && a !== document.body && (checkX || checkY); a = a.parentElement) {
      const s = getComputedStyle(a)
      if (s.display === 'contents') continue
      const page = a.matches(PAGE)
      const box = a.getBoundingClientRect()
      const hideX = checkX && hides(s.overflowX)
      const hideY = checkY && !page && hides(s.overflowY)
      // Wholly outside a hiding box: not on show (a carousel's other slide, a collapsed panel), not cut.
      if ((hideX && (r.right <= box.left || r.left >= box.right)) || (hideY && (r.bottom <= box.top || r.top >= box.bottom))) break
      const cut = (hideX && (r.left < box.left - 1 || r.right > box.right + 1)) || (hideY && (r.top < box.top - 1 || r.bottom > box.bottom + 1))
      if (cut) {
        const trimmed = s.textOverflow === 'ellipsis' || (s.webkitLineClamp && s.webkitLineClamp !== 'none')
        if (!trimmed || whole) problems.add(`${what} ${trimmed ? 'ends in an ellipsis' : 'is cut'}: ${text.slice(0, 30)} (${a.className || a.tagName})`)
        break
      }
      if (/auto|scroll/.test(s.overflowX)) checkX = false
      if (/auto|scroll/.test(s.overflowY) || page) checkY = false
    }
    // Text running out of its own box (a fixed height under bigger text) lies over what follows it; a few pixels
    // are the font's ascent and descent beyond a tight line height.
    const own = el.getBoundingClientRect()
    const slack = Math.max(2, parseFloat(style.fontSize) * 0.3)
    if (own.height > 0 && style.display !== 'inline' && !hides(style.overflowY) && (r.bottom > own.bottom + slack || r.top < own.top - slack))
      problems.add(`${what} runs out of its box: ${text.slice(0, 30)} (${el.className || el.tagName})`)
    // Text spilling out of its control's box (a fixed height under two lines of text).
    const control = el.closest(CONTROL)
    if (control) {
      const box = control.getBoundingClientRect()
      if (box.width > 0 && (r.bottom > box.bottom + 2 || r.top < box.top - 2 || r.right > box.right + 2 || r.left < box.left - 2))
        problems.add(`${what} runs out of its box: ${text.slice(0, 30)} (${control.className || control.tagName})`)
    }
  }
  return [...problems]
}

test(`every page holds at ${TEXT_SCALE * 100} % text: no price, button, tab label or other text cut`, async () => {
  const started = Date.now()
  const paths = allPagePaths()
  assert.ok(paths.length >= 77, `${paths.length} page paths read from src/routes.ts`)
  const query = await pageQueries(suite.shop, suite.token)
  // Doubled text on every page load, before the app draws (the class 大字模式 sets is overridden too).
  await suite.context.addInitScript((scale) => {
    const css = `:root, .large-text { --text-scale: ${scale} !important; }`
    const add = () => {
      const style = document.createElement('style')
      style.textContent = css
      document.head.appendChild(style)
    }
    if (document.head) add()
    else document.addEventListener('DOMContentLoaded', add)
  }, TEXT_SCALE)
  await suite.signIn()
  // Two tabs at once: the waits of one overlap the other's work.
  const found = await inTabs(suite, paths, async (page, p) => {
    await gotoSettled(page, `${suite.shop.base}/${p}${query(p)}`)
    const scale = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--text-scale').trim())
    assert.equal(Number(scale), TEXT_SCALE, `${p}: --text-scale is ${scale}`)
    const cut = (await page.evaluate(clippedTexts)).map((c) => `${p}: ${c}`)
    // A popup that opens by itself (the new-member gift on home) was checked above; Escape closes it (useDialogFocus) for the screenshot.
    if (await page.locator('[role="dialog"]:visible').count()) {
      await page.keyboard.press('Escape')
      await page.waitForTimeout(400)
    }
    await shot(page, `large-text-${p.replace(/\//g, '-')}`)
    return cut
  })
  const problems = found.flat()
  console.log(`large text: ${paths.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  if (problems.length) console.log(problems.join('\n'))
  assert.deepEqual(problems, [])
})

test(`Taro's confirm and toast (sized inline on the H5) grow with the text too`, async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/minePages/setting/index`)
  await page.getByText('清除缓存', { exact: true }).click()
  await shown(page, '[role="alertdialog"]').waitFor()
  const size = (selector) => page.evaluate((s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize), selector)
  // Taro's own sizes (title 18px, message 15px, buttons 18px, toast 16px) times the scale.
  assert.equal(await size('.taro-modal__title'), 18 * TEXT_SCALE)
  assert.equal(await size('.taro-modal__text'), 15 * TEXT_SCALE)
  assert.equal(await size('.taro-modal__foot'), 18 * TEXT_SCALE)
  assert.deepEqual(await page.evaluate(clippedTexts), [])
  // Taro fades the modal in: the screenshot once it is opaque.
  await page.waitForFunction(() => getComputedStyle(document.querySelector('.taro__modal')).opacity === '1')
  await shot(page, 'large-text-confirm')
  await shown(page, '.taro-modal__foot div', { hasText: '确定' }).click()
  await shown(page, '.taro__toast p', { hasText: '缓存已清除' }).waitFor()
  assert.equal(await size('.taro__toast p:last-child'), 16 * TEXT_SCALE)
})

/** Runs in the page: the toast's text, the places its lines break, and those that fall inside a word (Intl.Segmenter's words). */
function toastBreaks() {
  const p = document.querySelector('.taro__toast p:last-child')
  const nodes = []
  const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT)
  for (let n = walker.nextNode(); n; n = walker.nextNode()) for (let i = 0; i < n.textContent.length; i++) nodes.push([n, i])
  const tops = nodes.map(([n, i]) => {
    const r = document.createRange()
    r.setStart(n, i)
    r.setEnd(n, i + 1)
    return Math.round(r.getBoundingClientRect().top)
  })
  const text = nodes.map(([n, i]) => n.textContent[i]).join('')
  const bounds = new Set([0])
  for (const s of new Intl.Segmenter('zh', { granularity: 'word' }).segment(text)) bounds.add(s.index + s.segment.length)
  const breaks = tops.map((t, i) => (i > 0 && t > tops[i - 1] ? i : -1)).filter((i) => i > 0)
  return { text, breaks, midWord: breaks.filter((i) => !bounds.has(i)).map((i) => `${text.slice(0, i)}|${text.slice(i)}`) }
}

test('a toast that needs two lines breaks between words, and lies over no button', async () => {
  const { page } = suite
  await page.goto(`${suite.shop.base}/commonPages/login/login`)
  // Doubled text (as the walk above sets it for every page), also when this test runs alone.
  await page.addStyleTag({ content: `:root, .large-text { --text-scale: ${TEXT_SCALE} !important; }` })
  await fill(page, '请输入手机号', '13800138000')
  await fill(page, '请输入验证码', '123456')
  await shown(page, '.login__submit').click()
  await page.waitForFunction(() => /请先阅读并同意/.test(document.querySelector('.taro__toast')?.innerText || ''))
  const { text, breaks, midWord } = await page.evaluate(toastBreaks)
  assert.equal(text, '请先阅读并同意用户协议和隐私政策')
  assert.ok(breaks.length >= 1, 'at 200 % text the toast takes two lines')
  assert.deepEqual(midWord, [])
  const over = await page.evaluate(() => {
    const t = document.querySelector('.taro__toast > div:last-child').getBoundingClientRect()
    const b = document.querySelector('.login__submit').getBoundingClientRect()
    return Math.min(t.bottom, b.bottom) > Math.max(t.top, b.top)
  })
  assert.equal(over, false, 'the toast lies over 登录')
  await shot(page, 'large-text-toast')
})

/** Runs in the page: the font size (px) of the first drawn element of each selector. */
function sizesOf(selectors) {
  const out = {}
  for (const s of selectors) {
    const el = [...document.querySelectorAll(s)].find((e) => e.getClientRects().length > 0 && e.innerText.trim())
    out[s] = el ? parseFloat(getComputedStyle(el).fontSize) : null
  }
  return out
}

/** Runs in the page: the stepper's − and + (targets and glyphs) and whether its box cuts them. */
function stepperBoxes() {
  const box = document.querySelector('.nut-inputnumber')
  if (!box) return null
  const b = box.getBoundingClientRect()
  return [...box.querySelectorAll('.nut-inputnumber-minus, .nut-inputnumber-add')].map((el) => {
    const r = el.getBoundingClientRect()
    const glyph = el.querySelector('svg, .nut-icon, i')?.getBoundingClientRect()
    return { target: [Math.round(r.width), Math.round(r.height)], glyph: glyph ? Math.round(Math.min(glyph.width, glyph.height)) : 0, inside: r.left >= b.left - 0.5 && r.right <= b.right + 0.5 }
  })
}

test('大字模式 (the switch in 设置) makes buttons, tab titles, grid labels and the tab bar larger too; the stepper shows its − and + whole', async () => {
  // A browser of its own: the walk above doubles the text in every page of the suite's context.
  const own = await openBrowser()
  try {
    const { page } = own
    await shopAs(page, suite.shop, suite.token)
    const CONTROLS = {
      'pages/mine/index': ['.nut-grid-item-text', '.weui-tabbar__label'],
      'minePages/myOrder/list': ['.nut-tabs-titles-item'],
      'minePages/setting/index': ['.nut-button'],
    }
    const problems = []
    for (const [p, selectors] of Object.entries(CONTROLS)) {
      await gotoSettled(page, `${suite.shop.base}/${p}`)
      const plain = await page.evaluate(sizesOf, selectors)
      await page.evaluate(() => document.documentElement.classList.add('large-text'))
      const large = await page.evaluate(sizesOf, selectors)
      for (const s of selectors) {
        if (!plain[s]) problems.push(`${p}: no ${s} drawn`)
        else if (large[s] < plain[s] * 1.2) problems.push(`${p}: ${s} ${plain[s]}px → ${large[s]}px under 大字模式`)
      }
    }
    // The spec picker's stepper, at both sizes.
    const goods = (await suite.shop.api('GET', '/api/goods/search?page=1&pageSize=1')).data.list[0]
    for (const large of [false, true]) {
      await page.goto(`${suite.shop.base}/goodsPages/details/details?id=${goods.id}`)
      await shown(page, '.detail-bar__btn', { hasText: '加入购物车' }).click()
      await shown(page, '.spec-picker .nut-inputnumber').waitFor()
      if (large) await page.evaluate(() => document.documentElement.classList.add('large-text'))
      for (const [i, b] of (await page.evaluate(stepperBoxes)).entries()) {
        const what = `${large ? '大字模式 ' : ''}stepper ${i ? '+' : '−'}`
        if (!b.inside) problems.push(`${what}: cut by its box`)
        if (Math.min(...b.target) < 24) problems.push(`${what}: target ${b.target.join('×')}`)
        if (b.glyph < 12) problems.push(`${what}: glyph ${b.glyph}px`)
      }
      if (large) await shot(page, 'large-text-stepper')
    }
    assert.deepEqual(problems, [])
  } finally {
    await own.browser.close()
  }
})
