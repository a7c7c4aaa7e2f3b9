import crypto from 'node:crypto'
import type { TestApp } from './helpers'
import { nextPhone } from './helpers'

let seq = 0

/**
 * The gateway calls a fake provider answers when a test is not about them: nothing paid at the gateway, closing
 * works, no refund to look up, an empty bill. Spread into a test's fake PaymentProvider.
 */
export const quietGateway = {
  async queryPayment() {
    return { state: 'notpay' as const }
  },
  async closePayment() {},
  async queryRefund() {
    return null
  },
  async tradeBill() {
    return { payments: [], refunds: [] }
  },
}

/** A goods with one SKU per entry of `skus` (price in fen, stock), straight into the catalogue tables. */
export async function makeGoods(t: TestApp, opts: { name?: string; status?: 'on' | 'off'; skus?: Array<{ price: number; stock: number; specText?: string }> } = {}) {
  seq += 1
  const skus = opts.skus || [{ price: 5000, stock: 100 }]
  const now = Date.now()
  const g = await t.db
    .insertInto('goods')
    .values({
      categoryId: 1,
      brandId: null,
      name: opts.name || `测试商品${seq}`,
      subtitle: '',
      mainImage: `/media/goods/${seq}.jpg`,
      images: '[]',
      detailHtml: '',
      specGroups: '[]',
      price: Math.min(...skus.map((s) => s.price)),
      originalPrice: Math.max(...skus.map((s) => s.price)) + 1000,
      sales: 0,
      stock: skus.reduce((s, k) => s + k.stock, 0),
      status: opts.status || 'on',
      tags: '',
      isHot: 0,
      isNew: 0,
      commissionRate: null,
      reviewCount: 0,
      goodReviewCount: 0,
      createdAt: now,
      updatedAt: now,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow()
  const skuIds: number[] = []
  for (const [i, s] of skus.entries()) {
    const r = await t.db
      .insertInto('goodsSkus')
      .values({ goodsId: g.id, specs: '{}', specText: s.specText ?? `规格${i + 1}`, price: s.price, originalPrice: s.price + 1000, stock: s.stock, sales: 0, image: '' } as any)
      .returning('id')
      .executeTakeFirstOrThrow()
    skuIds.push(r.id)
  }
  return { goodsId: g.id, skuId: skuIds[0], skuIds }
}

export const stockOf = async (t: TestApp, skuId: number) => t.db.selectFrom('goodsSkus').select(['stock', 'sales']).where('id', '=', skuId).executeTakeFirstOrThrow()

export const goodsStockOf = async (t: TestApp, goodsId: number) => t.db.selectFrom('goods').select(['stock', 'sales']).where('id', '=', goodsId).executeTakeFirstOrThrow()

export const requestId = () => crypto.randomBytes(8).toString('hex')

export const ADDRESS = { name: '张三', phone: '13812345678', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号' }

/** A logged-in member with a default address. */
export async function shopper(t: TestApp): Promise<{ token: string; memberId: number; addressId: number }> {
  const token = await t.login(nextPhone())
  const me = await t.get('/api/member/getMemberInfo', {}, token)
  const a = await t.post('/api/memberAddress/add', ADDRESS, token)
  if (a.code !== 200) throw new Error(`address: ${a.msg}`)
  return { token, memberId: me.data.id, addressId: a.data.id }
}

export async function buyNow(t: TestApp, token: string, skuId: number, quantity = 1, extra: Record<string, unknown> = {}) {
  return t.post('/api/order/submit', { from: 'buyNow', skuId, quantity, requestId: requestId(), ...extra }, token)
}

/** Places and pays an order through the sandbox; returns its number. */
export async function paidOrder(t: TestApp, token: string, skuId: number, quantity = 1): Promise<string> {
  const o = await buyNow(t, token, skuId, quantity)
  if (o.code !== 200) throw new Error(`submit: ${o.msg}`)
  const p = await t.post('/api/pay/prepay', { orderNo: o.data.orderNo, channel: 'sandbox' }, token)
  if (p.code !== 200) throw new Error(`prepay: ${p.msg}`)
  const c = await t.post('/api/pay/sandboxConfirm', { payNo: p.data.payNo, ticket: p.data.params.ticket }, token)
  if (c.code !== 200) throw new Error(`confirm: ${c.msg}`)
  return o.data.orderNo
}
