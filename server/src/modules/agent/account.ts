import { sql, type Selectable } from 'kysely'
import type { Conn, Db } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { dialectOf } from '../../db'
import { isUniqueViolation, makeOrderNo } from '../order/service'
import {
  LEDGER_TYPE_TEXT,
  WITHDRAW_METHOD_TEXT,
  WITHDRAW_STATUS_TEXT,
  withdrawFee,
  type AgentAccount,
  type LedgerEntry,
  type LedgerFilter,
  type LedgerPage,
  type LedgerType,
  type SaveWithdrawAccountRequest,
  type WithdrawAccount,
  type WithdrawApplyRequest,
  type WithdrawInfo,
  type WithdrawMethod,
  type Withdrawal,
  type WithdrawalPage,
} from '../../../../types/agent'
import type { WithdrawalTable } from './tables'
import { maskCard, num } from './util'
import './tables'
import { queueMessage } from '../notifications/service'
import { inTx } from '../../db/tx'
import { storedRules } from './rules'
import { chinaDayStart, chinaMonthRange, chinaMinute } from '../../services/chinaTime'
import { onPage, countRows } from '../../db/paging'

// ------------------------------------------------------------------ account and ledger

/** Creates the shop's account row if it has none (idempotent). */
export async function ensureAccount(db: Conn, shopId: number) {
  await db
    .insertInto('agentAccounts')
    .values({ shopId, available: 0, frozen: 0, withdrawing: 0, withdrawn: 0, totalCommission: 0, updatedAt: Date.now() })
    .onConflict((oc) => oc.column('shopId').doNothing())
    .execute()
}

export interface Move {
  available?: number
  frozen?: number
  withdrawing?: number
  withdrawn?: number
  totalCommission?: number
}

/**
 * Moves money between the buckets of a shop's account in one conditional update (no bucket may go below
 * zero: otherwise nothing changes and BALANCE_INSUFFICIENT is thrown), then writes the ledger entry with the
 * balances after it. Call inside the transaction of the change it records.
 */
export async function moveMoney(db: Conn, shopId: number, move: Move, entry: { type: LedgerType; orderId?: number | null; withdrawalId?: number | null; note?: string }, t = Date.now()) {
  const a = move.available || 0
  const f = move.frozen || 0
  const w = move.withdrawing || 0
  const wd = move.withdrawn || 0
  const tc = move.totalCommission || 0
  await ensureAccount(db, shopId)
  const row = await db
    .updateTable('agentAccounts')
    .set({
      available: sql<number>`available + ${a}`,
      frozen: sql<number>`frozen + ${f}`,
      withdrawing: sql<number>`withdrawing + ${w}`,
      withdrawn: sql<number>`withdrawn + ${wd}`,
      totalCommission: sql<number>`total_commission + ${tc}`,
      updatedAt: t,
    })
    .where('shopId', '=', shopId)
    .where(sql<boolean>`available + ${a} >= 0 AND frozen + ${f} >= 0 AND withdrawing + ${w} >= 0 AND withdrawn + ${wd} >= 0 AND total_commission + ${tc} >= 0`)
    .returning(['available', 'frozen', 'withdrawing'])
    .executeTakeFirst()
  if (!row) throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, '可提现余额不足')
  await db
    .insertInto('agentLedger')
    .values({
      shopId,
      type: entry.type,
      availableChange: a,
      frozenChange: f,
      withdrawingChange: w,
      availableAfter: num(row.available),
      frozenAfter: num(row.frozen),
      withdrawingAfter: num(row.withdrawing),
      orderId: entry.orderId ?? null,
      withdrawalId: entry.withdrawalId ?? null,
      note: (entry.note || '').slice(0, 120),
      createdAt: t,
    })
    .execute()
  return { available: num(row.available), frozen: num(row.frozen), withdrawing: num(row.withdrawing) }
}

/**
 * The account's buckets and the two totals of docs/agent.md (5): 累计佣金 is what was ever earned net of refunds
 * (every fen of it sits in exactly one bucket), 已结算 the part released (the `total_commission` column).
 */
export async function getAccount(db: Conn, shopId: number): Promise<AgentAccount> {
  const r = await db.selectFrom('agentAccounts').selectAll().where('shopId', '=', shopId).executeTakeFirst()
  const available = num(r?.available)
  const frozen = num(r?.frozen)
  const withdrawing = num(r?.withdrawing)
  const withdrawn = num(r?.withdrawn)
  return { available, frozen, withdrawing, withdrawn, totalCommission: available + frozen + withdrawing + withdrawn, settledCommission: num(r?.totalCommission) }
}

const COMMISSION_TYPES: LedgerType[] = ['commission_frozen', 'commission_adjusted', 'commission_cancelled', 'commission_released']
const WITHDRAW_TYPES: LedgerType[] = ['withdraw_apply', 'withdraw_rejected', 'withdraw_paid']

/** The shop's ledger, newest first; filter by kind and China month ("YYYY-MM"). */
export async function listLedger(db: Conn, shopId: number, q: { filter: LedgerFilter; month?: string; page: number; pageSize: number }): Promise<LedgerPage> {
  let base = db.selectFrom('agentLedger as l').where('l.shopId', '=', shopId)
  if (q.filter === 'commission') base = base.where('l.type', 'in', COMMISSION_TYPES)
  if (q.filter === 'withdraw') base = base.where('l.type', 'in', WITHDRAW_TYPES)
  if (q.month) {
    const [from, to] = chinaMonthRange(q.month)
    base = base.where('l.createdAt', '>=', from).where('l.createdAt', '<', to)
  }
  const sums = await base
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`COALESCE(SUM(CASE WHEN l.available_change > 0 THEN l.available_change ELSE 0 END), 0)`.as('income'),
      sql<number>`COALESCE(SUM(CASE WHEN l.available_change < 0 THEN -l.available_change ELSE 0 END), 0)`.as('expense'),
    ])
    .executeTakeFirstOrThrow()
  // The order number (a link to the shop's order page) only for the shop's own orders: a second-level entry names
  // the sub-agent's order in its note, and that order's page is the sub-agent's.
  const rows = await base
    .leftJoin('orders as o', (j) => j.onRef('o.id', '=', 'l.orderId').onRef('o.boundBusinessId', '=', 'l.shopId'))
    .leftJoin('withdrawals as w', 'w.id', 'l.withdrawalId')
    .selectAll('l')
    .select(['o.orderNo', 'w.withdrawNo'])
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc')
    .$call(onPage(q.page, q.pageSize))
    .execute()
  return {
    list: rows.map((r): LedgerEntry => {
      const a = num(r.availableChange)
      const f = num(r.frozenChange)
      const w = num(r.withdrawingChange)
      const bucket = a !== 0 ? 'available' : f !== 0 ? 'frozen' : 'withdrawing'
      return {
        id: r.id,
        type: r.type as LedgerType,
        typeText: LEDGER_TYPE_TEXT[r.type as LedgerType] || r.type,
        amount: a !== 0 ? a : f !== 0 ? f : w,
        bucket,
        availableChange: a,
        frozenChange: f,
        withdrawingChange: w,
        availableAfter: num(r.availableAfter),
        frozenAfter: num(r.frozenAfter),
        withdrawingAfter: num(r.withdrawingAfter),
        orderNo: r.orderNo || '',
        withdrawNo: r.withdrawNo || '',
        note: r.note,
        createdAt: num(r.createdAt),
      }
    }),
    total: num(sums.total),
    page: q.page,
    pageSize: q.pageSize,
    income: num(sums.income),
    expense: num(sums.expense),
  }
}

// ------------------------------------------------------------------ withdrawal accounts

/** The real name on the shop's approved application: withdrawal accounts must be in this name. */
export async function agentRealName(db: Conn, shopId: number): Promise<string> {
  const r = await db.selectFrom('agentApplications').select('realName').where('shopId', '=', shopId).where('status', '=', 'approved').orderBy('id', 'desc').executeTakeFirst()
  return r?.realName || ''
}

const accountText = (method: WithdrawMethod, accountNo: string) => (method === 'bank' ? maskCard(accountNo) : '已绑定微信')

export async function withdrawAccounts(db: Conn, shopId: number): Promise<WithdrawAccount[]> {
  const rows = await db.selectFrom('agentWithdrawAccounts').selectAll().where('shopId', '=', shopId).orderBy('method').execute()
  return rows.map((r) => ({ method: r.method, accountName: r.accountName, accountText: accountText(r.method, r.accountNo), bankName: r.bankName, bankBranch: r.bankBranch }))
}

async function memberOpenid(db: Conn, memberId: number): Promise<string | null> {
  const m = await db.selectFrom('members').select(['openidMini', 'openidH5']).where('id', '=', memberId).executeTakeFirst()
  return m?.openidMini || m?.openidH5 || null
}

/** Sets (or changes) the bank card or the WeChat wallet the shop's withdrawals are paid to. */
export async function saveWithdrawAccount(db: Db, shopId: number, memberId: number, input: SaveWithdrawAccountRequest): Promise<WithdrawAccount[]> {
  const realName = await agentRealName(db, shopId)
  const accountName = String(input.accountName || '').trim()
  if (!accountName) throw new AppError(ErrorCode.BAD_REQUEST, '请输入账户姓名')
  if (realName && accountName !== realName) throw new AppError(ErrorCode.BAD_REQUEST, `收款人须为代理本人（${realName}）`)
  let accountNo = ''
  let bankName = ''
  let bankBranch = ''
  if (input.method === 'bank') {
    accountNo = String(input.accountNo || '').replace(/\s+/g, '')
    if (!/^\d{12,19}$/.test(accountNo)) throw new AppError(ErrorCode.BAD_REQUEST, '请输入正确的银行卡号')
    bankName = String(input.bankName || '').trim()
    if (bankName.length < 2 || bankName.length > 32) throw new AppError(ErrorCode.BAD_REQUEST, '请输入开户银行')
    bankBranch = String(input.bankBranch || '')
      .trim()
      .slice(0, 64)
  } else {
    const openid = await memberOpenid(db, memberId)
    if (!openid) throw new AppError(ErrorCode.BAD_REQUEST, '请先在微信中打开商城并授权，再使用微信零钱提现')
    accountNo = openid
  }
  const t = Date.now()
  await db
    .insertInto('agentWithdrawAccounts')
    .values({ shopId, method: input.method, accountName, accountNo, bankName, bankBranch, createdAt: t, updatedAt: t })
    .onConflict((oc) => oc.columns(['shopId', 'method']).doUpdateSet({ accountName, accountNo, bankName, bankBranch, updatedAt: t }))
    .execute()
  return withdrawAccounts(db, shopId)
}

// ------------------------------------------------------------------ withdrawals

/** Withdrawals applied for today (China day), rejected ones not counted. */
async function countToday(db: Conn, shopId: number, t: number): Promise<number> {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shopId', '=', shopId)
    .where('createdAt', '>=', chinaDayStart(t))
    .where('status', '!=', 'rejected')
    .executeTakeFirstOrThrow()
  return num(r.n)
}

/** The amount applied for today (China day), rejected ones not counted. */
async function amountToday(db: Conn, shopId: number, t: number): Promise<number> {
  const r = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<number>('amount').as('s'))
    .where('shopId', '=', shopId)
    .where('createdAt', '>=', chinaDayStart(t))
    .where('status', '!=', 'rejected')
    .executeTakeFirst()
  return num(r?.s)
}

export async function withdrawInfo(db: Db, shopId: number, memberId: number): Promise<WithdrawInfo> {
  const r = await storedRules(db)
  return {
    account: await getAccount(db, shopId),
    rules: { min: r.withdrawMin, max: r.withdrawMax, feeBp: r.withdrawFeeBp, feeMin: r.withdrawFeeMin, dailyLimit: r.withdrawDailyCount },
    accounts: await withdrawAccounts(db, shopId),
    realName: await agentRealName(db, shopId),
    wechatBound: !!(await memberOpenid(db, memberId)),
    todayCount: await countToday(db, shopId, Date.now()),
  }
}

export function toWithdrawal(r: Selectable<WithdrawalTable>): Withdrawal {
  return {
    withdrawNo: r.withdrawNo,
    amount: num(r.amount),
    fee: num(r.fee),
    actualAmount: num(r.actualAmount),
    method: r.method,
    accountText: `${WITHDRAW_METHOD_TEXT[r.method]} ${r.method === 'bank' ? `${r.bankName} ${maskCard(r.accountNo)}` : r.accountName}`.trim(),
    status: r.status,
    statusText: WITHDRAW_STATUS_TEXT[r.status],
    rejectReason: r.rejectReason,
    createdAt: num(r.createdAt),
    paidAt: r.paidAt === null ? null : num(r.paidAt),
    rejectedAt: r.rejectedAt === null ? null : num(r.rejectedAt),
    needConfirm: r.status === 'pending' && r.transferState === 'WAIT_USER_CONFIRM' && !!r.packageInfo,
  }
}

/**
 * Applies for a withdrawal: the amount moves from available to withdrawing in one conditional update (so
 * concurrent applications can never take more than the balance), within the rules' daily count and amount,
 * to the account set for the method. A repeated requestId answers the first withdrawal.
 */
export async function applyWithdraw(db: Db, shopId: number, memberId: number, input: WithdrawApplyRequest, now = Date.now()): Promise<Withdrawal> {
  const amount = input.amount
  if (!Number.isInteger(amount) || amount <= 0) throw new AppError(ErrorCode.BAD_REQUEST, '请输入正确的提现金额')
  const rules = await storedRules(db)
  if (amount < rules.withdrawMin) throw new AppError(ErrorCode.BAD_REQUEST, `单次提现金额不能低于¥${(rules.withdrawMin / 100).toFixed(2)}`)
  if (amount > rules.withdrawMax) throw new AppError(ErrorCode.BAD_REQUEST, `单次提现金额不能超过¥${(rules.withdrawMax / 100).toFixed(2)}`)
  const existing = () => db.selectFrom('withdrawals').selectAll().where('shopId', '=', shopId).where('requestId', '=', input.requestId).executeTakeFirst()
  const before = await existing()
  if (before) return toWithdrawal(before)
  const acct = await db.selectFrom('agentWithdrawAccounts').selectAll().where('shopId', '=', shopId).where('method', '=', input.method).executeTakeFirst()
  if (!acct) throw new AppError(ErrorCode.BAD_REQUEST, `请先设置${WITHDRAW_METHOD_TEXT[input.method]}提现账户`)
  const fee = withdrawFee(amount, rules.withdrawFeeBp, rules.withdrawFeeMin)
  const t = now
  try {
    return await db.transaction().execute(async (tx) => {
      // Serialise the shop's applications (PostgreSQL row lock; SQLite runs one transaction at a time), so the
      // daily count below is exact; the balance itself is guarded by moveMoney's conditional update.
      await ensureAccount(tx, shopId)
      if (dialectOf(db) === 'postgres') await tx.selectFrom('agentAccounts').select('id').where('shopId', '=', shopId).forUpdate().execute()
      if ((await countToday(tx, shopId, t)) >= rules.withdrawDailyCount) throw new AppError(ErrorCode.RATE_LIMITED, `每天最多提现${rules.withdrawDailyCount}次，请明天再来`)
      if ((await amountToday(tx, shopId, t)) + amount > rules.withdrawDailyMax) throw new AppError(ErrorCode.RATE_LIMITED, `超出每日提现上限¥${(rules.withdrawDailyMax / 100).toFixed(2)}，请明天再来`)
      const row = await tx
        .insertInto('withdrawals')
        .values({
          withdrawNo: makeOrderNo(t, 'W'),
          shopId,
          memberId,
          amount,
          fee,
          actualAmount: amount - fee,
          method: input.method,
          accountName: acct.accountName,
          accountNo: acct.accountNo,
          bankName: acct.bankName,
          bankBranch: acct.bankBranch,
          status: 'pending',
          rejectReason: '',
          requestId: input.requestId,
          paidAt: null,
          rejectedAt: null,
          createdAt: t,
          updatedAt: t,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await moveMoney(
        tx,
        shopId,
        { available: -amount, withdrawing: amount },
        { type: 'withdraw_apply', withdrawalId: row.id, note: `提现至${WITHDRAW_METHOD_TEXT[input.method]}，手续费¥${(fee / 100).toFixed(2)}` },
        t,
      )
      return toWithdrawal(row)
    })
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await existing()
      if (again) return toWithdrawal(again)
    }
    throw err
  }
}

export async function listWithdrawals(db: Conn, shopId: number, page: number, pageSize: number): Promise<WithdrawalPage> {
  const base = db.selectFrom('withdrawals').where('shopId', '=', shopId)
  const total = await countRows(base)
  const rows = await base.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toWithdrawal), total: num(total), page, pageSize }
}

export async function findWithdrawal(db: Conn, ref: string) {
  const q = db.selectFrom('withdrawals').selectAll()
  const row = /^\d{1,9}$/.test(ref) ? await q.where('id', '=', Number(ref)).executeTakeFirst() : await q.where('withdrawNo', '=', ref).executeTakeFirst()
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, `提现单不存在：${ref}`)
  return row
}

/** Operator: the money was paid out; withdrawing → withdrawn. */
export async function payWithdrawal(db: Db, ref: string, now = Date.now(), referenceNo = ''): Promise<Withdrawal> {
  return inTx(db, async (tx) => {
    const w = await findWithdrawal(tx, ref)
    const t = now
    if (w.transferState && !['FAIL', 'CANCELLED'].includes(w.transferState)) throw new AppError(ErrorCode.AGENT_STATE, '该提现已发起微信转账，请等待转账结果')
    if (!(await closeWithdrawalTx(tx, w, 'paid', '', t, referenceNo ? { referenceNo } : {}))) throw new AppError(ErrorCode.AGENT_STATE, `提现单已${WITHDRAW_STATUS_TEXT[w.status]}，不能重复处理`)
    return toWithdrawal({ ...w, status: 'paid', paidAt: t, updatedAt: t })
  })
}

/** Operator: refused; the whole amount goes back to available. */
export async function rejectWithdrawal(db: Db, ref: string, reason: string): Promise<Withdrawal> {
  const why = reason.trim().slice(0, 120)
  if (!why) throw new AppError(ErrorCode.BAD_REQUEST, '请填写驳回原因')
  return inTx(db, async (tx) => {
    const w = await findWithdrawal(tx, ref)
    const t = Date.now()
    if (w.transferState && !['FAIL', 'CANCELLED'].includes(w.transferState)) throw new AppError(ErrorCode.AGENT_STATE, '该提现已发起微信转账，请等待转账结果')
    if (!(await closeWithdrawalTx(tx, w, 'rejected', why, t))) throw new AppError(ErrorCode.AGENT_STATE, `提现单已${WITHDRAW_STATUS_TEXT[w.status]}，不能重复处理`)
    return toWithdrawal({ ...w, status: 'rejected', rejectReason: why, rejectedAt: t, updatedAt: t })
  })
}

/**
 * Closes a pending withdrawal once (a conditional update on 'pending', so an operator, a transfer notification and a
 * transfer query racing each other move the money once): paid → withdrawing to withdrawn; rejected → the whole
 * amount back to available. `extra` records the transfer's final state. False when it was no longer pending.
 */
export async function closeWithdrawalTx(
  tx: Conn,
  w: Pick<Selectable<WithdrawalTable>, 'id' | 'shopId' | 'amount' | 'actualAmount'>,
  outcome: 'paid' | 'rejected',
  reason: string,
  t = Date.now(),
  extra: { transferState?: string; failReason?: string; referenceNo?: string } = {},
): Promise<boolean> {
  const set = outcome === 'paid' ? { status: 'paid' as const, paidAt: t, updatedAt: t, ...extra } : { status: 'rejected' as const, rejectReason: reason, rejectedAt: t, updatedAt: t, ...extra }
  const res = await tx.updateTable('withdrawals').set(set).where('id', '=', w.id).where('status', '=', 'pending').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  if (outcome === 'paid') {
    await moveMoney(tx, w.shopId, { withdrawing: -w.amount, withdrawn: w.amount }, { type: 'withdraw_paid', withdrawalId: w.id, note: `实际到账¥${(w.actualAmount / 100).toFixed(2)}` }, t)
    const row = await tx.selectFrom('withdrawals').select(['memberId', 'withdrawNo']).where('id', '=', w.id).executeTakeFirstOrThrow()
    await queueMessage(tx, row.memberId, 'withdrawal_paid', {
      withdrawNo: row.withdrawNo,
      amount: `${(w.actualAmount / 100).toFixed(2)}元`,
      time: chinaMinute(t),
    })
  } else await moveMoney(tx, w.shopId, { withdrawing: -w.amount, available: w.amount }, { type: 'withdraw_rejected', withdrawalId: w.id, note: `驳回：${reason}` }, t)
  return true
}
