import type { Conn, Tx } from '../../db/types'
import type { BalanceKind } from '../../db/balanceTables'
import '../../db/balanceTables'
import { AppError, ErrorCode } from '../../errors'
import { isUniqueViolation } from '../order/service'
import { countRows, onPage } from '../../db/paging'
import { BALANCE_KIND_TEXT, type BalanceFlow, type BalanceLedgerPage, type BalanceSummary } from '../../../../types/balance'

/**
 * The shopper's balance (余额; docs/balance.md). One balance per member in fen (members.balance) with its withdrawable
 * part (members.balance_withdrawable, 0 ≤ it ≤ balance), changed only here: one conditional update inside the caller's
 * business transaction and one balance_ledger row whose (kind, ref_type, ref_id) is unique, so a change never applies
 * twice and the rows of a member always add up to the balance (the ledger identity, checked in the console).
 */

export interface BalanceChange {
  memberId: number
  /** Signed fen: + credits, − debits; never 0. */
  amount: number
  /**
   * The part of amount that is withdrawable (same sign as amount). Credits: 0 when left out (not withdrawable unless
   * stated). Debits: left out = the non-withdrawable money goes first, the withdrawable part only for the rest.
   */
  withdrawableAmount?: number
  kind: BalanceKind
  /** What caused it ('order', 'after_sale', 'cashback_task', 'staff_adjust'...) and its id: the change's unique key. */
  refType: string
  refId: string | number
  note: string
  now?: number
}

export interface BalanceEntry {
  balanceAfter: number
  withdrawableAfter: number
  withdrawableAmount: number
}

const MAX_TRIES = 3

/** Has this change (kind, refType, refId) been applied already? */
export async function hasBalanceEntry(db: Conn, kind: BalanceKind, refType: string, refId: string | number): Promise<boolean> {
  const row = await db.selectFrom('balanceLedger').select('id').where('kind', '=', kind).where('refType', '=', refType).where('refId', '=', String(refId)).executeTakeFirst()
  return !!row
}

/**
 * Applies one change inside the caller's transaction. A debit is one conditional update (`balance >= amount`, and the
 * withdrawable and non-withdrawable parts each stay ≥ 0): when the money is not there nothing changes and
 * BALANCE_INSUFFICIENT (余额不足) is thrown, so two spends of the same money at once make one succeed. A change already
 * applied (its key exists) is refused with CONFLICT and changes nothing.
 */
export async function changeBalance(tx: Tx, c: BalanceChange): Promise<BalanceEntry> {
  const amount = c.amount
  if (!Number.isInteger(amount) || amount === 0) throw new AppError(ErrorCode.BAD_REQUEST, '金额无效')
  const refId = String(c.refId)
  const t = c.now ?? Date.now()
  let after: { balance: number; balanceWithdrawable: number } | undefined
  let w = 0
  if (amount > 0) {
    w = c.withdrawableAmount ?? 0
    if (!Number.isInteger(w) || w < 0 || w > amount) throw new AppError(ErrorCode.BAD_REQUEST, '可提现金额无效')
    // Money that was the member's own (an order's refund or held part) goes back even to an anonymised account; new money does not.
    const giveBack = c.kind === 'order_refund' || c.kind === 'order_hold_returned'
    after = await tx
      .updateTable('members')
      .set((eb) => ({ balance: eb('balance', '+', amount), balanceWithdrawable: eb('balanceWithdrawable', '+', w), updatedAt: t }))
      .where('id', '=', c.memberId)
      .$if(!giveBack, (q) => q.where('status', '!=', 'anonymised'))
      .returning(['balance', 'balanceWithdrawable'])
      .executeTakeFirst()
    if (!after) throw new AppError(ErrorCode.CONFLICT, '会员不存在或已注销')
  } else {
    const take = -amount
    for (let i = 0; i < MAX_TRIES && !after; i++) {
      const now = await tx.selectFrom('members').select(['balance', 'balanceWithdrawable']).where('id', '=', c.memberId).executeTakeFirst()
      if (!now) throw new AppError(ErrorCode.NOT_FOUND, '会员不存在')
      if (Number(now.balance) < take) throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, '余额不足')
      const locked = Number(now.balance) - Number(now.balanceWithdrawable)
      w = c.withdrawableAmount !== undefined ? -c.withdrawableAmount : Math.max(0, take - locked)
      if (!Number.isInteger(w) || w < 0 || w > take) throw new AppError(ErrorCode.BAD_REQUEST, '可提现金额无效')
      if (w > Number(now.balanceWithdrawable)) throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, '可提现余额不足')
      const rest = take - w
      after = await tx
        .updateTable('members')
        .set((eb) => ({ balance: eb('balance', '-', take), balanceWithdrawable: eb('balanceWithdrawable', '-', w), updatedAt: t }))
        .where('id', '=', c.memberId)
        .where('balance', '>=', take)
        .where('balanceWithdrawable', '>=', w)
        .where((eb) => eb(eb('balance', '-', eb.ref('balanceWithdrawable')), '>=', rest))
        .returning(['balance', 'balanceWithdrawable'])
        .executeTakeFirst()
    }
    if (!after) throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, '余额不足')
    w = -w
  }
  const balanceAfter = Number(after.balance)
  const withdrawableAfter = Number(after.balanceWithdrawable)
  try {
    await tx
      .insertInto('balanceLedger')
      .values({
        memberId: c.memberId,
        kind: c.kind,
        amount,
        withdrawableAmount: w,
        balanceAfter,
        withdrawableAfter,
        refType: c.refType,
        refId,
        note: c.note.slice(0, 200),
        createdAt: t,
      })
      .execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT, '该笔余额变动已处理，不会重复入账')
    throw err
  }
  return { balanceAfter, withdrawableAfter, withdrawableAmount: w }
}

/** A member's balance and its withdrawable part. */
export async function memberBalance(db: Conn, memberId: number): Promise<{ balance: number; withdrawable: number }> {
  const m = await db.selectFrom('members').select(['balance', 'balanceWithdrawable']).where('id', '=', memberId).executeTakeFirst()
  return { balance: Number(m?.balance || 0), withdrawable: Number(m?.balanceWithdrawable || 0) }
}

/**
 * The ledger identity: for every member the ledger rows add up to the balance (and the withdrawable rows to the
 * withdrawable part). Returns the members where it does not hold (none when the books are right) and the shop's totals.
 */
export async function ledgerIdentity(db: Conn, memberId?: number) {
  let sums = db
    .selectFrom('balanceLedger')
    .select((eb) => ['memberId', eb.fn.sum<number>('amount').as('total'), eb.fn.sum<number>('withdrawableAmount').as('withdrawable')])
    .groupBy('memberId')
  if (memberId) sums = sums.where('memberId', '=', memberId)
  let members = db
    .selectFrom('members')
    .select(['id', 'balance', 'balanceWithdrawable'])
    .where((eb) => eb.or([eb('balance', '!=', 0), eb('balanceWithdrawable', '!=', 0)]))
  if (memberId) members = members.where('id', '=', memberId)
  const [rows, held] = await Promise.all([sums.execute(), members.execute()])
  const byMember = new Map<number, { ledger: number; ledgerWithdrawable: number; balance: number; withdrawable: number }>()
  for (const r of rows) byMember.set(r.memberId, { ledger: Number(r.total || 0), ledgerWithdrawable: Number(r.withdrawable || 0), balance: 0, withdrawable: 0 })
  for (const m of held) {
    const e = byMember.get(m.id) || { ledger: 0, ledgerWithdrawable: 0, balance: 0, withdrawable: 0 }
    e.balance = Number(m.balance)
    e.withdrawable = Number(m.balanceWithdrawable)
    byMember.set(m.id, e)
  }
  const mismatches = [...byMember.entries()].filter(([, e]) => e.ledger !== e.balance || e.ledgerWithdrawable !== e.withdrawable).map(([id, e]) => ({ memberId: id, ...e }))
  let balance = 0
  let ledger = 0
  let withdrawable = 0
  for (const e of byMember.values()) {
    balance += e.balance
    ledger += e.ledger
    withdrawable += e.withdrawable
  }
  return { ok: mismatches.length === 0 && balance === ledger, balance, withdrawable, ledger, mismatches }
}

/**
 * The balance part of a refund of `amount` on an order that cost payAmount, of which the balance paid balanceAmount
 * (docs/balance.md "Refunds"): in proportion, rounded down on the balance side (the odd fen goes to the gateway part);
 * the refund that completes the order's refunds takes what is left of the balance part; neither part ever exceeds what
 * is left of it (a part that would is moved to the other). `refundedBefore`: the order's refunds booked before this
 * one (both parts), `balanceRefunded`: their balance part.
 */
export function balanceShareOfRefund(o: { payAmount: number; balanceAmount: number; balanceRefunded: number }, refundedBefore: number, amount: number): number {
  if (o.balanceAmount <= 0 || amount <= 0) return 0
  const balanceLeft = Math.max(0, o.balanceAmount - o.balanceRefunded)
  const gatewayLeft = Math.max(0, o.payAmount - o.balanceAmount - (refundedBefore - o.balanceRefunded))
  let part = refundedBefore + amount >= o.payAmount ? balanceLeft : Math.floor((amount * o.balanceAmount) / o.payAmount)
  part = Math.min(part, balanceLeft, amount)
  if (amount - part > gatewayLeft) part = Math.min(balanceLeft, amount - gatewayLeft)
  return part
}

/** Balance held by the member's unpaid orders (taken at submission, returned if the order is cancelled or expires). */
export async function heldByOrders(db: Conn, memberId?: number): Promise<number> {
  let q = db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number>('balanceAmount').as('s'))
    .where('status', '=', 'unpaid')
    .where('balanceAmount', '>', 0)
  if (memberId) q = q.where('memberId', '=', memberId)
  return Number((await q.executeTakeFirst())?.s || 0)
}

/** 我的 → 余额: the balance, its withdrawable part, and what unpaid orders hold. */
export async function balanceSummary(db: Conn, memberId: number): Promise<BalanceSummary> {
  const b = await memberBalance(db, memberId)
  return { balance: b.balance, withdrawable: b.withdrawable, held: await heldByOrders(db, memberId) }
}

/** The member's ledger, newest first: everything, credits only (收入) or debits only (支出). */
export async function memberLedger(db: Conn, memberId: number, flow: BalanceFlow, page: number, pageSize: number): Promise<BalanceLedgerPage> {
  let q = db.selectFrom('balanceLedger').where('memberId', '=', memberId)
  if (flow === 'in') q = q.where('amount', '>', 0)
  if (flow === 'out') q = q.where('amount', '<', 0)
  const total = await countRows(q)
  const rows = await q.select(['id', 'kind', 'amount', 'balanceAfter', 'note', 'createdAt']).orderBy('createdAt', 'desc').orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindText: BALANCE_KIND_TEXT[r.kind] || '余额变动',
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      note: r.note,
      createdAt: Number(r.createdAt),
    })),
    total: Number(total),
    page,
    pageSize,
  }
}
