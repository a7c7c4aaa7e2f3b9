import type { PhoneRegisterResponse } from '@contract/member'
import type { MiniLoginRequest, MiniLoginResponse, MiniPhoneLoginRequest, WxACodeParamResponse, WxACodeRequest, WxACodeResponse, WxSchemeRequest, WxSchemeResponse } from '@contract/wechat'
import { get, post, type RequestOptions } from '@/core/request'

// The two /api/member/ calls served by the wechat module live with the member calls (one definition each).
export { getWxConfig, getWechatH5OpenId } from './member'

/** Mini-program login with the code of Taro.login. */
export const miniLogin = (body: MiniLoginRequest, opts?: RequestOptions) => post<MiniLoginResponse>('/api/member/miniLogin', body, { auth: false, catch: true, ...opts })

/** Mini-program sign-up / sign-in with the code of the phone-number button (open-type="getPhoneNumber") and miniLogin's loginKey. */
export const miniPhoneLogin = (body: MiniPhoneLoginRequest, opts?: RequestOptions) => post<PhoneRegisterResponse>('/api/member/miniPhoneLogin', body, { auth: false, catch: true, ...opts })

/** The caller's mini-program code for a page (sUid / bUid added by the server). */
export const getWxACode = (q: WxACodeRequest, opts?: RequestOptions) => get<WxACodeResponse>('/api/wxMiniApp/getWxACode', q, opts)

/** A stored scene ("k=...") back to its query. */
export const getWxACodeParam = (scene: string, opts?: RequestOptions) => get<WxACodeParamResponse>('/api/wxMiniApp/getWxACodeParam', { scene }, { auth: false, ...opts })

/** A URL scheme that opens the mini-program page from outside WeChat. */
export const getWxSchemeUrl = (q: WxSchemeRequest, opts?: RequestOptions) => get<WxSchemeResponse>('/api/wxMiniApp/getWxSchemeUrl', q, opts)
