import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { sanitizeArticleHtml } from '../src/modules/article/sanitize'
import { articleSeeder } from '../src/demo/article'

describe('article HTML sanitiser', () => {
  it('removes script, event handlers, javascript: URLs and iframes', () => {
    const out = sanitizeArticleHtml(
      '<p>正文<script>alert(1)</script></p><img src="/uploads/202501/a.png" onerror="alert(1)"><a href="javascript:alert(1)">链接</a><a href=" JaVaScRiPt:alert(1)">大写</a><iframe src="https://evil.example/"></iframe><div onclick="x()">块</div><img src="data:image/png;base64,AAAA"><img src="//evil.example/x.png"><style>body{display:none}</style>',
    )
    expect(out).not.toMatch(/script|onerror|onclick|javascript|iframe|evil|data:|<style|display:none/i)
    expect(out).toContain('<img src="/uploads/202501/a.png" />')
    expect(out).toContain('<a>链接</a>')
    expect(out).toContain('正文')
  })

  it('keeps the allowed formatting of the editors', () => {
    const html =
      '<h2>标题</h2><p class="ql-align-center"><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p><ol><li data-list="bullet">一</li></ol><blockquote>引用</blockquote><p style="color: #ff0000; text-align: right">红字</p><a href="https://shop.example/a">外链</a><img src="/media/content/a.jpg" style="width: 300px">'
    const out = sanitizeArticleHtml(html)
    for (const keep of [
      '<h2>标题</h2>',
      '<p class="ql-align-center">',
      '<strong>粗</strong>',
      '<em>斜</em>',
      '<u>下划线</u>',
      '<s>删除</s>',
      '<li data-list="bullet">一</li>',
      '<blockquote>引用</blockquote>',
      'color:#ff0000',
      'text-align:right',
      'width:300px',
    ])
      expect(out).toContain(keep)
    expect(out).toContain('<a href="https://shop.example/a" target="_blank" rel="noopener noreferrer nofollow">外链</a>')
  })

  it('drops style properties and classes outside the allow-list', () => {
    const out = sanitizeArticleHtml('<p class="evil ql-indent-1" style="position:fixed;background-image:url(javascript:x);color:red">x</p>')
    expect(out).toBe('<p class="ql-indent-1">x</p>')
  })
})

describe.each(DIALECTS)('article module on %s', (dialect) => {
  let t: TestApp
  let alice: string
  let bob: string
  let demoShopper: string
  let catId: number
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    alice = await t.login(nextPhone())
    bob = await t.login(nextPhone())
    demoShopper = await t.login('13800138000')
    await articleSeeder.run(t.ctx)
    catId = (await t.get('/api/article/categoryList')).data[0].id
  })
  afterAll(async () => t.close())

  it("files every seeded article in the category it is about, with that category's cover", async () => {
    const cats = (await t.get('/api/article/categoryList')).data
    const all = (await t.get('/api/article/list', { page: 1, pageSize: 50 })).data.list
    for (const a of all) expect([a.title, a.cover]).toEqual([a.title, cats.find((c: any) => c.id === a.categoryId).icon])
    // The demo shopper's published article is about skin care: 护理常识, not 健康知识.
    const mine = (await t.get('/api/article/myList', { status: 'published' }, demoShopper)).data.list
    expect(mine).toHaveLength(1)
    expect(cats.find((c: any) => c.id === mine[0].categoryId).name).toBe('护理常识')
  })

  it('lists the seeded categories and gender-school articles by category', async () => {
    const cats = await t.get('/api/article/categoryList')
    expect(cats.data.map((c: any) => c.name)).toEqual(['健康知识', '情感沟通', '护理常识', '科普问答'])
    const all = await t.get('/api/article/list', { page: 1, pageSize: 50 })
    expect(all.data.total).toBeGreaterThanOrEqual(8)
    const one = await t.get('/api/article/list', { categoryId: catId })
    expect(one.data.list.length).toBeGreaterThan(0)
    expect(one.data.list.every((a: any) => a.categoryId === catId && a.status === 'published')).toBe(true)
    const found = await t.get('/api/article/list', { keyword: '睡眠' })
    expect(found.data.list[0].title).toContain('睡眠')
  })

  it('reads a published article and counts the view', async () => {
    const a = (await t.get('/api/article/list')).data.list[0]
    const d = await t.get('/api/article/detail', { id: a.id })
    expect(d.data.contentHtml).toContain('<')
    expect(d.data.views).toBe(a.views + 1)
    expect(d.data.isOwner).toBe(false)
  })

  it('saves a sanitised draft, keeps it private, then publishes it with title, cover and category', async () => {
    const saved = await t.post('/api/article/save', { title: '我的草稿', contentHtml: '<p>你好<script>alert(1)</script><img src="/uploads/x.png" onerror="alert(2)"></p>' }, alice)
    expect(saved.code).toBe(200)
    expect(saved.data.contentHtml).toBe('<p>你好<img src="/uploads/x.png" /></p>')
    const id = saved.data.id
    expect((await t.get('/api/article/myList', { status: 'draft' }, alice)).data.list.map((a: any) => a.id)).toContain(id)
    expect((await t.get('/api/article/detail', { id }, bob)).code).toBe(404)
    expect((await t.get('/api/article/detail', { id })).code).toBe(404)
    expect((await t.get('/api/article/detail', { id }, alice)).data).toMatchObject({ isOwner: true, status: 'draft' })
    expect((await t.post('/api/article/publish', { id, title: '发布的文章', cover: '', categoryId: 999999 }, alice)).code).toBe(400)
    const pub = await t.post('/api/article/publish', { id, title: '发布的文章', cover: '', categoryId: catId }, alice)
    expect(pub.data).toMatchObject({ status: 'published', title: '发布的文章', cover: '/uploads/x.png', categoryId: catId })
    expect((await t.get('/api/article/myList', { status: 'published' }, alice)).data.list.map((a: any) => a.id)).toContain(id)
    expect((await t.get('/api/article/myList', { status: 'draft' }, alice)).data.list.map((a: any) => a.id)).not.toContain(id)
    expect((await t.get('/api/article/detail', { id }, bob)).data.title).toBe('发布的文章')
  })

  it('refuses empty content, a javascript: cover, and saving without login', async () => {
    expect((await t.post('/api/article/save', { title: '空', contentHtml: '<p><script>x</script></p>' }, alice)).code).toBe(400)
    expect((await t.post('/api/article/save', { title: 'x', contentHtml: '<p>x</p>', cover: 'javascript:alert(1)' }, alice)).code).toBe(400)
    expect((await t.post('/api/article/save', { title: 'x', contentHtml: '<p>x</p>' })).code).toBe(403)
  })

  it('lets only the author edit or delete an article', async () => {
    const id = (await t.post('/api/article/save', { title: '爱丽丝的', contentHtml: '<p>原文</p>' }, alice)).data.id
    expect((await t.post('/api/article/save', { id, title: '改掉', contentHtml: '<p>鲍勃改的</p>' }, bob)).code).toBe(404)
    expect((await t.post('/api/article/publish', { id, title: '改掉', cover: '', categoryId: catId }, bob)).code).toBe(404)
    expect((await t.post('/api/article/delete', { id }, bob)).code).toBe(404)
    const row = await t.db.selectFrom('articles').select(['title', 'contentHtml', 'status']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toEqual({ title: '爱丽丝的', contentHtml: '<p>原文</p>', status: 'draft' })
    expect((await t.post('/api/article/save', { id, title: '爱丽丝改的', contentHtml: '<p>新内容</p>' }, alice)).code).toBe(200)
    expect((await t.post('/api/article/delete', { id }, alice)).data).toEqual({ deleted: true })
    expect(await t.db.selectFrom('articles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
  })
})
