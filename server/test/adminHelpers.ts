import type { Role } from '../../types/admin'
import { createStaff } from '../src/admin/staff'
import type { Envelope, TestApp } from './helpers'

export interface StaffSession {
  cookie: string
  csrf: string
  staffId: number
}

export interface AdminClient {
  get<T = any>(url: string, query?: Record<string, unknown>): Promise<Envelope<T>>
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Envelope<T>>
  put<T = any>(url: string, body?: unknown): Promise<Envelope<T>>
  del<T = any>(url: string): Promise<Envelope<T>>
}

let seq = 0
/** A staff account of the role, signed in through auth/login: its cookie and CSRF token. */
export async function signIn(t: TestApp, role: Role, password = 'Passw0rd-test'): Promise<StaffSession & { username: string }> {
  seq += 1
  const username = `${role}${process.pid % 1000}x${seq}`
  await createStaff(t.db, { username, role, password })
  const s = await login(t, username, password)
  return { ...s, username }
}

export async function login(t: TestApp, username: string, password: string): Promise<StaffSession> {
  const res = await t.app.inject({ method: 'POST', url: '/admin/api/auth/login', payload: { username, password } })
  const body = res.json()
  if (body.code !== 200) throw new Error(`staff login failed: ${body.msg}`)
  const c = res.cookies.find((x: { name: string }) => x.name === 'mall_admin')
  if (!c) throw new Error('no session cookie')
  return { cookie: `mall_admin=${c.value}`, csrf: body.data.csrfToken, staffId: body.data.staff.id }
}

/** Calls /admin/api with a session (or none): writes carry its CSRF token unless headers say otherwise. */
export function adminClient(t: TestApp, s?: StaffSession): AdminClient {
  const headers = (write: boolean, extra: Record<string, string> = {}) => ({ ...(s ? { cookie: s.cookie } : {}), ...(s && write ? { 'x-csrf-token': s.csrf } : {}), ...extra })
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, query?: Record<string, unknown>, extra?: Record<string, string>) => {
    const q = query
      ? Object.fromEntries(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined
    const res = await t.app.inject({ method, url: `/admin/api${url}`, query: q, payload: body as object | undefined, headers: headers(method !== 'GET', extra) })
    return res.json()
  }
  return {
    get: (url, query) => send('GET', url, undefined, query),
    post: (url, body = {}, extra) => send('POST', url, body, undefined, extra),
    put: (url, body = {}) => send('PUT', url, body),
    del: (url) => send('DELETE', url),
  }
}

export const auditRows = (t: TestApp, action: string) => t.db.selectFrom('auditLogs').selectAll().where('action', '=', action).orderBy('id').execute()
