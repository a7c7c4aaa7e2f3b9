import { DIALECTS, makeTestApp, nextPhone, type TestApp } from './helpers'
import { ADDRESS } from './tradeFixtures'
import { MAX_ADDRESSES } from '../src/modules/address/service'

describe.each(DIALECTS)('shipping addresses on %s', (dialect) => {
  let t: TestApp
  let token: string
  let other: string
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    token = await t.login(nextPhone())
    other = await t.login(nextPhone())
  })
  afterAll(async () => t.close())

  const defaults = async (tok: string) => (await t.get('/api/memberAddress/list', {}, tok)).data.filter((a: any) => a.isDefault)

  it('refuses a visitor with 403', async () => {
    expect((await t.get('/api/memberAddress/list')).code).toBe(403)
    expect((await t.post('/api/memberAddress/add', ADDRESS)).code).toBe(403)
  })

  it('makes the first address the default, and a new default replaces the old one', async () => {
    const first = await t.post('/api/memberAddress/add', ADDRESS, token)
    expect(first.code).toBe(200)
    expect(first.data).toMatchObject({ ...ADDRESS, isDefault: true, tag: '' })
    const second = await t.post('/api/memberAddress/add', { ...ADDRESS, name: '李四', tag: '家', isDefault: true }, token)
    expect(second.data.isDefault).toBe(true)
    const list = (await t.get('/api/memberAddress/list', {}, token)).data
    expect(list.map((a: any) => a.id)).toEqual([second.data.id, first.data.id])
    expect(await defaults(token)).toHaveLength(1)
    const third = await t.post('/api/memberAddress/add', { ...ADDRESS, name: '王五' }, token)
    expect(third.data.isDefault).toBe(false)
  })

  it('refuses a phone the mainland mobile rule refuses, a missing region and a short detail', async () => {
    for (const phone of ['12012345678', '14412345678', '16012345678', '17912345678', '1381234567', '138123456789'])
      expect(await t.post('/api/memberAddress/add', { ...ADDRESS, phone }, token)).toMatchObject({ code: 400, msg: '请输入正确的手机号' })
    for (const phone of ['14512345678', '16612345678', '17812345678', '19912345678']) expect((await t.post('/api/memberAddress/add', { ...ADDRESS, phone }, token)).code).toBe(200)
    expect(await t.post('/api/memberAddress/add', { ...ADDRESS, province: '' }, token)).toMatchObject({ code: 400, msg: '请选择所在地区' })
    expect(await t.post('/api/memberAddress/add', { ...ADDRESS, detail: ' 1 ' }, token)).toMatchObject({ code: 400, msg: '请填写详细地址' })
    expect(await t.post('/api/memberAddress/add', { ...ADDRESS, name: '   ' }, token)).toMatchObject({ code: 400, msg: '请填写收货人' })
    expect((await t.post('/api/memberAddress/add', { ...ADDRESS, tag: '酒店' }, token)).code).toBe(400)
  })

  it('reads, updates, sets the default and deletes (the next address inherits the default)', async () => {
    const tok = await t.login(nextPhone())
    const a = (await t.post('/api/memberAddress/add', ADDRESS, tok)).data
    const b = (await t.post('/api/memberAddress/add', { ...ADDRESS, name: '李四' }, tok)).data
    expect((await t.get('/api/memberAddress/detail', { id: b.id }, tok)).data).toMatchObject({ id: b.id, name: '李四', isDefault: false })
    const up = await t.post('/api/memberAddress/update', { id: b.id, ...ADDRESS, name: '李四四', detail: '新地址 8 号' }, tok)
    expect(up.data).toMatchObject({ name: '李四四', detail: '新地址 8 号', isDefault: false })
    expect((await t.post('/api/memberAddress/setDefault', { id: b.id }, tok)).data.isDefault).toBe(true)
    expect((await defaults(tok)).map((x: any) => x.id)).toEqual([b.id])
    expect((await t.post('/api/memberAddress/delete', { id: b.id }, tok)).code).toBe(200)
    expect((await defaults(tok)).map((x: any) => x.id)).toEqual([a.id])
    expect((await t.get('/api/memberAddress/detail', { id: b.id }, tok)).code).toBe(404)
    // Unsetting the default through update hands it to another address.
    const c = (await t.post('/api/memberAddress/add', { ...ADDRESS, name: '赵六' }, tok)).data
    await t.post('/api/memberAddress/update', { id: a.id, ...ADDRESS, isDefault: false }, tok)
    expect((await defaults(tok)).map((x: any) => x.id)).toEqual([c.id])
  })

  it("never shows or changes another member's address", async () => {
    const mine = (await t.post('/api/memberAddress/add', { ...ADDRESS, name: '本人' }, token)).data
    expect((await t.get('/api/memberAddress/list', {}, other)).data.find((a: any) => a.id === mine.id)).toBeUndefined()
    const refused = [
      await t.get('/api/memberAddress/detail', { id: mine.id }, other),
      await t.post('/api/memberAddress/update', { id: mine.id, ...ADDRESS, name: '改掉' }, other),
      await t.post('/api/memberAddress/setDefault', { id: mine.id }, other),
      await t.post('/api/memberAddress/delete', { id: mine.id }, other),
    ]
    for (const r of refused) {
      expect(r.code).toBe(404)
      expect(r.data).toEqual({})
    }
    expect((await t.get('/api/memberAddress/detail', { id: mine.id }, token)).data).toMatchObject({ name: '本人', isDefault: false })
  })

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const tok = await t.login(nextPhone())
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await t.post('/api/memberAddress/add', ADDRESS, tok)).code).toBe(200)
    expect((await t.post('/api/memberAddress/add', ADDRESS, tok)).code).toBe(400)
    expect(await defaults(tok)).toHaveLength(1)
  })

  it('the database allows one default per member even if two writes race', async () => {
    const tok = await t.login(nextPhone())
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push((await t.post('/api/memberAddress/add', ADDRESS, tok)).data.id)
    const res = await Promise.all(ids.map((id) => t.post('/api/memberAddress/setDefault', { id }, tok)))
    expect(res.map((r) => r.code)).toEqual(ids.map(() => 200))
    expect(await defaults(tok)).toHaveLength(1)
  })
  it('stores the district code of the national division list, checked against the names; old names keep working', async () => {
    const tok = await t.login(nextPhone())
    const linyi = { ...ADDRESS, province: '山东省', city: '临沂市', district: '费县', detail: '探沂镇幸福路8号' }
    const coded = await t.post('/api/memberAddress/add', { ...linyi, areaCode: '371325' }, tok)
    expect(coded.code).toBe(200)
    expect(coded.data).toMatchObject({ district: '费县', areaCode: '371325' })
    // A code that names another place, or none: refused with the form's words, nothing saved.
    expect(await t.post('/api/memberAddress/add', { ...linyi, areaCode: '371302' }, tok)).toMatchObject({ code: 400, msg: '所在地区有误，请重新选择' })
    expect(await t.post('/api/memberAddress/add', { ...linyi, areaCode: '999999' }, tok)).toMatchObject({ code: 400, msg: '所在地区有误，请重新选择' })
    expect(await t.post('/api/memberAddress/update', { id: coded.data.id, ...linyi, district: '兰山区', areaCode: '371325' }, tok)).toMatchObject({ code: 400 })
    // Without a code (an older client): the names' code when the list has them, '' when it does not (an old address).
    expect((await t.post('/api/memberAddress/add', { ...ADDRESS, city: '杭州市', district: '桐庐县' }, tok)).data.areaCode).toBe('330122')
    const old = await t.post('/api/memberAddress/add', { ...ADDRESS, district: '旧区名' }, tok)
    expect(old.data).toMatchObject({ district: '旧区名', areaCode: '' })
    const list = (await t.get('/api/memberAddress/list', {}, tok)).data
    expect(list.map((a: any) => a.areaCode).sort()).toEqual(['', '330122', '371325'])
  })
})
