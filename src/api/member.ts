import type { MemberInfo, PhoneRegisterRequest, PhoneRegisterResponse, WxConfigResponse } from '@contract/member'
import type { Envelope } from '@contract/envelope'
import { get, post, type RequestOptions } from '@/core/request'

export const getVerificationCode = (phone: string, opts?: RequestOptions) => get<{ sent: boolean; cooldown: number }>('/api/member/getVerificationCode', { phone }, { auth: false, ...opts })

export const phoneRegister = (body: PhoneRegisterRequest, opts?: RequestOptions) => post<PhoneRegisterResponse>('/api/member/phoneRegister', body, { auth: false, ...opts })

/** Returns the raw envelope: a code other than 200 means logged out. */
export const loginStatus = () => get<Envelope<{ loggedIn: boolean }>>('/api/member/loginStatus', undefined, { raw: true, toast: false })

export const getMemberInfo = (opts?: RequestOptions) => get<MemberInfo>('/api/member/getMemberInfo', undefined, opts)

export const updateMemberInfo = (fields: Partial<Pick<MemberInfo, 'nickname' | 'avatar' | 'gender'>>) => get<MemberInfo>('/api/member/updateMemberInfo', fields as Record<string, unknown>)

/** Revokes the caller's token on the server (sign-out); answers success even when the token was already gone. */
export const signOut = () => post<{ signedOut: boolean }>('/api/member/logout', undefined, { toast: false, catch: true })

export const getWechatH5OpenId = (code: string) => get<{ openId: string }>('/api/member/getWechatH5OpenId', { code }, { catch: true })

export const getWxConfig = (url: string) => get<WxConfigResponse>('/api/member/getWxConfig', { url }, { auth: false, toast: false, catch: true })

export const bindInvitationCode = (invitationCode: string) => post<{ inviterName: string; businessId: number | null }>('/api/member/bindInvitationCode', { invitationCode })

export const agentLogoffHint = () => get<{ isAgent: boolean; hint: string }>('/api/member/agentLogoffHint')
export const applyLogoff = () => post<{ logoffAt: number; coolingDays: number }>('/api/member/logoff')
export const cancelLogoff = () => get<{ cancelled: boolean }>('/api/member/cancelLogoff')
