import crypto from 'node:crypto'
import type { Selectable } from 'kysely'
import type { AdminPickupPoint, PickupPointInput } from '../../../../types/adminSettings'
import type { PickupLookup } from '../../../../types/adminOrders'
import type { OrderPickupPreview, PickupPoint } from '../../../../types/order'
import { HELD_TEXT, ORDER_STATUS_TEXT, PARTLY_SHIPPED_TEXT, PICKUP_WAITING_TEXT } from '../../../../types/order'
import type { AuditEntry } from '../../admin/audit'
import type { OrderTable, PickupPointTable } from '../../db/tradeTables'
import type { Conn, Tx } from '../../db/types'
import type { Contributions } from '../contributions'
import { AppError, ErrorCode } from '../../errors'
import { runOrderHooks } from './hooks'

/**
 * Self-pickup (到店自提, docs/orders.md "Self-pickup"): the shop's pickup points (设置 → 自提点), what the checkout
 * offers, the pickup code, and staff's verification (自提核销), which receives the order like 确认收货 does.
 */

type Log = (e: AuditEntry) => void
type Row = Selectable<PickupPointTable>

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

/** Region and detail in one line (a municipality's city is not repeated). */
export const pickupAddressLine = (p: Pick<Row, 'province' | 'city' | 'district' | 'detail'>) => `${p.province}${p.city === p.province ? '' : p.city}${p.district}${p.detail}`

const adminView = (r: Row): AdminPickupPoint => ({
  id: r.id,
  name: r.name,
  province: r.province,
  city: r.city,
  district: r.district,
  detail: r.detail,
  hours: r.hours,
  phone: r.phone,
  enabled: !!r.enabled,
  sort: r.sort,
})

export const shopperView = (r: Row): PickupPoint => ({ id: r.id, name: r.name, address: pickupAddressLine(r), hours: r.hours, phone: r.phone })

// ---------------------------------------------------------------- 设置 → 自提点

export async function pickupPointsAdmin(db: Conn): Promise<AdminPickupPoint[]> {
  const rows = await db.selectFrom('pickupPoints').selectAll().orderBy('sort').orderBy('id').execute()
  return rows.map(adminView)
}

const MOBILE = /^1[3-9]\d{9}$/
const LANDLINE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/
const SERVICE = /^[48]00-?\d{3}-?\d{4}$/

function checked(input: PickupPointInput) {
  const phone = input.phone.replace(/\s+/g, '')
  if (!MOBILE.test(phone) && !LANDLINE.test(phone) && !SERVICE.test(phone)) throw bad('联系电话格式不正确：请填写手机号，或带区号的座机号（如 0571-88886666）')
  const out = {
    name: input.name.trim(),
    province: input.province.trim(),
    city: input.city.trim(),
    district: input.district.trim(),
    detail: input.detail.trim(),
    hours: input.hours.trim(),
    phone,
    enabled: input.enabled ? 1 : 0,
    sort: input.sort,
  }
  if (!out.name) throw bad('请填写自提点名称')
  if (!out.province || !out.city) throw bad('请填写省份和城市')
  if (out.detail.length < 2) throw bad('请填写详细地址（街道、门牌号）')
  if (!out.hours) throw bad('请填写营业时间')
  return out
}

const one = async (db: Conn, id: number) => {
  const r = await db.selectFrom('pickupPoints').selectAll().where('id', '=', id).executeTakeFirst()
  return r ? adminView(r) : undefined
}

export async function createPickupPoint(tx: Tx, input: PickupPointInput, log: Log): Promise<number> {
  const t = Date.now()
  const r = await tx
    .insertInto('pickupPoints')
    .values({ ...checked(input), createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  log({ action: 'pickupPoint.create', targetType: 'pickupPoint', targetId: r.id, after: await one(tx, r.id) })
  return r.id
}

export async function updatePickupPoint(tx: Tx, id: number, input: PickupPointInput, log: Log) {
  const before = await one(tx, id)
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '自提点不存在')
  await tx
    .updateTable('pickupPoints')
    .set({ ...checked(input), updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  log({ action: 'pickupPoint.update', targetType: 'pickupPoint', targetId: id, before, after: await one(tx, id) })
}

/** Orders placed for the point keep their own copy of it: deleting it changes none of them. */
export async function deletePickupPoint(tx: Tx, id: number, log: Log) {
  const before = await one(tx, id)
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '自提点不存在')
  await tx.deleteFrom('pickupPoints').where('id', '=', id).execute()
  log({ action: 'pickupPoint.delete', targetType: 'pickupPoint', targetId: id, before })
}

// ---------------------------------------------------------------- checkout

export async function enabledPickupPoints(db: Conn): Promise<Row[]> {
  return db.selectFrom('pickupPoints').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute()
}

/**
 * The checkout's pickup part: the enabled points and, for a pickup order, the one chosen (the first when none is
 * named and `required` is false: the preview). Refuses pickup when no point is enabled or the one named is not.
 */
export async function checkoutPickup(
  db: Conn,
  memberId: number,
  input: { deliveryType?: 'delivery' | 'pickup'; pickupPointId?: number },
  required: boolean,
): Promise<{ preview: OrderPickupPreview; point: Row | null }> {
  const rows = await enabledPickupPoints(db)
  // The contact prefilled: the default address's receiver, else the member's own phone.
  const home = rows.length
    ? await db.selectFrom('memberAddresses').select(['name', 'phone']).where('memberId', '=', memberId).orderBy('isDefault', 'desc').orderBy('id', 'desc').executeTakeFirst()
    : undefined
  const m = rows.length && !home ? await db.selectFrom('members').select(['phone']).where('id', '=', memberId).executeTakeFirst() : undefined
  const preview: OrderPickupPreview = { points: rows.map(shopperView), point: null, contactPhone: home?.phone || m?.phone || '', contactName: home?.name || '' }
  if (input.deliveryType !== 'pickup') return { preview, point: null }
  if (!rows.length) throw bad('本店暂不支持到店自提，请选择快递配送')
  let point: Row | undefined
  if (input.pickupPointId) {
    point = rows.find((r) => r.id === input.pickupPointId)
    if (!point) throw bad('所选的自提点已停用，请重新选择')
  } else if (required) throw bad('请选择自提点')
  else point = rows[0]
  preview.point = shopperView(point)
  return { preview, point }
}

/** 8 random digits, not one an order already has (the unique index is the guard; the check makes a clash rare). */
export async function newPickupCode(tx: Conn): Promise<string> {
  for (let i = 0; i < 10; i += 1) {
    const code = String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')
    const taken = await tx.selectFrom('orders').select('id').where('pickupCode', '=', code).executeTakeFirst()
    if (!taken) return code
  }
  throw new AppError(ErrorCode.CONFLICT, '提货码生成失败，请重试')
}

/** The point a pickup order was placed for: the copy made at submission (later edits of the point do not change it). */
export const pickupPointOf = (o: Pick<Selectable<OrderTable>, 'pickupName' | 'pickupAddress' | 'pickupHours' | 'pickupPhone'>) => ({
  name: o.pickupName,
  address: o.pickupAddress,
  hours: o.pickupHours,
  phone: o.pickupPhone,
})

/**
 * The status in words: a paid pickup order that waits at the point is 待自提; a delivery order with some parcels sent, 部分发货;
 * a paid order held from shipping (a 拼团 place whose group has not formed, `ship_hold`) 待成团.
 */
export const orderStatusText = (o: Pick<Selectable<OrderTable>, 'status' | 'deliveryType' | 'shippedAt'> & { shipHold?: number | null }) =>
  o.status !== 'to_ship'
    ? ORDER_STATUS_TEXT[o.status]
    : Number(o.shipHold) === 1
      ? HELD_TEXT
      : o.deliveryType === 'pickup'
        ? PICKUP_WAITING_TEXT
        : o.shippedAt
          ? PARTLY_SHIPPED_TEXT
          : ORDER_STATUS_TEXT.to_ship

// ---------------------------------------------------------------- 自提核销

/** Why an order cannot be verified now ('' when it can). */
function notVerifiable(o: Selectable<OrderTable>): string {
  if (o.pickupVerifiedAt) return '该提货码已核销'
  if (o.status === 'unpaid') return '订单未支付，不能核销'
  if (o.status === 'cancelled') return '订单已取消或已全额退款，不能核销'
  if (o.status !== 'to_ship') return '订单不是待自提状态'
  if (o.afterSaleStatus === 'processing') return '订单售后处理中，不能核销'
  return ''
}

async function byCode(db: Conn, code: string) {
  const o = await db.selectFrom('orders').selectAll().where('pickupCode', '=', code).where('deliveryType', '=', 'pickup').executeTakeFirst()
  if (!o) throw new AppError(ErrorCode.NOT_FOUND, '提货码不存在')
  return o
}

/** What staff see before confirming: the lines first, then who picks up, and whether it may be verified. */
export async function lookupPickup(db: Conn, code: string): Promise<PickupLookup> {
  const o = await byCode(db, code)
  const items = await db.selectFrom('orderItems').select(['goodsName', 'image', 'specText', 'quantity', 'refundedQuantity']).where('orderId', '=', o.id).orderBy('id').execute()
  const reason = notVerifiable(o)
  return {
    orderNo: o.orderNo,
    status: o.status,
    statusText: o.pickupVerifiedAt ? '已核销' : orderStatusText(o),
    verifiable: !reason,
    reason,
    receiverName: o.receiverName,
    receiverPhone: o.receiverPhone,
    pointName: o.pickupName,
    payAmount: o.payAmount,
    paidAt: o.paidAt,
    verifiedAt: o.pickupVerifiedAt,
    verifiedBy: o.pickupVerifiedBy || '',
    items,
  }
}

/**
 * 自提核销: one conditional update (to_ship, not yet verified, no open after-sales case) takes the order to to_review
 * and records who verified it; then the log and the 'received' hooks, as 确认收货 runs them (after-sales window,
 * commission, the mini-program's shipping upload). A second verification finds 0 rows and is refused.
 */
export async function verifyPickup(tx: Tx, modules: Pick<Contributions, 'orderHooks'>, code: string, staffName: string, log: Log) {
  const o = await byCode(tx, code)
  const why = notVerifiable(o)
  if (why) throw new AppError(o.pickupVerifiedAt ? ErrorCode.CONFLICT : ErrorCode.ORDER_STATE, why)
  const t = Date.now()
  const res = await tx
    .updateTable('orders')
    .set({ status: 'to_review', shippedAt: t, receivedAt: t, pickupVerifiedAt: t, pickupVerifiedBy: staffName.slice(0, 64), updatedAt: t })
    .where('id', '=', o.id)
    .where('status', '=', 'to_ship')
    .where('pickupVerifiedAt', 'is', null)
    .where('afterSaleStatus', '!=', 'processing')
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) {
    const now = await tx.selectFrom('orders').select(['pickupVerifiedAt']).where('id', '=', o.id).executeTakeFirstOrThrow()
    throw new AppError(now.pickupVerifiedAt ? ErrorCode.CONFLICT : ErrorCode.ORDER_STATE, now.pickupVerifiedAt ? '该提货码已核销' : '订单状态已变化，请刷新后重试')
  }
  await tx
    .insertInto('orderLogs')
    .values({ orderId: o.id, fromStatus: 'to_ship', toStatus: 'to_review', action: 'pickup', operator: 'admin', note: `${o.pickupName} 自提核销`.slice(0, 250), createdAt: t })
    .execute()
  await runOrderHooks(tx, modules, 'received', o.id, 'admin')
  log({ action: 'order.pickup-verify', targetType: 'order', targetId: o.orderNo, before: { status: 'to_ship' }, after: { status: 'to_review' } })
  return { orderNo: o.orderNo }
}
