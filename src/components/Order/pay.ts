import { prepay } from '@/api/pay'
import { paymentAdapter } from '@/platform/payment'
import type { PayResult } from '@/platform/types'
import { ROUTES } from '@/routes'
import { navigateTo, redirectTo } from '@/core/nav'
import { hideLoading, showLoading } from '@/core/toast'

/**
 * Pays an order through the shell's payment adapter: /api/pay/prepay with paymentAdapter.channel(),
 * then paymentAdapter.pay(params). Resolves null when the prepay was refused (its message is toasted).
 */
export async function payOrder(orderNo: string): Promise<PayResult | null> {
  showLoading('正在发起支付')
  let params
  try {
    params = await prepay(orderNo, paymentAdapter.channel(), { catch: true })
  } catch {
    return null
  } finally {
    hideLoading()
  }
  return paymentAdapter.pay(params)
}

/** Pays, then shows the pay-status page (replacing the current page when it was the place-order page). */
export async function payThenShowStatus(orderNo: string, how: 'redirect' | 'navigate' = 'navigate'): Promise<PayResult | null> {
  const result = await payOrder(orderNo)
  if (result === null) return null
  const go = how === 'redirect' ? redirectTo : navigateTo
  await go(ROUTES.payStatus, { orderNo, result })
  return result
}
