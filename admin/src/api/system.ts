import type { AuditPage, AuditQuery, PasswordResetReply, RoleView, StaffCreateBody, StaffCreateReply, StaffUpdateBody, StaffView } from '@contract/admin'
import { get, post, put } from '../core/request'

export const roles = () => get<RoleView[]>('/system/roles')
export const staffList = () => get<StaffView[]>('/system/staff')
export const createStaff = (body: StaffCreateBody) => post<StaffCreateReply>('/system/staff', body)
export const updateStaff = (id: number, body: StaffUpdateBody) => put<StaffView>(`/system/staff/${id}`, body)
export const resetPassword = (id: number) => post<PasswordResetReply>(`/system/staff/${id}/password`)
export const auditLog = (q: AuditQuery) => get<AuditPage>('/system/audit', q)
