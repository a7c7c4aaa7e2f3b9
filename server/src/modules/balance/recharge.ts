import type { AppContext } from '../../context'
import type { Conn, Db, Tx } from '../../db/types'
import type { AuditEntry } from '../../admin/audit'
import type { PaymentCtx } from '../../payments'
import type { PaidNotice, PayChannel } from '../../payments/provider'
import type { PrepayResponse, PayStatus } from '../../../../types/pay'
import '../../db/rechargeTables'
import { payMethodText } from '../../../../types/pay'
import {
  RECHARGE_STATUS_TEXT,
  type AdminRechargePackages,
  type AdminRechargePage,
  type AdminRechargeQuery,
  type RechargeOptions,
  type RechargeOrderView,
  type RechargePackageBody,
} from '../../../../types/balanceRecharge'
import { AppError, ErrorCode } from '../../errors'
import { CHANNELS, getPaymentProvider } from '../../payments'
import { makeOrderNo } from '../order/service'
import { payerOpenId, pendingPayNo } from '../pay/paymentRow'
import { getSetting, setSetting } from '../settings/service'
import { countRows, onPage } from '../../db/paging'
import { chinaDayRange } from '../../services/chinaTime'
import { changeBalance } from './service'

/**
 * 充值 (docs/balance.md "Recharge"). A recharge order (unpaid → paid, or closed) is paid through the same payment
 * adapter as orders: its payment is a payments row with recharge_id set (order_id 0). Whatever path books the payment
 * (the notification, the pay-status query, the expiry job's query, the sandbox confirm) ends in handleRechargeNotice:
 * one transaction, the payment pending/closed → paid and the recharge unpaid/closed → paid by conditional updates,
 * then the ledger rows recharge and recharge_bonus keyed by the recharge order (unique), so it is credited once.
 * A payment landing on a closed recharge order is credited anyway: the shopper asked for exactly this top-up and
 * nothing was reserved for it, so there is nothing to undo (no money lost, no refund round-trip).
 */

type Log = (e: AuditEntry) => void

const SETTINGS_KEY = 'balanceRecharge'
interface StoredRechargeSettings {
  /** 充值金额可提现: off by default; the bonus never is. */
  withdrawable?: boolean
}

/** 充值金额可提现 (营销 → 充值's setting, off by default). The bonus is never withdrawable whatever it says. */
export async function rechargeWithdrawable(db: Conn): Promise<boolean> {
  const s = await getSetting<StoredRechargeSettings>(db, SETTINGS_KEY, {})
  return s.withdrawable === true
}

export async function saveRechargeSettings(tx: Tx, body: { withdrawable: boolean }, log: Log) {
  const before = await rechargeWithdrawable(tx)
  await setSetting(tx, SETTINGS_KEY, { withdrawable: body.withdrawable })
  log({ action: 'recharge.settings', targetType: 'rechargeSettings', targetId: 0, before: { withdrawable: before }, after: { withdrawable: body.withdrawable } })
  return { ok: true }
}

// ------------------------------------------------------------------ packages

export async function shopRechargeOptions(db: Conn): Promise<RechargeOptions> {
  const rows = await db.selectFrom('rechargePackages').select(['id', 'name', 'payAmount', 'bonusAmount']).where('enabled', '=', 1).orderBy('sort').orderBy('payAmount').execute()
  return { packages: rows.map((r) => ({ id: r.id, name: r.name, payAmount: Number(r.payAmount), bonusAmount: Number(r.bonusAmount) })), withdrawable: await rechargeWithdrawable(db) }
}

export async function adminRechargePackages(db: Conn): Promise<AdminRechargePackages> {
  const rows = await db.selectFrom('rechargePackages').selectAll().orderBy('sort').orderBy('payAmount').execute()
  const counts = await db
    .selectFrom('rechargeOrders')
    .select((eb) => ['packageId', eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'paid')
    .groupBy('packageId')
    .execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      payAmount: Number(r.payAmount),
      bonusAmount: Number(r.bonusAmount),
      enabled: r.enabled === 1,
      sort: r.sort,
      paidCount: Number(counts.find((c) => c.packageId === r.id)?.n || 0),
    })),
    withdrawable: await rechargeWithdrawable(db),
  }
}

function checkPackage(b: RechargePackageBody) {
  if (!b.name.trim()) throw new AppError(ErrorCode.BAD_REQUEST, '请填写套餐名称')
  if (b.bonusAmount > b.payAmount * 10) throw new AppError(ErrorCode.BAD_REQUEST, '赠送金额不能超过充值金额的 10 倍')
}

export async function createRechargePackage(tx: Tx, b: RechargePackageBody, log: Log) {
  checkPackage(b)
  const t = Date.now()
  const row = await tx
    .insertInto('rechargePackages')
    .values({ name: b.name.trim(), payAmount: b.payAmount, bonusAmount: b.bonusAmount, enabled: b.enabled ? 1 : 0, sort: b.sort, createdAt: t, updatedAt: t })
    .returning('id')
    .executeTakeFirstOrThrow()
  log({ action: 'recharge.package.create', targetType: 'rechargePackage', targetId: row.id, after: { ...b, name: b.name.trim() } })
  return { id: row.id }
}

export async function updateRechargePackage(tx: Tx, id: number, b: RechargePackageBody, log: Log) {
  checkPackage(b)
  const old = await tx.selectFrom('rechargePackages').selectAll().where('id', '=', id).executeTakeFirst()
  if (!old) throw new AppError(ErrorCode.NOT_FOUND, '充值套餐不存在')
  await tx
    .updateTable('rechargePackages')
    .set({ name: b.name.trim(), payAmount: b.payAmount, bonusAmount: b.bonusAmount, enabled: b.enabled ? 1 : 0, sort: b.sort, updatedAt: Date.now() })
    .where('id', '=', id)
    .execute()
  log({
    action: 'recharge.package.update',
    targetType: 'rechargePackage',
    targetId: id,
    before: { name: old.name, payAmount: Number(old.payAmount), bonusAmount: Number(old.bonusAmount), enabled: old.enabled === 1, sort: old.sort },
    after: { ...b, name: b.name.trim() },
  })
  return { ok: true }
}

/** Deleting a package keeps its recharge orders (they copied amount and bonus). */
export async function deleteRechargePackage(tx: Tx, id: number, log: Log) {
  const old = await tx.selectFrom('rechargePackages').selectAll().where('id', '=', id).executeTakeFirst()
  if (!old) throw new AppError(ErrorCode.NOT_FOUND, '充值套餐不存在')
  await tx.deleteFrom('rechargePackages').where('id', '=', id).execute()
  log({ action: 'recharge.package.delete', targetType: 'rechargePackage', targetId: id, before: { name: old.name, payAmount: Number(old.payAmount), bonusAmount: Number(old.bonusAmount) } })
  return { ok: true }
}

// ------------------------------------------------------------------ recharge orders

const view = (r: { rechargeNo: string; amount: number; bonus: number; status: 'unpaid' | 'paid' | 'closed'; paidAt: number | null; createdAt: number }): RechargeOrderView => ({
  rechargeNo: r.rechargeNo,
  amount: Number(r.amount),
  bonus: Number(r.bonus),
  status: r.status,
  statusText: RECHARGE_STATUS_TEXT[r.status],
  paidAt: r.paidAt === null ? null : Number(r.paidAt),
  createdAt: Number(r.createdAt),
})

async function ownRecharge(db: Conn, memberId: number, rechargeNo: string) {
  const r = await db.selectFrom('rechargeOrders').selectAll().where('rechargeNo', '=', rechargeNo).where('memberId', '=', memberId).executeTakeFirst()
  if (!r) throw new AppError(ErrorCode.NOT_FOUND, '充值单不存在')
  return r
}

/** A recharge order for an enabled package: amount and bonus copied from it; unpaid until the gateway pays it. */
export async function createRecharge(ctx: AppContext, memberId: number, packageId: number): Promise<RechargeOrderView> {
  const { db, config } = ctx
  const p = await db.selectFrom('rechargePackages').selectAll().where('id', '=', packageId).where('enabled', '=', 1).executeTakeFirst()
  if (!p) throw new AppError(ErrorCode.NOT_FOUND, '该充值套餐已下架，请重新选择')
  const m = await db.selectFrom('members').select('status').where('id', '=', memberId).executeTakeFirst()
  if (!m || m.status === 'anonymised') throw new AppError(ErrorCode.ACCOUNT_DISABLED, '账号不可用')
  const t = Date.now()
  const row = {
    rechargeNo: makeOrderNo(t, 'C'),
    memberId,
    packageId: p.id,
    amount: Number(p.payAmount),
    bonus: Number(p.bonusAmount),
    status: 'unpaid' as const,
    payChannel: '',
    paidAt: null,
    closedAt: null,
    expireAt: t + config.orderExpireMinutes * 60_000,
    createdAt: t,
    updatedAt: t,
  }
  await db.insertInto('rechargeOrders').values(row).execute()
  return view(row)
}

/** The gateway's pay params for a recharge order (reusing its pending payment of that channel), as for orders. */
export async function prepayRecharge(ctx: AppContext, memberId: number, rechargeNo: string, asked: PayChannel, clientIp = ''): Promise<PrepayResponse> {
  const { db, config } = ctx
  const channel: PayChannel = config.payProvider === 'sandbox' && asked === 'wechat_mini' ? 'sandbox' : asked
  const r = await ownRecharge(db, memberId, rechargeNo)
  if (r.status === 'paid') throw new AppError(ErrorCode.ORDER_STATE, '该笔充值已到账')
  const t = Date.now()
  if (r.status === 'closed' || r.expireAt <= t) throw new AppError(ErrorCode.ORDER_STATE, '充值单已关闭，请重新发起充值')
  const providerName = config.payProvider
  if (!CHANNELS[providerName].includes(channel)) throw new AppError(ErrorCode.PAY_FAILED, '当前环境不支持该支付方式')
  const openId = await payerOpenId(db, memberId, channel)
  const payNo = await pendingPayNo(db, { for: { rechargeId: r.id }, memberId, channel, provider: providerName, amount: Number(r.amount), expireAt: r.expireAt, now: t })
  const res = await getPaymentProvider(ctx, providerName).prepay({ payNo, amount: Number(r.amount), description: '余额充值', channel, openId, expiresAt: r.expireAt, clientIp })
  return { channel, payNo, amount: Number(r.amount), params: channel === 'wechat_h5' ? { ...res.params, rechargeNo } : res.params }
}

/** Credits a paid recharge order inside the transaction that marked it paid: recharge (+ bonus), each once. */
async function creditRecharge(tx: Tx, r: { id: number; memberId: number; amount: number; bonus: number; rechargeNo: string }) {
  const withdrawable = await rechargeWithdrawable(tx)
  await changeBalance(tx, {
    memberId: r.memberId,
    amount: Number(r.amount),
    withdrawableAmount: withdrawable ? Number(r.amount) : 0,
    kind: 'recharge',
    refType: 'recharge_order',
    refId: r.id,
    note: `充值 ${r.rechargeNo}`,
  })
  if (Number(r.bonus) > 0)
    await changeBalance(tx, { memberId: r.memberId, amount: Number(r.bonus), withdrawableAmount: 0, kind: 'recharge_bonus', refType: 'recharge_order', refId: r.id, note: `充值赠送 ${r.rechargeNo}` })
}

/**
 * A recharge payment the gateway says is paid (pay/notify.ts handlePaidNotice sends payments with recharge_id here).
 * Same rules as an order's: already paid by this transaction → duplicate; amount must match; the payment → paid by a
 * conditional update (a concurrent duplicate changes nothing); the recharge unpaid or closed → paid, credited once.
 */
export async function handleRechargeNotice(ctx: PaymentCtx, notice: PaidNotice, raw: string): Promise<{ outcome: 'paid' | 'duplicate'; orderNo: string }> {
  const t = Date.now()
  return ctx.db.transaction().execute(async (tx) => {
    const pay = await tx.selectFrom('payments').selectAll().where('payNo', '=', notice.payNo).executeTakeFirst()
    if (!pay || !pay.rechargeId) throw new AppError(ErrorCode.NOT_FOUND, '支付单不存在')
    const r = await tx.selectFrom('rechargeOrders').selectAll().where('id', '=', pay.rechargeId).executeTakeFirstOrThrow()
    if (pay.status === 'paid' || pay.status === 'refund_pending' || pay.status === 'refunded') {
      if (pay.transactionId === notice.transactionId) return { outcome: 'duplicate' as const, orderNo: r.rechargeNo }
      throw new AppError(ErrorCode.PAY_FAILED, '支付单已由其他交易支付')
    }
    if (notice.amount !== Number(pay.amount)) {
      ctx.log.warn({ payNo: pay.payNo, expected: pay.amount, got: notice.amount }, 'recharge payment amount mismatch refused')
      throw new AppError(ErrorCode.PAY_FAILED, '支付金额与充值金额不一致')
    }
    const res = await tx
      .updateTable('payments')
      .set({ status: 'paid', transactionId: notice.transactionId, paidAt: notice.paidAt, rawNotify: raw.slice(0, 8000), updatedAt: t })
      .where('id', '=', pay.id)
      .where('status', 'in', ['pending', 'closed'])
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return { outcome: 'duplicate' as const, orderNo: r.rechargeNo }
    const up = await tx
      .updateTable('rechargeOrders')
      .set({ status: 'paid', paidAt: notice.paidAt, payChannel: pay.channel, updatedAt: t })
      .where('id', '=', r.id)
      .where('status', 'in', ['unpaid', 'closed'])
      .executeTakeFirst()
    if (Number(up.numUpdatedRows) === 1) {
      await tx.updateTable('payments').set({ status: 'closed', updatedAt: t }).where('rechargeId', '=', r.id).where('status', '=', 'pending').execute()
      await creditRecharge(tx, r)
      return { outcome: 'paid' as const, orderNo: r.rechargeNo }
    }
    // Already paid through another payment of the same recharge (two channels): this one is a second top-up of the
    // same order; it is kept as paid and credited under its own key so no money is lost.
    await changeBalance(tx, {
      memberId: r.memberId,
      amount: Number(pay.amount),
      withdrawableAmount: (await rechargeWithdrawable(tx)) ? Number(pay.amount) : 0,
      kind: 'recharge',
      refType: 'recharge_payment',
      refId: pay.id,
      note: `充值 ${r.rechargeNo}（重复支付）`,
    })
    return { outcome: 'paid' as const, orderNo: r.rechargeNo }
  })
}

/** Asks the gateway about every open payment of the recharge order; one paid there is booked. True when paid. */
export async function checkRechargeWithGateway(ctx: PaymentCtx, rechargeId: number): Promise<boolean> {
  const open = await ctx.db.selectFrom('payments').select(['payNo', 'provider']).where('rechargeId', '=', rechargeId).where('status', 'in', ['pending', 'closed']).orderBy('id').execute()
  let paid = false
  for (const p of open) {
    const q = await getPaymentProvider(ctx, p.provider).queryPayment(p.payNo)
    if (q.state === 'paid') {
      await handleRechargeNotice(ctx, q.notice, JSON.stringify({ query: q.notice }))
      paid = true
    }
  }
  return paid
}

/** The recharge result page's poll: while unpaid, the gateway is asked (at most every 3 s per recharge order). */
export async function rechargeStatus(ctx: AppContext, memberId: number, rechargeNo: string): Promise<RechargeOrderView> {
  let r = await ownRecharge(ctx.db, memberId, rechargeNo)
  if (r.status !== 'paid') {
    const key = `rechargecheck:${r.id}`
    if (!(await ctx.cache.get(key))) {
      await ctx.cache.set(key, '1', 3)
      try {
        if (await checkRechargeWithGateway(ctx, r.id)) r = await ownRecharge(ctx.db, memberId, rechargeNo)
      } catch (err) {
        ctx.log.warn({ err: { message: (err as Error).message }, rechargeNo }, 'recharge payment query failed')
      }
    }
  }
  return view(r)
}

/** The sandbox confirm's answer for a recharge payment (pay/service.ts sandboxConfirm), in PayStatus's shape. */
export async function rechargePayStatus(db: Conn, rechargeId: number): Promise<PayStatus> {
  const r = await db.selectFrom('rechargeOrders').selectAll().where('id', '=', rechargeId).executeTakeFirstOrThrow()
  return { orderNo: r.rechargeNo, status: r.status, paid: r.status === 'paid', payAmount: Number(r.amount), pointsPaid: 0, paidAt: r.paidAt === null ? null : Number(r.paidAt) }
}

/** The shopper's recharge orders, newest first. */
export async function memberRecharges(db: Conn, memberId: number, page: number, pageSize: number) {
  const q = db.selectFrom('rechargeOrders').where('memberId', '=', memberId)
  const [total, rows] = await Promise.all([countRows(q), q.selectAll().orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()])
  return { list: rows.map(view), total, page, pageSize }
}

/**
 * The expiry job: unpaid recharge orders past their time. The gateway is asked first (paid → credited), then every
 * open payment is closed there, then the order is closed (a payment landing after all is still credited).
 */
export async function closeExpiredRecharges(ctx: PaymentCtx, now = Date.now(), limit = 200): Promise<number> {
  const due = await ctx.db.selectFrom('rechargeOrders').select(['id', 'rechargeNo']).where('status', '=', 'unpaid').where('expireAt', '<=', now).orderBy('expireAt').limit(limit).execute()
  let n = 0
  for (const r of due) {
    try {
      if (await checkRechargeWithGateway(ctx, r.id)) continue
      const open = await ctx.db.selectFrom('payments').select(['id', 'payNo', 'provider']).where('rechargeId', '=', r.id).where('status', '=', 'pending').execute()
      for (const p of open) {
        await getPaymentProvider(ctx, p.provider).closePayment(p.payNo)
        await ctx.db.updateTable('payments').set({ status: 'closed', updatedAt: Date.now() }).where('id', '=', p.id).where('status', '=', 'pending').execute()
      }
      const res = await ctx.db
        .updateTable('rechargeOrders')
        .set({ status: 'closed', closedAt: Date.now(), updatedAt: Date.now() })
        .where('id', '=', r.id)
        .where('status', '=', 'unpaid')
        .executeTakeFirst()
      n += Number(res.numUpdatedRows)
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, rechargeNo: r.rechargeNo }, 'recharge expiry deferred')
    }
  }
  return n
}

// ------------------------------------------------------------------ console list

export async function adminRechargeOrders(db: Db, q: AdminRechargeQuery): Promise<AdminRechargePage> {
  const page = q.page || 1
  const pageSize = q.pageSize || 20
  let base = db.selectFrom('rechargeOrders as r').innerJoin('members as m', 'm.id', 'r.memberId').leftJoin('rechargePackages as p', 'p.id', 'r.packageId')
  if (q.status) base = base.where('r.status', '=', q.status)
  const kw = q.keyword?.trim()
  if (kw) base = base.where((eb) => eb.or([eb('m.phone', 'like', `%${kw}%`), eb('m.nickname', 'like', `%${kw}%`), eb('r.rechargeNo', '=', kw)]))
  const range = chinaDayRange(q.from, q.to)
  if (range.start !== undefined) base = base.where('r.createdAt', '>=', range.start)
  if (range.end !== undefined) base = base.where('r.createdAt', '<', range.end)
  const [total, rows] = await Promise.all([
    countRows(base),
    base
      .select(['r.id', 'r.rechargeNo', 'r.memberId', 'm.phone', 'm.nickname', 'p.name as packageName', 'r.amount', 'r.bonus', 'r.status', 'r.payChannel', 'r.paidAt', 'r.createdAt'])
      .orderBy('r.id', 'desc')
      .$call(onPage(page, pageSize))
      .execute(),
  ])
  const provider = await db
    .selectFrom('payments')
    .select(['rechargeId', 'provider'])
    .where('rechargeId', 'in', rows.length ? rows.map((r) => r.id) : [0])
    .where('status', '=', 'paid')
    .execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      rechargeNo: r.rechargeNo,
      memberId: r.memberId,
      phone: r.phone || '',
      nickname: r.nickname || '',
      packageName: r.packageName || '',
      amount: Number(r.amount),
      bonus: Number(r.bonus),
      status: r.status,
      statusText: RECHARGE_STATUS_TEXT[r.status],
      payMethod: r.status === 'paid' ? payMethodText(provider.find((p) => p.rechargeId === r.id)?.provider || '', r.payChannel) : '',
      paidAt: r.paidAt === null ? null : Number(r.paidAt),
      createdAt: Number(r.createdAt),
    })),
    total,
    page,
    pageSize,
  }
}
