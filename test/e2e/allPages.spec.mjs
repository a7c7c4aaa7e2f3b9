// Every page of src/routes.ts opened by a logged-in agent member: it draws, throws nothing uncaught, and left
// alone it does not keep changing the page (a component re-rendering without end, as NutUI's Swipe did on the
// cart). Carousels, notice bars, countdowns and playing videos change a little; a render loop changes
// thousands of nodes a second. The same visit runs axe-core on the page (issue 23): no serious or critical
// accessibility violation (test/e2e/axe.mjs), in the light theme and then, on the same page switched to the
// system's dark theme (the app follows prefers-color-scheme live), in the dark one: every route is checked in both
// themes without being opened twice. Steppers must show their − and + whole, with glyphs of at least 12px.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { useShopSuite, idleChanges, allPagePaths, inTabs, collectErrors, gotoSettled, pageDrawn, transitionsOver } from './harness.mjs'
import { axeProblems } from './axe.mjs'

const IDLE_MS = 1500
const MAX_IDLE_CHANGES = 1500
/** Waits for a theme switch to be drawn: the page roots re-rendered with their theme class, colour transitions over (axe reads the final colours). */
async function settleTheme(page) {
  await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))
  await page.waitForFunction(transitionsOver)
}

const suite = useShopSuite({ member: '13900139000' })

/**
 * Runs in the page: controls cut by a box that hides its overflow (the stepper's 「+」 was half gone: its box had a
 * fixed width narrower than its targets) and glyphs too small to make out (the stepper's were 10px).
 */
function cutControls() {
  const out = []
  for (const box of document.querySelectorAll('.nut-inputnumber')) {
    if (!box.getClientRects().length) continue
    const b = box.getBoundingClientRect()
    for (const el of box.querySelectorAll('.nut-inputnumber-minus, .nut-inputnumber-add')) {
      const r = el.getBoundingClientRect()
      const name = el.classList.contains('nut-inputnumber-add') ? '+' : '−'
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5) out.push(`stepper ${name} cut by its box`)
      const glyph = el.querySelector('.nut-icon, svg')?.getBoundingClientRect()
      if (glyph && Math.min(glyph.width, glyph.height) < 12) out.push(`stepper ${name} glyph ${Math.round(glyph.width)}px`)
    }
  }
  return out
}

/** Opens one page in `page` and returns what is wrong with it. */
async function check(page, p) {
  const problems = []
  const errors = collectErrors(page)
  // Pages that show one record get the first demo one (id=1); the others ignore it.
  // Drawn and its data in (not a fixed wait): then left alone for IDLE_MS.
  await gotoSettled(page, `${suite.shop.base}/${p}?id=1`)
  const changes = await idleChanges(page, IDLE_MS)
  const drawn = await page.evaluate(pageDrawn)
  errors.stop()
  const thrown = errors.filter((e) => !/play\(\) (failed|request was interrupted)/.test(e))
  if (!drawn) problems.push(`${p}: nothing drawn`)
  if (thrown.length) problems.push(`${p}: ${thrown.join(' | ').slice(0, 300)}`)
  if (changes > MAX_IDLE_CHANGES) problems.push(`${p}: ${changes} changes in ${IDLE_MS} ms left alone`)
  for (const c of await page.evaluate(cutControls)) problems.push(`${p}: ${c}`)
  for (const a of await axeProblems(page)) problems.push(`${p}: axe ${a}`)
  await page.emulateMedia({ colorScheme: 'dark' })
  await settleTheme(page)
  for (const a of await axeProblems(page)) problems.push(`${p}: axe (dark) ${a}`)
  await page.emulateMedia({ colorScheme: 'light' })
  return problems
}

test('every page draws, throws nothing, settles when left alone and passes axe-core (serious, critical)', async () => {
  const paths = allPagePaths()
  assert.ok(paths.length >= 77, `${paths.length} page paths read from src/routes.ts`)
  await suite.signIn()
  // Two tabs at once (each with its own errors and theme): the waits of one overlap the other's work.
  const problems = (await inTabs(suite, paths, check)).flat()
  assert.deepEqual(problems, [], problems.join('\n'))
})
