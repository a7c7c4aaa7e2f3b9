import type { Readable } from 'node:stream'
import type { Conn, Db } from '../../db/types'
import { csvStream } from '../../admin/csv'
import { allExpress } from '../logistics/service'
import { receiverAddress } from './service'
import { AppError, ErrorCode } from '../../errors'
import type { OrderPrintSheet } from '../../../../types/adminOrders'

/**
 * 批量发货's helpers (docs/console.md): the courier typed as the warehouse writes it, and the template to fill —
 * the orders waiting to ship, oldest first, with receiver and goods beside an empty 快递公司 and 运单号.
 */

/** Normalises a courier as typed: its code in any case, its name, or its name without 快递/速递/物流/快运. */
export async function expressResolver(db: Conn): Promise<(typed: string) => string | null> {
  const companies = await allExpress(db)
  const short = (name: string) => name.replace(/(快递|速递|物流|快运|速运|EMS)$/i, '').trim()
  const byKey = new Map<string, string | null>()
  const add = (key: string, code: string) => {
    const k = key.trim().toUpperCase()
    if (!k) return
    // A key two couriers share (a short name) names neither.
    byKey.set(k, byKey.has(k) && byKey.get(k) !== code ? null : code)
  }
  for (const c of companies) {
    add(c.code, c.code)
    add(c.name, c.code)
    add(short(c.name), c.code)
  }
  return (typed) => byKey.get(typed.trim().toUpperCase()) ?? null
}

export const SHIP_TEMPLATE_HEADER = ['订单号', '快递公司', '运单号', '收货人', '收货电话', '收货地址', '商品'] as const
export const SHIP_TEMPLATE_MAX = 2000

type WaitingRow = { id: number; orderNo: string; receiverName: string; receiverPhone: string; address: string; goods: string }

/** The orders 待发货 to ship by courier (pickup orders left out; at most SHIP_TEMPLATE_MAX), each a line to fill: 订单号, then 快递公司 and 运单号 left empty. */
export function shipTemplateCsv(db: Db): Readable {
  let sent = 0
  return csvStream<WaitingRow>(
    [...SHIP_TEMPLATE_HEADER],
    async (after, limit) => {
      if (sent >= SHIP_TEMPLATE_MAX) return []
      const orders = await db
        .selectFrom('orders')
        .select(['id', 'orderNo', 'receiverName', 'receiverPhone', 'receiverProvince', 'receiverCity', 'receiverDistrict', 'receiverDetail'])
        .where('status', '=', 'to_ship')
        // Pickup orders are never shipped: staff verify them at the point (自提核销).
        .where('deliveryType', '=', 'delivery')
        .$if(!!after, (q) => q.where('id', '>', after!.id))
        .orderBy('id')
        .limit(Math.min(limit, SHIP_TEMPLATE_MAX - sent))
        .execute()
      sent += orders.length
      const items = orders.length
        ? await db
            .selectFrom('orderItems')
            .select(['orderId', 'goodsName', 'specText', 'quantity'])
            .where(
              'orderId',
              'in',
              orders.map((o) => o.id),
            )
            .orderBy('id')
            .execute()
        : []
      const goods = new Map<number, string[]>()
      for (const it of items) goods.set(it.orderId, [...(goods.get(it.orderId) || []), `${it.goodsName}${it.specText ? `（${it.specText}）` : ''} ×${it.quantity}`])
      return orders.map((o) => ({
        id: o.id,
        orderNo: o.orderNo,
        receiverName: o.receiverName,
        receiverPhone: o.receiverPhone,
        address: receiverAddress(o),
        goods: (goods.get(o.id) || []).join('；'),
      }))
    },
    (r) => [r.orderNo, '', '', r.receiverName, r.receiverPhone, r.address, r.goods],
  )
}

export const PRINT_MAX = 100

/** 打印发货单 / 拣货单: the chosen orders (at most PRINT_MAX, in the order given) with their lines and each SKU's 货号. */
export async function printSheets(db: Conn, orderNos: string[]): Promise<OrderPrintSheet[]> {
  const nos = [...new Set(orderNos.map((n) => n.trim()).filter(Boolean))]
  if (!nos.length) throw new AppError(ErrorCode.BAD_REQUEST, '请选择要打印的订单')
  if (nos.length > PRINT_MAX) throw new AppError(ErrorCode.BAD_REQUEST, `一次最多打印 ${PRINT_MAX} 单`)
  const orders = await db.selectFrom('orders').selectAll().where('orderNo', 'in', nos).execute()
  const items = orders.length
    ? await db
        .selectFrom('orderItems as i')
        .leftJoin('goodsSkus as s', 's.id', 'i.skuId')
        .select(['i.orderId', 'i.goodsName', 'i.specText', 'i.quantity', 'i.price', 's.code'])
        .where(
          'i.orderId',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('i.id')
        .execute()
    : []
  const byNo = new Map(orders.map((o) => [o.orderNo, o]))
  return nos
    .map((no) => byNo.get(no))
    .filter((o): o is NonNullable<typeof o> => !!o)
    .map((o) => ({
      orderNo: o.orderNo,
      status: o.status,
      createdAt: Number(o.createdAt),
      paidAt: o.paidAt === null ? null : Number(o.paidAt),
      receiverName: o.receiverName,
      receiverPhone: o.receiverPhone,
      receiverAddress: receiverAddress(o),
      remark: o.remark,
      adminRemark: o.adminRemark,
      payAmount: Number(o.payAmount),
      items: items.filter((i) => i.orderId === o.id).map((i) => ({ goodsName: i.goodsName, specText: i.specText, code: i.code || '', quantity: Number(i.quantity), price: Number(i.price) })),
    }))
}
