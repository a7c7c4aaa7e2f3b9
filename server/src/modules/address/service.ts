import type { Selectable } from 'kysely'
// The national division list (GB/T 2260), the one the shop's address picker loads.
import { areaList } from '@vant/area-data'
import type { Conn, Db } from '../../db/types'
import type { MemberAddressTable } from '../../db/tradeTables'
import type { AddressInput, MemberAddress } from '../../../../types/address'
import { AppError, ErrorCode } from '../../errors'
import { MOBILE_RE } from '../member/service'
import { dialectOf } from '../../db'
import { codeOfNames, namesOfCode } from '../../../../types/area'

/** A member keeps at most this many addresses. */
export const MAX_ADDRESSES = 20
export const ADDRESS_TAGS = ['', '家', '公司', '学校']

type Row = Selectable<MemberAddressTable>

export const toAddress = (r: Row): MemberAddress => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  province: r.province,
  city: r.city,
  district: r.district,
  areaCode: r.areaCode || '',
  detail: r.detail,
  tag: r.tag,
  isDefault: !!r.isDefault,
})

/** Checks and trims a form; refusals carry the message the form shows. */
export function validateAddress(input: AddressInput) {
  const name = String(input.name ?? '').trim()
  const phone = String(input.phone ?? '').trim()
  const province = String(input.province ?? '').trim()
  const city = String(input.city ?? '').trim()
  const district = String(input.district ?? '').trim()
  const detail = String(input.detail ?? '').trim()
  const tag = String(input.tag ?? '').trim()
  if (!name) throw new AppError(ErrorCode.BAD_REQUEST, '请填写收货人')
  if (name.length > 20) throw new AppError(ErrorCode.BAD_REQUEST, '收货人姓名不能超过20个字')
  if (!MOBILE_RE.test(phone)) throw new AppError(ErrorCode.BAD_REQUEST, '请输入正确的手机号')
  if (!province || !city) throw new AppError(ErrorCode.BAD_REQUEST, '请选择所在地区')
  if (detail.length < 2) throw new AppError(ErrorCode.BAD_REQUEST, '请填写详细地址')
  if (detail.length > 100) throw new AppError(ErrorCode.BAD_REQUEST, '详细地址不能超过100个字')
  if (!ADDRESS_TAGS.includes(tag)) throw new AppError(ErrorCode.BAD_REQUEST, '地址标签无效')
  return { name, phone, province, city, district, areaCode: areaCodeOf(input.areaCode, province, city, district), detail, tag }
}

/**
 * The code stored with an address: the picker's, when it names exactly these province, city and district (else the
 * form is refused: the names and the code disagree); without one (older clients, old addresses), the code the
 * names have in the list, or '' when they name no place of it (an address typed before the list was complete).
 */
export function areaCodeOf(code: string | undefined, province: string, city: string, district: string): string {
  const c = String(code ?? '').trim()
  if (!c) return codeOfNames(areaList, province, city, district)
  const names = namesOfCode(areaList, c)
  if (!names || names.province !== province || names.city !== city || names.district !== district) throw new AppError(ErrorCode.BAD_REQUEST, '所在地区有误，请重新选择')
  return c
}

/** Default first, then the most recently changed. */
export async function listAddresses(db: Conn, memberId: number): Promise<MemberAddress[]> {
  const rows = await db.selectFrom('memberAddresses').selectAll().where('memberId', '=', memberId).orderBy('isDefault', 'desc').orderBy('updatedAt', 'desc').orderBy('id', 'desc').execute()
  return rows.map(toAddress)
}

async function ownRow(db: Conn, memberId: number, id: number): Promise<Row> {
  const row = await db.selectFrom('memberAddresses').selectAll().where('id', '=', id).where('memberId', '=', memberId).executeTakeFirst()
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, '收货地址不存在')
  return row
}

export async function getAddress(db: Conn, memberId: number, id: number): Promise<MemberAddress> {
  return toAddress(await ownRow(db, memberId, id))
}

/** The address an order uses when none is chosen: the default, else the latest. */
export async function defaultAddress(db: Conn, memberId: number): Promise<MemberAddress | null> {
  const row = await db.selectFrom('memberAddresses').selectAll().where('memberId', '=', memberId).orderBy('isDefault', 'desc').orderBy('updatedAt', 'desc').limit(1).executeTakeFirst()
  return row ? toAddress(row) : null
}

/** Serialises one member's address writes on PostgreSQL (SQLite runs transactions one at a time anyway). */
async function lockMember(tx: Conn, memberId: number) {
  if (dialectOf(tx) === 'postgres') await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute()
}

/** Clears the member's default first, then sets it (the partial unique index allows one default). */
async function makeDefault(tx: Conn, memberId: number, id: number, t: number) {
  await tx.updateTable('memberAddresses').set({ isDefault: 0 }).where('memberId', '=', memberId).where('isDefault', '=', 1).where('id', '!=', id).execute()
  await tx.updateTable('memberAddresses').set({ isDefault: 1, updatedAt: t }).where('id', '=', id).where('memberId', '=', memberId).execute()
}

/** Adds an address; the first one becomes the default. */
export async function addAddress(db: Db, memberId: number, input: AddressInput): Promise<MemberAddress> {
  const v = validateAddress(input)
  const t = Date.now()
  const id = await db.transaction().execute(async (tx) => {
    await lockMember(tx, memberId)
    const { n } = await tx
      .selectFrom('memberAddresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('memberId', '=', memberId)
      .executeTakeFirstOrThrow()
    if (Number(n) >= MAX_ADDRESSES) throw new AppError(ErrorCode.BAD_REQUEST, `最多保存${MAX_ADDRESSES}个收货地址`)
    const row = await tx
      .insertInto('memberAddresses')
      .values({ memberId, ...v, isDefault: 0, createdAt: t, updatedAt: t })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (input.isDefault || Number(n) === 0) await makeDefault(tx, memberId, row.id, t)
    return row.id
  })
  return getAddress(db, memberId, id)
}

export async function updateAddress(db: Db, memberId: number, id: number, input: AddressInput): Promise<MemberAddress> {
  const v = validateAddress(input)
  const t = Date.now()
  await db.transaction().execute(async (tx) => {
    await lockMember(tx, memberId)
    const row = await ownRow(tx, memberId, id)
    await tx
      .updateTable('memberAddresses')
      .set({ ...v, updatedAt: t })
      .where('id', '=', id)
      .where('memberId', '=', memberId)
      .execute()
    if (input.isDefault && !row.isDefault) await makeDefault(tx, memberId, id, t)
    if (input.isDefault === false && row.isDefault) await promoteNext(tx, memberId, id, t)
  })
  return getAddress(db, memberId, id)
}

/** When the default goes away, the most recent other address takes over. */
async function promoteNext(tx: Conn, memberId: number, exceptId: number, t: number) {
  const next = await tx.selectFrom('memberAddresses').select('id').where('memberId', '=', memberId).where('id', '!=', exceptId).orderBy('updatedAt', 'desc').limit(1).executeTakeFirst()
  if (next) await makeDefault(tx, memberId, next.id, t)
}

export async function deleteAddress(db: Db, memberId: number, id: number) {
  await db.transaction().execute(async (tx) => {
    await lockMember(tx, memberId)
    const row = await ownRow(tx, memberId, id)
    await tx.deleteFrom('memberAddresses').where('id', '=', id).where('memberId', '=', memberId).execute()
    if (row.isDefault) await promoteNext(tx, memberId, id, Date.now())
  })
  return { deleted: true }
}

export async function setDefaultAddress(db: Db, memberId: number, id: number): Promise<MemberAddress> {
  await db.transaction().execute(async (tx) => {
    await lockMember(tx, memberId)
    await ownRow(tx, memberId, id)
    await makeDefault(tx, memberId, id, Date.now())
  })
  return getAddress(db, memberId, id)
}
