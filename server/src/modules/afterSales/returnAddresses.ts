import type { Selectable } from 'kysely'
import type { ReturnAddress, ReturnAddressInput } from '../../../../types/adminSettings'
import type { AuditEntry } from '../../admin/audit'
import type { ReturnAddressTable } from '../../db/afterSalesTables'
import type { Conn, Tx } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'

/**
 * The shop's own return addresses (设置 → 退货地址): several, exactly one the default while any exists. A return
 * approved by the shop copies the address chosen (the default unless staff pick another) onto the case, so the
 * shopper's instructions never change afterwards. No address is ever invented: the demo's comes from its seed only,
 * and a shop without one cannot approve a return (the setup check says so too).
 */

type Log = (e: AuditEntry) => void
type Row = Selectable<ReturnAddressTable>

/** What staff and the CLI read when no address is set: where to set one. */
export const NO_RETURN_ADDRESS = '还没有设置退货地址，买家不知道把商品寄到哪里：请先在「设置 → 退货地址」添加地址，再同意退货'

const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg)

const view = (r: Row): ReturnAddress => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  province: r.province,
  city: r.city,
  district: r.district,
  detail: r.detail,
  isDefault: !!r.isDefault,
})

/** The one line a shopper copies onto the parcel (without name and phone). */
export const addressLine = (a: Pick<Row, 'province' | 'city' | 'district' | 'detail'>) => `${a.province}${a.city === a.province ? '' : a.city}${a.district}${a.detail}`

/** Default first, then in the order they were added. */
export async function returnAddresses(db: Conn): Promise<ReturnAddress[]> {
  const rows = await db.selectFrom('returnAddresses').selectAll().orderBy('isDefault', 'desc').orderBy('id').execute()
  return rows.map(view)
}

/** The address a return goes to: the one named, else the default; null when the shop has none. */
export async function returnAddressFor(db: Conn, id?: number): Promise<ReturnAddress | null> {
  if (id !== undefined) {
    const r = await db.selectFrom('returnAddresses').selectAll().where('id', '=', id).executeTakeFirst()
    if (!r) throw new AppError(ErrorCode.NOT_FOUND, '所选的退货地址已被删除，请刷新后重新选择')
    return view(r)
  }
  const r = await db.selectFrom('returnAddresses').selectAll().orderBy('isDefault', 'desc').orderBy('id').executeTakeFirst()
  return r ? view(r) : null
}

const MOBILE = /^1[3-9]\d{9}$/
const LANDLINE = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/
const SERVICE = /^[48]00-?\d{3}-?\d{4}$/

function checked(input: ReturnAddressInput) {
  const phone = input.phone.replace(/\s+/g, '')
  if (!MOBILE.test(phone) && !LANDLINE.test(phone) && !SERVICE.test(phone)) throw bad('联系电话格式不正确：请填写手机号，或带区号的座机号（如 0571-88886666）')
  const out = {
    name: input.name.trim(),
    phone,
    province: input.province.trim(),
    city: input.city.trim(),
    district: input.district.trim(),
    detail: input.detail.trim(),
  }
  if (!out.name) throw bad('请填写收件人')
  if (!out.province || !out.city) throw bad('请填写省份和城市')
  if (out.detail.length < 2) throw bad('请填写详细地址（街道、门牌号）')
  return out
}

/** Exactly one default: making one the default takes it from the others in the same transaction. */
async function takeDefault(tx: Tx, id: number) {
  await tx.updateTable('returnAddresses').set({ isDefault: 0 }).where('id', '!=', id).where('isDefault', '=', 1).execute()
  await tx.updateTable('returnAddresses').set({ isDefault: 1 }).where('id', '=', id).execute()
}

const one = async (db: Conn, id: number) => {
  const r = await db.selectFrom('returnAddresses').selectAll().where('id', '=', id).executeTakeFirst()
  return r ? view(r) : undefined
}

export async function createReturnAddress(tx: Tx, input: ReturnAddressInput, log: Log): Promise<number> {
  const values = checked(input)
  const first = !(await tx.selectFrom('returnAddresses').select('id').limit(1).executeTakeFirst())
  const r = await tx
    .insertInto('returnAddresses')
    .values({ ...values, isDefault: 0, createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The first address is the default whatever the form said: a shop with addresses always has a default.
  if (first || input.isDefault) await takeDefault(tx, r.id)
  log({ action: 'returnAddress.create', targetType: 'returnAddress', targetId: r.id, after: await one(tx, r.id) })
  return r.id
}

export async function updateReturnAddress(tx: Tx, id: number, input: ReturnAddressInput, log: Log) {
  const before = await one(tx, id)
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '退货地址不存在')
  if (before.isDefault && input.isDefault === false) throw bad('请把另一个地址设为默认，而不是取消默认')
  await tx.updateTable('returnAddresses').set(checked(input)).where('id', '=', id).execute()
  if (input.isDefault && !before.isDefault) await takeDefault(tx, id)
  log({ action: 'returnAddress.update', targetType: 'returnAddress', targetId: id, before, after: await one(tx, id) })
}

/** Cases already approved keep their own copy; the default goes only when it is the last one left. */
export async function deleteReturnAddress(tx: Tx, id: number, log: Log) {
  const before = await one(tx, id)
  if (!before) throw new AppError(ErrorCode.NOT_FOUND, '退货地址不存在')
  if (before.isDefault) {
    const other = await tx.selectFrom('returnAddresses').select('id').where('id', '!=', id).limit(1).executeTakeFirst()
    if (other) throw new AppError(ErrorCode.CONFLICT, '默认退货地址不能删除：请先把另一个地址设为默认')
  }
  const res = await tx
    .deleteFrom('returnAddresses')
    .where('id', '=', id)
    .where('isDefault', '=', before.isDefault ? 1 : 0)
    .executeTakeFirst()
  if (Number(res.numDeletedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '退货地址已变化，请刷新后重试')
  log({ action: 'returnAddress.delete', targetType: 'returnAddress', targetId: id, before })
}
