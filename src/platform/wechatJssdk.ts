import { getWxConfig } from '@/api/wechat'
import { isIOS } from './env'
import { runtimeConfig } from './runtimeConfig'

/** The landing URL: iOS WeChat signs the first URL of a history-mode SPA, not the current one. */
const landingUrl = typeof window !== 'undefined' ? window.location.href.split('#')[0] : ''

/** The URL to sign (ARCHITECTURE.md: landing URL on iOS, current URL elsewhere). */
export function urlToSign(ua?: string): string {
  if (typeof window === 'undefined') return ''
  return isIOS(ua) ? landingUrl : window.location.href.split('#')[0]
}

let scriptPromise: Promise<any> | null = null
function loadScript(): Promise<any> {
  const w = window as any
  if (w.wx) return Promise.resolve(w.wx)
  if (!scriptPromise) {
    scriptPromise = new Promise((resolve, reject) => {
      const s = document.createElement('script')
      s.src = runtimeConfig().wxJssdkUrl
      s.onload = () => (w.wx ? resolve(w.wx) : reject(new Error('jssdk missing')))
      s.onerror = () => {
        scriptPromise = null
        reject(new Error('jssdk load failed'))
      }
      document.head.appendChild(s)
    })
  }
  return scriptPromise
}

export const JS_API_LIST = ['updateAppMessageShareData', 'updateTimelineShareData', 'chooseWXPay', 'previewImage', 'requestMerchantTransfer']

/*
 * The page URL the last wx.config was signed for. Android checks the current URL, so another page (or coming
 * back to an earlier one after others were signed) needs a new wx.config; iOS always signs the landing URL,
 * so it configures once.
 */
let configured: { url: string; ready: Promise<any> } | null = null
/** Loads the JS-SDK and runs wx.config signed for the current page's URL; resolves with wx when ready. */
export function wxReady(): Promise<any> {
  const url = urlToSign()
  if (configured && configured.url === url) return configured.ready
  const forget = () => {
    if (configured?.ready === ready) configured = null
  }
  const ready: Promise<any> = Promise.all([loadScript(), getWxConfig(url)]).then(
    ([wx, cfg]) =>
      new Promise((resolve, reject) => {
        wx.config({ debug: false, appId: cfg.appId, timestamp: cfg.timestamp, nonceStr: cfg.nonceStr, signature: cfg.signature, jsApiList: JS_API_LIST })
        wx.ready(() => resolve(wx))
        wx.error((e: unknown) => {
          forget()
          reject(e)
        })
      }),
  )
  configured = { url, ready }
  ready.catch(forget)
  return ready
}
