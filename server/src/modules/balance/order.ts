import type { OrderBalanceExtras } from '../../../../types/balance'
import type { PricingInput, PricingStep } from '../order/pricing'
import type { OrderHook } from '../order/hooks'
import type { Conn } from '../../db/types'
import { AppError, ErrorCode } from '../../errors'
import { changeBalance, hasBalanceEntry, memberBalance } from './service'
import { requirePayPassword } from './password'

/**
 * 使用余额 at checkout (docs/balance.md "Spending"). The balance step runs once the order's amount is known
 * (`afterFinalize`): with the shopper's switch on, the balance pays min(balance, pay amount) and the rest is the
 * gateway's (draft.balanceAmount). commit takes it from the balance inside the submit transaction (a conditional update:
 * of two submissions spending the same money one fails with 余额不足 and its whole order rolls back); createOrder pays
 * an order the balance covers at once. A cancelled or expired unpaid order gives the held part back once.
 */
/** The verified 支付密码 of a submit, from its pricing input to its commit (kept off the draft: previews never carry it). */
const proofOf = new WeakMap<object, PricingInput['payPasswordProof']>()

export const balancePricingStep: PricingStep = {
  name: 'balance',
  async apply() {},
  async afterFinalize(db, draft, input) {
    const { balance } = await memberBalance(db, draft.memberId)
    const used = input.useBalance ? Math.min(balance, draft.payAmount) : 0
    // Submit: the shopper saw the balance pay input.balanceAmount; spent meanwhile (another checkout) → refused, not a bigger gateway bill.
    if (input.useBalance && input.balanceAmount && balance < input.balanceAmount && balance < draft.payAmount) throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, '余额不足，请刷新后重新提交')
    draft.balanceAmount = used
    proofOf.set(draft, input.payPasswordProof)
    const extras: OrderBalanceExtras = { available: balance, used, gatewayAmount: draft.payAmount - used }
    draft.extras.balance = extras
  },
  async commit(tx, draft, order) {
    if (draft.balanceAmount <= 0) return
    // 支付密码: verified before the submit's transaction (every kind of order reaches this one place).
    await requirePayPassword(tx, order.memberId, proofOf.get(draft))
    try {
      await changeBalance(tx, { memberId: order.memberId, amount: -draft.balanceAmount, kind: 'order_payment', refType: 'order', refId: order.id, note: `订单 ${order.orderNo}` })
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.BALANCE_INSUFFICIENT) throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, '余额不足，请刷新后重新提交')
      throw err
    }
  },
}

/** The withdrawable part the order's balance payment took (a negative number, 0 when none). */
async function withdrawableTaken(db: Conn, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('balanceLedger')
    .select('withdrawableAmount')
    .where('kind', '=', 'order_payment')
    .where('refType', '=', 'order')
    .where('refId', '=', String(orderId))
    .executeTakeFirst()
  return Number(row?.withdrawableAmount || 0)
}

/**
 * The withdrawable part of `part` fen given back to the balance for an order whose balance part had `before` fen given
 * back already: in the proportion the payment took withdrawable money, counted on the running total so the parts of
 * several refunds add up to exactly what was taken once the whole balance part is back.
 */
export async function withdrawableBack(db: Conn, order: { id: number; balanceAmount: number }, before: number, part: number): Promise<number> {
  const taken = -(await withdrawableTaken(db, order.id))
  const b = order.balanceAmount
  if (taken <= 0 || b <= 0 || part <= 0) return 0
  const upTo = (x: number) => Math.floor((Math.min(x, b) * taken) / b)
  return Math.max(0, Math.min(part, upTo(before + part) - upTo(before)))
}

/** A cancelled or expired unpaid order gives its held balance back, once ((order_hold_returned, order, id) is unique). */
export const balanceCancelledHook: OrderHook = async (tx, { order }) => {
  const held = Number(order.balanceAmount) - Number(order.balanceRefunded)
  if (held <= 0 || (await hasBalanceEntry(tx, 'order_hold_returned', 'order', order.id))) return
  await changeBalance(tx, {
    memberId: order.memberId,
    amount: held,
    withdrawableAmount: await withdrawableBack(tx, order, Number(order.balanceRefunded), held),
    kind: 'order_hold_returned',
    refType: 'order',
    refId: order.id,
    note: `订单 ${order.orderNo} 取消，退回余额`,
  })
}
