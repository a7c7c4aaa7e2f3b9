import type { AppContext } from '../context'
import { appCredentials, wxGet } from './api'

/** The reused-code error of sns/oauth2/access_token and jscode2session. */
export const ERR_CODE_USED = 40163
/** An invalid code (wrong app, expired, forged). */
export const ERR_CODE_INVALID = 40029

/**
 * Official account OAuth (snsapi_base): exchanges the code of the redirect for the user's openid.
 * A code is single-use: a second exchange answers errcode 40163.
 */
export async function exchangeOAuthCode(ctx: Pick<AppContext, 'config' | 'http'>, code: string): Promise<{ openid: string; unionid?: string; scope: string }> {
  const { appId, secret } = appCredentials(ctx, 'h5')
  const body = await wxGet<{ openid: string; unionid?: string; scope: string }>(ctx, 'sns/oauth2/access_token', { appid: appId, secret, code, grant_type: 'authorization_code' })
  return { openid: body.openid, unionid: body.unionid, scope: body.scope }
}

/** Mini-program login: jscode2session exchanges the code of wx.login for the openid (the session key stays on the server). */
export async function code2session(ctx: Pick<AppContext, 'config' | 'http'>, code: string): Promise<{ openid: string; unionid?: string; sessionKey: string }> {
  const { appId, secret } = appCredentials(ctx, 'mini')
  const body = await wxGet<{ openid: string; unionid?: string; session_key: string }>(ctx, 'sns/jscode2session', { appid: appId, secret, js_code: code, grant_type: 'authorization_code' })
  return { openid: body.openid, unionid: body.unionid, sessionKey: body.session_key }
}
