import type { PaymentCtx } from '../../payments'
import { AppError, ErrorCode } from '../../errors'
import { TRANSFER_NAME_FROM, type TransferBill, type WechatPay } from '../../payments/wechatpay'
import { FINAL_TRANSFER_STATES, isDefiniteTransferFailure, transferGateway, transferPayee } from '../../payments/merchantTransfer'
import { agentRealName, closeWithdrawalTx, findWithdrawal } from './account'
import { num } from './util'
import { storedRules } from './rules'
import { chinaDayStart } from '../../services/chinaTime'

/**
 * Agent payouts by WeChat Pay merchant transfer (docs/wechat.md, "Transfer"). A pending withdrawal to the agent's
 * WeChat wallet is sent as a transfer bill (out_bill_no = the withdrawal number); WeChat answers WAIT_USER_CONFIRM
 * with a package_info that the agent's client passes to requestMerchantTransfer. The transfer's notification or a
 * query settles it: SUCCESS → paid; FAIL / CANCELLED → the money back to the available balance. Both go through
 * closeWithdrawalTx (a conditional update on 'pending'), so a repeated notification moves the money once.
 */

const FINAL = FINAL_TRANSFER_STATES

const wechatPay = (ctx: PaymentCtx): WechatPay => transferGateway(ctx, '未启用微信支付，请线下打款后确认打款')

/** The app and openid the transfer goes to: the mini-program's when the agent has one, else the official account's. */
const payee = (ctx: PaymentCtx, memberId: number) => transferPayee(ctx, memberId, '代理未绑定微信，无法转账')

/** Money already sent by transfer today (China day), not failed: for one shop, or for the whole shop. */
async function sentToday(ctx: PaymentCtx, shopId: number | null, now: number) {
  let q = ctx.db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<number>('actualAmount').as('s'))
    .where('transferAt', '>=', chinaDayStart(now))
    .where('transferState', 'not in', ['', 'FAIL', 'CANCELLED'])
  if (shopId !== null) q = q.where('shopId', '=', shopId)
  return num((await q.executeTakeFirst())?.s)
}

/**
 * Operator (console or `npm run admin -- withdraw transfer <ref>`): sends a pending WeChat-wallet withdrawal as a
 * merchant transfer, within the daily limits. The withdrawal is claimed first (transfer_state CREATING, by a
 * conditional update) so two operators make one transfer; a definite refusal frees it again, an unknown outcome
 * (timeout, SYSTEM_ERROR) stays CREATING for the transfer check job to query.
 */
export async function startTransfer(ctx: PaymentCtx, ref: string, now = Date.now()) {
  const gateway = wechatPay(ctx)
  const w = await findWithdrawal(ctx.db, ref)
  if (w.status !== 'pending') throw new AppError(ErrorCode.AGENT_STATE, '提现单不是待打款状态')
  if (w.method !== 'wechat') throw new AppError(ErrorCode.AGENT_STATE, '仅提现到微信零钱的申请可以发起转账')
  if (w.transferState) throw new AppError(ErrorCode.AGENT_STATE, '该提现已发起转账')
  const { payout } = ctx.config
  // The console's agent rules (rules.ts; until saved, PAYOUT_DAILY_LIMIT_AGENT / _SHOP).
  const rules = await storedRules(ctx.db, ctx.config)
  if ((await sentToday(ctx, w.shopId, now)) + w.actualAmount > rules.withdrawDailyMax)
    throw new AppError(ErrorCode.AGENT_STATE, `超出单个代理每日转账限额¥${(rules.withdrawDailyMax / 100).toFixed(2)}`)
  if ((await sentToday(ctx, null, now)) + w.actualAmount > rules.payoutDailyMaxShop) throw new AppError(ErrorCode.AGENT_STATE, `超出店铺每日转账限额¥${(rules.payoutDailyMaxShop / 100).toFixed(2)}`)
  const to = await payee(ctx, w.memberId)
  const claim = await ctx.db
    .updateTable('withdrawals')
    .set({ transferState: 'CREATING', transferAt: now, failReason: '', updatedAt: now })
    .where('id', '=', w.id)
    .where('status', '=', 'pending')
    .where('transferState', '=', '')
    .executeTakeFirst()
  if (Number(claim.numUpdatedRows) !== 1) throw new AppError(ErrorCode.AGENT_STATE, '该提现已发起转账')
  let bill: TransferBill
  try {
    bill = await gateway.createTransfer({
      outBillNo: w.withdrawNo,
      appId: to.appId,
      openId: to.openId,
      amount: w.actualAmount,
      remark: '代理佣金提现',
      sceneId: payout.sceneId,
      reportInfos: [
        { infoType: '岗位类型', infoContent: '推广代理' },
        { infoType: '报酬说明', infoContent: `佣金提现${w.withdrawNo}` },
      ],
      userName: w.actualAmount >= TRANSFER_NAME_FROM ? await agentRealName(ctx.db, w.shopId) : undefined,
    })
  } catch (err) {
    if (isDefiniteTransferFailure(err)) {
      await ctx.db
        .updateTable('withdrawals')
        .set({ transferState: '', transferAt: null, failReason: String((err as Error).message).slice(0, 200), updatedAt: Date.now() })
        .where('id', '=', w.id)
        .where('transferState', '=', 'CREATING')
        .execute()
    }
    throw err
  }
  await settleTransfer(ctx, bill)
  return findWithdrawal(ctx.db, String(w.id))
}

/**
 * A transfer's state from WeChat (the create answer, a notification or a query): final states close the withdrawal
 * once; others record the state and the package_info the agent confirms with. Unknown bills are ignored (false).
 */
export async function settleTransfer(ctx: Pick<PaymentCtx, 'db' | 'log'>, bill: TransferBill): Promise<boolean> {
  const w = await ctx.db.selectFrom('withdrawals').selectAll().where('withdrawNo', '=', bill.outBillNo).executeTakeFirst()
  if (!w) {
    ctx.log.warn({ outBillNo: bill.outBillNo }, 'transfer result for an unknown withdrawal')
    return false
  }
  if (bill.amount && bill.amount !== w.actualAmount) {
    ctx.log.error({ outBillNo: bill.outBillNo, expected: w.actualAmount, got: bill.amount }, 'transfer amount mismatch refused')
    throw new AppError(ErrorCode.PAY_FAILED, '转账金额与提现金额不一致')
  }
  const t = Date.now()
  if (FINAL.includes(bill.state)) {
    const reason = bill.state === 'SUCCESS' ? '' : `微信转账${bill.state === 'CANCELLED' ? '已撤销' : '失败'}${bill.failReason ? `：${bill.failReason}` : ''}`
    await ctx.db
      .transaction()
      .execute((tx) => closeWithdrawalTx(tx, w, bill.state === 'SUCCESS' ? 'paid' : 'rejected', reason, t, { transferState: bill.state, failReason: bill.failReason.slice(0, 200) }))
    return true
  }
  await ctx.db
    .updateTable('withdrawals')
    .set({ transferState: bill.state, transferBillNo: bill.transferBillNo || w.transferBillNo, packageInfo: bill.packageInfo || w.packageInfo, updatedAt: t })
    .where('id', '=', w.id)
    .where('status', '=', 'pending')
    .execute()
  return true
}

/** The agent's own withdrawal waiting for confirmation: what requestMerchantTransfer needs (mchId, appId, package). */
export async function transferConfirmParams(ctx: PaymentCtx, shopId: number, withdrawNo: string) {
  const w = await ctx.db.selectFrom('withdrawals').selectAll().where('withdrawNo', '=', withdrawNo).where('shopId', '=', shopId).executeTakeFirst()
  if (!w) throw new AppError(ErrorCode.NOT_FOUND, '提现单不存在')
  if (w.status !== 'pending' || w.transferState !== 'WAIT_USER_CONFIRM' || !w.packageInfo) throw new AppError(ErrorCode.AGENT_STATE, '该提现暂不需要确认收款')
  const to = await payee(ctx, w.memberId)
  return { withdrawNo, mchId: ctx.config.wechat.mchId, appId: to.appId, package: w.packageInfo }
}

/** After the agent confirmed (or gave up) in the client: ask WeChat now rather than wait for the notification. */
export async function refreshTransfer(ctx: PaymentCtx, shopId: number, withdrawNo: string) {
  const w = await ctx.db.selectFrom('withdrawals').select(['id', 'transferState']).where('withdrawNo', '=', withdrawNo).where('shopId', '=', shopId).executeTakeFirst()
  if (!w) throw new AppError(ErrorCode.NOT_FOUND, '提现单不存在')
  if (w.transferState && !FINAL.includes(w.transferState)) {
    const bill = await wechatPay(ctx).queryTransfer(withdrawNo)
    if (bill) await settleTransfer(ctx, bill)
  }
  return findWithdrawal(ctx.db, String(w.id))
}

/**
 * The transfer check job: transfers not final are queried (a lost notification, an unknown create outcome). A
 * CREATING one WeChat does not know after a minute is freed so the operator can send it again.
 */
export async function checkTransfers(ctx: PaymentCtx, now = Date.now(), limit = 100) {
  if (ctx.config.payProvider !== 'wechatpay') return 0
  const gateway = wechatPay(ctx)
  const open = await ctx.db
    .selectFrom('withdrawals')
    .select(['id', 'withdrawNo', 'transferState', 'transferAt'])
    .where('status', '=', 'pending')
    .where('transferState', 'not in', ['', ...FINAL])
    .orderBy('updatedAt')
    .limit(limit)
    .execute()
  let n = 0
  for (const w of open) {
    try {
      const bill = await gateway.queryTransfer(w.withdrawNo)
      if (bill) {
        if (await settleTransfer(ctx, bill)) n += 1
      } else if (w.transferState === 'CREATING' && Number(w.transferAt) < now - 60_000) {
        await ctx.db.updateTable('withdrawals').set({ transferState: '', transferAt: null, updatedAt: now }).where('id', '=', w.id).where('transferState', '=', 'CREATING').execute()
      }
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, withdrawNo: w.withdrawNo }, 'transfer query failed')
    }
  }
  return n
}
