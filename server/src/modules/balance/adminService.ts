import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import type {
  AdminBalanceLedgerPage,
  AdminBalanceLedgerQuery,
  AdminBalanceMemberPage,
  AdminBalanceMemberQuery,
  AdminBalanceSummary,
  BalanceAdjustBody,
  BalanceAdjustReply,
} from '../../../../types/adminBalance'
import { BALANCE_KIND_TEXT } from '../../../../types/balance'
import { AppError, ErrorCode } from '../../errors'
import { countRows, onPage, paged } from '../../db/paging'
import { changeBalance, heldByOrders, ledgerIdentity } from './service'

type Log = (e: AuditEntry) => void

const ledgerSum = (db: Conn) =>
  db
    .selectFrom('balanceLedger')
    .select((eb) => ['memberId', eb.fn.sum<number>('amount').as('total')])
    .groupBy('memberId')
    .as('s')

/** 财务 → 余额: members with a balance or a ledger (search by phone or nickname), sorted by balance. */
export async function listMemberBalances(db: Db, query: AdminBalanceMemberQuery): Promise<AdminBalanceMemberPage> {
  const q0 = paged(query)
  let q = db
    .selectFrom('members as m')
    .leftJoin(ledgerSum(db), 's.memberId', 'm.id')
    .where((eb) => eb.or([eb('m.balance', '>', 0), eb('s.total', 'is not', null)]))
  const kw = (query.keyword || '').trim()
  if (kw) q = q.where((eb) => eb.or([eb('m.phone', 'like', `%${kw}%`), eb('m.nickname', 'like', `%${kw}%`)]))
  const total = await countRows(q)
  let rows = q.select(['m.id', 'm.phone', 'm.nickname', 'm.balance', 'm.balanceWithdrawable', 's.total'])
  rows = query.sort === 'recent' ? rows.orderBy('m.updatedAt', 'desc') : rows.orderBy('m.balance', query.sort === 'balance_asc' ? 'asc' : 'desc')
  const list = await rows.orderBy('m.id', 'desc').$call(onPage(q0.page, q0.pageSize)).execute()
  return {
    list: list.map((r) => ({
      memberId: r.id,
      phone: r.phone || '',
      nickname: r.nickname,
      balance: Number(r.balance),
      withdrawable: Number(r.balanceWithdrawable),
      ledgerTotal: Number(r.total || 0),
    })),
    total,
    page: q0.page,
    pageSize: q0.pageSize,
  }
}

/** The ledger, newest first: one member's (memberId) or everyone's, of one kind or all. */
export async function listLedger(db: Db, query: AdminBalanceLedgerQuery): Promise<AdminBalanceLedgerPage> {
  const q0 = paged(query)
  let q = db.selectFrom('balanceLedger as l').innerJoin('members as m', 'm.id', 'l.memberId')
  if (query.memberId) q = q.where('l.memberId', '=', query.memberId)
  if (query.kind) q = q.where('l.kind', '=', query.kind)
  const total = await countRows(q)
  const rows = await q
    .select(['l.id', 'l.memberId', 'l.kind', 'l.amount', 'l.withdrawableAmount', 'l.balanceAfter', 'l.note', 'l.createdAt', 'm.phone', 'm.nickname'])
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc')
    .$call(onPage(q0.page, q0.pageSize))
    .execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      phone: r.phone || '',
      nickname: r.nickname,
      kindText: BALANCE_KIND_TEXT[r.kind] || '余额变动',
      amount: r.amount,
      withdrawableAmount: r.withdrawableAmount,
      balanceAfter: r.balanceAfter,
      note: r.note,
      createdAt: Number(r.createdAt),
    })),
    total,
    page: q0.page,
    pageSize: q0.pageSize,
  }
}

/** The shop's outstanding balance and the ledger identity (sum of ledger rows = balance, per member and in total). */
export async function balanceOverview(db: Db): Promise<AdminBalanceSummary> {
  const id = await ledgerIdentity(db)
  const { n } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('balance', '>', 0)
    .executeTakeFirstOrThrow()
  const who = id.mismatches.length
    ? await db
        .selectFrom('members')
        .select(['id', 'phone', 'nickname'])
        .where(
          'id',
          'in',
          id.mismatches.map((m) => m.memberId),
        )
        .execute()
    : []
  return {
    total: id.balance,
    withdrawable: id.withdrawable,
    held: await heldByOrders(db),
    members: Number(n),
    ledgerTotal: id.ledger,
    identityOk: id.ok,
    mismatches: id.mismatches.slice(0, 50).map((m) => {
      const w = who.find((x) => x.id === m.memberId)
      return { memberId: m.memberId, phone: w?.phone || '', nickname: w?.nickname || '', balance: m.balance, ledgerTotal: m.ledger }
    }),
  }
}

/**
 * A staff adjustment (balance.adjust), audited: + adds (withdrawable only when ticked), − takes away (never below 0: a
 * conditional update, 余额不足 otherwise). The form's requestId is the ledger key, so a repeated submit adjusts once.
 */
export async function adjustBalance(tx: Tx, body: BalanceAdjustBody, log: Log): Promise<BalanceAdjustReply> {
  const reason = body.reason.trim()
  if (!reason) throw new AppError(ErrorCode.BAD_REQUEST, '请填写调整原因')
  if (body.amount === 0) throw new AppError(ErrorCode.BAD_REQUEST, '调整金额不能为 0')
  const m = await tx.selectFrom('members').select(['id', 'balance', 'balanceWithdrawable', 'status']).where('id', '=', body.memberId).executeTakeFirst()
  if (!m || m.status === 'anonymised') throw new AppError(ErrorCode.NOT_FOUND, '会员不存在或已注销')
  const r = await changeBalance(tx, {
    memberId: body.memberId,
    amount: body.amount,
    withdrawableAmount: body.amount > 0 ? (body.withdrawable ? body.amount : 0) : undefined,
    kind: 'staff_adjust',
    refType: 'staff_adjust',
    refId: body.requestId,
    note: reason,
  })
  log({
    action: 'balance.adjust',
    targetType: 'memberBalance',
    targetId: body.memberId,
    before: { balance: Number(m.balance), withdrawable: Number(m.balanceWithdrawable) },
    after: { balance: r.balanceAfter, withdrawable: r.withdrawableAfter, reason },
  })
  return { balance: r.balanceAfter, withdrawable: r.withdrawableAfter }
}
