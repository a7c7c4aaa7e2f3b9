import type { MiniLoginRequest, MiniLoginResponse, WechatH5OpenIdResponse, WxACodeParamResponse, WxACodeRequest, WxACodeResponse, WxSchemeRequest, WxSchemeResponse } from '@contract/wechat'
import type { WxConfigResponse } from '@contract/member'
import { get, post, type RequestOptions } from '@/core/request'

/** JS-SDK wx.config for a page address of the shop (no login needed). */
export const getWxConfig = (url: string) => get<WxConfigResponse>('/api/member/getWxConfig', { url }, { auth: false, toast: false, catch: true })

/** Exchanges the OAuth code of WeChat's browser and stores the openid on the member. */
export const getWechatH5OpenId = (code: string, opts?: RequestOptions) => get<WechatH5OpenIdResponse>('/api/member/getWechatH5OpenId', { code }, { catch: true, ...opts })

/** Mini-program login with the code of Taro.login. */
export const miniLogin = (body: MiniLoginRequest, opts?: RequestOptions) =>
  post<MiniLoginResponse>('/api/member/miniLogin', body as unknown as Record<string, unknown>, { auth: false, catch: true, ...opts })

/** The caller's mini-program code for a page (sUid / bUid added by the server). */
export const getWxACode = (q: WxACodeRequest, opts?: RequestOptions) => get<WxACodeResponse>('/api/wxMiniApp/getWxACode', q as unknown as Record<string, unknown>, opts)

/** A stored scene ("k=...") back to its query. */
export const getWxACodeParam = (scene: string, opts?: RequestOptions) => get<WxACodeParamResponse>('/api/wxMiniApp/getWxACodeParam', { scene }, { auth: false, ...opts })

/** A URL scheme that opens the mini-program page from outside WeChat. */
export const getWxSchemeUrl = (q: WxSchemeRequest, opts?: RequestOptions) => get<WxSchemeResponse>('/api/wxMiniApp/getWxSchemeUrl', q as unknown as Record<string, unknown>, opts)
