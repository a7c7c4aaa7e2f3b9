import fs from 'node:fs'
import path from 'node:path'
import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { makeGoods } from './tradeFixtures'
import { PNG_1PX, uploadFile } from './contentHelpers'
import { ASSETS_MEDIA } from '../src/demo/videoMedia'

const DEMO_MP4 = fs.readFileSync(path.join(ASSETS_MEDIA, 'video', 'spring-outfit.mp4'))

/** The console's 内容 and 反馈 routes and what the shop shows after them, on both databases. */
describe.each(DIALECTS)('console content routes (%s)', (dialect) => {
  let t: TestApp
  let c: AdminClient
  let member: string
  let memberId: number
  beforeAll(async () => {
    t = await makeTestApp(dialect, { config: { webviewAllowList: ['shop.example.com'] } })
    c = adminClient(t, await signIn(t, 'owner'))
    member = await t.login(nextPhone())
    memberId = (await t.get('/api/member/getMemberInfo', {}, member)).data.id
  })
  afterAll(() => t.close())

  it('articles: categories, a sanitised article the shop returns as edited, publish and withdraw, audit rows', async () => {
    expect((await c.post('/article-categories', { name: '  ' })).msg).toBe('请填写名称')
    const cat = await c.post('/article-categories', { name: '护肤课堂', sort: 5 })
    expect(cat.code).toBe(200)
    expect((await c.post('/article-categories', { name: '护肤课堂' })).code).toBe(409)
    expect((await c.post('/articles', { title: '无分类', contentHtml: '<p>x</p>', categoryId: 999999 })).msg).toBe('文章分类不存在')
    expect((await c.post('/articles', { title: '空', contentHtml: '<p> </p>', categoryId: cat.data.id })).msg).toBe('请输入文章内容')
    const html = '<p onclick="x()">春季<b>补水</b><script>alert(1)</script><img src="javascript:alert(1)"><img src="/uploads/202601/a.png"></p><iframe src="https://evil.io"></iframe>'
    // An undeclared field (memberId) never reaches the handler: the article stays the shop's own.
    const a = await c.post('/articles', { title: '春季补水指南', contentHtml: html, categoryId: cat.data.id, memberId })
    expect(a.code).toBe(200)
    // A draft: not in the shop.
    expect((await t.get('/api/article/detail', { id: a.data.id })).code).toBe(404)
    expect((await c.post(`/articles/${a.data.id}/publish`)).code).toBe(200)
    expect((await c.post(`/articles/${a.data.id}/publish`)).code).toBe(409)
    const shop = await t.get('/api/article/detail', { id: a.data.id })
    expect(shop.code).toBe(200)
    expect(shop.data).toMatchObject({ title: '春季补水指南', categoryName: '护肤课堂', cover: '/uploads/202601/a.png', author: { nickname: '官方' } })
    expect(shop.data.contentHtml).toBe('<p>春季<b>补水</b><img src="/uploads/202601/a.png" /></p>')
    // Edited in the console: the shop returns the edit, sanitised.
    const edit = await c.put(`/articles/${a.data.id}`, {
      title: '春季补水指南（新版）',
      contentHtml: '<h2>第一步</h2><p style="color:#f00;position:fixed">洁面<a href="javascript:alert(1)">点</a></p>',
      categoryId: cat.data.id,
      summary: '三步补水',
    })
    expect(edit.code).toBe(200)
    const shop2 = await t.get('/api/article/detail', { id: a.data.id })
    expect(shop2.data).toMatchObject({ title: '春季补水指南（新版）', summary: '三步补水', status: 'published' })
    expect(shop2.data.contentHtml).toBe('<h2>第一步</h2><p style="color:#f00">洁面<a>点</a></p>')
    expect((await t.get('/api/article/list', { categoryId: cat.data.id })).data.list.map((x: any) => x.id)).toEqual([a.data.id])
    // Withdrawn: gone from the shop; the category cannot be deleted while it holds the article.
    expect((await c.post(`/articles/${a.data.id}/unpublish`)).code).toBe(200)
    expect((await t.get('/api/article/detail', { id: a.data.id })).code).toBe(404)
    expect((await c.del(`/article-categories/${cat.data.id}`)).code).toBe(409)
    const list = await c.get('/articles', { keyword: '补水', status: 'draft' })
    expect(list.data.list.map((x: any) => x.id)).toEqual([a.data.id])
    expect((await c.get('/article-categories')).data.find((x: any) => x.id === cat.data.id).articleCount).toBe(1)
    expect((await c.del(`/articles/${a.data.id}`)).code).toBe(200)
    expect((await c.del(`/article-categories/${cat.data.id}`)).code).toBe(200)
    for (const action of ['articleCategory.create', 'article.create', 'article.publish', 'article.update', 'article.unpublish', 'article.delete', 'articleCategory.delete']) {
      expect((await auditRows(t, action)).length).toBeGreaterThanOrEqual(1)
    }
    const upd = (await auditRows(t, 'article.update')).at(-1)!
    expect(JSON.parse(upd.afterJson!)).toMatchObject({ title: '春季补水指南（新版）' })
  })

  it('web links: refused outside the allow-list (nothing saved), allowed after adding the host; checkWebUrl follows the console hosts', async () => {
    const before = await t.db
      .selectFrom('webLinks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const refused = await c.post('/content/web-links', { title: '合作活动', url: 'https://act.partner.cn/spring?x=1' })
    expect(refused.code).toBe(400)
    expect(refused.msg).toBe('链接的域名「act.partner.cn」不在允许访问的名单中，请先在下方添加该域名')
    expect((await c.post('/content/web-links', { title: '脚本', url: 'javascript:alert(1)' })).code).toBe(400)
    expect(
      Number(
        (
          await t.db
            .selectFrom('webLinks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(Number(before.n))
    expect((await t.get('/api/content/checkWebUrl', { url: 'https://act.partner.cn/spring' })).data.allowed).toBe(false)

    expect((await c.post('/content/webview-hosts', { host: 'https://partner.cn/x' })).code).toBe(400)
    expect((await c.post('/content/webview-hosts', { host: 'cn' })).code).toBe(400)
    expect((await c.post('/content/webview-hosts', { host: 'shop.example.com' })).code).toBe(409)
    const host = await c.post('/content/webview-hosts', { host: 'Partner.CN', note: '合作方' })
    expect(host.code).toBe(200)
    expect((await c.post('/content/webview-hosts', { host: 'partner.cn' })).code).toBe(409)
    expect((await t.get('/api/content/checkWebUrl', { url: 'https://act.partner.cn/spring' })).data).toEqual({ allowed: true, url: 'https://act.partner.cn/spring' })
    const link = await c.post('/content/web-links', { title: '合作活动', url: 'https://act.partner.cn/spring?x=1' })
    expect(link.code).toBe(200)
    const shopPath = await c.post('/content/web-links', { title: '节日活动页', url: '/media/activity/festival.html', sort: 2 })
    expect(shopPath.code).toBe(200)
    const all = await c.get('/content/web-links')
    expect(all.data.envHosts).toEqual(['shop.example.com'])
    expect(all.data.hosts.map((h: any) => h.host)).toEqual(['partner.cn'])
    expect(all.data.links.find((l: any) => l.id === link.data.id)).toMatchObject({
      allowed: true,
      pagePath: `/commonPages/webView/common?url=${encodeURIComponent('https://act.partner.cn/spring?x=1')}`,
    })
    // The host cannot go while a link needs it; once the link is gone, it can, and the shop refuses the address again.
    const stuck = await c.del(`/content/webview-hosts/${host.data.id}`)
    expect(stuck.code).toBe(409)
    expect(stuck.msg).toBe('链接「合作活动」还在使用该域名，请先修改或删除该链接')
    expect((await c.del(`/content/web-links/${link.data.id}`)).code).toBe(200)
    expect((await c.del(`/content/webview-hosts/${host.data.id}`)).code).toBe(200)
    expect((await t.get('/api/content/checkWebUrl', { url: 'https://act.partner.cn/spring' })).data.allowed).toBe(false)
    for (const action of ['webviewHost.add', 'webLink.create', 'webLink.delete', 'webviewHost.remove']) expect((await auditRows(t, action)).length).toBeGreaterThanOrEqual(1)
    expect(JSON.parse((await auditRows(t, 'webviewHost.add')).at(-1)!.afterJson!)).toEqual({ host: 'partner.cn', note: '合作方' })
  })

  it('videos: a release waits for review; approved it is listed in the shop, taken down it disappears; comments and danmu moderated', async () => {
    const { goodsId } = await makeGoods(t)
    const up = await uploadFile(t, member, DEMO_MP4, 'v.mp4', 'video/mp4')
    const cover = await uploadFile(t, member, PNG_1PX, 'c.png', 'image/png')
    const rel = await t.post('/api/video/release', { title: '控制台审核视频', url: up.data.url, cover: cover.data.url, duration: 8, goodsIds: [goodsId] }, member)
    expect(rel.code).toBe(200)
    const id = rel.data.id
    const feedIds = async () => (await t.get('/api/video/list', { page: 1, pageSize: 50 })).data.list.map((v: any) => v.id)
    expect(await feedIds()).not.toContain(id)
    const queue = await c.get('/videos', { status: 'pending' })
    expect(queue.data.list.map((v: any) => v.id)).toContain(id)
    expect(queue.data.list.find((v: any) => v.id === id)).toMatchObject({ title: '控制台审核视频', status: 'pending', memberId })

    expect((await c.post(`/videos/${id}/approve`)).code).toBe(200)
    expect((await c.post(`/videos/${id}/approve`)).code).toBe(409)
    expect(await feedIds()).toContain(id)
    expect((await t.get('/api/video/detail', { id })).code).toBe(200)

    // Comments: one hidden (not listed, not counted), one deleted.
    const c1 = await t.post('/api/video/comment', { videoId: id, content: '好看', time: 3 }, member)
    const c2 = await t.post('/api/video/comment', { videoId: id, content: '广告 加微信', time: 5 }, member)
    const c3 = await t.post('/api/video/comment', { videoId: id, content: '刷屏刷屏', time: 6 }, member)
    expect([c1.code, c2.code, c3.code]).toEqual([200, 200, 200])
    const comments = await c.get('/video-comments', { videoId: id })
    expect(comments.data.list.map((x: any) => x.content)).toEqual(['刷屏刷屏', '广告 加微信', '好看'])
    expect(comments.data.list[0]).toMatchObject({ timeOffset: 6, videoTitle: '控制台审核视频', hidden: false })
    expect((await c.post(`/video-comments/${c2.data.id}/hidden`, { hidden: true })).code).toBe(200)
    expect((await c.post(`/video-comments/${c2.data.id}/hidden`, { hidden: true })).code).toBe(409)
    expect((await c.del(`/video-comments/${c3.data.id}`)).code).toBe(200)
    const shopComments = await t.get('/api/video/commentList', { videoId: id })
    expect(shopComments.data.list.map((x: any) => x.content)).toEqual(['好看'])
    expect((await t.get('/api/video/detail', { id })).data.comments).toBe(1)
    expect((await c.post(`/video-comments/${c2.data.id}/hidden`, { hidden: false })).code).toBe(200)
    expect((await t.get('/api/video/detail', { id })).data.comments).toBe(2)
    expect((await c.get('/video-comments', { videoId: id, hidden: false })).data.total).toBe(2)

    // Taken down with a reason: gone from the feed, the detail and the author's page.
    expect((await c.post(`/videos/${id}/take-down`, { reason: '   ' })).msg).toBe('请填写下架原因')
    expect((await c.post(`/videos/${id}/take-down`, {})).msg).toBe('请填写原因')
    expect((await c.post(`/videos/${id}/take-down`, { reason: '含站外引流信息' })).code).toBe(200)
    expect(await feedIds()).not.toContain(id)
    expect((await t.get('/api/video/detail', { id })).code).toBe(404)
    expect((await t.get('/api/video/userVideos', { memberId })).data.list.map((v: any) => v.id)).not.toContain(id)
    expect((await c.get('/videos', { status: 'off' })).data.list.find((v: any) => v.id === id)).toMatchObject({ reviewReason: '含站外引流信息' })
    const down = (await auditRows(t, 'video.take-down')).at(-1)!
    expect(JSON.parse(down.afterJson!)).toEqual({ status: 'off', reviewReason: '含站外引流信息' })
    for (const action of ['video.approve', 'videoComment.hide', 'videoComment.unhide', 'videoComment.delete']) expect((await auditRows(t, action)).length).toBeGreaterThanOrEqual(1)
  })

  it('reviews: filtered by goods, stars and pictures; a hidden review leaves the goods page; the reply shows there', async () => {
    const { goodsId, skuId } = await makeGoods(t)
    const now = Date.now()
    const add = (rating: number, content: string, images: string[], at: number) =>
      t.db
        .insertInto('goodsReviews')
        .values({ goodsId, skuId, specText: '默认', orderId: null, orderItemId: null, memberId, parentId: null, rating, content, images: JSON.stringify(images), anonymous: 0, createdAt: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    const good = await add(5, '质量很好，会回购', ['/uploads/202601/r.png'], now - 2000)
    const badOne = await add(1, '差评 广告链接', [], now - 1000)
    const list = await c.get('/reviews', { goodsId })
    expect(list.data.list.map((r: any) => r.id)).toEqual([badOne.id, good.id])
    expect((await c.get('/reviews', { goodsId, rating: 5 })).data.list.map((r: any) => r.id)).toEqual([good.id])
    expect((await c.get('/reviews', { goodsId, hasImages: true })).data.list.map((r: any) => r.id)).toEqual([good.id])
    expect((await c.get('/reviews', { goodsId, rating: 6 })).code).toBe(400)

    const commentsOf = async () => (await t.get('/api/goods/commentList', { goodsId, page: 1, pageSize: 10 })).data
    expect((await commentsOf()).list.map((r: any) => r.id)).toEqual([badOne.id, good.id])
    expect((await c.post(`/reviews/${badOne.id}/hidden`, { hidden: true })).code).toBe(200)
    const after = await commentsOf()
    expect(after.list.map((r: any) => r.id)).toEqual([good.id])
    expect(after.count).toBe(1)
    const detail = await t.get('/api/goods/detail', { id: goodsId })
    expect(detail.data.comments.latest.map((r: any) => r.id)).toEqual([good.id])

    expect((await c.post(`/reviews/${good.id}/reply`, { reply: '  ' })).msg).toBe('请填写回复内容')
    expect((await c.post(`/reviews/${good.id}/reply`, { reply: '感谢支持，期待再次光临！' })).code).toBe(200)
    const replied = await t.get('/api/goods/detail', { id: goodsId })
    expect(replied.data.comments.latest[0].reply).toMatchObject({ content: '感谢支持，期待再次光临！' })
    expect((await commentsOf()).list[0].reply.content).toBe('感谢支持，期待再次光临！')
    expect((await c.post(`/reviews/${badOne.id}/hidden`, { hidden: false })).code).toBe(200)
    expect((await commentsOf()).list.map((r: any) => r.id)).toEqual([badOne.id, good.id])
    expect((await c.get('/reviews', { goodsId, replied: true })).data.list.map((r: any) => r.id)).toEqual([good.id])
    for (const action of ['review.hide', 'review.unhide', 'review.reply']) expect((await auditRows(t, action)).length).toBeGreaterThanOrEqual(1)
  })

  it('feedback: read, reply (the member sees it), close; feedback.* permissions; audit rows', async () => {
    const sent = await t.post('/api/feedback/submit', { type: 'bug', content: '下单页面偶尔白屏，刷新后正常', images: [], contact: '' }, member)
    expect(sent.code).toBe(200)
    const id = sent.data.id
    const service = adminClient(t, await signIn(t, 'service'))
    const operator = adminClient(t, await signIn(t, 'operator'))
    expect((await operator.get('/feedback')).code).toBe(8003)
    const list = await service.get('/feedback', { status: 'new' })
    expect(list.data.list.find((f: any) => f.id === id)).toMatchObject({ content: '下单页面偶尔白屏，刷新后正常', typeText: '功能异常', status: 'new', memberId })
    expect((await service.post(`/feedback/${id}/read`)).code).toBe(200)
    expect((await service.post(`/feedback/${id}/reply`, { reply: '' })).code).toBe(400)
    expect((await service.post(`/feedback/${id}/reply`, { reply: '已修复，请更新后再试，谢谢反馈！' })).code).toBe(200)
    const mine = await t.get('/api/feedback/list', {}, member)
    expect(mine.data.find((f: any) => f.id === id)).toMatchObject({ status: 'replied', reply: '已修复，请更新后再试，谢谢反馈！' })
    expect((await service.post(`/feedback/${id}/close`)).code).toBe(200)
    expect((await service.post(`/feedback/${id}/close`)).code).toBe(409)
    expect((await service.post(`/feedback/${id}/reply`, { reply: '再补充' })).code).toBe(409)
    expect((await service.get('/feedback', { status: 'closed' })).data.list.map((f: any) => f.id)).toContain(id)
    // Another member never sees it.
    const other = await t.login(nextPhone())
    expect((await t.get('/api/feedback/list', {}, other)).data).toEqual([])
    const rows = [...(await auditRows(t, 'feedback.read')), ...(await auditRows(t, 'feedback.reply')), ...(await auditRows(t, 'feedback.close'))].filter((r) => r.targetId === String(id))
    expect(rows.map((r) => r.action).sort()).toEqual(['feedback.close', 'feedback.read', 'feedback.reply'])
  })

  it('content permissions: service reads but cannot write; finance cannot read', async () => {
    const service = adminClient(t, await signIn(t, 'service'))
    const finance = adminClient(t, await signIn(t, 'finance'))
    expect((await service.get('/videos')).code).toBe(200)
    expect((await service.post('/article-categories', { name: '客服不能建' })).code).toBe(8003)
    expect((await finance.get('/reviews')).code).toBe(8003)
  })
})
