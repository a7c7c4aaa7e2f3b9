import type { AppContext } from '../context'
import { checkBody, WeChatApiError, wxPost } from './api'
import type { TokenStore } from './tokens'
import { SCENE_MAX } from './scene'

export type EnvVersion = 'release' | 'trial' | 'develop'

/**
 * wxa/getwxacodeunlimit: a mini-program code for a page and a scene (at most 32 characters).
 * On success WeChat answers the image itself (image/jpeg or image/png); on failure a JSON {errcode, errmsg}.
 */
export async function getUnlimitedCode(
  ctx: Pick<AppContext, 'config' | 'http'>,
  tokens: TokenStore,
  input: { scene: string; page: string; width?: number; envVersion?: EnvVersion },
): Promise<{ mime: string; image: Buffer }> {
  if (!input.scene || input.scene.length > SCENE_MAX) throw new WeChatApiError(40169, 'invalid length for scene', 'wxa/getwxacodeunlimit')
  return tokens.withAccessToken('mini', async (token) => {
    const res = await wxPost(
      ctx,
      'wxa/getwxacodeunlimit',
      { access_token: token },
      {
        scene: input.scene,
        page: input.page,
        // check_path false lets an unreleased page (trial / develop) be encoded too.
        check_path: false,
        env_version: input.envVersion || 'release',
        width: input.width || 430,
      },
    )
    const type = String(res.headers['content-type'] || '').toLowerCase()
    if (res.status === 200 && type.startsWith('image/') && res.raw.length > 0) return { mime: type.split(';')[0], image: res.raw }
    let body = res.body
    if (!body && res.raw.length) {
      try {
        body = JSON.parse(res.raw.toString('utf8'))
      } catch {
        body = null
      }
    }
    checkBody(body, 'wxa/getwxacodeunlimit')
    throw new WeChatApiError(-2, `unexpected response (${res.status} ${type})`, 'wxa/getwxacodeunlimit')
  })
}

/**
 * wxa/generatescheme: a URL scheme (weixin://dl/business/?t=...) that opens a page from outside WeChat
 * (SMS, other browsers). Expires after `expireDays` (at most 30).
 */
export async function generateScheme(
  ctx: Pick<AppContext, 'config' | 'http'>,
  tokens: TokenStore,
  input: { path: string; query: string; envVersion?: EnvVersion; expireDays?: number },
): Promise<{ openlink: string }> {
  return tokens.withAccessToken('mini', async (token) => {
    const res = await wxPost(
      ctx,
      'wxa/generatescheme',
      { access_token: token },
      {
        jump_wxa: { path: input.path, query: input.query, env_version: input.envVersion || 'release' },
        is_expire: true,
        expire_type: 1,
        expire_interval: Math.min(30, Math.max(1, input.expireDays || 30)),
      },
    )
    const body = checkBody<{ openlink: string }>(res.body, 'wxa/generatescheme')
    if (!body.openlink) throw new WeChatApiError(-3, 'no openlink in response', 'wxa/generatescheme')
    return { openlink: body.openlink }
  })
}

export interface WxPhoneInfo {
  phoneNumber: string
  purePhoneNumber: string
  countryCode: string
  watermark: { timestamp: number; appid: string }
}

/**
 * wxa/business/getuserphonenumber: the phone number behind the code of an `open-type="getPhoneNumber"` button
 * (the code is single-use and valid 5 minutes; errcode 40029 when invalid or used, 45011 too frequent, -1 busy,
 * 1400001 quota exhausted).
 */
export async function getUserPhoneNumber(ctx: Pick<AppContext, 'config' | 'http'>, tokens: TokenStore, code: string): Promise<WxPhoneInfo> {
  return tokens.withAccessToken('mini', async (token) => {
    const res = await wxPost(ctx, 'wxa/business/getuserphonenumber', { access_token: token }, { code })
    const body = checkBody<{ phone_info?: WxPhoneInfo }>(res.body, 'wxa/business/getuserphonenumber')
    if (!body.phone_info?.purePhoneNumber) throw new WeChatApiError(-3, 'no phone_info in response', 'wxa/business/getuserphonenumber')
    return body.phone_info
  })
}
