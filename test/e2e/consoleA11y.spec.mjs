// The merchant console under axe-core (issue 23): the sign-in page, then every page of its menu without a
// parameter (admin/src/routes.tsx, read by consolePagePaths: pages added later are walked too), at 1280x800 light
// and 375x812 dark, signed in as the demo owner (who holds every permission). Serious and critical violations fail.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { consolePagePaths, OWNER_PASSWORD, useConsoleSuite } from './consoleHarness.mjs'
import { axeProblems } from './axe.mjs'

const suite = useConsoleSuite()

for (const [width, height, dark] of [
  [1280, 800, false],
  [375, 812, true],
]) {
  test(`console ${width}x${height} ${dark ? 'dark' : 'light'}: sign-in and every menu page pass axe-core`, async () => {
    const { context, page, errors } = await suite.open({ width, height, dark })
    const problems = []
    try {
      await page.goto(`${suite.shop.base}/admin/`)
      await page.waitForURL(/\/admin\/login/)
      await page.getByLabel('用户名').waitFor()
      for (const a of await axeProblems(page)) problems.push(`/login: ${a}`)
      await page.getByLabel('用户名').fill('admin')
      await page.getByLabel('密码').fill(OWNER_PASSWORD)
      await page.getByLabel('密码').press('Enter')
      await page.waitForURL(/\/admin\/dashboard/)
      const paths = consolePagePaths()
      assert.ok(paths.length >= 10, `${paths.length} console pages read from admin/src/routes.tsx`)
      for (const p of paths) {
        await page.goto(`${suite.shop.base}/admin${p}`)
        // The page's own chunk and first request: wait for antd's loading spinners and loading buttons to go and
        // for colour transitions to end (axe measured a table's 查询 button still loading, or half-way back to its
        // colour, on a different page each run). Up to 30 s: on a busy machine (two specs at once, other loads) a
        // page's first request took longer than 10 s and axe read a 查询 button still loading.
        await page.waitForLoadState('networkidle')
        // Quiet for 300 ms on end: a button that has just stopped loading starts its colour transition a frame later.
        await page
          .waitForFunction(
            () => {
              const quiet =
                !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading') &&
                document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)
              if (!quiet) return (window.__a11yQuietSince = 0)
              window.__a11yQuietSince ||= performance.now()
              return performance.now() - window.__a11yQuietSince >= 300
            },
            null,
            { timeout: 30_000 },
          )
          .catch(() => undefined)
        for (const a of await axeProblems(page)) problems.push(`${p}: ${a}`)
      }
    } finally {
      await context.close()
    }
    assert.deepEqual(errors, [])
    assert.deepEqual(problems, [], problems.join('\n'))
  })
}
