import { DIALECTS, makeTestApp, type TestApp } from './helpers'
import { adminClient, auditRows, signIn, type AdminClient } from './adminHelpers'
import { makeGoods, shopper } from './tradeFixtures'
import { receivedOrder } from './afterSalesFixtures'
import { afterSalesSeeder } from '../src/demo/afterSales'
import { DEMO_RETURN_ADDRESS, returnAddressCheck } from '../src/modules/afterSales/doctor'
import { approveAfterSale } from '../src/modules/afterSales/service'
import { runAdminCommand } from '../src/adminCommands'

const OWN = { name: '王五（售后仓）', phone: '0531-87654321', province: '山东省', city: '济南市', district: '历下区', detail: '经十路 88 号 2 号库' }
const SECOND = { name: '赵六', phone: '13900001111', province: '上海市', city: '上海市', district: '浦东新区', detail: '张江路 1 号' }

/** 设置 → 退货地址: the shop's own addresses, the one each approved return stores, and the setup check's line. */
describe.each(DIALECTS)('return addresses (%s)', (dialect) => {
  let t: TestApp
  let owner: AdminClient
  let operator: AdminClient
  let ownerId: number
  beforeAll(async () => {
    t = await makeTestApp(dialect)
    const s = await signIn(t, 'owner')
    ownerId = s.staffId
    owner = adminClient(t, s)
    operator = adminClient(t, await signIn(t, 'operator'))
  })
  afterAll(() => t.close())

  /** A received order and a return-and-refund request for one unit of it. */
  async function returnCase() {
    const g = await makeGoods(t, { skus: [{ price: 3000, stock: 10 }] })
    const me = await shopper(t)
    const orderNo = await receivedOrder(t, me.token, g.skuId, 1)
    const info = await t.get('/api/afterSales/applyInfo', { orderNo }, me.token)
    const ap = await t.post(
      '/api/afterSales/apply',
      { orderNo, type: 'return_refund', items: [{ orderItemId: info.data.items[0].orderItemId, quantity: 1 }], reason: '商品质量问题', images: [], amount: 3000 },
      me.token,
    )
    expect(ap.code).toBe(200)
    const c = await t.db.selectFrom('afterSales').select(['id', 'afterSaleNo']).where('afterSaleNo', '=', ap.data.afterSaleNo).executeTakeFirstOrThrow()
    return { ...c, token: me.token }
  }

  it("a new shop has no address (the check fails); the demo's comes from the demo seed, and the check warns while it is the default", async () => {
    expect((await owner.get('/return-addresses')).data).toEqual([])
    expect(await returnAddressCheck(t.db)).toMatchObject({ key: 'returnAddress', status: 'error' })
    await afterSalesSeeder.run(t.ctx)
    const list = (await owner.get('/return-addresses')).data
    expect(list).toEqual([expect.objectContaining({ ...DEMO_RETURN_ADDRESS, isDefault: true })])
    const check = await returnAddressCheck(t.db)
    expect(check).toMatchObject({ key: 'returnAddress', status: 'warn' })
    expect(check.message).toContain('演示数据')
    const doctor = (await owner.get('/settings/doctor')).data
    expect(doctor.checks.find((c: any) => c.key === 'returnAddress')).toMatchObject({ status: 'warn' })
  })

  it('adds, edits and re-defaults addresses (audited), refusing a bad phone; operators read but cannot change them', async () => {
    expect((await owner.post('/return-addresses', { ...OWN, phone: '12345' })).msg).toMatch(/联系电话/)
    expect((await owner.post('/return-addresses', { ...OWN, phone: '1380000' })).msg).toContain('联系电话格式不正确')
    expect((await owner.post('/return-addresses', { ...OWN, detail: '' })).code).toBe(400)
    const created = await owner.post('/return-addresses', { ...OWN, phone: '0531 87654321', isDefault: true })
    expect(created.code).toBe(200)
    const ownId = created.data.id
    const second = (await owner.post('/return-addresses', SECOND)).data.id

    const list = (await operator.get('/return-addresses')).data
    expect(list.map((a: any) => [a.id, a.isDefault])).toEqual([
      [ownId, true],
      [list[1].id, false],
      [second, false],
    ])
    expect(list[0].phone).toBe('053187654321') // spaces dropped
    expect((await operator.post('/return-addresses', SECOND)).code).toBe(8003)
    expect((await operator.del(`/return-addresses/${second}`)).code).toBe(8003)

    // Edit: the default cannot be un-defaulted, only replaced; a new default takes it from the old one.
    expect((await owner.put(`/return-addresses/${ownId}`, { ...OWN, isDefault: false })).msg).toContain('另一个地址设为默认')
    expect((await owner.put(`/return-addresses/${second}`, { ...SECOND, detail: '张江路 2 号', isDefault: true })).code).toBe(200)
    const after = (await owner.get('/return-addresses')).data
    expect(after.filter((a: any) => a.isDefault).map((a: any) => [a.id, a.detail])).toEqual([[second, '张江路 2 号']])
    expect((await owner.put(`/return-addresses/${ownId}`, { ...OWN, isDefault: true })).code).toBe(200)

    const creates = await auditRows(t, 'returnAddress.create')
    expect(creates.map((r) => [r.staffId, JSON.parse(r.afterJson!).name])).toEqual([
      [ownerId, OWN.name],
      [ownerId, SECOND.name],
    ])
    const [upd] = (await auditRows(t, 'returnAddress.update')).filter((r) => Number(r.targetId) === second)
    expect([JSON.parse(upd.beforeJson!).detail, JSON.parse(upd.afterJson!).detail]).toEqual(['张江路 1 号', '张江路 2 号'])
    expect((await returnAddressCheck(t.db)).status).toBe('ok')
    expect((await returnAddressCheck(t.db)).message).toContain('经十路 88 号')
  })

  it('an approval stores the address staff chose (else the default) on the case; the shopper and the console show it', async () => {
    const list = (await owner.get('/return-addresses')).data
    const def = list.find((a: any) => a.isDefault)
    const other = list.find((a: any) => a.name === SECOND.name)

    const chosen = await returnCase()
    expect((await owner.post(`/after-sales/${chosen.id}/approve`, { returnAddressId: 999_999 })).msg).toContain('已被删除')
    expect((await owner.post(`/after-sales/${chosen.id}/approve`, { returnAddressId: other.id })).data.status).toBe('approved')
    const d = (await owner.get(`/after-sales/${chosen.id}`)).data.case
    expect(d).toMatchObject({ returnName: '赵六', returnPhone: '13900001111', returnAddress: '上海市浦东新区张江路 2 号' })
    const shopperView = await t.get('/api/afterSales/detail', { afterSaleNo: chosen.afterSaleNo }, chosen.token)
    expect(shopperView.data.returnAddress).toEqual({ name: '赵六', phone: '13900001111', address: '上海市浦东新区张江路 2 号' })
    const [audit] = (await auditRows(t, 'afterSale.approve')).filter((r) => r.targetId === chosen.afterSaleNo)
    expect(JSON.parse(audit.afterJson!).returnTo).toBe('赵六 13900001111 上海市浦东新区张江路 2 号')

    // A later edit of the address does not move a return already approved.
    await owner.put(`/return-addresses/${other.id}`, { ...SECOND, detail: '张江路 3 号' })
    expect((await owner.get(`/after-sales/${chosen.id}`)).data.case.returnAddress).toBe('上海市浦东新区张江路 2 号')

    const byDefault = await returnCase()
    expect((await owner.post(`/after-sales/${byDefault.id}/approve`)).code).toBe(200)
    expect((await owner.get(`/after-sales/${byDefault.id}`)).data.case).toMatchObject({ returnName: def.name, returnAddress: '山东省济南市历下区经十路 88 号 2 号库' })
  })

  it('without any address an approval is refused with where to set one, and the setup check fails', async () => {
    const list = (await owner.get('/return-addresses')).data
    const def = list.find((a: any) => a.isDefault)
    expect((await owner.del(`/return-addresses/${def.id}`)).msg).toContain('默认退货地址不能删除')
    for (const a of list.filter((x: any) => !x.isDefault)) expect((await owner.del(`/return-addresses/${a.id}`)).code).toBe(200)
    expect((await owner.del(`/return-addresses/${def.id}`)).code).toBe(200) // the last one may go
    expect((await auditRows(t, 'returnAddress.delete')).length).toBe(list.length)

    const c = await returnCase()
    const refused = await owner.post(`/after-sales/${c.id}/approve`)
    expect(refused.code).toBe(409)
    expect(refused.msg).toContain('设置 → 退货地址')
    expect((await t.db.selectFrom('afterSales').select('status').where('id', '=', c.id).executeTakeFirstOrThrow()).status).toBe('applied')
    await expect(approveAfterSale(t.db, c.afterSaleNo)).rejects.toThrow('设置 → 退货地址') // the CLI says the same
    expect(await returnAddressCheck(t.db)).toMatchObject({ status: 'error' })

    // The first address added becomes the default by itself, and the approval goes through.
    expect((await owner.post('/return-addresses', { ...OWN, isDefault: false })).code).toBe(200)
    expect((await owner.get('/return-addresses')).data).toEqual([expect.objectContaining({ name: OWN.name, isDefault: true })])
    // The CLI names the address the goods go to.
    const out: string[] = []
    expect(await runAdminCommand(['aftersale', 'approve', c.afterSaleNo], { config: t.ctx.config, db: t.db, out: (l) => out.push(l) })).toBe(0)
    expect(out.join('\n')).toContain(`退货地址：${OWN.name} ${OWN.phone} 山东省济南市历下区经十路 88 号 2 号库`)
  })
})
