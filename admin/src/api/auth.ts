import type { LoginBody, OkReply, PasswordBody, SessionReply } from '@contract/admin'
import { get, post } from '../core/request'

export const login = (body: LoginBody) => post<SessionReply>('/auth/login', body)
/** The signed-in staff, its permissions and CSRF token (after a page reload). */
export const me = () => get<SessionReply>('/auth/me')
export const logout = () => post<OkReply>('/auth/logout')
export const changePassword = (body: PasswordBody) => post<OkReply>('/auth/password', body)
