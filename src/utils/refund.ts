import { yuan } from './money'

/** A yuan amount typed by the member ("12", "12.5", "12.50") in fen; null when it is not an amount with up to 2 decimals. */
export function yuanToFen(input: string): number | null {
  const s = String(input ?? '').trim()
  if (!/^(?:0|[1-9]\d{0,7})(?:\.\d{1,2})?$/.test(s)) return null
  const [int, dec = ''] = s.split('.')
  return Number(int) * 100 + Number(dec.padEnd(2, '0'))
}

/** The limit line under the amount: "最多可退 ¥38.00（含运费 ¥8.00）". */
export function refundLimitText(maxAmount: number, freightAmount = 0): string {
  if (maxAmount <= 0) return '所选商品暂无可退金额'
  return `最多可退 ¥${yuan(maxAmount)}${freightAmount > 0 ? `（含运费 ¥${yuan(freightAmount)}）` : ''}`
}

/** The first problem with the amount typed, or null when it is within 0.01 … the limit. */
export function refundAmountError(input: string, maxAmount: number): string | null {
  const fen = yuanToFen(input)
  if (fen === null) return '请输入正确的退款金额'
  if (fen <= 0) return '退款金额需大于0'
  if (fen > maxAmount) return `退款金额不能超过 ¥${yuan(maxAmount)}`
  return null
}

/** The case's approval when the shop approved less than asked: 「商家同意退款 ¥30.00（申请 ¥50.00）」, else ''. */
export function approvedLessText(c: { amount: number; approvedAmount: number | null }): string {
  if (c.approvedAmount === null || c.approvedAmount === undefined || c.approvedAmount >= c.amount) return ''
  return `商家同意退款 ¥${yuan(c.approvedAmount)}（申请 ¥${yuan(c.amount)}）`
}

/** What the case refunds: the approved amount when lower, else what was asked (the refunded amount once refunded). */
export const caseAmount = (c: { amount: number; approvedAmount: number | null; refundAmount: number; status: string }): number =>
  c.status === 'refunding' || c.status === 'refunded' ? c.refundAmount : c.approvedAmount !== null && c.approvedAmount !== undefined && c.approvedAmount < c.amount ? c.approvedAmount : c.amount

/** A case line's note: the money it brings back. */
export const lineRefundNote = (amount: number) => `退款 ¥${yuan(amount)}`
