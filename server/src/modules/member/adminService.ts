/** 会员 in the console: the queries behind its routes (adminRoutes.ts is HTTP only). */
import type { AdminMemberDetail, AdminMemberPage, AdminMemberQuery, AdminMemberRow } from '../../../../types/adminMembers'
import { POINTS_REASON_TEXT, type PointsReason } from '../../../../types/integral'
import { BALANCE_KIND_TEXT } from '../../../../types/balance'
import { AppError, ErrorCode } from '../../errors'
import type { AuditEntry } from '../../admin/audit'
import type { Conn, Db, Tx } from '../../db/types'
import '../../db/promotionTables'
import '../../db/afterSalesTables'
import '../../db/tradeTables'
import { countRows, onPage, paged } from '../../db/paging'
import { startsWith } from '../../db/prefix'
import { changePoints } from '../integral/points'
import { setMemberDisabled } from '../account/service'
import { ROW_COLUMNS, toRows } from '../order/adminService'

type Log = (e: AuditEntry) => void

const MEMBER_COLUMNS = ['id', 'phone', 'nickname', 'avatar', 'points', 'balance', 'status', 'disabledAt', 'createdAt'] as const
type MemberRow = { id: number; phone: string | null; nickname: string; avatar: string; points: number; balance: number; status: string; disabledAt: number | null; createdAt: number }
const toMember = ({ disabledAt, ...m }: MemberRow): AdminMemberRow => ({
  ...m,
  phone: m.phone || '',
  points: Number(m.points),
  balance: Number(m.balance),
  disabled: disabledAt != null,
  createdAt: Number(m.createdAt),
})

/** 会员 list: a phone or member id is looked up exactly, other words match the nickname's start; disabled or not. */
export async function adminMemberList(db: Db, q: AdminMemberQuery): Promise<AdminMemberPage> {
  const { page, pageSize } = paged(q)
  let b = db.selectFrom('members')
  const kw = q.keyword?.trim()
  // A phone or member id is looked up exactly, other words match the nickname's start: each by an index.
  if (kw) b = /^\d{11}$/.test(kw) ? b.where('phone', '=', kw) : /^\d{1,10}$/.test(kw) ? b.where('id', '=', Number(kw)) : b.where(startsWith(db, 'nickname', kw))
  if (q.disabled !== undefined) b = b.where('disabledAt', q.disabled ? 'is not' : 'is', null)
  const [rows, count] = await Promise.all([
    b
      .select([...MEMBER_COLUMNS])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
    countRows(b),
  ])
  return { list: rows.map(toMember), total: count, page, pageSize }
}

async function memberRow(db: Conn, id: number) {
  const m = await db
    .selectFrom('members')
    .select([...MEMBER_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!m) throw new AppError(ErrorCode.NOT_FOUND, '会员不存在')
  return m
}

/** One member with the latest orders, addresses, points and balance ledgers. */
export async function adminMemberDetail(db: Db, id: number): Promise<AdminMemberDetail> {
  const m = await memberRow(db, id)
  const [orders, addresses, points, balance] = await Promise.all([
    db.selectFrom('orders as o').select(ROW_COLUMNS).where('o.memberId', '=', id).orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').limit(20).execute(),
    db.selectFrom('memberAddresses').selectAll().where('memberId', '=', id).orderBy('isDefault', 'desc').orderBy('id').execute(),
    db.selectFrom('pointsLedger').selectAll().where('memberId', '=', id).orderBy('id', 'desc').limit(50).execute(),
    db.selectFrom('balanceLedger').selectAll().where('memberId', '=', id).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(50).execute(),
  ])
  return {
    member: toMember(m),
    orders: await toRows(db, orders),
    addresses: addresses.map((a) => ({ id: a.id, name: a.name, phone: a.phone, address: `${a.province}${a.city}${a.district}${a.detail}`, isDefault: !!a.isDefault })),
    pointsLedger: points.map((p) => ({
      id: p.id,
      change: p.change,
      balanceAfter: p.balanceAfter,
      reason: POINTS_REASON_TEXT[p.reason as PointsReason] || '积分变动',
      note: p.note === POINTS_REASON_TEXT[p.reason as PointsReason] ? '' : p.note,
      createdAt: Number(p.createdAt),
    })),
    balanceLedger: balance.map((c) => ({ id: c.id, change: c.amount, balanceAfter: c.balanceAfter, type: BALANCE_KIND_TEXT[c.kind] || '余额变动', note: c.note, createdAt: Number(c.createdAt) })),
  }
}

/** 调整积分 (the CLI points-grant's changePoints), with its audit row. */
export async function adjustMemberPoints(tx: Tx, id: number, delta: number, note: string, log: Log): Promise<number> {
  if (delta === 0) throw new AppError(ErrorCode.BAD_REQUEST, '调整数量不能为 0')
  const before = await memberRow(tx, id)
  const after = await changePoints(tx, before.id, delta, 'admin', note.trim())
  log({ action: 'member.points', targetType: 'member', targetId: before.id, before: { points: Number(before.points) }, after: { points: after, delta, note: note.trim() } })
  return after
}

/**
 * A disabled member is signed out at once (sessions removed) and refused by the shop's auth (members.disabled_at):
 * the account module's setMemberDisabled, in the audit row's transaction.
 */
export async function setAdminMemberDisabled(tx: Tx, id: number, disabled: boolean, log: Log): Promise<void> {
  const before = await memberRow(tx, id)
  if (!(await setMemberDisabled(tx, before.id, disabled))) return
  log({ action: disabled ? 'member.disable' : 'member.enable', targetType: 'member', targetId: before.id, before: { disabled: before.disabledAt != null }, after: { disabled } })
}
