import type { Selectable } from 'kysely'
import type { Conn, Db, Tx } from '../../db/types'
import type { PaymentCtx } from '../../payments'
import type { AuditEntry } from '../../admin/audit'
import type { BalanceWithdrawalTable } from '../../db/balanceTables'
import '../../db/balanceTables'
import { AppError, ErrorCode } from '../../errors'
import { dialectOf } from '../../db'
import { inTx } from '../../db/tx'
import { countRows, onPage, paged } from '../../db/paging'
import { chinaDayStart } from '../../services/chinaTime'
import { isUniqueViolation, makeOrderNo } from '../order/service'
import { getSetting, setSetting } from '../settings/service'
import { TRANSFER_NAME_FROM, type TransferBill } from '../../payments/wechatpay'
import { FINAL_TRANSFER_STATES, isDefiniteTransferFailure, transferGateway, transferPayee, transferPayeeOf } from '../../payments/merchantTransfer'
import { changeBalance } from './service'
import { verifyPayPassword } from './password'
import {
  BALANCE_WITHDRAW_STATUS_TEXT,
  balanceWithdrawFee,
  type AdminBalanceWithdrawalPage,
  type AdminBalanceWithdrawalQuery,
  type BalanceTransferParams,
  type BalanceWithdrawal,
  type BalanceWithdrawBody,
  type BalanceWithdrawInfo,
  type BalanceWithdrawSettings,
} from '../../../../types/balanceWithdraw'

/**
 * Balance withdrawals (余额提现, docs/balance.md "Withdrawals"). The money leaves the balance (withdrawable part, ledger
 * kind `withdrawal`) in the transaction that creates the withdrawal; it waits for staff above the settings' amount, else
 * goes out at once by WeChat merchant transfer (the shared machinery of payments/merchantTransfer.ts, as agent payouts).
 * Every way out of reviewing / transferring is closeTx: one conditional update on the status, and a return is one
 * `withdrawal_returned` ledger row (unique per withdrawal), so a refusal, a failure notification and a query racing
 * each other return the money once.
 */

export const WITHDRAW_SETTINGS_KEY = 'balanceWithdraw'
/** Until the console saves them: at least ¥1.00, ¥2,000.00 a day, free, staff approve above ¥500.00. */
export const DEFAULT_WITHDRAW_SETTINGS: BalanceWithdrawSettings = { min: 100, dailyMax: 200_000, feePermille: 0, feeFixed: 0, approveAbove: 50_000 }
/** Withdrawal numbers start with BW: the transfer notification tells them from agent payouts (W…) by it. */
export const BALANCE_WITHDRAW_PREFIX = 'BW'
const REF = 'balance_withdrawal'
const NO_WECHAT_PAY = '本店暂未开通提现到微信零钱'
const UNBOUND = '请先在微信中打开商城并登录，再提现到微信零钱'

type Row = Selectable<BalanceWithdrawalTable>
type Log = (e: AuditEntry) => void

export async function withdrawSettings(db: Conn): Promise<BalanceWithdrawSettings> {
  return { ...DEFAULT_WITHDRAW_SETTINGS, ...(await getSetting<Partial<BalanceWithdrawSettings>>(db, WITHDRAW_SETTINGS_KEY, {})) }
}

/** Console: saves the settings (audited by the caller's audited()). */
export async function saveWithdrawSettings(tx: Tx, s: BalanceWithdrawSettings, log: Log): Promise<BalanceWithdrawSettings> {
  if (s.dailyMax < s.min) throw new AppError(ErrorCode.BAD_REQUEST, '每日提现上限不能低于最低提现金额')
  const before = await withdrawSettings(tx)
  const after = { min: s.min, dailyMax: s.dailyMax, feePermille: s.feePermille, feeFixed: s.feeFixed, approveAbove: s.approveAbove }
  await setSetting(tx, WITHDRAW_SETTINGS_KEY, after)
  log({ action: 'balanceWithdraw.settings', targetType: 'balanceWithdrawSettings', before, after })
  return after
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

function toWithdrawal(r: Row): BalanceWithdrawal {
  return {
    withdrawNo: r.withdrawNo,
    amount: Number(r.amount),
    fee: Number(r.fee),
    actualAmount: Number(r.actualAmount),
    status: r.status,
    statusText: BALANCE_WITHDRAW_STATUS_TEXT[r.status],
    reason: r.reason,
    needConfirm: r.status === 'transferring' && r.transferState === 'WAIT_USER_CONFIRM' && !!r.packageInfo,
    createdAt: Number(r.createdAt),
  }
}

/** Withdrawn today (China day), returned ones not counted. */
async function withdrawnToday(db: Conn, memberId: number, now: number): Promise<number> {
  const r = await db
    .selectFrom('balanceWithdrawals')
    .select((eb) => eb.fn.sum<number>('amount').as('s'))
    .where('memberId', '=', memberId)
    .where('createdAt', '>=', chinaDayStart(now))
    .where('status', '!=', 'returned')
    .executeTakeFirst()
  return Number(r?.s || 0)
}

const transfersOn = (ctx: PaymentCtx) => ctx.config.payProvider === 'wechatpay' && !!ctx.config.wechat.mchId

/** 我的 → 余额 → 提现: the withdrawable part, the rules, what was withdrawn today. */
export async function withdrawInfo(ctx: PaymentCtx, memberId: number): Promise<BalanceWithdrawInfo> {
  const m = await ctx.db.selectFrom('members').select('balanceWithdrawable').where('id', '=', memberId).executeTakeFirst()
  return {
    withdrawable: Number(m?.balanceWithdrawable || 0),
    settings: await withdrawSettings(ctx.db),
    today: await withdrawnToday(ctx.db, memberId, Date.now()),
    wechatBound: !!(await transferPayeeOf(ctx, memberId)),
    available: transfersOn(ctx),
  }
}

/**
 * The shopper withdraws `amount` (fen) of the withdrawable balance. Checked: the minimum, the daily limit (PostgreSQL
 * locks the member row first so two at once count exactly; SQLite runs one transaction at a time), the withdrawable
 * part (changeBalance's conditional update). A repeated requestId answers the first withdrawal. Below the approval
 * amount the transfer is created at once.
 */
export async function applyWithdraw(ctx: PaymentCtx, memberId: number, body: BalanceWithdrawBody, now = Date.now()): Promise<BalanceWithdrawal> {
  const db = ctx.db
  const existing = () => db.selectFrom('balanceWithdrawals').selectAll().where('memberId', '=', memberId).where('requestId', '=', body.requestId).executeTakeFirst()
  const before = await existing()
  if (before) return toWithdrawal(before)
  const s = await withdrawSettings(db)
  const amount = body.amount
  if (amount < s.min) throw new AppError(ErrorCode.BAD_REQUEST, `单次提现不能低于${yuan(s.min)}`)
  const fee = balanceWithdrawFee(amount, s)
  if (amount - fee <= 0) throw new AppError(ErrorCode.BAD_REQUEST, '提现金额不足以支付手续费')
  if (amount - fee >= TRANSFER_NAME_FROM) throw new AppError(ErrorCode.BAD_REQUEST, `单次到账须低于${yuan(TRANSFER_NAME_FROM)}，请分次提现`)
  if (!transfersOn(ctx)) throw new AppError(ErrorCode.BAD_REQUEST, NO_WECHAT_PAY)
  await transferPayee(ctx, memberId, UNBOUND).catch((err) => {
    throw new AppError(ErrorCode.BAD_REQUEST, (err as Error).message)
  })
  // 支付密码 before the transaction: a wrong try stays counted (balance/password.ts).
  await verifyPayPassword(db, memberId, body.payPassword, now)
  const review = s.approveAbove !== null && amount > s.approveAbove
  let row: Row
  try {
    row = await inTx(db, async (tx) => {
      if (dialectOf(db) === 'postgres') await tx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().execute()
      const today = await withdrawnToday(tx, memberId, now)
      if (today + amount > s.dailyMax) throw new AppError(ErrorCode.RATE_LIMITED, `超出每日提现上限${yuan(s.dailyMax)}，今日还可提现${yuan(Math.max(0, s.dailyMax - today))}`)
      const m = await tx.selectFrom('members').select('balanceWithdrawable').where('id', '=', memberId).executeTakeFirst()
      if (Number(m?.balanceWithdrawable || 0) < amount) throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, `可提现余额不足，最多可提现${yuan(Number(m?.balanceWithdrawable || 0))}`)
      const w = await tx
        .insertInto('balanceWithdrawals')
        .values({
          withdrawNo: makeOrderNo(now, BALANCE_WITHDRAW_PREFIX),
          memberId,
          amount,
          fee,
          actualAmount: amount - fee,
          status: review ? 'reviewing' : 'transferring',
          transferState: '',
          transferBillNo: '',
          packageInfo: '',
          reason: '',
          requestId: body.requestId,
          transferAt: null,
          closedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await changeBalance(tx, {
        memberId,
        amount: -amount,
        withdrawableAmount: -amount,
        kind: 'withdrawal',
        refType: REF,
        refId: w.id,
        note: `提现至微信零钱${fee ? `，手续费${yuan(fee)}` : ''}`,
        now,
      })
      return w
    })
  } catch (err) {
    if (isUniqueViolation(err)) {
      const again = await existing()
      if (again) return toWithdrawal(again)
    }
    throw err
  }
  if (!review) await startBalanceTransfer(ctx, row.id).catch((err) => ctx.log.warn({ err: { message: (err as Error).message }, withdrawNo: row.withdrawNo }, 'balance transfer not started'))
  return toWithdrawal(await byId(db, row.id))
}

const byId = (db: Conn, id: number) => db.selectFrom('balanceWithdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/**
 * Closes a withdrawal once: paid, or returned (the whole amount back to the withdrawable balance, `withdrawal_returned`
 * unique per withdrawal). A conditional update on the open statuses, so whoever comes second changes nothing (false).
 */
async function closeTx(tx: Tx, w: Row, outcome: 'paid' | 'returned', reason: string, t: number, extra: { transferState?: string } = {}, unsentOnly = false): Promise<boolean> {
  const res = await tx
    .updateTable('balanceWithdrawals')
    .set({ status: outcome, reason: reason.slice(0, 200), closedAt: t, updatedAt: t, ...extra })
    .where('id', '=', w.id)
    .where('status', 'in', ['reviewing', 'transferring'])
    .$if(unsentOnly, (q) => q.where('transferState', '=', ''))
    .executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) return false
  if (outcome === 'returned')
    await changeBalance(tx, { memberId: w.memberId, amount: w.amount, withdrawableAmount: w.amount, kind: 'withdrawal_returned', refType: REF, refId: w.id, note: reason.slice(0, 100), now: t })
  return true
}

/**
 * Sends a transferring withdrawal as a merchant transfer. Claimed first (transfer_state CREATING, conditional), so it
 * is sent once; a definite refusal returns the money, an unknown outcome stays CREATING for the check job.
 */
export async function startBalanceTransfer(ctx: PaymentCtx, id: number, now = Date.now()) {
  const gateway = transferGateway(ctx, NO_WECHAT_PAY)
  const w = await byId(ctx.db, id)
  const claim = await ctx.db
    .updateTable('balanceWithdrawals')
    .set({ transferState: 'CREATING', transferAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'transferring')
    .where('transferState', '=', '')
    .executeTakeFirst()
  if (Number(claim.numUpdatedRows) !== 1) return
  let bill: TransferBill
  try {
    const to = await transferPayee(ctx, w.memberId, UNBOUND)
    bill = await gateway.createTransfer({
      outBillNo: w.withdrawNo,
      appId: to.appId,
      openId: to.openId,
      amount: w.actualAmount,
      remark: '余额提现',
      sceneId: ctx.config.payout.sceneId,
      reportInfos: [
        { infoType: '岗位类型', infoContent: '商城会员' },
        { infoType: '报酬说明', infoContent: `余额提现${w.withdrawNo}` },
      ],
    })
  } catch (err) {
    if (isDefiniteTransferFailure(err)) {
      ctx.log.warn({ err: { message: (err as Error).message }, withdrawNo: w.withdrawNo }, 'balance transfer refused')
      await inTx(ctx.db, (tx) => closeTx(tx, w, 'returned', '微信转账未成功，金额已退回余额', Date.now(), { transferState: 'FAIL' }))
    }
    throw err
  }
  await settleBalanceTransfer(ctx, bill)
}

/** A transfer's state from WeChat (create answer, notification, query): final states close the withdrawal once. False for an unknown bill. */
export async function settleBalanceTransfer(ctx: Pick<PaymentCtx, 'db' | 'log'>, bill: TransferBill): Promise<boolean> {
  const w = await ctx.db.selectFrom('balanceWithdrawals').selectAll().where('withdrawNo', '=', bill.outBillNo).executeTakeFirst()
  if (!w) {
    ctx.log.warn({ outBillNo: bill.outBillNo }, 'transfer result for an unknown balance withdrawal')
    return false
  }
  if (bill.amount && bill.amount !== Number(w.actualAmount)) {
    ctx.log.error({ outBillNo: bill.outBillNo, expected: w.actualAmount, got: bill.amount }, 'balance transfer amount mismatch refused')
    throw new AppError(ErrorCode.PAY_FAILED, '转账金额与提现金额不一致')
  }
  const t = Date.now()
  if (FINAL_TRANSFER_STATES.includes(bill.state)) {
    const ok = bill.state === 'SUCCESS'
    if (!ok) ctx.log.warn({ outBillNo: bill.outBillNo, state: bill.state, failReason: bill.failReason }, 'balance transfer failed')
    await inTx(ctx.db, (tx) =>
      closeTx(tx, w, ok ? 'paid' : 'returned', ok ? '' : bill.state === 'CANCELLED' ? '未确认收款，金额已退回余额' : '微信转账未成功，金额已退回余额', t, { transferState: bill.state }),
    )
    return true
  }
  await ctx.db
    .updateTable('balanceWithdrawals')
    .set({ transferState: bill.state, transferBillNo: bill.transferBillNo || w.transferBillNo, packageInfo: bill.packageInfo || w.packageInfo, updatedAt: t })
    .where('id', '=', w.id)
    .where('status', '=', 'transferring')
    .execute()
  return true
}

async function ownWithdrawal(db: Conn, memberId: number, withdrawNo: string): Promise<Row> {
  const w = await db.selectFrom('balanceWithdrawals').selectAll().where('withdrawNo', '=', withdrawNo).where('memberId', '=', memberId).executeTakeFirst()
  if (!w) throw new AppError(ErrorCode.NOT_FOUND, '提现记录不存在')
  return w
}

/** The shopper's own withdrawal waiting for confirmation: what requestMerchantTransfer needs. */
export async function balanceTransferParams(ctx: PaymentCtx, memberId: number, withdrawNo: string): Promise<BalanceTransferParams> {
  const w = await ownWithdrawal(ctx.db, memberId, withdrawNo)
  if (!toWithdrawal(w).needConfirm) throw new AppError(ErrorCode.CONFLICT, '该提现暂不需要确认收款')
  const to = await transferPayee(ctx, memberId, UNBOUND)
  return { withdrawNo, mchId: ctx.config.wechat.mchId, appId: to.appId, package: w.packageInfo }
}

/** After the shopper confirmed (or gave up) in the client: ask WeChat now rather than wait for the notification. */
export async function refreshBalanceTransfer(ctx: PaymentCtx, memberId: number, withdrawNo: string): Promise<BalanceWithdrawal> {
  const w = await ownWithdrawal(ctx.db, memberId, withdrawNo)
  if (w.status === 'transferring' && w.transferState && !FINAL_TRANSFER_STATES.includes(w.transferState)) {
    const bill = await transferGateway(ctx, NO_WECHAT_PAY).queryTransfer(withdrawNo)
    if (bill) await settleBalanceTransfer(ctx, bill)
  }
  return toWithdrawal(await byId(ctx.db, w.id))
}

/** The shopper's withdrawals, newest first. */
export async function myWithdrawals(db: Conn, memberId: number, page: number, pageSize: number) {
  const q = db.selectFrom('balanceWithdrawals').where('memberId', '=', memberId)
  const total = await countRows(q)
  const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').$call(onPage(page, pageSize)).execute()
  return { list: rows.map(toWithdrawal), total, page, pageSize }
}

/**
 * The check job: open transfers are queried (a lost notification, an unknown create outcome); a CREATING one WeChat
 * does not know after a minute is freed, and transferring ones not sent (freed, or approved while the gateway was
 * away) are sent again.
 */
export async function checkBalanceTransfers(ctx: PaymentCtx, now = Date.now(), limit = 100): Promise<number> {
  if (!transfersOn(ctx)) return 0
  const gateway = transferGateway(ctx, NO_WECHAT_PAY)
  const open = await ctx.db.selectFrom('balanceWithdrawals').selectAll().where('status', '=', 'transferring').orderBy('updatedAt').limit(limit).execute()
  let n = 0
  for (const w of open) {
    try {
      if (!w.transferState) {
        if (Number(w.updatedAt) < now - 60_000) await startBalanceTransfer(ctx, w.id, now)
        continue
      }
      const bill = await gateway.queryTransfer(w.withdrawNo)
      if (bill) {
        if (await settleBalanceTransfer(ctx, bill)) n += 1
      } else if (w.transferState === 'CREATING' && Number(w.transferAt) < now - 60_000) {
        await ctx.db.updateTable('balanceWithdrawals').set({ transferState: '', transferAt: null, updatedAt: now }).where('id', '=', w.id).where('transferState', '=', 'CREATING').execute()
      }
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, withdrawNo: w.withdrawNo }, 'balance transfer check failed')
    }
  }
  return n
}

// ------------------------------------------------------------------ console

/** 财务 → 余额 → 提现: the withdrawals, newest first, by status, search by phone or nickname or number. */
export async function adminWithdrawals(db: Db, query: AdminBalanceWithdrawalQuery): Promise<AdminBalanceWithdrawalPage> {
  const q0 = paged(query)
  let q = db.selectFrom('balanceWithdrawals as w').innerJoin('members as m', 'm.id', 'w.memberId')
  if (query.status) q = q.where('w.status', '=', query.status)
  const kw = (query.keyword || '').trim()
  if (kw) q = q.where((eb) => eb.or([eb('m.phone', 'like', `%${kw}%`), eb('m.nickname', 'like', `%${kw}%`), eb('w.withdrawNo', '=', kw)]))
  const total = await countRows(q)
  const rows = await q.selectAll('w').select(['m.phone', 'm.nickname']).orderBy('w.createdAt', 'desc').orderBy('w.id', 'desc').$call(onPage(q0.page, q0.pageSize)).execute()
  return {
    list: rows.map((r) => ({
      id: r.id,
      withdrawNo: r.withdrawNo,
      memberId: r.memberId,
      phone: r.phone || '',
      nickname: r.nickname,
      amount: Number(r.amount),
      fee: Number(r.fee),
      actualAmount: Number(r.actualAmount),
      status: r.status,
      statusText: BALANCE_WITHDRAW_STATUS_TEXT[r.status],
      reason: r.reason,
      createdAt: Number(r.createdAt),
      closedAt: r.closedAt === null ? null : Number(r.closedAt),
    })),
    total,
    page: q0.page,
    pageSize: q0.pageSize,
  }
}

/** Staff approve a reviewing withdrawal (audited by the caller): reviewing → transferring; the transfer follows after the commit. */
export async function approveWithdrawal(tx: Tx, id: number, log: Log): Promise<void> {
  const res = await tx.updateTable('balanceWithdrawals').set({ status: 'transferring', updatedAt: Date.now() }).where('id', '=', id).where('status', '=', 'reviewing').executeTakeFirst()
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(ErrorCode.CONFLICT, '该提现已处理，请刷新')
  log({ action: 'balanceWithdraw.approve', targetType: 'balanceWithdrawal', targetId: id, before: { status: 'reviewing' }, after: { status: 'transferring' } })
}

/** Staff refuse (audited by the caller): a reviewing withdrawal, or a transferring one whose transfer is not under way; the money back once. */
export async function refuseWithdrawal(tx: Tx, id: number, reason: string, log: Log): Promise<void> {
  const why = reason.trim()
  if (!why) throw new AppError(ErrorCode.BAD_REQUEST, '请填写拒绝原因')
  const w = await tx.selectFrom('balanceWithdrawals').selectAll().where('id', '=', id).executeTakeFirst()
  if (!w) throw new AppError(ErrorCode.NOT_FOUND, '提现记录不存在')
  if (w.status === 'transferring' && w.transferState) throw new AppError(ErrorCode.CONFLICT, '该提现已发起微信转账，请等待转账结果')
  if (!(await closeTx(tx, w, 'returned', `商家拒绝：${why}`, Date.now(), {}, true))) throw new AppError(ErrorCode.CONFLICT, '该提现已处理，请刷新')
  log({ action: 'balanceWithdraw.refuse', targetType: 'balanceWithdrawal', targetId: id, before: { status: w.status }, after: { status: 'returned', reason: why } })
}
