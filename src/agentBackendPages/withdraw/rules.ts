import { WITHDRAW_MAX, WITHDRAW_MIN, withdrawFee, yuanToFen } from '@contract/agent'
import { isAmount } from '@/utils/validate'
import { yuan } from '@/utils/money'

/** Checks the amount typed in yuan against the rules and the balance (fen); '' when it can be sent. */
export function withdrawAmountError(text: string, available: number): string {
  const v = String(text ?? '').trim()
  if (!v) return '请输入提现金额'
  if (!isAmount(v)) return '金额最多保留两位小数'
  const fen = yuanToFen(v)
  if (fen === null || fen <= 0) return '请输入正确的提现金额'
  if (fen < WITHDRAW_MIN) return `单次提现金额不能低于¥${yuan(WITHDRAW_MIN)}`
  if (fen > WITHDRAW_MAX) return `单次提现金额不能超过¥${yuan(WITHDRAW_MAX)}`
  if (fen > available) return '超出可提现余额'
  return ''
}

/** The shop's fee rule (WithdrawInfo.rules); the former constants until it is loaded. */
export interface FeeRule {
  feeBp: number
  feeMin: number
}

/** The fee line under the amount: '' until a valid amount is typed. */
export function feeText(text: string, rule?: FeeRule): string {
  const v = String(text ?? '').trim()
  const fen = isAmount(v) ? yuanToFen(v) : null
  if (!fen) return ''
  const fee = withdrawFee(fen, rule?.feeBp, rule?.feeMin)
  if (!fee) return `免手续费，实际到账¥${yuan(fen)}`
  if (fee >= fen) return ''
  return `手续费¥${yuan(fee)}，实际到账¥${yuan(fen - fee)}`
}

/** What the confirm dialog says before a withdrawal is sent: amount, fee, what arrives and where. */
export function withdrawConfirmText(amountFen: number, accountText: string, rule?: FeeRule): string {
  const fee = withdrawFee(amountFen, rule?.feeBp, rule?.feeMin)
  return `提现金额¥${yuan(amountFen)}，手续费¥${yuan(fee)}，实际到账¥${yuan(amountFen - fee)}。\n到账账户：${accountText}`
}
