/** 会员 › 会员等级 in the console: the queries and writes behind its routes (adminRoutes.ts is HTTP only). */
import type { AuditEntry } from '../../admin/audit'
import type { Conn, Tx } from '../../db/types'
import type { AdminLevel, AdminLevelList, AdminMemberGrowth, LevelBody } from '../../../../types/adminLevels'
import { GROWTH_KIND_TEXT } from '../../../../types/adminLevels'
import { discountText, multiplierText } from '../../../../types/level'
import { AppError, ErrorCode } from '../../errors'
import { enabledLevels, growthOf, levelFor, type LevelRow } from './service'
import '../../db/levelTables'

type Log = (e: AuditEntry) => void

const toAdmin = (r: LevelRow, members: number): AdminLevel => ({
  id: r.id,
  name: r.name,
  minGrowth: Number(r.threshold),
  discount: Number(r.discount),
  freeShipping: !!r.freeShipping,
  pointsTenths: Number(r.pointsTenths),
  enabled: !!r.enabled,
  members,
  updatedAt: Number(r.updatedAt),
})

/** What the audit row records of a level: the merchant's fields, no bookkeeping. */
const auditView = (l: AdminLevel) => ({
  name: l.name,
  minGrowth: l.minGrowth,
  discount: l.discount < 100 ? discountText(l.discount) : '不打折',
  freeShipping: l.freeShipping,
  pointsTenths: multiplierText(l.pointsTenths),
  enabled: l.enabled,
})

/** Members at each enabled level now: growth in [its threshold, the next enabled threshold); members without growth count as 0. */
async function membersPerLevel(db: Conn): Promise<Map<number, number>> {
  const levels = await enabledLevels(db)
  const out = new Map<number, number>()
  for (let i = 0; i < levels.length; i++) {
    const from = Number(levels[i].threshold)
    const to = levels[i + 1] ? Number(levels[i + 1].threshold) : null
    let q = db
      .selectFrom('members')
      .leftJoin('memberGrowth as g', 'g.memberId', 'members.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb(eb.fn.coalesce('g.growth', eb.val(0)), '>=', from))
    if (to !== null) q = q.where((eb) => eb(eb.fn.coalesce('g.growth', eb.val(0)), '<', to))
    out.set(levels[i].id, Number((await q.executeTakeFirstOrThrow()).n))
  }
  return out
}

export async function adminLevelList(db: Conn): Promise<AdminLevelList> {
  const [rows, counts] = await Promise.all([db.selectFrom('memberLevels').selectAll().orderBy('threshold').orderBy('id').execute(), membersPerLevel(db)])
  return { list: rows.map((r) => toAdmin(r, counts.get(r.id) || 0)) }
}

async function levelRow(db: Conn, id: number): Promise<LevelRow> {
  const r = await db.selectFrom('memberLevels').selectAll().where('id', '=', id).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '会员等级不存在')
  return r
}

/** Two levels never share a name or a threshold (the unique indexes say so too; this says it in words). */
async function checkUnique(db: Conn, b: LevelBody, id: number | null) {
  let q = db
    .selectFrom('memberLevels')
    .select(['id', 'name', 'threshold'])
    .where((eb) => eb.or([eb('name', '=', b.name.trim()), eb('threshold', '=', b.minGrowth)]))
  if (id !== null) q = q.where('id', '!=', id)
  const other = await q.executeTakeFirst()
  if (!other) return
  if (other.name === b.name.trim()) throw new AppError(ErrorCode.BAD_REQUEST, `已有名为「${other.name}」的等级`)
  throw new AppError(ErrorCode.BAD_REQUEST, `「${other.name}」的成长值门槛也是 ${b.minGrowth}，请换一个门槛`)
}

const values = (b: LevelBody) => ({ name: b.name.trim(), threshold: b.minGrowth, discount: b.discount, freeShipping: b.freeShipping ? 1 : 0, pointsTenths: b.pointsTenths })

export async function createLevel(tx: Tx, b: LevelBody, log: Log): Promise<number> {
  if (!b.name.trim()) throw new AppError(ErrorCode.BAD_REQUEST, '请填写等级名称')
  await checkUnique(tx, b, null)
  const t = Date.now()
  const r = await tx
    .insertInto('memberLevels')
    .values({ ...values(b), enabled: 1, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  log({ action: 'level.create', targetType: 'memberLevel', targetId: r.id, after: auditView(toAdmin(await levelRow(tx, r.id), 0)) })
  return r.id
}

export async function updateLevel(tx: Tx, id: number, b: LevelBody, log: Log): Promise<number> {
  if (!b.name.trim()) throw new AppError(ErrorCode.BAD_REQUEST, '请填写等级名称')
  const before = await levelRow(tx, id)
  await checkUnique(tx, b, id)
  await tx
    .updateTable('memberLevels')
    .set({ ...values(b), updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  log({ action: 'level.update', targetType: 'memberLevel', targetId: id, before: auditView(toAdmin(before, 0)), after: auditView(toAdmin(await levelRow(tx, id), 0)) })
  return id
}

export async function setLevelEnabled(tx: Tx, id: number, enabled: boolean, log: Log) {
  const before = await levelRow(tx, id)
  if (!!before.enabled === enabled) return
  await tx
    .updateTable('memberLevels')
    .set({ enabled: enabled ? 1 : 0, updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  log({ action: enabled ? 'level.enable' : 'level.disable', targetType: 'memberLevel', targetId: id, before: { enabled: !enabled }, after: { enabled } })
}

/** Members' growth and level by id (the console's member list). */
export async function membersGrowth(db: Conn, ids: number[]): Promise<Array<{ memberId: number; growth: number; levelName: string }>> {
  if (!ids.length) return []
  const [rows, levels] = await Promise.all([db.selectFrom('memberGrowth').select(['memberId', 'growth']).where('memberId', 'in', ids).execute(), enabledLevels(db)])
  return ids.map((memberId) => {
    const growth = Number(rows.find((r) => r.memberId === memberId)?.growth || 0)
    return { memberId, growth, levelName: levelFor(levels, growth)?.name || '' }
  })
}

/** One member's growth, level and latest growth changes (the console's member detail). */
export async function memberGrowth(db: Conn, memberId: number): Promise<AdminMemberGrowth> {
  const [growth, levels, ledger] = await Promise.all([
    growthOf(db, memberId),
    enabledLevels(db),
    db.selectFrom('growthLedger').selectAll().where('memberId', '=', memberId).orderBy('id', 'desc').limit(50).execute(),
  ])
  return {
    growth,
    levelName: levelFor(levels, growth)?.name || '',
    ledger: ledger.map((r) => ({ id: r.id, change: Number(r.change), after: Number(r.after), kindText: GROWTH_KIND_TEXT[r.kind] || '成长值变动', note: r.note, createdAt: Number(r.createdAt) })),
  }
}
