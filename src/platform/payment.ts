import Taro from '@tarojs/taro'
import { sandboxCancel, sandboxConfirm } from '@/api/pay'
import { confirm } from '@/core/toast'
import { useCommonStore } from '@/stores/common'
import { getPublicSettings, publicSettingsNow } from '@/api/settings'
import { ROUTES } from '@/routes'
import { currentShell } from './env'
import type { PayChannel, PayParams, PayResult, PaymentAdapter } from './types'
import { wxReady } from './wechatJssdk'

/** A phone (H5 payment is for phone browsers only; a desktop browser stays on the sandbox / JSAPI). */
const isMobile = () => typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
// Read the shop's settings early so the pay channel is known by the time the shopper pays.
if (currentShell() === 'h5') getPublicSettings().catch(() => undefined)

/** Sandbox: a confirm / cancel step; on confirm the server runs the same notify path a real gateway would. */
async function sandboxPay(p: PayParams): Promise<PayResult> {
  if (!(await confirm(`模拟支付 ¥${(p.amount / 100).toFixed(2)}，确认支付？`, '沙箱支付', { confirmText: '确认支付' }))) {
    await sandboxCancel({ payNo: p.payNo }, { toast: false, catch: true }).catch(() => undefined)
    return 'cancelled'
  }
  try {
    await sandboxConfirm({ payNo: p.payNo, ticket: p.params.ticket }, { catch: true })
    return 'paid'
  } catch {
    return 'failed'
  }
}

/** WeChat's browser: JS-SDK chooseWXPay with the server's JSAPI params. */
async function wechatJsapiPay(p: PayParams): Promise<PayResult> {
  const wx = await wxReady()
  return new Promise<PayResult>((resolve) => {
    wx.chooseWXPay({
      timestamp: p.params.timeStamp,
      nonceStr: p.params.nonceStr,
      package: p.params.package,
      signType: p.params.signType,
      paySign: p.params.paySign,
      success: () => resolve('paid'),
      cancel: () => resolve('cancelled'),
      fail: () => resolve('failed'),
    })
  })
}

/**
 * A phone browser outside WeChat: WeChat Pay H5. The browser goes to WeChat's h5_url, which brings the shopper back
 * (redirect_url) to the page that asks the server (and the server asks WeChat): an order's pay-status page, or for a
 * recharge (params.rechargeNo) the recharge page with its result.
 */
async function wechatH5Pay(p: PayParams): Promise<PayResult> {
  const page = (route: string, query: string) => `${window.location.origin}/${route.replace(/^\//, '')}?${query}`
  const back = p.params.rechargeNo
    ? page(ROUTES.balanceRecharge, `rechargeNo=${encodeURIComponent(p.params.rechargeNo)}`)
    : page(ROUTES.payStatus, `orderNo=${encodeURIComponent(p.params.orderNo || '')}&result=paid`)
  window.location.href = `${p.params.h5Url}&redirect_url=${encodeURIComponent(back)}`
  return new Promise<PayResult>(() => undefined) // the page is leaving
}

/** Mini-program: Taro.requestPayment (v3 params, RSA sign type). */
async function miniPay(p: PayParams): Promise<PayResult> {
  try {
    await Taro.requestPayment({
      timeStamp: p.params.timeStamp,
      nonceStr: p.params.nonceStr,
      package: p.params.package,
      signType: 'RSA' as any,
      paySign: p.params.paySign,
    })
    return 'paid'
  } catch (e: any) {
    return /cancel/i.test(e?.errMsg || '') ? 'cancelled' : 'failed'
  }
}

export const paymentAdapter: PaymentAdapter = {
  channel(): PayChannel {
    const shell = currentShell()
    if (shell === 'h5' && isMobile() && publicSettingsNow()?.h5Pay) return 'wechat_h5'
    return shell === 'weapp' ? 'wechat_mini' : shell === 'wechat-h5' ? 'wechat_jsapi' : 'sandbox'
  },
  pay(p) {
    // SPEC.md section 3: the common store keeps (and persists) the last pay params used.
    useCommonStore.getState().setUsedUnionPayParams({ channel: p.channel, payNo: p.payNo, amount: p.amount, params: { ...p.params }, usedAt: Date.now() })
    if (p.channel === 'wechat_mini') return miniPay(p)
    if (p.channel === 'wechat_jsapi') return wechatJsapiPay(p)
    if (p.channel === 'wechat_h5') return wechatH5Pay(p)
    return sandboxPay(p)
  },
}
