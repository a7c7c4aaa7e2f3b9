import crypto from 'node:crypto'
import type { TestApp } from './helpers'
import { paidOrder } from './tradeFixtures'
import { shipOrder } from '../src/modules/logistics/service'

/** A real 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** Uploads n images through the real /api/upload route as this member; returns their paths. */
export async function uploadImages(t: TestApp, token: string, n = 1): Promise<string[]> {
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const boundary = `----as${crypto.randomBytes(6).toString('hex')}`
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p${i}.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.app.inject({ method: 'POST', url: '/h5/api/upload?p=3', payload, headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` } })
    const body = res.json()
    if (body.code !== 200) throw new Error(`upload: ${body.msg}`)
    out.push(body.data.url)
  }
  return out
}

/** Paid through the sandbox and shipped by the operator; still to be received. */
export async function shippedOrder(t: TestApp, token: string, skuId: number, quantity = 1): Promise<string> {
  const orderNo = await paidOrder(t, token, skuId, quantity)
  await shipOrder(t.db, t.ctx.modules, orderNo, 'SF', `SF${crypto.randomInt(1e9, 9e9)}`)
  return orderNo
}

/** Paid, shipped and received by the member (待评价). */
export async function receivedOrder(t: TestApp, token: string, skuId: number, quantity = 1): Promise<string> {
  const orderNo = await shippedOrder(t, token, skuId, quantity)
  const r = await t.post('/api/order/confirmReceipt', { orderNo }, token)
  if (r.code !== 200) throw new Error(`receive: ${r.msg}`)
  return orderNo
}

export async function orderItems(t: TestApp, token: string, orderNo: string) {
  const d = await t.get('/api/order/detail', { orderNo }, token)
  if (d.code !== 200) throw new Error(`detail: ${d.msg}`)
  return d.data
}

const DAY = 86_400_000
/** A live cashback campaign on a goods. */
export async function makeCampaign(
  t: TestApp,
  goodsId: number,
  opts: Partial<{ type: 'review' | 'task'; amount: number; minRating: number; minChars: number; minImages: number; quota: number | null; startAt: number; endAt: number }> = {},
) {
  const now = Date.now()
  const r = await t.db
    .insertInto('cashbackCampaigns')
    .values({
      goodsId,
      title: '好评返现',
      type: opts.type || 'review',
      amount: opts.amount ?? 500,
      requirement: '4星以上好评',
      minRating: opts.minRating ?? 4,
      minChars: opts.minChars ?? 0,
      minImages: opts.minImages ?? 0,
      quota: opts.quota === undefined ? null : opts.quota,
      used: 0,
      status: 'active',
      startAt: opts.startAt ?? now - DAY,
      endAt: opts.endAt ?? now + 30 * DAY,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

export async function ensureReturnAddress(t: TestApp) {
  const any = await t.db.selectFrom('returnAddresses').select('id').executeTakeFirst()
  if (!any)
    await t.db
      .insertInto('returnAddresses')
      .values({ name: '售后部', phone: '057188886666', province: '浙江省', city: '杭州市', district: '余杭区', detail: '文一西路 1500 号', isDefault: 1, createdAt: Date.now() })
      .execute()
}
