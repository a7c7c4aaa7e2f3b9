import type { OkReply, StaffView } from '@contract/admin'
import type { AuditPage, AuditQuery, PasswordResetReply, RoleBody, RolesReply, RoleView, StaffCreateBody, StaffCreateReply, StaffUpdateBody } from '@contract/adminSystem'
import { del, get, post, put } from '../core/request'

export const roles = () => get<RolesReply>('/system/roles')
export const createRole = (body: RoleBody) => post<RoleView>('/system/roles', body)
export const updateRole = (role: string, body: RoleBody) => put<RoleView>(`/system/roles/${encodeURIComponent(role)}`, body)
export const deleteRole = (role: string) => del<OkReply>(`/system/roles/${encodeURIComponent(role)}`)
export const staffList = () => get<StaffView[]>('/system/staff')
export const createStaff = (body: StaffCreateBody) => post<StaffCreateReply>('/system/staff', body)
export const updateStaff = (id: number, body: StaffUpdateBody) => put<StaffView>(`/system/staff/${id}`, body)
export const resetPassword = (id: number) => post<PasswordResetReply>(`/system/staff/${id}/password`)
export const auditLog = (q: AuditQuery) => get<AuditPage>('/system/audit', q)
