// Boots the mini-program build in the logic-layer harness (test/weapp/harness.mjs) against a real seeded server
// and opens every page of app.json: logged out and logged in, with real query parameters from the seed and
// without. Each page must register, load and show with no console.error and no uncaught error, reach only the
// API origin it was built with, produce page data whose node types all have their template in base.wxml, draw
// its icons from the icon font (no SVG image in a style); home must show the seeded catalogue. Then flows through
// the pages' own handlers: add to cart, buy now + pay (sandbox confirm without WeChat Pay), share.
// Every page's setData calls are recorded in the returned report (bench/weapp-setdata.mjs, test/weapp/view.mjs).
import fs from 'node:fs'
import path from 'node:path'
import { seededGroupBuy, startShop } from '../e2e/harness.mjs'
import { bootMiniProgram, nodeTypes, textOf } from './harness.mjs'

export const SETDATA_PAGE_LIMIT = 32 * 1024

/** Nodes of a page's data whose class list has `cls`. */
export function findNodes(data, cls, out = []) {
  if (Array.isArray(data)) data.forEach((d) => findNodes(d, cls, out))
  else if (data && typeof data === 'object') {
    if (typeof data.cl === 'string' && data.cl.split(/\s+/).includes(cls)) out.push(data)
    for (const v of Object.values(data)) if (v && typeof v === 'object') findNodes(v, cls, out)
  }
  return out
}

/** How each template of base.wxml takes a tap: 'bind' (bubbles on), 'catch' (stops), or none. */
const tapBindings = new Map()
function tapBinding(out, nn) {
  if (!tapBindings.has(out)) {
    const wxml = fs.readFileSync(path.join(out, 'base.wxml'), 'utf8')
    const map = new Map()
    for (const m of wxml.matchAll(/<template name="tmpl_0_([^"]+)">\s*<[a-z-]+([^>]*)>/g)) map.set(m[1], /catchtap="eh"/.test(m[2]) ? 'catch' : /bindtap="eh"/.test(m[2]) ? 'bind' : '')
    tapBindings.set(out, map)
  }
  return tapBindings.get(out).get(nn) || ''
}

/** The nodes from the root down to `target`. */
function pathTo(data, target, trail = []) {
  if (data === target) return [...trail, data]
  for (const child of data?.cn || []) {
    const found = pathTo(child, target, [...trail, data])
    if (found) return found
  }
  return null
}

/**
 * A tap as WeChat delivers it: Taro's page event handler `eh` is called for the tapped element and then for each
 * ancestor whose template binds tap (bubbling, stopped by a catchtap), each with that element as currentTarget.
 */
export async function tap(h, page, node, out) {
  if (!node) throw new Error('nothing to tap')
  const chain = (pathTo(page.data.root, node) || [node]).reverse().filter((n) => n.sid)
  const target = { id: node.uid || node.sid, dataset: { sid: node.sid } }
  for (const el of chain) {
    const how = tapBinding(out, el.nn)
    if (!how) continue
    const currentTarget = { id: el.uid || el.sid, dataset: { sid: el.sid } }
    page.eh({ type: 'tap', timeStamp: Date.now(), target, currentTarget, detail: { x: 10, y: 10 }, touches: [], changedTouches: [] })
    if (how === 'catch') break
  }
  await h.settle()
}

/** The first node with class `cls`, waiting for it to be drawn (at most 5 s). */
export async function waitNode(h, page, cls, within = () => page.data) {
  for (let i = 0; i < 50; i++) {
    const node = findNodes(within(), cls)[0]
    if (node) return node
    await h.settle({ quietMs: 50, maxMs: 500 })
  }
  throw new Error(`no element .${cls} on ${page.route}`)
}

const templatesOf = (out) => new Set([...fs.readFileSync(path.join(out, 'base.wxml'), 'utf8').matchAll(/<template name="tmpl_0_([^"]+)"/g)].map((m) => m[1]))
const iconGlyphs = () => {
  const css = fs.readFileSync(new URL('../../node_modules/@nutui/icons-react-taro/dist/style_iconfont.css', import.meta.url), 'utf8')
  return new Set([...css.matchAll(/\.nut-icon-([A-Za-z0-9_-]+):before/g)].map((m) => m[1]))
}

/** The pages of app.json, main package first. */
export function allPages(app) {
  return [...app.pages, ...(app.subPackages || app.subpackages || []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))]
}

/** Query parameters from the seed for a page (`id` is the goods for goods pages, the first record elsewhere). */
function queryFor(route, seed) {
  const goodsPage = /^goodsPages\/(details|placeAnOrder)|myIntegral\/goodsDetails|goodsShare|actingGoods/.test(route)
  return {
    id: String(goodsPage ? seed.goodsId : 1),
    goodsId: String(seed.goodsId),
    skuId: String(seed.skuId),
    quantity: '1',
    orderNo: seed.orderNo || '',
    keyword: seed.keyword,
    categoryId: String(seed.categoryId || 1),
    memberId: String(seed.memberId || 1),
    itemId: '1',
    tab: '0',
    // 拼团: the seeded open group; its checkout with the activity and one of its SKUs.
    groupId: String(seed.group?.groupId || 1),
    ...(route === 'goodsPages/placeAnOrder/group' && seed.group ? { activityId: String(seed.group.activity.id), skuId: String(seed.group.activity.skus[0].skuId) } : {}),
    // The seeded activities link to a page on the shop, as a path (resolved against the shop's origin).
    ...(/^commonPages\/webView\//.test(route) ? { url: encodeURIComponent('/media/activity/festival.html'), title: encodeURIComponent('活动') } : {}),
  }
}

const ms = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`

export async function checkBoot(out, check, { apiOrigin }) {
  const app = JSON.parse(fs.readFileSync(path.join(out, 'app.json'), 'utf8'))
  const pages = allPages(app)
  const templates = templatesOf(out)
  const glyphs = iconGlyphs()
  const report = { passes: {} }
  const uncaught = []
  const onUncaught = (e) => uncaught.push(`${e?.message || e}\n${e?.stack || ''}`)
  process.on('uncaughtException', onUncaught)
  process.on('unhandledRejection', onUncaught)
  // The shop lists its own origin among the web-view hosts (WEBVIEW_ALLOW_LIST), as a deployment does.
  const shop = await startShop({ WEBVIEW_ALLOW_LIST: `localhost,127.0.0.1,${new URL(apiOrigin).host}` })
  try {
    // The seed: a goods with its first sku, a keyword, a category; a member with an address.
    const search = await shop.api('GET', '/api/goods/search?page=1&pageSize=20')
    const list = search?.data?.list || []
    const goods = list[0]
    check('the seeded catalogue answers /api/goods/search', !!goods?.id, JSON.stringify(search).slice(0, 200))
    if (!goods) return report
    const detail = await shop.api('GET', `/api/goods/detail?id=${goods.id}`)
    const skuId = detail?.data?.skus?.find((s) => s.stock > 0)?.id || detail?.data?.skus?.[0]?.id || 1
    report.catalogue = list.map((g) => g.name || g.title).filter(Boolean)
    const seed = { goodsId: goods.id, skuId, keyword: String(goods.name || goods.title || '').slice(0, 2), names: list.map((g) => g.name || g.title).filter(Boolean) }
    const phone = `1370000${String(Date.now() % 10000).padStart(4, '0')}`
    const token = await shop.apiLogin(phone)
    const member = (await shop.api('GET', '/api/member/getMemberInfo', null, token)).data
    seed.memberId = member?.id
    seed.group = await seededGroupBuy(shop)
    await shop.api('POST', '/api/memberAddress/add', { name: '测试买家', phone, province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }, token)
    // As the app leaves it after a login: the user record and the storage version marker (src/core/auth.ts).
    const marker = fs.readFileSync(new URL('../../src/core/auth.ts', import.meta.url), 'utf8').match(/VERSION_MARKER = '([^']+)'/)?.[1]
    const loggedIn = { version: marker, user: JSON.stringify({ state: { token, userInfo: member }, version: 0 }) }

    const boot = (storage) => bootMiniProgram({ out, apiOrigin, serverBase: shop.base, storage })

    // Flows first (logged in): their order gives the order pages a real order number.
    const t0 = Date.now()
    {
      const h = boot(loggedIn)
      const count = async () => JSON.stringify((await shop.api('GET', '/api/cart/count', null, token)).data)
      const before = await count()
      const details = await h.openPage('goodsPages/details/details', { id: String(goods.id) })
      const pickAndConfirm = async (page, button) => {
        await waitNode(h, page, 'spec-picker__group')
        for (const group of findNodes(page.data, 'spec-picker__group')) {
          // The first value that can be bought, unless the group already has one chosen (a tap would unchoose it).
          if (findNodes(group, 'spec-picker__value--active').length) continue
          const value = findNodes(group, 'spec-picker__value').find((n) => !n.cl.includes('spec-picker__value--disabled'))
          if (value) await tap(h, page, value, out)
        }
        await tap(h, page, findNodes(page.data, button)[0] || (await waitNode(h, page, 'spec-picker__btn--wide')), out)
      }
      try {
        await tap(h, details, await waitNode(h, details, 'detail-bar__btn--cart'), out)
        await pickAndConfirm(details, 'spec-picker__btn--cart')
        check('flow: add to cart through the details page changes the cart', (await count()) !== before, `cart count stayed ${before}; toasts ${JSON.stringify(h.toasts)}`)
      } catch (e) {
        check(
          'flow: add to cart through the details page changes the cart',
          false,
          `${e.message}; navigations ${JSON.stringify(h.navigations)}, toasts ${JSON.stringify(h.toasts)}, member ${JSON.stringify(member).slice(0, 80)}`,
        )
      }

      // Share: the page's onShareAppMessage answers the title, the sUid/bUid path and an absolute https image.
      const share = details.onShareAppMessage?.call(details, { from: 'menu' })
      const shared = share && typeof share.then === 'function' ? await share : share
      // SPEC.md: sUid is the member; bUid their own shop, else the shop they arrived with (none here: no bUid).
      const bUid = member?.businessId ? new RegExp(`[?&]bUid=${member.businessId}(&|$)`).test(shared?.path || '') : !/[?&]bUid=/.test(shared?.path || '')
      check(
        'flow: share answers the goods title and the path with sUid (and bUid when there is a shop)',
        !!shared?.title && new RegExp(`[?&]sUid=${member?.id}(&|$)`).test(shared?.path || '') && bUid && shared.path.startsWith('/goodsPages/details/details'),
        JSON.stringify(shared),
      )
      check('flow: the share image is an absolute https PNG/JPG', /^https:\/\/[^/]+\/.+\.(png|jpe?g)(\?.*)?$/i.test(shared?.imageUrl || ''), shared?.imageUrl)
      if (/^https:\/\//.test(shared?.imageUrl || '')) {
        const img = await fetch(shop.base + new URL(shared.imageUrl).pathname + new URL(shared.imageUrl).search)
        const buf = Buffer.from(await img.arrayBuffer())
        const png = buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))
        const w = png ? buf.readUInt32BE(16) : 0
        const hgt = png ? buf.readUInt32BE(20) : 0
        check('flow: the share image is served as a 5:4 PNG', img.ok && png && w * 4 === hgt * 5, `${img.status} ${png ? `${w}x${hgt}` : img.headers.get('content-type')}`)
      }

      // Buy now -> place the order -> pay.
      try {
        await tap(h, details, await waitNode(h, details, 'detail-bar__btn--buy'), out)
        const navs = h.navigations.length
        await pickAndConfirm(details, 'spec-picker__btn--buy')
        const nav = h.navigations.slice(navs).find((n) => /placeAnOrder\/index/.test(n.url || ''))
        check('flow: buy now navigates to the order page', !!nav, JSON.stringify(h.navigations.slice(navs)))
        if (nav) {
          const [route, qs] = nav.url.replace(/^\//, '').split('?')
          const place = await h.openPage(route, h.parseQuery(qs))
          const payNavs = h.navigations.length
          await tap(h, place, await waitNode(h, place, 'place-order__submit'), out)
          await h.settle({ quietMs: 300 })
          const orders = (await shop.api('GET', '/api/order/list?status=all&page=1&pageSize=5', null, token)).data
          const order = (orders?.list || orders?.records || [])[0]
          seed.orderNo = order?.orderNo
          const paid = seed.orderNo ? (await shop.api('GET', `/api/pay/status?orderNo=${seed.orderNo}`, null, token)).data : null
          const wxpay = h.payments.length > 0
          check(
            "flow: submit places the order and pays it (sandbox confirm, or requestPayment with the server's params)",
            !!paid?.paid || (wxpay && /^prepay_id=/.test(h.payments[0].package || '')),
            `order ${seed.orderNo}, status ${JSON.stringify(paid)}, modals ${JSON.stringify(h.modals.map((m) => m.title))}, toasts ${JSON.stringify(h.toasts)}, navigations ${JSON.stringify(h.navigations.slice(payNavs))}`,
          )
        }
      } catch (e) {
        check('flow: buy now, place the order and pay', false, e.stack)
      }
      check('flows: no console.error', h.errors.length === 0, h.errors.slice(0, 3).join('\n'))
    }
    console.log(`flows: ${ms(t0)}`)

    const passes = [
      ['logged out, no params', {}, false],
      ['logged out, seed params', {}, true],
      ['logged in, no params', loggedIn, false],
      ['logged in, seed params', loggedIn, true],
    ]
    // WEAPP_PASSES=<name>|<name> runs only those (the bench); WEAPP_FLOWS_ONLY=1 none.
    const only = (process.env.WEAPP_PASSES || '').split('|').filter(Boolean)
    // The passes run side by side (each its own vm; most of a page's time is waiting for the server and timers).
    // An uncaught error is counted on the page of the pass that was open when it came, possibly another pass's.
    const selected = process.env.WEAPP_FLOWS_ONLY ? [] : passes.filter(([n]) => !only.length || only.includes(n))
    await Promise.all(
      selected.map(async ([name, storage, withParams]) => {
        const t1 = Date.now()
        const h = boot(storage)
        const problems = { errors: [], empty: [], templates: [], requests: [], icons: [], svg: [], webviews: [] }
        const rows = []
        for (const route of pages) {
          const errorsBefore = h.errors.length
          const uncaughtBefore = uncaught.length
          const requestsBefore = h.requests.length
          let page
          try {
            page = await h.openPage(route, withParams ? queryFor(route, seed) : {})
          } catch (e) {
            problems.errors.push(`${route}: ${e.stack}`)
            continue
          }
          const errs = [...h.errors.slice(errorsBefore), ...uncaught.slice(uncaughtBefore)]
          if (errs.length) problems.errors.push(`${route}: ${errs[0].slice(0, 600)}`)
          if (!page.data?.root?.cn?.length) problems.empty.push(route)
          const missing = [...nodeTypes(page.data)].filter((nn) => !templates.has(nn) && !templates.has(`${nn}_focus`))
          if (missing.length) problems.templates.push(`${route}: ${missing.join(', ')}`)
          const stray = h.requests.slice(requestsBefore).filter((r) => !r.url.startsWith(`${apiOrigin}/h5/api/`))
          if (stray.length) problems.requests.push(`${route}: ${stray[0].url}`)
          const icons = findAllIcons(page.data)
          const noGlyph = icons.filter((n) => !glyphs.has(n))
          if (noGlyph.length) problems.icons.push(`${route}: ${noGlyph.join(', ')}`)
          if (JSON.stringify(page.data).includes('data:image/svg+xml')) problems.svg.push(route)
          if (withParams && /^commonPages\/webView\/(activityWeb|common|activityCustomize)$/.test(route) && textOf(page.data).includes('不在允许访问的范围内')) problems.webviews.push(route)
          const bytes = page.setDataCalls.reduce((a, c) => a + c.bytes, 0)
          rows.push({ route, calls: page.setDataCalls.length, bytes })
          if (route === 'pages/home/index') {
            if (withParams && storage === loggedIn) report.home = page.data
            const text = textOf(page.data)
            check(
              `${name}: home shows the seeded catalogue`,
              seed.names.some((n) => text.includes(n)),
              text.slice(0, 200),
            )
          }
          await h.closePage()
        }
        report.passes[name] = rows
        check(`${name}: ${pages.length} pages load with no console.error or uncaught error`, problems.errors.length === 0, problems.errors.slice(0, 3).join('\n'))
        check(`${name}: every page produces page data`, problems.empty.length === 0, problems.empty.join(', '))
        check(`${name}: every node type has its template in base.wxml`, problems.templates.length === 0, problems.templates.slice(0, 5).join('; '))
        check(`${name}: requests go only to ${apiOrigin}/h5/api/`, problems.requests.length === 0, problems.requests.slice(0, 3).join('; '))
        check(
          `${name}: every icon has a glyph in the icon font, none is an SVG in a style`,
          problems.icons.length === 0 && problems.svg.length === 0,
          [...problems.icons, ...problems.svg].slice(0, 5).join('; '),
        )
        if (withParams) check(`${name}: the web-view pages open the seeded activity link (a path on the shop)`, problems.webviews.length === 0, `refused on ${problems.webviews.join(', ')}`)
        const heavy = rows.filter((r) => r.bytes > SETDATA_PAGE_LIMIT)
        check(`${name}: each page's first-load setData is at most 32 KB`, heavy.length === 0, heavy.map((r) => `${r.route} ${(r.bytes / 1024).toFixed(1)} KB`).join(', '))
        console.log(`${name}: ${ms(t1)}`)
      }),
    )
  } finally {
    process.off('uncaughtException', onUncaught)
    process.off('unhandledRejection', onUncaught)
    await shop.stop()
  }
  return report
}

/** Icon names (`nut-icon-<name>` classes of the icon-font elements) in a page's data. */
function findAllIcons(data, out = []) {
  if (Array.isArray(data)) data.forEach((d) => findAllIcons(d, out))
  else if (data && typeof data === 'object') {
    if (typeof data.cl === 'string' && data.cl.includes('nutui-iconfont')) {
      const m = data.cl.match(/\bnut-icon-([A-Za-z0-9_-]+)/g) || []
      out.push(...m.map((c) => c.slice('nut-icon-'.length)))
    }
    for (const v of Object.values(data)) if (v && typeof v === 'object') findAllIcons(v, out)
  }
  return out
}
