import { sql } from 'kysely'
import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import { AppError, ErrorCode } from '../../errors'
import { ilike, dialectOf } from '../../db'
import { csvStream, csvTime, csvYuan } from '../../admin/csv'
import { LEDGER_TYPE_TEXT, WITHDRAW_METHOD_TEXT, WITHDRAW_STATUS_TEXT, type LedgerType } from '../../../../types/agent'
import type {
  AdminAgentApplicationPage,
  AdminAgentDetail,
  AdminAgentPage,
  AdminAgentRow,
  AdminLedgerEntry,
  AdminLedgerPage,
  AdminWithdrawal,
  AdminWithdrawalPage,
  AdminWithdrawalQuery,
  AgentApplicationQuery,
  AgentQuery,
  LedgerQuery,
  SuspendAgentBody,
  WithdrawalAccountReply,
} from '../../../../types/adminAgents'
import { approveApplication, rejectApplication } from './service'
import { levelFigures, listChildren, parentOf } from './team'
import { findWithdrawal, getAccount, payWithdrawal, rejectWithdrawal } from './account'
import { shopTotals } from './stats'
import { forfeitFrozenCommissions } from './commission'
import { maskCard, maskIdCard, maskPhone, num } from './util'
import './tables'
import { onPage, countRows } from '../../db/paging'

/**
 * The console's 代理 and 提现 (docs/console.md): the operator CLI's services (approveApplication, payWithdrawal,
 * rejectWithdrawal…) run inside the audited transaction, so each change and its audit row commit together.
 */

type Log = (e: AuditEntry) => void
const likeWord = (s: string) => `%${s.replace(/[\\%_]/g, '')}%`
const page = (q: { page?: number; pageSize?: number }) => ({ page: q.page || 1, pageSize: q.pageSize || 20 })

// ------------------------------------------------------------------ applications

export async function listApplications(db: Conn, q: AgentApplicationQuery): Promise<AdminAgentApplicationPage> {
  const { page: p, pageSize } = page(q)
  let base = db.selectFrom('agentApplications as a').innerJoin('members as m', 'm.id', 'a.memberId')
  if (q.status) base = base.where('a.status', '=', q.status)
  const kw = (q.keyword || '').trim()
  if (kw) base = base.where((eb) => eb.or([eb('a.shopName', ilike(dialectOf(db)) as 'like', likeWord(kw)), eb('a.realName', ilike(dialectOf(db)) as 'like', likeWord(kw)), eb('a.phone', '=', kw)]))
  const n = await countRows(base)
  const rows = await base.selectAll('a').select('m.phone as memberPhone').orderBy('a.createdAt', 'desc').orderBy('a.id', 'desc').$call(onPage(p, pageSize)).execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      memberPhone: r.memberPhone || '',
      shopName: r.shopName,
      realName: r.realName,
      phone: r.phone,
      idCard: maskIdCard(r.idCard),
      reason: r.reason,
      status: r.status,
      rejectReason: r.rejectReason,
      shopId: r.shopId,
      createdAt: num(r.createdAt),
      reviewedAt: r.reviewedAt === null ? null : num(r.reviewedAt),
    })),
    total: num(n),
    page: p,
    pageSize,
  }
}

export async function approveApplicationAudited(tx: Tx, id: number, log: Log) {
  const r = await approveApplication(tx, id)
  log({
    action: 'agent.approve',
    targetType: 'agentApplication',
    targetId: id,
    before: { status: 'pending' },
    after: { status: 'approved', shopId: r.shopId, shopName: r.shopName, memberId: r.memberId },
  })
  return r
}

export async function refuseApplicationAudited(tx: Tx, id: number, reason: string, log: Log) {
  const r = await rejectApplication(tx, id, reason)
  log({ action: 'agent.refuse', targetType: 'agentApplication', targetId: id, before: { status: 'pending' }, after: { status: 'rejected', rejectReason: r.rejectReason } })
  return r
}

// ------------------------------------------------------------------ agents

async function agentRows(db: Conn, shops: Array<{ id: number; shopName: string; status: string; memberId: number; createdAt: number }>): Promise<AdminAgentRow[]> {
  const ids = shops.map((s) => s.id)
  const totals = await shopTotals(db, ids)
  const phones = ids.length
    ? await db
        .selectFrom('members')
        .select(['id', 'phone'])
        .where(
          'id',
          'in',
          shops.map((s) => s.memberId),
        )
        .execute()
    : []
  const names = ids.length ? await db.selectFrom('agentApplications').select(['shopId', 'realName']).where('shopId', 'in', ids).where('status', '=', 'approved').orderBy('id').execute() : []
  const out: AdminAgentRow[] = []
  for (const s of shops) {
    const t = totals.get(s.id)!
    out.push({
      shopId: s.id,
      shopName: s.shopName,
      status: s.status,
      memberId: s.memberId,
      memberPhone: phones.find((m) => m.id === s.memberId)?.phone || '',
      realName: names.filter((n) => n.shopId === s.id).pop()?.realName || '',
      members: t.members,
      orders: t.orders,
      sales: t.sales,
      figures: await getAccount(db, s.id),
      createdAt: num(s.createdAt),
    })
  }
  return out
}

export async function listAgents(db: Conn, q: AgentQuery): Promise<AdminAgentPage> {
  const { page: p, pageSize } = page(q)
  let base = db.selectFrom('agentShops as s').innerJoin('members as m', 'm.id', 's.memberId')
  if (q.status) base = base.where('s.status', '=', q.status)
  const kw = (q.keyword || '').trim()
  if (kw) base = base.where((eb) => eb.or([eb('s.shopName', ilike(dialectOf(db)) as 'like', likeWord(kw)), eb('m.phone', '=', kw)]))
  const n = await countRows(base)
  const shops = await base.select(['s.id', 's.shopName', 's.status', 's.memberId', 's.createdAt']).orderBy('s.createdAt', 'desc').orderBy('s.id', 'desc').$call(onPage(p, pageSize)).execute()
  return { list: await agentRows(db, shops), total: num(n), page: p, pageSize }
}

/** Σ of the ledger's changes per bucket (withdrawn: what withdraw_paid took from withdrawing). */
async function ledgerSums(db: Conn, filter: (q: any) => any) {
  const r = await filter(db.selectFrom('agentLedger as l'))
    .select([
      sql<number>`COALESCE(SUM(l.available_change), 0)`.as('available'),
      sql<number>`COALESCE(SUM(l.frozen_change), 0)`.as('frozen'),
      sql<number>`COALESCE(SUM(l.withdrawing_change), 0)`.as('withdrawing'),
      sql<number>`COALESCE(SUM(CASE WHEN l.type = 'withdraw_paid' THEN -l.withdrawing_change ELSE 0 END), 0)`.as('withdrawn'),
    ])
    .executeTakeFirstOrThrow()
  return { available: num(r.available), frozen: num(r.frozen), withdrawing: num(r.withdrawing), withdrawn: num(r.withdrawn) }
}

export async function agentDetail(db: Conn, shopId: number): Promise<AdminAgentDetail> {
  const shop = await db
    .selectFrom('agentShops')
    .select(['id', 'shopName', 'status', 'memberId', 'createdAt', 'rateOverride', 'suspendedAt', 'suspendReason'])
    .where('id', '=', shopId)
    .executeTakeFirst()
  if (!shop) throw new AppError(ErrorCode.NOT_FOUND, '代理店铺不存在')
  const [agent] = await agentRows(db, [shop])
  const sums = await ledgerSums(db, (q) => q.where('l.shopId', '=', shopId))
  const f = agent.figures
  const members = await db.selectFrom('members').select(['id', 'nickname', 'phone', 'createdAt']).where('boundBusinessId', '=', shopId).orderBy('createdAt', 'desc').limit(50).execute()
  return {
    agent,
    rateOverride: shop.rateOverride === null ? null : num(shop.rateOverride),
    suspendedAt: shop.suspendedAt === null ? null : num(shop.suspendedAt),
    suspendReason: shop.suspendReason,
    ledgerBalanced: sums.available === f.available && sums.frozen === f.frozen && sums.withdrawing === f.withdrawing && sums.withdrawn === f.withdrawn,
    boundMembers: members.map((m) => ({ id: m.id, nickname: m.nickname, phone: maskPhone(m.phone), createdAt: num(m.createdAt) })),
    ...(await teamOf(db, shopId)),
  }
}

/** 团队 of the agent detail: its parent, its sub-agents (the latest 50) with their sales, and its commission per level. */
async function teamOf(db: Conn, shopId: number): Promise<Pick<AdminAgentDetail, 'parent' | 'children' | 'childCount' | 'levels'>> {
  const parentId = await parentOf(db, shopId)
  const parent = parentId ? await db.selectFrom('agentShops').select(['id', 'shopName', 'status']).where('id', '=', parentId).executeTakeFirst() : undefined
  const children = await listChildren(db, shopId, { page: 1, pageSize: 50 })
  return {
    parent: parent ? { shopId: parent.id, shopName: parent.shopName, status: parent.status } : null,
    children: children.list.map((c) => ({ shopId: c.shopId, shopName: c.shopName, status: c.status, joinedAt: c.joinedAt, orders: c.orders, sales: c.sales, earned: c.earned })),
    childCount: children.total,
    levels: await levelFigures(db, shopId),
  }
}

/**
 * 专属佣金比例: one agent's own rate (null: the rules' again), for orders submitted after the change (each order line's
 * terms are fixed at submission, docs/agent.md).
 */
export async function setAgentRate(tx: Tx, shopId: number, rate: number | null, log: (e: AuditEntry) => void) {
  const shop = await tx.selectFrom('agentShops').select(['id', 'shopName', 'rateOverride']).where('id', '=', shopId).executeTakeFirst()
  if (!shop) throw new AppError(ErrorCode.NOT_FOUND, '代理店铺不存在')
  await tx.updateTable('agentShops').set({ rateOverride: rate }).where('id', '=', shopId).execute()
  log({ action: 'agent.rate', targetType: 'agentShop', targetId: shopId, before: { shopName: shop.shopName, rateOverride: shop.rateOverride }, after: { shopName: shop.shopName, rateOverride: rate } })
}

/**
 * 清退: staff close an active agent's shop (docs/agent.md "Suspension"). The shop earns nothing on orders submitted
 * after it (commission needs an active shop) and its back office closes except the money pages; with `unbind` its
 * bound members are set free (an invitation code may bind them again); with `frozenCommission: 'forfeit'` the frozen commission
 * is cancelled, else it is released as usual when each order's after-sales window ends. Available money and
 * withdrawals in progress are the agent's and stay.
 */
export async function suspendAgent(tx: Tx, shopId: number, body: SuspendAgentBody, log: Log) {
  const shop = await tx.selectFrom('agentShops').select(['id', 'shopName', 'status', 'memberId']).where('id', '=', shopId).executeTakeFirst()
  if (!shop) throw new AppError(ErrorCode.NOT_FOUND, '代理店铺不存在')
  const t = Date.now()
  const reason = body.reason.trim()
  const res = await tx.updateTable('agentShops').set({ status: 'suspended', suspendedAt: t, suspendReason: reason }).where('id', '=', shopId).where('status', '=', 'active').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) {
    // Read again: a suspension committed by someone else since the first read is what changed it.
    const now = await tx.selectFrom('agentShops').select('status').where('id', '=', shopId).executeTakeFirst()
    throw new AppError(ErrorCode.AGENT_STATE, now?.status === 'suspended' ? '该代理已被清退' : '该代理店铺已关闭，无需清退')
  }
  let unbound = 0
  if (body.unbind) {
    const r = await tx.updateTable('members').set({ boundBusinessId: null, updatedAt: t }).where('boundBusinessId', '=', shopId).executeTakeFirst()
    unbound = Number(r.numUpdatedRows)
    await tx.deleteFrom('agentBindings').where('shopId', '=', shopId).execute()
  }
  const forfeited = body.frozenCommission === 'forfeit' ? await forfeitFrozenCommissions(tx, shopId, t) : 0
  log({
    action: 'agent.suspend',
    targetType: 'agentShop',
    targetId: shopId,
    before: { shopName: shop.shopName, status: shop.status },
    after: { shopName: shop.shopName, status: 'suspended', reason, unboundMembers: unbound, forfeitedCommission: forfeited },
  })
  return { unbound, forfeited }
}

/** 恢复代理: a suspended shop opens again; members set free and commission forfeited at the suspension stay so. */
export async function reinstateAgent(tx: Tx, shopId: number, log: Log) {
  const shop = await tx.selectFrom('agentShops').select(['id', 'shopName', 'status', 'suspendReason']).where('id', '=', shopId).executeTakeFirst()
  if (!shop) throw new AppError(ErrorCode.NOT_FOUND, '代理店铺不存在')
  const res = await tx.updateTable('agentShops').set({ status: 'active', suspendedAt: null, suspendReason: '' }).where('id', '=', shopId).where('status', '=', 'suspended').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.AGENT_STATE, '只有被清退的代理可以恢复')
  log({
    action: 'agent.reinstate',
    targetType: 'agentShop',
    targetId: shopId,
    before: { shopName: shop.shopName, status: 'suspended', reason: shop.suspendReason },
    after: { shopName: shop.shopName, status: 'active' },
  })
}

// ------------------------------------------------------------------ ledger

type LedgerFilters = Omit<LedgerQuery, 'page' | 'pageSize'>
const ledgerWhere = (q: LedgerFilters) => (b: any) => {
  let x = b
  if (q.shopId) x = x.where('l.shopId', '=', q.shopId)
  if (q.type) x = x.where('l.type', '=', q.type)
  if (q.from !== undefined) x = x.where('l.createdAt', '>=', q.from)
  if (q.to !== undefined) x = x.where('l.createdAt', '<', q.to)
  return x
}

const ledgerQuery = (db: Conn, q: LedgerFilters): ReturnType<typeof ledgerBase> => ledgerWhere(q)(ledgerBase(db))
/** Agent ledger rows with their shop, order and withdrawal numbers. */
const ledgerBase = (db: Conn) =>
  db
    .selectFrom('agentLedger as l')
    .innerJoin('agentShops as s', 's.id', 'l.shopId')
    .leftJoin('orders as o', 'o.id', 'l.orderId')
    .leftJoin('withdrawals as w', 'w.id', 'l.withdrawalId')
    .selectAll('l')
    .select(['s.shopName', 'o.orderNo', 'w.withdrawNo'])

type LedgerRow = Awaited<ReturnType<ReturnType<typeof ledgerBase>['execute']>>[number]
const toEntry = (r: LedgerRow): AdminLedgerEntry => ({
  id: r.id,
  shopId: r.shopId,
  shopName: r.shopName,
  type: r.type,
  typeText: LEDGER_TYPE_TEXT[r.type as LedgerType] || r.type,
  availableChange: num(r.availableChange),
  frozenChange: num(r.frozenChange),
  withdrawingChange: num(r.withdrawingChange),
  availableAfter: num(r.availableAfter),
  frozenAfter: num(r.frozenAfter),
  withdrawingAfter: num(r.withdrawingAfter),
  orderNo: r.orderNo || '',
  withdrawNo: r.withdrawNo || '',
  note: r.note,
  createdAt: num(r.createdAt),
})

/** Every agent's ledger (or one shop's), newest first, with the sums of every bucket's changes over the filter. */
export async function listLedger(db: Conn, q: LedgerQuery): Promise<AdminLedgerPage> {
  const { page: p, pageSize } = page(q)
  const { n } = await ledgerWhere(q)(db.selectFrom('agentLedger as l'))
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await ledgerQuery(db, q).orderBy('l.createdAt', 'desc').orderBy('l.id', 'desc').$call(onPage(p, pageSize)).execute()
  return { list: rows.map(toEntry), total: num(n), page: p, pageSize, sums: await ledgerSums(db, ledgerWhere(q)) }
}

export function exportLedgerCsv(db: Db, q: LedgerFilters) {
  return csvStream<LedgerRow>(
    ['时间', '代理店铺', '类型', '可提现变动(元)', '冻结变动(元)', '提现中变动(元)', '可提现余额(元)', '冻结余额(元)', '提现中余额(元)', '订单号', '提现单号', '说明'],
    (after, limit) => {
      let b = ledgerQuery(db, q)
      if (after) b = b.where('l.id', '<', after.id)
      return b.orderBy('l.id', 'desc').limit(limit).execute()
    },
    (r) => {
      const e = toEntry(r)
      return [
        csvTime(e.createdAt),
        e.shopName,
        e.typeText,
        csvYuan(e.availableChange),
        csvYuan(e.frozenChange),
        csvYuan(e.withdrawingChange),
        csvYuan(e.availableAfter),
        csvYuan(e.frozenAfter),
        csvYuan(e.withdrawingAfter),
        e.orderNo,
        e.withdrawNo,
        e.note,
      ]
    },
  )
}

// ------------------------------------------------------------------ withdrawals

type WithdrawalFilters = Omit<AdminWithdrawalQuery, 'page' | 'pageSize'>
function withdrawalQuery(db: Conn, q: WithdrawalFilters) {
  let b = db.selectFrom('withdrawals as w').innerJoin('agentShops as s', 's.id', 'w.shopId').selectAll('w').select('s.shopName')
  if (q.status) b = b.where('w.status', '=', q.status)
  if (q.shopId) b = b.where('w.shopId', '=', q.shopId)
  const kw = (q.keyword || '').trim()
  if (kw) b = b.where((eb) => eb.or([eb('w.withdrawNo', '=', kw), eb('s.shopName', ilike(dialectOf(db)) as 'like', likeWord(kw))]))
  return b
}
type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalQuery>['execute']>>[number]

function toAdminWithdrawal(r: WithdrawalRow, wechatPay: boolean): AdminWithdrawal {
  return {
    id: r.id,
    withdrawNo: r.withdrawNo,
    shopId: r.shopId,
    shopName: r.shopName,
    amount: num(r.amount),
    fee: num(r.fee),
    actualAmount: num(r.actualAmount),
    method: r.method,
    methodText: WITHDRAW_METHOD_TEXT[r.method],
    accountName: r.accountName,
    accountText: r.method === 'bank' ? `${r.bankName} ${maskCard(r.accountNo)}${r.bankBranch ? ` ${r.bankBranch}` : ''}` : '微信零钱（本人微信）',
    status: r.status,
    statusText: WITHDRAW_STATUS_TEXT[r.status],
    rejectReason: r.rejectReason,
    referenceNo: r.referenceNo || '',
    transferState: r.transferState || '',
    failReason: r.failReason || '',
    canTransfer: wechatPay && r.status === 'pending' && r.method === 'wechat' && !r.transferState,
    createdAt: num(r.createdAt),
    paidAt: r.paidAt === null ? null : num(r.paidAt),
    rejectedAt: r.rejectedAt === null ? null : num(r.rejectedAt),
  }
}

export async function listWithdrawals(db: Conn, q: AdminWithdrawalQuery, wechatPay: boolean): Promise<AdminWithdrawalPage> {
  const { page: p, pageSize } = page(q)
  const { n } = await withdrawalQuery(db, q)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const rows = await withdrawalQuery(db, q).orderBy('w.createdAt', 'desc').orderBy('w.id', 'desc').$call(onPage(p, pageSize)).execute()
  return { list: rows.map((r) => toAdminWithdrawal(r, wechatPay)), total: num(n), page: p, pageSize }
}

/** A card number as people read it aloud and type it into a bank's form: groups of four (text, so no spreadsheet rounds it). */
export const groupedCard = (no: string) => no.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ')

/**
 * The finance export. With the payout permission (fullAccounts: the route checks withdrawals.write and audits the
 * export) a bank withdrawal carries its whole account (bank, branch, card number, name) for paying by hand or
 * for the books; without it the account stays masked as on every screen.
 */
export function exportWithdrawalsCsv(db: Db, q: WithdrawalFilters, fullAccounts = false) {
  const account = (r: WithdrawalRow, w: AdminWithdrawal) => (fullAccounts && r.method === 'bank' ? [r.bankName, r.bankBranch, groupedCard(r.accountNo)] : [w.accountText])
  return csvStream<WithdrawalRow>(
    [
      '提现单号',
      '代理店铺',
      '状态',
      '申请金额(元)',
      '手续费(元)',
      '到账金额(元)',
      '方式',
      '收款人',
      ...(fullAccounts ? ['开户银行', '开户支行', '银行卡号'] : ['收款账户']),
      '打款凭证号',
      '驳回原因',
      '申请时间',
      '打款时间',
    ],
    (after, limit) => {
      let b = withdrawalQuery(db, q)
      if (after) b = b.where('w.id', '<', after.id)
      return b.orderBy('w.id', 'desc').limit(limit).execute()
    },
    (r) => {
      const w = toAdminWithdrawal(r, false)
      return [
        w.withdrawNo,
        w.shopName,
        w.statusText,
        csvYuan(w.amount),
        csvYuan(w.fee),
        csvYuan(w.actualAmount),
        w.methodText,
        w.accountName,
        ...(fullAccounts && r.method !== 'bank' ? [w.accountText, '', ''] : account(r, w)),
        w.referenceNo,
        w.rejectReason,
        csvTime(w.createdAt),
        csvTime(w.paidAt),
      ]
    },
  )
}

const snapshot = (w: { status: string; amount: number; actualAmount: number; referenceNo?: string; rejectReason?: string }) => ({
  status: w.status,
  amount: num(w.amount),
  actualAmount: num(w.actualAmount),
  referenceNo: w.referenceNo || '',
  rejectReason: w.rejectReason || '',
})

/**
 * The whole payee account of a bank withdrawal that is waiting to be paid by hand, for the staff member paying
 * it; the audit row says who saw whose account (its last four digits, never the number itself).
 */
export async function revealAccount(tx: Tx, id: number, log: Log): Promise<WithdrawalAccountReply> {
  const w = await findWithdrawal(tx, String(id))
  if (w.method !== 'bank') throw new AppError(ErrorCode.CONFLICT, '这笔提现到微信零钱，没有银行账户可查看')
  if (w.status !== 'pending') throw new AppError(ErrorCode.CONFLICT, '只有待打款的提现可以查看完整账户：已处理的请在「导出」的表格中查看')
  log({
    action: 'withdrawal.reveal-account',
    targetType: 'withdrawal',
    targetId: w.withdrawNo,
    after: { accountName: w.accountName, bankName: w.bankName, card: maskCard(w.accountNo) },
  })
  return { withdrawNo: w.withdrawNo, accountName: w.accountName, bankName: w.bankName, bankBranch: w.bankBranch, accountNo: w.accountNo.replace(/\s+/g, ''), actualAmount: num(w.actualAmount) }
}

/** Paid by hand (bank transfer outside the shop): withdrawing → withdrawn once, with the reference number. */
export async function payByHand(tx: Tx, id: number, referenceNo: string, log: Log) {
  const ref = referenceNo.trim()
  if (ref.length < 4) throw new AppError(ErrorCode.BAD_REQUEST, '请填写打款凭证号')
  const before = await findWithdrawal(tx, String(id))
  const w = await payWithdrawal(tx, String(id), Date.now(), ref)
  log({ action: 'withdrawal.pay', targetType: 'withdrawal', targetId: before.withdrawNo, before: snapshot(before), after: { ...snapshot({ ...before, status: 'paid' }), referenceNo: ref } })
  return w
}

/** Refused: the whole amount back to the available balance, once (a conditional update on 'pending'). */
export async function refuseWithdrawal(tx: Tx, id: number, reason: string, log: Log) {
  const before = await findWithdrawal(tx, String(id))
  const w = await rejectWithdrawal(tx, String(id), reason)
  log({
    action: 'withdrawal.refuse',
    targetType: 'withdrawal',
    targetId: before.withdrawNo,
    before: snapshot(before),
    after: snapshot({ ...before, status: 'rejected', rejectReason: w.rejectReason }),
  })
  return w
}

const COMMISSION_STATUS_TEXT = { frozen: '冻结中', released: '已结算', cancelled: '已取消' } as const

/** 订单详情's 代理佣金: which agent's shop earns what on each line of an order (docs/agent.md), the first level first. */
export async function orderCommissions(db: Conn, orderId: number) {
  const rows = await db
    .selectFrom('commissions as c')
    .innerJoin('agentShops as s', 's.id', 'c.shopId')
    .select(['c.shopId', 's.shopName', 'c.level', 'c.orderItemId', 'c.rate', 'c.baseAmount', 'c.amount', 'c.originalAmount', 'c.status', 'c.releaseAt'])
    .where('c.orderId', '=', orderId)
    .orderBy('c.level')
    .orderBy('c.id')
    .execute()
  return rows.map((r) => ({
    shopId: r.shopId,
    shopName: r.shopName,
    level: Number(r.level),
    orderItemId: r.orderItemId,
    rate: Number(r.rate),
    baseAmount: Number(r.baseAmount),
    amount: Number(r.amount),
    originalAmount: Number(r.originalAmount),
    status: COMMISSION_STATUS_TEXT[r.status],
    releaseAt: r.releaseAt === null ? null : Number(r.releaseAt),
  }))
}
