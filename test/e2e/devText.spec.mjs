// No developer text in the shop (issue 33): every page of types/routes.ts opened by the signed-in demo shopper (who
// has orders in every state, points, coupons and an after-sales case from the seed), with a real record for the pages
// that show one (pageQueries), and the page's visible text checked by test/e2e/devText.mjs: snake_case, dotted.names,
// camelCase, raw JSON and English words outside the short allow-list fail the test. The console's walk is
// consoleWalk.spec.mjs (every page) with consoleDevText.spec.mjs (records with their history).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { allPagePaths, gotoSettled, inTabs, pageQueries, useShopSuite } from './harness.mjs'
import { describeTokens, devTokens } from './devText.mjs'

const suite = useShopSuite({ member: '13800138000' })

/** What the shopper reads: the visible text of the page (Taro keeps the pages below it hidden) and its inputs' placeholders. */
const pageText = (page) =>
  page.evaluate(() =>
    [document.body.innerText, ...[...document.querySelectorAll('input[placeholder], textarea[placeholder]')].filter((e) => e.getClientRects().length).map((e) => e.getAttribute('placeholder'))].join(
      '\n',
    ),
  )

test('every shop page as the signed-in demo shopper: no developer text', async () => {
  const paths = allPagePaths()
  assert.ok(paths.length >= 77, `${paths.length} page paths read from types/routes.ts`)
  const query = await pageQueries(suite.shop, suite.token)
  await suite.signIn()
  let words = 0
  const found = (
    await inTabs(suite, paths, async (page, p) => {
      await gotoSettled(page, `${suite.shop.base}/${p}${query(p)}`)
      const text = await pageText(page)
      words += text.length
      return describeTokens(devTokens(text)).map((t) => `${p}: ${t}`)
    })
  ).flat()
  // The walk read real pages (a walk that saw only blank pages would pass).
  assert.ok(words > paths.length * 20, `${words} characters read`)
  assert.deepEqual(found, [], found.join('\n'))
})
