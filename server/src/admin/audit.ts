import type { FastifyRequest } from 'fastify'
import type { Conn, Db, Tx } from '../db/types'
import { inTx } from '../db/tx'
import { AdminCode } from '../../../types/admin'
import { AppError } from '../errors'
import type { SessionStaff } from './staff'
import './tables'

/** Who does a staff write: the audit row's "who". */
export interface Actor {
  id: number
  username: string
  ip: string
}

/** One audit row: what was done to which record, and the record before and after (null when created / deleted). */
export interface AuditEntry {
  action: string
  targetType: string
  targetId?: string | number
  before?: unknown
  after?: unknown
}

/** The signed-in staff of a console route (the console plugin has already refused a request without one). */
export function staffOf(req: FastifyRequest): SessionStaff {
  if (!req.staff) throw new AppError(AdminCode.NOT_SIGNED_IN, '请先登录')
  return req.staff
}

export const actorOf = (req: FastifyRequest): Actor => {
  const s = staffOf(req)
  return { id: s.id, username: s.username, ip: req.ip || '' }
}

const MAX_JSON = 60_000
const json = (v: unknown): string | null => {
  if (v === undefined || v === null) return null
  const s = JSON.stringify(v)
  return s.length > MAX_JSON ? JSON.stringify({ truncated: true, head: s.slice(0, MAX_JSON) }) : s
}

export async function writeAudit(tx: Conn, actor: Actor, e: AuditEntry, at = Date.now()) {
  await tx
    .insertInto('auditLogs')
    .values({
      staffId: actor.id,
      staffName: actor.username,
      at,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId === undefined ? '' : String(e.targetId),
      beforeJson: json(e.before),
      afterJson: json(e.after),
      ip: actor.ip.slice(0, 64),
    })
    .execute()
}

/**
 * Runs a staff write and its audit rows in ONE transaction: fn does the change on tx and calls log() for each
 * record it changed; the rows are written after fn succeeds, before the commit. A refusal writes nothing.
 */
export async function audited<T>(db: Db, actor: Actor, fn: (tx: Tx, log: (e: AuditEntry) => void) => Promise<T>): Promise<T> {
  return inTx(db, async (tx) => {
    const entries: AuditEntry[] = []
    const result = await fn(tx, (e) => entries.push(e))
    const at = Date.now()
    for (const e of entries) await writeAudit(tx, actor, e, at)
    return result
  })
}

/**
 * The staff member behind each log entry a console write made (order and after-sales logs record only 'admin'):
 * named by the staff's 姓名 (its username at the time when it has none): the audit row of one of the targets written closest to the entry's time, within two minutes (the row is written in
 * the same transaction, or right after the gateway answered a refund). '' when no row matches (the seed, the CLI).
 */
export async function staffNamesAt(db: Conn, targets: Array<{ type: string; id: string }>, ats: number[]): Promise<string[]> {
  const WINDOW = 120_000
  if (!ats.length || !targets.length) return ats.map(() => '')
  const rows = await db
    .selectFrom('auditLogs as a')
    .leftJoin('staff as s', 's.id', 'a.staffId')
    .select(['a.staffName', 's.realName', 'a.at'])
    .where((eb) => eb.or(targets.map((t) => eb.and([eb('a.targetType', '=', t.type), eb('a.targetId', '=', t.id)]))))
    .where('a.at', '>=', Math.min(...ats) - WINDOW)
    .where('a.at', '<=', Math.max(...ats) + WINDOW)
    .execute()
  return ats.map((at) => {
    let best = ''
    let gap = WINDOW + 1
    for (const r of rows) {
      const d = Math.abs(Number(r.at) - at)
      if (d < gap) {
        gap = d
        best = r.realName || r.staffName
      }
    }
    return best
  })
}
