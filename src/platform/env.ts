/** Which shell the code runs in: the WeChat mini-program, H5 in WeChat's browser, or H5 in any other browser. */
export type Shell = 'weapp' | 'wechat-h5' | 'h5'

export const isWeapp = (): boolean => process.env.TARO_ENV === 'weapp'

export function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent || ''
}

export const isWechatBrowser = (ua: string = userAgent()): boolean => /MicroMessenger/i.test(ua) && !/miniProgram/i.test(ua)
export const isIOS = (ua: string = userAgent()): boolean => /iPhone|iPad|iPod/i.test(ua)

export function currentShell(ua: string = userAgent()): Shell {
  if (isWeapp()) return 'weapp'
  return isWechatBrowser(ua) ? 'wechat-h5' : 'h5'
}
