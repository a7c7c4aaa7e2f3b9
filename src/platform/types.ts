/** The adapter layer: what differs between the mini-program, H5 in WeChat's browser and plain H5. */

export type PayChannel = 'sandbox' | 'wechat_jsapi' | 'wechat_mini' | 'wechat_h5'

/** Params the server returns for a payment, per channel. */
export interface PayParams {
  channel: PayChannel
  payNo: string
  amount: number
  /** wechat: appId, timeStamp, nonceStr, package, signType, paySign; wechat_h5: h5Url and orderNo (an order) or rechargeNo (a recharge); sandbox: a signed ticket. */
  params: Record<string, string>
}

export type PayResult = 'paid' | 'cancelled' | 'failed'

export interface PaymentAdapter {
  channel(): PayChannel
  pay(p: PayParams): Promise<PayResult>
}

export interface ShareContent {
  title: string
  path: string
  imageUrl?: string
}

export interface ShareAdapter {
  /** Makes the page's share card (WeChat share menu, JS-SDK share, or nothing in a plain browser). */
  setup(content: ShareContent): void
}

export interface SilentLoginResult {
  /** A token: the WeChat user is already a member (mini-program). */
  token?: string
  /** The mini-program user has no member yet: the phone + code step follows, phoneRegister sends loginKey. */
  needPhone?: boolean
  loginKey?: string
  /** The page is leaving for WeChat's OAuth (WeChat's browser). */
  redirected?: boolean
  /** Back from OAuth: the member's openid was stored (WeChat's browser). */
  openIdBound?: boolean
}

export interface LoginAdapter {
  /** Silent shell login before the phone step: mini-program code2session, or WeChat OAuth in WeChat's browser. */
  silentLogin(): Promise<SilentLoginResult>
}
