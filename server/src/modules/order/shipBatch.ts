import { Readable } from 'node:stream'
import type { Conn, Db, Tx } from '../../db/types'
import { csvCell, csvStream, parseCsv } from '../../admin/csv'
import { audited, type Actor, type AuditEntry } from '../../admin/audit'
import { allExpress, type ParcelLine } from '../logistics/service'
import type { Contributions } from '../contributions'
import { receiverAddress } from './service'
import { adminShip, keysetPages, orderByNo } from './adminService'
import { AppError, ErrorCode } from '../../errors'
import type { AdminOrderQuery, BatchShipReply, OrderPrintSheet } from '../../../../types/adminOrders'

type Log = (e: AuditEntry) => void
const cell = csvCell

/**
 * 批量发货 and its files (docs/console.md): the courier typed as the warehouse writes it, the template to fill (the
 * orders waiting to ship, oldest first, with receiver and goods beside an empty 快递公司 and 运单号), the 拣货单
 * export, reading either file back and shipping its parcels, and the printed 发货单 / 拣货单.
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

export const PICKING_HEADER = ['订单号', '行号', '商品', '规格', '货号', '数量', '收货人', '电话', '地址', '快递公司', '快递单号'] as const

/**
 * 导出拣货单: the filtered orders as a picking list, one row per order line and parcel, streamed by keyset like the
 * order export. A line's units in a parcel are a row with that parcel's 快递公司 and 快递单号; its units still waiting
 * (neither shipped nor refunded) a row with both empty, for the warehouse to fill. 行号 is the line's place in its
 * order (1, 2…): the same file, filled in, goes back into 批量发货 (parsePickingCsv / shipBatchParcel).
 */
export function exportPickingCsv(db: Db, q: Omit<AdminOrderQuery, 'page' | 'pageSize'>): Readable {
  async function* lines() {
    yield `\uFEFF${PICKING_HEADER.map(cell).join(',')}\r\n`
    for await (const rows of keysetPages(db, q, (b) =>
      b.select(['o.id', 'o.orderNo', 'o.createdAt', 'o.receiverName', 'o.receiverPhone', 'o.receiverProvince', 'o.receiverCity', 'o.receiverDistrict', 'o.receiverDetail']).execute(),
    )) {
      const ids = rows.map((r) => r.id)
      const [items, parcels] = await Promise.all([
        db
          .selectFrom('orderItems as i')
          .leftJoin('goodsSkus as k', 'k.id', 'i.skuId')
          .select(['i.id', 'i.orderId', 'i.goodsName', 'i.specText', 'i.quantity', 'i.refundedQuantity', 'i.shippedQuantity', 'k.code'])
          .where('i.orderId', 'in', ids)
          .orderBy('i.id')
          .execute(),
        db
          .selectFrom('shipmentItems as si')
          .innerJoin('shipments as s', 's.id', 'si.shipmentId')
          .select(['si.orderItemId', 'si.quantity', 's.expressName', 's.trackingNo'])
          .where('s.orderId', 'in', ids)
          .orderBy('s.id')
          .execute(),
      ])
      let chunk = ''
      for (const r of rows) {
        const address = receiverAddress(r)
        items
          .filter((i) => i.orderId === r.id)
          .forEach((i, k) => {
            const row = (quantity: number, expressName: string, trackingNo: string) =>
              [r.orderNo, k + 1, i.goodsName, i.specText, i.code || '', quantity, r.receiverName, r.receiverPhone, address, expressName, trackingNo].map(cell).join(',') + '\r\n'
            for (const p of parcels.filter((p) => p.orderItemId === i.id)) chunk += row(Number(p.quantity), p.expressName, p.trackingNo)
            const left = Math.max(0, i.quantity - i.refundedQuantity - Number(i.shippedQuantity))
            if (left) chunk += row(left, '', '')
          })
      }
      if (chunk) yield chunk
    }
  }
  return Readable.from(lines())
}

/**
 * One parcel of 批量发货: from the short form (one line: every unit still waiting) or the 拣货单 (the rows of one order
 * with the same 快递公司 and 快递单号: those lines, 行号 and 数量).
 */
export type BatchParcel = { line: number; orderNo: string; expressCode: string; trackingNo: string; rows?: Array<{ lineNo: number; quantity: number }> }

/**
 * The 拣货单 (exportPickingCsv) filled in by the warehouse, read back by its header's column names: rows with 快递公司
 * and 快递单号 make parcels (rows of one order with the same number: one parcel); rows with both empty are skipped
 * (not shipped now); a row with only one of them, or a 行号 / 数量 that is not a number, is reported (`bad`).
 * Null when the text is not a 拣货单 (the short form: parseShipCsv).
 */
export function parsePickingCsv(csv: string): { parcels: BatchParcel[]; bad: Array<{ line: number; orderNo: string; msg: string }> } | null {
  const rows = parseCsv(csv)
  if (!rows.length) return null
  const head = rows[0].cells
  const col = (name: string) => head.indexOf(name)
  const [cNo, cLine, cQty, cExp, cTrack] = ['订单号', '行号', '数量', '快递公司', '快递单号'].map(col)
  if ([cNo, cLine, cQty, cExp, cTrack].some((c) => c < 0)) return null
  const byKey = new Map<string, BatchParcel>()
  const bad: Array<{ line: number; orderNo: string; msg: string }> = []
  for (const r of rows.slice(1)) {
    const at = (c: number) => (r.cells[c] || '').trim()
    const orderNo = at(cNo)
    const expressCode = at(cExp)
    const trackingNo = at(cTrack)
    if (!expressCode && !trackingNo) continue
    const lineNo = Number(at(cLine))
    const quantity = Number(at(cQty))
    if (!orderNo || !expressCode || !trackingNo) {
      bad.push({ line: r.line, orderNo, msg: '缺少订单号、快递公司或快递单号' })
      continue
    }
    if (!Number.isInteger(lineNo) || lineNo < 1 || !Number.isInteger(quantity) || quantity < 1) {
      bad.push({ line: r.line, orderNo, msg: '行号或数量不正确' })
      continue
    }
    const key = `${orderNo}\u0000${trackingNo}`
    const p = byKey.get(key) || { line: r.line, orderNo, expressCode, trackingNo, rows: [] }
    p.rows!.push({ lineNo, quantity })
    byKey.set(key, p)
  }
  return { parcels: [...byKey.values()], bad }
}

/**
 * Ships one parcel of 批量发货 in the audited transaction: a parcel whose number the order already has is reported as
 * shipped (a file uploaded twice ships nothing twice); the 拣货单's 行号 name the order's lines.
 */
export async function shipBatchParcel(tx: Tx, modules: Contributions, p: BatchParcel, log: Log): Promise<'shipped' | 'already'> {
  const o = await orderByNo(tx, p.orderNo)
  const same = await tx.selectFrom('shipments').select('id').where('orderId', '=', o.id).where('trackingNo', '=', p.trackingNo.trim()).executeTakeFirst()
  if (same) return 'already'
  let lines: ParcelLine[] | undefined
  if (p.rows) {
    const items = await tx.selectFrom('orderItems').select('id').where('orderId', '=', o.id).orderBy('id').execute()
    lines = p.rows.map((r) => {
      const it = items[r.lineNo - 1]
      if (!it) throw new AppError(ErrorCode.BAD_REQUEST, `订单没有第 ${r.lineNo} 行商品`)
      return { orderItemId: it.id, quantity: r.quantity }
    })
  }
  await adminShip(tx, modules, p.orderNo, p.expressCode, p.trackingNo, log, lines)
  return 'shipped'
}

/** Batch ship lines: orderNo,expressCode,trackingNo (commas or tabs; a header line or blank lines are skipped). */
export function parseShipCsv(csv: string): Array<{ line: number; orderNo: string; expressCode: string; trackingNo: string }> {
  const out: Array<{ line: number; orderNo: string; expressCode: string; trackingNo: string }> = []
  csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const cells = raw.split(/[,\t，]/).map((c) => c.trim().replace(/^"|"$/g, '').trim())
      if (!cells.join('')) return
      if (i === 0 && !/\d{6,}/.test(cells[0])) return // header
      out.push({ line: i + 1, orderNo: cells[0] || '', expressCode: cells[1] || '', trackingNo: cells[2] || '' })
    })
  return out
}

export const BATCH_SHIP_MAX = 1000

/**
 * 批量发货: the uploaded text is a filled-in 拣货单 (parsePickingCsv) or the short form (parseShipCsv); each parcel
 * ships in its own audited transaction, so a bad one is reported (its line and the reason) and the others still ship,
 * and a parcel already shipped under the same number is reported as skipped, never shipped twice.
 */
export async function shipBatch(db: Db, modules: Contributions, actor: Actor, csv: string): Promise<BatchShipReply> {
  const picking = parsePickingCsv(csv)
  const parcels = picking ? picking.parcels : parseShipCsv(csv)
  const failed: BatchShipReply['failed'] = picking ? [...picking.bad] : []
  if (!parcels.length && !failed.length) throw new AppError(400, 'CSV 中没有发货数据（每行：订单号,快递公司,运单号；或填好快递公司和快递单号的拣货单）')
  if (parcels.length > BATCH_SHIP_MAX) throw new AppError(400, `一次最多发货 ${BATCH_SHIP_MAX} 单`)
  const courier = await expressResolver(db)
  const skipped: BatchShipReply['skipped'] = []
  let shipped = 0
  for (const l of parcels) {
    try {
      if (!l.orderNo || !l.expressCode || !l.trackingNo) throw new AppError(400, '缺少订单号、快递公司或运单号')
      const code = courier(l.expressCode)
      if (!code) throw new AppError(400, `快递公司「${l.expressCode}」不在可选的快递公司中：请填写名称（如 圆通速递）或编码`)
      const r = await audited(db, actor, (tx, log) => shipBatchParcel(tx, modules, { ...l, expressCode: code }, log))
      if (r === 'already') skipped.push({ line: l.line, orderNo: l.orderNo, msg: `运单号 ${l.trackingNo} 已发货，未重复发货` })
      else shipped += 1
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      failed.push({ line: l.line, orderNo: l.orderNo, msg: err.message })
    }
  }
  failed.sort((a, b) => a.line - b.line)
  return { shipped, skipped, failed }
}
