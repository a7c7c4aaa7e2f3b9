import type { TransferConfirmParams } from '@contract/agent'
import { confirm } from '@/core/toast'
import { currentShell } from './env'
import { wxReady } from './wechatJssdk'

export type TransferConfirmResult = 'confirmed' | 'cancelled' | 'failed' | 'unsupported'

/** The mini-program's wx.requestMerchantTransfer (base library 3.3.0+), as far as we use it. */
interface MiniWx {
  requestMerchantTransfer?: (o: { mchId: string; appId: string; package: string; success: () => void; fail: (e: { errMsg?: string }) => void }) => void
}
declare const wx: MiniWx | undefined
/** WeChat's browser bridge: invoke('requestMerchantTransfer', ...) answers err_msg 'requestMerchantTransfer:ok'. */
interface Bridge {
  invoke: (name: string, args: Record<string, string>, cb: (res: { err_msg?: string }) => void) => void
}

/**
 * WeChat merchant transfer, user confirmation: the agent confirms the receipt of a withdrawal with the server's
 * package_info (mini-program: wx.requestMerchantTransfer; WeChat's browser: WeixinJSBridge after wx.config). The
 * result here is only the user's action: the server settles the withdrawal from WeChat's notification or a query.
 */
export async function confirmMerchantTransfer(p: TransferConfirmParams): Promise<TransferConfirmResult> {
  const shell = currentShell()
  if (shell === 'weapp') {
    const api = typeof wx !== 'undefined' ? wx : undefined
    if (!api?.requestMerchantTransfer) {
      await confirm('当前微信版本过低，请升级微信后再确认收款', '提示', { showCancel: false })
      return 'unsupported'
    }
    return new Promise((resolve) => {
      api.requestMerchantTransfer!({
        mchId: p.mchId,
        appId: p.appId,
        package: p.package,
        success: () => resolve('confirmed'),
        fail: (e) => resolve(/cancel/i.test(e?.errMsg || '') ? 'cancelled' : 'failed'),
      })
    })
  }
  if (shell === 'wechat-h5') {
    await wxReady()
    const bridge = (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge
    if (!bridge) return 'unsupported'
    return new Promise((resolve) => {
      bridge.invoke('requestMerchantTransfer', { mchId: p.mchId, appId: p.appId, package: p.package }, (res) => {
        const msg = res?.err_msg || ''
        resolve(msg.endsWith(':ok') ? 'confirmed' : /cancel/i.test(msg) ? 'cancelled' : 'failed')
      })
    })
  }
  return 'unsupported'
}
