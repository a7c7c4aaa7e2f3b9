// Content as a member, through the real pages: the video feed (swipe, pause, playback rate, danmu), video search
// with its own history, an article written in the H5 editor (Quill from the shop's server) with an uploaded
// picture and published, a notice from the notice list, and a business card made and previewed.
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { useShopSuite, dismissNewMemberGift, fill, newPhone, shown, button, toastShown, shot } from './harness.mjs'

/** A small solid-colour PNG (w×h, RGB), so the uploaded picture is visible in the screenshots. */
function png(w, h, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf) => {
    let c = 0xffffffff
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([len, body, sum])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3).fill(Buffer.from([r, g, b]))])
  const raw = Buffer.concat(Array.from({ length: h }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'content-e2e-'))
fs.writeFileSync(path.join(tmp, 'photo.png'), png(160, 90, [175, 87, 255]))
after(() => fs.rmSync(tmp, { recursive: true, force: true }))
let cdp
const quillRequests = []
const suite = useShopSuite({
  // The committed demo videos only (no ffmpeg rendering at seed time): three videos with comments.
  env: { SEED_RENDER_VIDEOS: '0' },
  member: newPhone(),
  async setup(s) {
    s.page.on('request', (r) => {
      if (/\/quill/i.test(r.url())) quillRequests.push(r.url())
    })
    await dismissNewMemberGift(s.context)
    await s.signIn()
    cdp = await s.context.newCDPSession(s.page)
  },
})

const tab = (page, label) => shown(page, '.weui-tabbar__item', { hasText: label }).click()
/** Each test after the first starts from a fresh load of a tab page (the previous one may end anywhere). */
async function startAt(page, route) {
  await page.goto(`${suite.shop.base}${route}`)
  await shown(page, '.weui-tabbar__item').first().waitFor()
}
/** An entry of the mine tab's tool grid. */
async function openMineEntry(page, text) {
  await startAt(page, '/pages/mine/index')
  await page.waitForURL(/\/pages\/mine\/index/)
  await shown(page, '.mine__grid .nut-grid-item', { hasText: text }).click()
}
/** A finger swipe from (x, fromY) to (x, toY) through the DevTools protocol (touch events, as on a phone). */
async function swipe(page, x, fromY, toY) {
  const touch = (type, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] })
  await touch('touchStart', fromY)
  const steps = 10
  for (let i = 1; i <= steps; i++) {
    await touch('touchMove', Math.round(fromY + ((toY - fromY) * i) / steps))
    await page.waitForTimeout(16)
  }
  await touch('touchEnd')
}
/** The <video> of the feed's current slide. */
const activeVideo = (page, fn) => page.evaluate(fn, null)

test('video tab: swipe to the next video, pause with a tap, change the playback rate, danmu fly over it', async () => {
  const { page } = suite
  const feed = await suite.shop.api('GET', '/api/video/list?page=1&pageSize=10', null, suite.token)
  assert.ok(feed.data.list.length >= 2, 'two demo videos at least')
  const [first, second] = feed.data.list

  // Opened from the tab bar (a tap, so the browser lets the video play with sound).
  await tab(page, '短视频')
  await page.waitForURL(/\/pages\/video\/index/)
  const active = (sel) => shown(page, `.vfeed .swiper-slide-active ${sel}`)
  await active('.vfeed__title').filter({ hasText: first.title }).waitFor()
  await page.waitForFunction(() => {
    const v = document.querySelector('.vfeed .swiper-slide-active video')
    return v && !v.paused && v.currentTime > 0
  })

  // Swipe up: the next video comes in and plays; the first one stops. (A flick that falls short is tried again, as a
  // member would; the slide is checked before each try so the feed never skips a video.)
  for (let i = 0; i < 3; i++) {
    await swipe(page, 200, 660, 140)
    const moved = await page
      .waitForFunction((t) => !document.querySelector('.vfeed .swiper-slide-active .vfeed__title')?.textContent?.includes(t), first.title, { timeout: 3000 })
      .then(
        () => true,
        () => false,
      )
    if (moved) break
  }
  await active('.vfeed__title').filter({ hasText: second.title }).waitFor()
  await page.waitForFunction((firstSrc) => {
    const v = document.querySelector('.vfeed .swiper-slide-active video')
    const old = [...document.querySelectorAll('.vfeed video')].find((x) => x.currentSrc.endsWith(firstSrc))
    return v && !v.paused && v.currentTime > 0 && (!old || old.paused)
  }, first.url)
  // The video's comments fly over it as danmu while it plays (seeded at its first seconds).
  const danmu = active('.vfeed-danmu__item').first()
  await danmu.waitFor()
  const flying = (await danmu.innerText()).trim()
  const comments = await suite.shop.api('GET', `/api/video/commentList?videoId=${second.id}&page=1&pageSize=50`, null, suite.token)
  assert.ok(
    comments.data.list.some((c) => c.content === flying),
    `danmu "${flying}" is one of the video's comments`,
  )
  await shot(page, 'content-video-danmu')

  // A tap pauses: the play icon shows and the video stops.
  await active('.vfeed__tap').tap()
  await active('.vfeed__paused').waitFor()
  await page.waitForFunction(() => document.querySelector('.vfeed .swiper-slide-active video')?.paused === true)

  // Playback rate: the controls (shown by the tap) offer the rates; 1.5x is applied to the video.
  await active('.vfeed__ctl').filter({ hasText: '倍速' }).click()
  await active('.vfeed__rate').filter({ hasText: '1.5x' }).click()
  await active('.vfeed__ctl').filter({ hasText: '1.5x' }).waitFor()
  assert.equal(await activeVideo(page, () => document.querySelector('.vfeed .swiper-slide-active video').playbackRate), 1.5)
  await shot(page, 'content-video-paused')

  // Tapping the play icon plays on, at 1.5x.
  await active('.vfeed__paused').tap()
  await page.waitForFunction(() => {
    const v = document.querySelector('.vfeed .swiper-slide-active video')
    return v && !v.paused && v.playbackRate === 1.5
  })
  await active('.vfeed__paused').waitFor({ state: 'hidden' })
  assert.deepEqual(suite.errors, [])
})

test('video search: results, and the term in the video search history, kept apart from the goods history', async () => {
  const { page } = suite
  await shown(page, '.video-page__icon').first().click() // the magnifier at the top of the feed
  await page.waitForURL(/\/commonPages\/search\/videoSearch/)
  await shown(page, '.vsearch__history', { hasText: '暂无搜索记录' }).waitFor()
  const input = shown(page, '.vsearch__bar input')
  await input.click()
  await input.fill('穿搭')
  await input.press('Enter')
  await shown(page, '.video-grid__title', { hasText: '春日穿搭' }).waitFor()
  const titles = await shown(page, '.video-grid__title').allInnerTexts()
  assert.ok(
    titles.every((t) => t.includes('穿搭')),
    titles.join(' | '),
  )

  // Back on the feed and into the search again: the term is in the history.
  await shown(page, '.page-layout__nav .nut-navbar-left-back').click()
  await page.waitForURL(/\/pages\/video\/index/)
  await shown(page, '.video-page__icon').first().click()
  await page.waitForURL(/\/commonPages\/search\/videoSearch/)
  await shown(page, '.vsearch__tag', { hasText: '穿搭' }).waitFor()
  await shot(page, 'content-video-search-history')

  // The goods search keeps its own history: the video term is not there.
  await page.goBack()
  await page.waitForURL(/\/pages\/video\/index/)
  await tab(page, '首页')
  await shown(page, '.home-search').click()
  await page.waitForURL(/\/commonPages\/search\/goodsSearch/)
  await shown(page, '.goods-search__panel').waitFor()
  await shown(page, '.goods-search__label', { hasText: '热门搜索' }).waitFor()
  assert.equal(await shown(page, '.goods-search__chip', { hasText: /^穿搭$/ }).count(), 0)
  const stored = await page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('common')).data).state)
  assert.deepEqual(stored.videoSearchRecord, ['穿搭'])
  assert.deepEqual(stored.goodsSearchRecord, [])
  await page.goBack()
  await page.waitForURL(/\/pages\/home\/index|\/$/)
  assert.deepEqual(suite.errors, [])
})

test('an article with a picture: written in the editor (Quill from the shop), published, listed and readable', async () => {
  const { page } = suite
  const title = `春季护肤心得 ${Date.now() % 10000}`
  await openMineEntry(page, '我的文章')
  await page.waitForURL(/\/minePages\/myArticle\/index/)
  await shown(page, '.empty-hint', { hasText: '没有草稿' }).waitFor()
  await button(page, '写文章').click()
  await page.waitForURL(/\/minePages\/myArticle\/graphicEditing/)

  // The editor is loaded on this page only, from the shop's own server.
  const editor = shown(page, '.article-editor .ql-editor')
  await editor.waitFor()
  assert.ok(quillRequests.length > 0 && quillRequests.every((u) => u.startsWith(`${suite.shop.base}/static/vendor/quill/`)), quillRequests.join(' '))
  await fill(page, '请输入标题（发布前也可填写）', title)
  await editor.click()
  await page.keyboard.type('换季时皮肤容易干燥，早晚用温和的洁面，再叠加一层保湿精华。')
  await page.keyboard.press('Enter')

  // The toolbar's picture button opens the file picker; the picture is uploaded and put in the text by URL.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), shown(page, '.ql-toolbar .ql-image').click()])
  await chooser.setFiles(path.join(tmp, 'photo.png'))
  const img = editor.locator('img')
  await img.waitFor()
  assert.match(await img.getAttribute('src'), /^(https?:\/\/[^/]+)?\/uploads\/\d{6}\/[0-9a-f]+\.png$/)
  await page.waitForFunction(() => {
    const i = document.querySelector('.ql-editor img')
    return i && i.complete && i.naturalWidth === 160
  })
  await page.keyboard.type('坚持一个月，皮肤状态明显变好。')
  await shot(page, 'content-article-editing')

  // 下一步 saves it and opens the publish form (title kept); a category, then 发布.
  await button(page, '下一步').click()
  await page.waitForURL(/\/minePages\/myArticle\/release\?id=\d+/)
  const articleId = Number(new URL(page.url()).searchParams.get('id'))
  await page.waitForFunction((t) => [...document.querySelectorAll('input')].some((i) => i.value === t && i.offsetParent), title)
  await shown(page, '.article-form__cat').first().click()
  await shown(page, '.article-form__cat--on').waitFor()
  await button(page, '发布').click()
  await toastShown(page, '发布成功')
  await page.waitForURL(/\/minePages\/myArticle\/index\?tab=published/)
  const mine = shown(page, '.my-article', { hasText: title })
  await mine.waitFor()
  await mine.locator('.my-article__cover').waitFor() // the body's first picture is the cover
  await shot(page, 'content-article-published')

  // Read as published: the text and the picture.
  await mine.locator('.my-article__main').click()
  await page.waitForURL(new RegExp(`/commonPages/genderSchool/details\\?id=${articleId}`))
  await shown(page, '.content-detail__title', { hasText: title }).waitFor()
  await shown(page, '.content-detail', { hasText: '换季时皮肤容易干燥' }).waitFor()
  await page.waitForFunction(() => [...document.querySelectorAll('.content-detail img')].some((i) => i.complete && i.naturalWidth === 160 && i.offsetParent))
  const detail = await suite.shop.api('GET', `/api/article/detail?id=${articleId}`, null, suite.token)
  assert.equal(detail.data.status, 'published')
  assert.match(detail.data.contentHtml, /<img[^>]+src="[^"]*\/uploads\//)
  assert.deepEqual(suite.errors, [])
})

test('a notice opened from the notice list', async () => {
  const { page } = suite
  const notices = await suite.shop.api('GET', '/api/content/noticeList?page=1&pageSize=20', null, suite.token)
  assert.ok(notices.data.list.length > 0, 'seeded notices')
  await startAt(page, '/pages/home/index')
  await shown(page, '.home-notice__more').click()
  await page.waitForURL(/\/commonPages\/notice\/list/)
  const first = shown(page, '.content-card').first()
  await first.waitFor()
  const cardTitle = (await first.locator('.content-card__title').innerText()).replace(/^置顶/, '').trim()
  assert.equal(cardTitle, notices.data.list[0].title)
  await first.click()
  await page.waitForURL(new RegExp(`/commonPages/notice/details\\?id=${notices.data.list[0].id}`))
  await shown(page, '.content-detail__title', { hasText: cardTitle }).waitFor()
  await shown(page, '.content-detail .rich-content').waitFor()
  assert.ok((await shown(page, '.content-detail .rich-content').innerText()).trim().length > 0)
  await shot(page, 'content-notice')
  assert.deepEqual(suite.errors, [])
})

test('a business card: made in the form, then previewed as others see it', async () => {
  const { page } = suite
  await openMineEntry(page, '我的名片')
  await page.waitForURL(/\/minePages\/businessCard\/list/)
  await shown(page, '.empty-hint', { hasText: '还没有名片' }).waitFor()
  await button(page, '新建名片').click()
  await page.waitForURL(/\/minePages\/businessCard\/edit/)
  await fill(page, '请输入姓名', '林晓雨')
  await fill(page, '如：店长', '店长')
  await fill(page, '公司或店铺名称', '花语生活馆')
  await fill(page, '手机号或座机（如 0571-88886666）', '13912345678')
  await shot(page, 'content-card-edit')
  await button(page, '保存').click()
  await toastShown(page, '保存成功')
  await page.waitForURL(/\/minePages\/businessCard\/preview\?id=\d+/)
  const card = shown(page, '.bcard')
  await card.locator('.bcard__name', { hasText: '林晓雨' }).waitFor()
  await card.locator('.bcard__title', { hasText: '店长' }).waitFor()
  await card.locator('.bcard__company', { hasText: '花语生活馆' }).waitFor()
  await card.locator('.bcard__line', { hasText: '13912345678' }).waitFor()
  await button(page, '拨打电话').waitFor()
  await shown(page, '.bcard-views', { hasText: '编辑名片' }).waitFor() // the owner sees the edit link
  await shot(page, 'content-card-preview')

  // Back to my cards: the new card is listed.
  await shown(page, '.page-layout__nav .nut-navbar-left-back').click()
  await page.waitForURL(/\/minePages\/businessCard\/list/)
  await shown(page, '.bcard__name', { hasText: '林晓雨' }).waitFor()
  assert.deepEqual(suite.errors, [])
})
