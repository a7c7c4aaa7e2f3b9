// The merchant console walked once at each size, every check made on each page as it is opened (issues 23, 30, 33):
// signed in as the demo owner (every permission), the walk opens the sign-in page, then every console page without a
// parameter (consolePagePaths: pages added to the menu later are walked too) and a few detail pages, and clicks through
// each page's tabs. One walk per size instead of one per check (axe, tables, developer text each walked the console
// on its own shop before: the three took a quarter of CI's e2e time).
// - 1280x800 light: axe-core (serious and critical violations fail; on each page as it opens, test/e2e/axe.mjs); no
//   developer text in what the merchant reads (test/e2e/devText.mjs: snake_case, dotted.names, raw JSON, English outside
//   the allow-list; on every page and tab); no button or link in a table row lies beyond the window's right edge, or
//   hidden beyond the table's own scroll unless its column is fixed at the right (antd `fixed: 'right'`); no column
//   header is cut (its title wider than its cell, or broken over two lines). Tables left empty by the demo seed get a
//   row in the setup (a pending withdrawal, an agent application, a feedback, a review…), and a listed page without
//   any row fails: it would check nothing.
// - 375x812 dark: axe-core again (the dark theme's contrasts), and nothing makes the page scroll sideways (the
//   document is no wider than the window).
// Records' details with their whole history (an order's log, the points ledger, the audit log expanded) are read for
// developer text by consoleDevText.spec.mjs.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { newPhone, screenshot, SHOTS as SCREENS } from './harness.mjs'
import { consolePagePaths, ownerApi, useConsoleSuite, waitQuiet } from './consoleHarness.mjs'
import { axeProblems } from './axe.mjs'
import { describeTokens, devTokens, pageText } from './devText.mjs'

/** The lists whose actions were off-screen before issue 33: screenshots at both sizes (test/e2e/screens/console-tables-*). */
const SHOTS = { '/agents/withdrawals': 'withdrawals', '/agents/applications': 'applications', '/after-sales → 已退款': 'after-sales', '/content/videos → 评论与弹幕': 'video-comments' }

/** The pages reworded last in issue 33 (vendors' field names, template fields, examples): whole-page screenshots at 1280 light. */
const DEVTEXT_SHOTS = {
  '/settings/wechat': 'wechat',
  '/settings/tracking': 'tracking',
  '/settings/messages': 'messages',
  '/settings/shop': 'shop',
  '/content/web-links': 'web-links',
  '/system/security': 'security',
}
/**
 * The shop's data, not the product's text: the demo owner's username (in the header and as who did a step) and the
 * address of the web link the setup saves (what the merchant typed).
 */
const DATA = { data: ['admin', '/media/activity/festival.html'] }

/** Opens the sign-in page, checks it with axe, then signs in as the demo owner. */
async function axeThenSignIn(page, problems) {
  await page.goto(`${suite.shop.base}/admin/`)
  await page.waitForURL(/\/admin\/login/)
  await page.getByLabel('用户名').waitFor()
  await waitQuiet(page)
  for (const a of await axeProblems(page)) problems.push(`/login: axe ${a}`)
  await suite.signIn(page)
}

/** axe on the page as drawn once nothing moves any more (the mouse moved off: the walk's last tab click left it over the next page's tab, in its hover colour). */
async function axeOn(page, name, problems) {
  await page.mouse.move(0, 0)
  await waitQuiet(page)
  for (const a of await axeProblems(page)) problems.push(`${name}: axe ${a}`)
}

/** Pages whose tables may stay empty on a fresh demo shop, and why. */
const MAY_BE_EMPTY = new Set([
  '/todo/failures', // failures only exist when a provider failed
  '/finance/refunds', // no refund before an after-sales case is refunded
  '/marketing/blind-box-shipping', // no prize won yet
  '/marketing/cashback-tasks', // no cashback claim yet
  '/finance/balance-withdrawals', // withdrawals to WeChat change need WeChat Pay: none in a sandbox shop
  '/finance/reconcile', // reconciliation runs on WeChat Pay's bill: none in a sandbox shop
  '/content/videos', // opens on 待审核, and every demo video is approved (a pending one needs a shopper's upload)
])

const suite = useConsoleSuite({
  // What the demo seed leaves empty, made through the shop's API (an agent application and a feedback) and the
  // console's (a saved web link: the demo's festival page; a pickup point: the demo shop delivers only).
  setup: async (s) => {
    const owner = await ownerApi(s.shop.base)
    const link = await owner.post('/content/web-links', { title: '节日活动页', url: '/media/activity/festival.html', sort: 0 })
    assert.equal(link.code, 200, link.msg)
    const point = await owner.post('/pickup-points', {
      name: '西湖门店',
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 200 号一楼',
      hours: '每天 09:00-21:00',
      phone: '0571-88886666',
      enabled: true,
      sort: 0,
    })
    assert.equal(point.code, 200, point.msg)
    const token = await s.shop.apiLogin(newPhone())
    const applied = await s.shop.api(
      'POST',
      '/api/business/agent/apply',
      { shopName: `表格检查小店${Date.now() % 100000}`, realName: '赵六', phone: '13912345678', idCard: '110101199003074514', reason: '社群/团购团长' },
      token,
    )
    assert.equal(applied.code, 200, applied.msg)
    const sent = await s.shop.api('POST', '/api/feedback/submit', { type: 'bug', content: '订单页面在手机上打开很慢，希望能够尽快优化一下加载速度，谢谢', images: [] }, token)
    assert.equal(sent.code, 200, sent.msg)
    // A recharge paid through the sandbox, for 财务 → 充值订单 (the demo seed has packages, no recharge order).
    const options = await s.shop.api('GET', '/api/recharge/packages', undefined, token)
    const recharge = await s.shop.api('POST', '/api/recharge/create', { packageId: options.data.packages[0].id }, token)
    assert.equal(recharge.code, 200, recharge.msg)
    const prepaid = await s.shop.api('POST', '/api/recharge/prepay', { rechargeNo: recharge.data.rechargeNo, channel: 'sandbox' }, token)
    assert.equal(prepaid.code, 200, prepaid.msg)
    const confirmed = await s.shop.api('POST', '/api/pay/sandboxConfirm', { payNo: prepaid.data.payNo, ticket: prepaid.data.params.ticket }, token)
    assert.equal(confirmed.code, 200, confirmed.msg)
  },
})

/** In the page: what is wrong with the tables shown at this width (run at 1280). */
function tableProblems() {
  const out = []
  const vw = document.documentElement.clientWidth
  const rowsSeen = document.querySelectorAll('.ant-table-row').length
  for (const table of document.querySelectorAll('.ant-table-wrapper')) {
    if (!table.offsetParent) continue // in a hidden tab
    const scroller = table.querySelector('.ant-table-content, .ant-table-body') || table
    const box = scroller.getBoundingClientRect()
    // A table whose own box passes the window's edge: the page itself scrolls sideways, the right of the table is out of sight.
    if (box.right > vw + 1) out.push(`the table reaches ${Math.round(box.right)} px, beyond the window`)
    for (const th of table.querySelectorAll('thead th.ant-table-cell')) {
      const name = th.innerText.trim().replace(/\s+/g, ' ')
      if (!name || th.classList.contains('ant-table-selection-column')) continue
      // The title's own text: wider than its cell's content box, or one text broken over lines (a column too narrow
      // for its header). Measured on the text, not th.scrollWidth: a fixed column's shadow (antd's ::after) widens
      // that; a header stacked on purpose (the role matrix: name, staff count, 编辑 as blocks) is one line a text.
      const pad = getComputedStyle(th)
      const room = th.clientWidth - parseFloat(pad.paddingLeft) - parseFloat(pad.paddingRight)
      const texts = []
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT)
      while (walker.nextNode()) if (walker.currentNode.textContent.trim()) texts.push(walker.currentNode)
      let widest = 0
      let broken = 0
      for (const node of texts) {
        const range = document.createRange()
        range.selectNodeContents(node)
        const rects = [...range.getClientRects()].filter((c) => c.width > 0)
        widest = Math.max(widest, ...rects.map((c) => c.right - th.getBoundingClientRect().left - parseFloat(pad.paddingLeft)))
        broken = Math.max(broken, new Set(rects.map((c) => Math.round(c.top))).size)
      }
      if (widest > room + 1) out.push(`header「${name}」wider than its column`)
      else if (broken > 1) out.push(`header「${name}」broken over ${broken} lines`)
    }
    for (const el of table.querySelectorAll('tbody tr.ant-table-row a, tbody tr.ant-table-row button')) {
      // A cell's own copy icon (antd copyable text, e.g. 支付平台单号) scrolls with the text it copies: not a row action.
      if (!el.offsetParent || el.closest('.ant-typography-copy')) continue
      const cell = el.closest('td')
      const r = el.getBoundingClientRect()
      const text = (el.innerText || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, '')
      const fixed = cell?.classList.contains('ant-table-cell-fix-right')
      if (r.right > vw + 1) out.push(`row control「${text}」at ${Math.round(r.left)}–${Math.round(r.right)} px, beyond the window`)
      else if (!fixed && r.right > box.right + 1) out.push(`row control「${text}」hidden beyond the table's scroll (its column is not fixed at the right)`)
    }
  }
  return { problems: [...new Set(out)], rows: rowsSeen }
}

/**
 * Waits until the page is drawn and its data is in: no call to the server in flight, no antd loading state, every
 * table shown holding rows or its empty state, all of it for 300 ms.
 */
async function settle(page, calls) {
  const end = Date.now() + 30_000
  for (;;) {
    const ready = await page.evaluate(() => {
      if (!document.querySelector('.ant-pro-page-container')) return false
      if (document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')) return false
      return [...document.querySelectorAll('.ant-table-wrapper')].filter((t) => t.offsetParent).every((t) => t.querySelector('.ant-table-row, .ant-empty'))
    })
    const quiet = calls.inFlight.size === 0 && Date.now() - calls.lastChange >= 300
    if ((ready && quiet) || Date.now() > end) break
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Counts the page's calls to the server in flight. */
function trackCalls(page) {
  const calls = { inFlight: new Set(), lastChange: Date.now() }
  const isCall = (r) => r.resourceType() === 'fetch' || r.resourceType() === 'xhr' || r.resourceType() === 'script'
  page.on('request', (r) => isCall(r) && calls.inFlight.add(r) && (calls.lastChange = Date.now()))
  const ended = (r) => calls.inFlight.delete(r) && (calls.lastChange = Date.now())
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return calls
}

/** The tabs of the page's own content (its first tab bar, not the layout's). */
const pageTabs = (page) => page.locator('.ant-pro-page-container .ant-tabs-nav').first().locator('.ant-tabs-tab:visible')

/** A few pages with a parameter, named by the first row of their list (the console API, with the page's own session). */
async function detailPaths(page) {
  const base = suite.shop.base
  const first = async (url, key) => {
    const r = await (await page.request.get(`${base}/admin/api/${url}`)).json()
    const rows = r.data?.list ?? r.data?.records ?? r.data?.rows ?? r.data
    return Array.isArray(rows) && rows.length ? rows[0][key] : null
  }
  const out = []
  const order = await first('orders?page=1&pageSize=1', 'orderNo')
  if (order) out.push(`/orders/${order}`)
  // The demo shopper (orders, addresses, points): the newest member is the setup's, with nothing to list.
  const member = await first('members?keyword=13800138000&page=1&pageSize=1', 'id')
  if (member) out.push(`/members/${member}`)
  const agent = await first('agents?page=1&pageSize=1', 'shopId')
  if (agent) out.push(`/agents/list/${agent}`)
  const goods = await first('goods?page=1&pageSize=1', 'id')
  if (goods) out.push(`/goods/${goods}`)
  return out
}

/** Opens every page (and each tab of its first tab bar) in the app's own router, and gives `check` a name for each state. */
async function walk(page, paths, check) {
  const calls = trackCalls(page)
  for (const p of paths) {
    const started = Date.now()
    calls.lastChange = Date.now()
    await page.evaluate((to) => {
      window.history.pushState(null, '', `/admin${to}`)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, p)
    await settle(page, calls)
    await check(p, calls)
    const tabs = pageTabs(page)
    const labels = await tabs.allInnerTexts()
    for (const [i, label] of labels.entries()) {
      if (i === 0) continue
      calls.lastChange = Date.now()
      await tabs.nth(i).click()
      await settle(page, calls)
      await check(`${p} → ${label.trim()}`, calls)
    }
    if (process.env.E2E_VERBOSE) console.log(`${p}: ${Date.now() - started} ms`)
  }
}

test("1280x800: every page passes axe, speaks the merchant's words, and keeps its tables' row actions in the window and headers whole", async () => {
  const { page, errors } = await suite.open({ width: 1280, height: 800 })
  const problems = []
  await axeThenSignIn(page, problems)
  const menu = consolePagePaths()
  assert.ok(menu.length >= 40, `${menu.length} console pages read from admin/src/routes.tsx`)
  const paths = [...menu, ...(await detailPaths(page))]
  const empty = []
  await walk(page, paths, async (name, calls) => {
    if (SHOTS[name]) await screenshot(page, `console-tables-1280-${SHOTS[name]}`)
    let { problems: found, rows } = await page.evaluate(tableProblems)
    const hasTable = await page.locator('.ant-table-wrapper:visible').count()
    // The page as it opens must show rows (a tab filtering by state may be empty). antd draws its empty state
    // before the list's first request has started: give the rows a moment before calling the page empty.
    const listed = !name.includes(' → ') && !MAY_BE_EMPTY.has(name)
    if (hasTable && !rows && listed) {
      await page
        .locator('.ant-table-row')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(() => undefined)
      await settle(page, calls)
      ;({ problems: found, rows } = await page.evaluate(tableProblems))
      if (!rows) empty.push(name)
    }
    for (const f of found) problems.push(`${name}: ${f}`)
    // Each page as it opens (a tab may list what shoppers wrote: 同款get in a video's comments is theirs).
    if (!name.includes(' → ')) {
      for (const t of describeTokens(devTokens(await pageText(page), DATA))) problems.push(`${name}: developer text ${t}`)
      await axeOn(page, name, problems)
    }
    if (DEVTEXT_SHOTS[name]) await page.screenshot({ path: `${SCREENS}/console-1280-devtext-${DEVTEXT_SHOTS[name]}.png`, fullPage: true })
  })
  console.log(`checked ${paths.length} pages; tables without a row: ${empty.join(', ') || 'none'}`)
  assert.deepEqual(errors, [])
  // A table without a row checks nothing: seed it in the setup, or list the page in MAY_BE_EMPTY with the reason.
  assert.deepEqual(empty, [], `tables without a row: ${empty.join(', ')}`)
  assert.deepEqual(problems, [], problems.join('\n'))
})

test('375x812 dark: every page passes axe and none scrolls sideways', async () => {
  const { page, errors } = await suite.open({ width: 375, height: 812, dark: true })
  const problems = []
  await axeThenSignIn(page, problems)
  const paths = [...consolePagePaths(), ...(await detailPaths(page))]
  await walk(page, paths, async (name) => {
    if (SHOTS[name]) await screenshot(page, `console-tables-375-dark-${SHOTS[name]}`)
    const { width, view, widest } = await page.evaluate(() => {
      const view = document.documentElement.clientWidth
      // The element reaching furthest right, to name it in the failure.
      let widest = null
      let right = view
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect()
        if (r.width && r.right > right + 1 && getComputedStyle(el).position !== 'fixed' && !el.closest('[aria-hidden="true"], .ant-table-content, .ant-table-body, .ant-tabs-nav-wrap')) {
          right = r.right
          widest = `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} (${(el.innerText || '').trim().slice(0, 20)})`
        }
      }
      return { width: document.documentElement.scrollWidth, view, widest }
    })
    if (width > view) problems.push(`${name}: the page is ${width} px wide in a ${view} px window${widest ? `; widest: ${widest}` : ''}`)
    if (!name.includes(' → ')) await axeOn(page, name, problems)
  })
  assert.deepEqual(errors, [])
  assert.deepEqual(problems, [], problems.join('\n'))
})
