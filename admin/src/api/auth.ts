import type {
  LoginBody,
  OkReply,
  PasswordBody,
  RecoveryCodesReply,
  SessionList,
  SessionReply,
  StaffSecurity,
  TwoFactorConfirmBody,
  TwoFactorEnableBody,
  TwoFactorSetupReply,
  TwoFactorStatus,
} from '@contract/admin'
import { get, post, put } from '../core/request'

export const login = (body: LoginBody) => post<SessionReply>('/auth/login', body)
/** The signed-in staff, its permissions and CSRF token (after a page reload). */
export const me = () => get<SessionReply>('/auth/me')
export const logout = () => post<OkReply>('/auth/logout')
export const changePassword = (body: PasswordBody) => post<OkReply>('/auth/password', body)

/** Two-factor sign-in of the own account. */
export const twoFactor = () => get<TwoFactorStatus>('/auth/2fa')
export const twoFactorSetup = () => post<TwoFactorSetupReply>('/auth/2fa/setup')
export const twoFactorEnable = (body: TwoFactorEnableBody) => post<RecoveryCodesReply>('/auth/2fa/enable', body)
export const twoFactorDisable = (body: TwoFactorConfirmBody) => post<OkReply>('/auth/2fa/disable', body)
export const newRecoveryCodes = (body: TwoFactorConfirmBody) => post<RecoveryCodesReply>('/auth/2fa/recovery-codes', body)
/** The own signed-in sessions; ending one signs that browser out. */
export const mySessions = () => get<SessionList>('/auth/sessions')
export const endMySession = (ref: string) => post<OkReply>('/auth/sessions/end', { ref })
/** The owner's: every staff's sessions, the two-factor rule, and turning off a staff's two-factor sign-in. */
export const allSessions = () => get<SessionList>('/system/sessions')
export const endAnySession = (ref: string) => post<OkReply>('/system/sessions/end', { ref })
export const staffSecurity = () => get<StaffSecurity>('/system/security')
export const saveStaffSecurity = (body: StaffSecurity) => put<StaffSecurity>('/system/security', body)
export const resetStaffTwoFactor = (id: number) => post<OkReply>(`/system/staff/${id}/2fa-reset`)
