import { Int, LooseId, Obj, Opt, Str, type Static } from './schema'

export interface MemberInfo {
  id: number
  phone: string
  nickname: string
  avatar: string
  gender: number
  businessId: number | null
  shopName: string
  isAgent: boolean
  agentStatus: 'none' | 'pending' | 'approved' | 'rejected'
  points: number
  /** 余额 in fen (docs/balance.md). */
  balance: number
  boundBusinessId: number | null
  logoffAt: number | null
  createdAt: number
}

/** The sharer (member / agent shop) a new member came from: a number or a string of digits from a link. */
export const ShareIds = { shareMemberId: Opt(LooseId()), shareBusinessId: Opt(LooseId()) }

/** GET /api/member/getVerificationCode. */
export const VerificationCodeQuery = Obj({ phone: Str(20, 1) })
export type VerificationCodeQuery = Static<typeof VerificationCodeQuery>

/** POST /api/member/phoneRegister. loginKey: miniLogin's (needPhone), binds that WeChat openid to the member. */
export const PhoneRegisterRequest = Obj({
  phone: Str(20, 1),
  verificationCode: Str(6, 6, { pattern: '^[0-9]{6}$' }),
  ...ShareIds,
  loginKey: Opt(Str(64, 0, { pattern: '^[A-Za-z0-9_-]*$' })),
})
export type PhoneRegisterRequest = Static<typeof PhoneRegisterRequest>

/** GET /api/member/updateMemberInfo (only the fields sent change; gender 0 unknown, 1 male, 2 female). */
export const UpdateMemberInfoQuery = Obj({ nickname: Opt(Str(20)), avatar: Opt(Str(256)), gender: Opt(Int(0, 2)) })
export type UpdateMemberInfoQuery = Static<typeof UpdateMemberInfoQuery>

/** POST /api/member/bindInvitationCode. */
export const BindInvitationCodeRequest = Obj({ invitationCode: Str(12, 4, { pattern: '^[A-Za-z0-9]+$' }) })
export type BindInvitationCodeRequest = Static<typeof BindInvitationCodeRequest>

export interface PhoneRegisterResponse {
  token: string
  isNew: boolean
}

export interface WxConfigResponse {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}
