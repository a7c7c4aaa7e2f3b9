import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'

describe.each(DIALECTS)('business card module on %s', (dialect) => {
  let t: TestApp
  let alice: string
  let bob: string
  const card = {
    name: '林花语',
    title: '店长',
    company: '花语小店',
    phone: '13900139000',
    wechat: 'huayu_shop',
    email: 'huayu@example.com',
    address: '杭州市西湖区',
    avatar: '/media/content/avatar-card.jpg',
    intro: '欢迎咨询',
  }
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    alice = await t.login(nextPhone())
    bob = await t.login(nextPhone())
  })
  afterAll(async () => t.close())

  it('creates, lists, reads and edits one’s own card', async () => {
    const created = await t.post('/api/businessCard/save', card, alice)
    expect(created.code).toBe(200)
    expect(created.data).toMatchObject({ ...card, views: 0 })
    expect((await t.get('/api/businessCard/list', {}, alice)).data.map((c: any) => c.id)).toEqual([created.data.id])
    expect((await t.get('/api/businessCard/list', {}, bob)).data).toEqual([])
    const edited = await t.post('/api/businessCard/save', { ...card, id: created.data.id, phone: '0571-88886666', title: '创始人' }, alice)
    expect(edited.data).toMatchObject({ phone: '0571-88886666', title: '创始人' })
    expect((await t.get('/api/businessCard/detail', { id: created.data.id }, alice)).data.title).toBe('创始人')
  })

  it('validates the phone (mainland mobile or landline), WeChat id, e-mail and avatar', async () => {
    for (const phone of ['12345678901', '1380013800', 'abc', '']) expect((await t.post('/api/businessCard/save', { ...card, phone }, alice)).code).toBe(400)
    expect((await t.post('/api/businessCard/save', { ...card, phone: '02088886666' }, alice)).code).toBe(200)
    expect((await t.post('/api/businessCard/save', { ...card, wechat: '1abc' }, alice)).msg).toBe('微信号格式不正确')
    expect((await t.post('/api/businessCard/save', { ...card, email: 'x@' }, alice)).msg).toBe('邮箱格式不正确')
    expect((await t.post('/api/businessCard/save', { ...card, avatar: 'javascript:alert(1)' }, alice)).code).toBe(400)
    for (const avatar of ['/uploads/../../etc/passwd', '/media/%2e%2e/x.jpg', '/static/x.jpg']) expect((await t.post('/api/businessCard/save', { ...card, avatar }, alice)).code).toBe(400)
    expect((await t.post('/api/businessCard/save', { ...card, name: '  ' }, alice)).msg).toBe('请输入姓名')
  })

  it('shows a card to anyone through the preview and counts visitors’ views only', async () => {
    const id = (await t.post('/api/businessCard/save', card, alice)).data.id
    const own = await t.get('/api/businessCard/preview', { id }, alice)
    expect(own.data).toMatchObject({ isOwner: true, views: 0, phone: card.phone })
    const visitor = await t.get('/api/businessCard/preview', { id })
    expect(visitor.data).toMatchObject({ isOwner: false, views: 1, name: card.name })
    expect((await t.get('/api/businessCard/preview', { id }, bob)).data).toMatchObject({ isOwner: false, views: 2 })
    expect((await t.get('/api/businessCard/preview', { id: 999999 })).code).toBe(404)
  })

  it('never lets another member read for editing, edit or delete my card', async () => {
    const id = (await t.post('/api/businessCard/save', card, alice)).data.id
    expect((await t.get('/api/businessCard/detail', { id }, bob)).code).toBe(404)
    expect((await t.post('/api/businessCard/save', { ...card, id, name: '冒名' }, bob)).code).toBe(404)
    expect((await t.post('/api/businessCard/delete', { id }, bob)).code).toBe(404)
    expect((await t.get('/api/businessCard/detail', { id }, alice)).data.name).toBe(card.name)
    expect((await t.get('/api/businessCard/list', {})).code).toBe(403)
    expect((await t.post('/api/businessCard/delete', { id }, alice)).data).toEqual({ deleted: true })
    expect((await t.get('/api/businessCard/preview', { id })).code).toBe(404)
  })

  it('caps cards at 10 per member', async () => {
    const carol = await t.login(nextPhone())
    for (let i = 0; i < 10; i++) expect((await t.post('/api/businessCard/save', { ...card, name: `名片${i}` }, carol)).code).toBe(200)
    expect((await t.post('/api/businessCard/save', card, carol)).msg).toBe('最多创建10张名片')
  })
})
