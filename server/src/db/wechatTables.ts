import type { Generated } from 'kysely'

/** Table types of migration 009_wechat. */

/** Mini-program code scenes that do not fit in 32 characters: the scene is "k=<key>". */
export interface ShareSceneTable {
  key: string
  query: string
  createdAt: number
}

/**
 * A WeChat identity waiting for its phone: miniLogin found no member for the openid, so the login page
 * does the phone + code step and phoneRegister binds the openid through this single-use key (only its hash is kept).
 */
export interface WxLoginKeyTable {
  id: Generated<number>
  keyHash: string
  app: 'mini' | 'h5'
  openid: string
  unionid: string | null
  shareMemberId: number | null
  shareBusinessId: number | null
  expiresAt: number
  usedAt: number | null
  createdAt: number
}

declare module './types' {
  interface DB {
    shareScenes: ShareSceneTable
    wxLoginKeys: WxLoginKeyTable
  }
}
