import type { Config } from '../../config'
import type { Conn, Db } from '../../db/types'
import type { LogoffHint } from '../../../../types/account'
import { AppError, ErrorCode } from '../../errors'
import type { LogoffNotice } from '../shopModule'
import type { Contributions } from '../contributions'
import { inTx } from '../../db/tx'

const DAY = 86_400_000
export const ANONYMISED_NICKNAME = '已注销用户'

/** The modules' notices (ShopModule.account, composed on ctx.modules), joined: today only the agent shop's. */
async function moduleNotices(db: Db, modules: Pick<Contributions, 'account'>, memberId: number): Promise<LogoffNotice> {
  const out: LogoffNotice = { isAgent: false, hint: '' }
  for (const c of modules.account) {
    if (!c.logoffNotice) continue
    const n = await c.logoffNotice(db, memberId)
    out.isAgent = out.isAgent || n.isAgent
    out.hint += n.hint
  }
  return out
}

/** Unfinished business that blocks logoff: orders not yet received and after-sales still open. */
async function blockers(db: Conn, memberId: number): Promise<string[]> {
  const out: string[] = []
  const active = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberId', '=', memberId)
    .where('status', 'in', ['unpaid', 'to_ship', 'to_receive'])
    .executeTakeFirstOrThrow()
  if (Number(active.n)) out.push(`您有${Number(active.n)}笔未完成的订单（待付款/待发货/待收货）`)
  const open = await db
    .selectFrom('afterSales')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('memberId', '=', memberId)
    .where('status', 'in', ['applied', 'approved', 'returned', 'received', 'refunding'])
    .executeTakeFirstOrThrow()
  if (Number(open.n)) out.push(`您有${Number(open.n)}笔进行中的售后`)
  return out
}

export async function logoffHint(db: Db, config: Config, modules: Pick<Contributions, 'account'>, memberId: number): Promise<LogoffHint> {
  const m = await db.selectFrom('members').select(['status', 'logoffAt', 'balance', 'points']).where('id', '=', memberId).executeTakeFirstOrThrow()
  const agent = await moduleNotices(db, modules, memberId)
  const warnings: string[] = []
  if (m.balance > 0) warnings.push(`余额¥${(m.balance / 100).toFixed(2)}将被清空`)
  if (m.points > 0) warnings.push(`${m.points}积分将被清空`)
  return {
    isAgent: agent.isAgent,
    hint: agent.hint,
    blockers: await blockers(db, memberId),
    warnings,
    coolingDays: config.logoffCoolingDays,
    logoffAt: m.status === 'logoff_pending' ? m.logoffAt : null,
  }
}

/**
 * Starts the cooling-off period: status active → logoff_pending with logoff_at = now + LOGOFF_COOLING_DAYS
 * (conditional update; asking again answers the pending date). Refused while orders or after-sales are unfinished.
 */
export async function applyLogoff(db: Db, config: Config, memberId: number, now = Date.now()) {
  const m = await db.selectFrom('members').select(['status', 'logoffAt']).where('id', '=', memberId).executeTakeFirstOrThrow()
  if (m.status === 'logoff_pending' && m.logoffAt) return { logoffAt: m.logoffAt, coolingDays: config.logoffCoolingDays }
  const b = await blockers(db, memberId)
  if (b.length) throw new AppError(ErrorCode.CONFLICT, `${b[0]}，处理完成后才能注销`)
  const logoffAt = now + config.logoffCoolingDays * DAY
  const res = await db.updateTable('members').set({ status: 'logoff_pending', logoffAt, updatedAt: now }).where('id', '=', memberId).where('status', '=', 'active').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) {
    const again = await db.selectFrom('members').select(['status', 'logoffAt']).where('id', '=', memberId).executeTakeFirstOrThrow()
    if (again.status === 'logoff_pending' && again.logoffAt) return { logoffAt: again.logoffAt, coolingDays: config.logoffCoolingDays }
    throw new AppError(ErrorCode.ACCOUNT_LOGOFF, '账号状态异常，无法注销')
  }
  return { logoffAt, coolingDays: config.logoffCoolingDays }
}

/** Cancels a pending logoff during the cooling-off period. */
export async function cancelLogoff(db: Db, memberId: number) {
  const res = await db.updateTable('members').set({ status: 'active', logoffAt: null, updatedAt: Date.now() }).where('id', '=', memberId).where('status', '=', 'logoff_pending').executeTakeFirst()
  return { cancelled: Number(res.numUpdatedRows) === 1 }
}

/**
 * The shop disables (true) or re-enables (false) an account (for the console). Disabling ends every session
 * at once and the auth plugin refuses the member's tokens while disabled_at is set; logins are refused too.
 * Returns whether the flag changed.
 */
export async function setMemberDisabled(db: Db, memberId: number, disabled: boolean, now = Date.now()): Promise<boolean> {
  return inTx(db, async (tx) => {
    const res = await tx
      .updateTable('members')
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where('id', '=', memberId)
      .where('disabledAt', disabled ? 'is' : 'is not', null)
      .executeTakeFirst()
    if (disabled) await tx.deleteFrom('sessions').where('memberId', '=', memberId).execute()
    return Number(res.numUpdatedRows) === 1
  })
}

/**
 * Anonymises one member whose cooling-off has ended: phone, nickname, avatar, openids, invitation code,
 * sessions, addresses, business cards, favourites and footprints go; the receiver data on their orders is
 * masked; orders, reviews (now by 已注销用户), after-sales and ledgers stay. Unfinished business postpones it.
 */
export async function anonymiseMember(db: Db, modules: Pick<Contributions, 'account'>, memberId: number, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if ((await blockers(tx, memberId)).length) return false
    const res = await tx
      .updateTable('members')
      .set({ status: 'anonymised', phone: null, nickname: ANONYMISED_NICKNAME, avatar: '', gender: 0, openidH5: null, openidMini: null, invitationCode: null, updatedAt: now })
      .where('id', '=', memberId)
      .where('status', '=', 'logoff_pending')
      .where('logoffAt', '<=', now)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    await tx.deleteFrom('sessions').where('memberId', '=', memberId).execute()
    await tx.deleteFrom('memberAddresses').where('memberId', '=', memberId).execute()
    await tx.deleteFrom('businessCards').where('memberId', '=', memberId).execute()
    await tx.deleteFrom('cartItems').where('memberId', '=', memberId).execute()
    await tx.deleteFrom('collects').where('memberId', '=', memberId).execute()
    await tx.deleteFrom('footprints').where('memberId', '=', memberId).execute()
    await tx.updateTable('orders').set({ receiverName: '已注销', receiverPhone: '', receiverDetail: '' }).where('memberId', '=', memberId).execute()
    await tx.updateTable('feedback').set({ contact: '' }).where('memberId', '=', memberId).execute()
    for (const c of modules.account) if (c.onAnonymise) await c.onAnonymise(tx, memberId)
    return true
  })
}

/** The job: anonymises every member whose logoff_at has passed. Returns how many. */
export async function anonymiseDue(db: Db, modules: Pick<Contributions, 'account'>, now = Date.now(), limit = 100): Promise<number> {
  const due = await db.selectFrom('members').select('id').where('status', '=', 'logoff_pending').where('logoffAt', '<=', now).orderBy('logoffAt').limit(limit).execute()
  let n = 0
  for (const { id } of due) if (await anonymiseMember(db, modules, id, now)) n += 1
  return n
}
