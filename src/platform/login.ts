import Taro from '@tarojs/taro'
import { miniProgramLogin } from '@/api/member'
import { getSharerBusinessId, getSharerId } from '@/stores/session'
import { currentShell } from './env'
import type { LoginAdapter } from './types'

declare const WX_H5_APPID: string
declare const WX_OAUTH_URL: string

/** WeChat OAuth (snsapi_base) address for the current page. */
export function oauthUrl(appId: string, redirectUri: string, state = 'base'): string {
  const base = typeof WX_OAUTH_URL === 'string' && WX_OAUTH_URL ? WX_OAUTH_URL : 'https://open.weixin.qq.com/connect/oauth2/authorize'
  return `${base}?appid=${encodeURIComponent(appId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base&state=${state}#wechat_redirect`
}

export const loginAdapter: LoginAdapter = {
  async silentLogin() {
    const shell = currentShell()
    if (shell === 'weapp') {
      const { code } = await Taro.login()
      const res = await miniProgramLogin(code, getSharerId(), getSharerBusinessId())
      return { token: res.needPhone ? undefined : res.token }
    }
    if (shell === 'wechat-h5') {
      const appId = typeof WX_H5_APPID === 'string' ? WX_H5_APPID : ''
      const url = new URL(window.location.href)
      if (appId && !url.searchParams.has('code')) {
        window.location.href = oauthUrl(appId, url.toString())
        return { redirected: true }
      }
    }
    return {}
  },
}
