/**
 * The console's one way to the server: `/admin/api/...` with the staff session cookie (httpOnly, set by the
 * server), the CSRF token on every write, and the shop's envelope `{code, msg, data}` (HTTP 200).
 * A not-signed-in code sends the operator to the login page; any other failure rejects with ApiError
 * carrying the server's Chinese message.
 */
import type { Envelope } from '@contract/envelope'
import { ErrorCode } from '@contract/envelope'
import { AdminCode } from '@contract/admin'

export const API_BASE = '/admin/api'
/** The envelope code for "no staff session" (expired, signed out, never signed in). */
export const NOT_SIGNED_IN = AdminCode.NOT_SIGNED_IN
/** What a failed fetch (no answer at all) rejects with. */
export const NETWORK_ERROR = -1

export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public data?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>
export type Query = Record<string, QueryValue>

interface ClientState {
  csrfToken: string
  fetch: typeof fetch
  onNotSignedIn: () => void
  onPasswordChangeRequired: () => void
}
const state: ClientState = {
  csrfToken: '',
  fetch: (...args) => fetch(...args),
  onNotSignedIn: () => {},
  onPasswordChangeRequired: () => {},
}

/** The token the login (or the session read) returned; sent as `x-csrf-token` on every write. */
export function setCsrfToken(token: string) {
  state.csrfToken = token
}
/** The session module sends the operator to the login page from here (no import cycle). */
export function onNotSignedIn(fn: () => void) {
  state.onNotSignedIn = fn
}
/** The session module shows the new-password step from here when the server says the password must change first. */
export function onPasswordChangeRequired(fn: () => void) {
  state.onPasswordChangeRequired = fn
}
/** Tests hand in a fake fetch. */
export function setFetch(fn: typeof fetch) {
  state.fetch = fn
}

/** `/goods/list` + `{page: 1, ids: [1, 2]}` → `/admin/api/goods/list?page=1&ids=1&ids=2`; empty values left out. */
export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query || {})) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) v.forEach((x) => params.append(k, String(x)))
    else params.append(k, String(v))
  }
  const qs = params.toString()
  return `${API_BASE}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`
}

/** Applies the envelope rules: data on code 200, the login page on NOT_SIGNED_IN, ApiError otherwise. */
export function unwrap<T>(body: unknown): T {
  const env = body as Envelope<T> | null
  if (!env || typeof env !== 'object' || typeof env.code !== 'number') throw new ApiError(ErrorCode.SERVER_ERROR, '服务异常，请稍后重试')
  if (env.code === ErrorCode.OK) return env.data
  if (env.code === NOT_SIGNED_IN) {
    state.csrfToken = ''
    state.onNotSignedIn()
    throw new ApiError(env.code, env.msg || '请先登录', env.data)
  }
  if (env.code === AdminCode.PASSWORD_CHANGE_REQUIRED) state.onPasswordChangeRequired()
  throw new ApiError(env.code, env.msg || '操作失败，请稍后重试', env.data)
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

async function send<T>(method: Method, url: string, body?: unknown, retried = false): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' }
  let payload: BodyInit | undefined
  if (method !== 'GET') {
    headers['x-csrf-token'] = state.csrfToken
    if (body instanceof FormData) payload = body
    else {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body ?? {})
    }
  }
  let res: Response
  try {
    res = await state.fetch(url, { method, headers, body: payload, credentials: 'same-origin' })
  } catch {
    throw new ApiError(NETWORK_ERROR, '网络异常，请检查网络后重试')
  }
  let json: unknown
  try {
    json = await res.json()
  } catch {
    throw new ApiError(res.status >= 400 ? res.status : ErrorCode.SERVER_ERROR, res.status === 413 ? '文件太大' : '服务异常，请稍后重试')
  }
  // A write refused for its CSRF token (the session was renewed in another tab): read the session's token once and retry.
  if (method !== 'GET' && !retried && (json as Envelope | null)?.code === AdminCode.CSRF) {
    const session = await send<{ csrfToken: string }>('GET', buildUrl('/auth/me'))
    state.csrfToken = session.csrfToken
    return send<T>(method, url, body, true)
  }
  return unwrap<T>(json)
}

export const get = <T>(path: string, query?: Query) => send<T>('GET', buildUrl(path, query))
export const post = <T>(path: string, body?: unknown) => send<T>('POST', buildUrl(path), body)
export const put = <T>(path: string, body?: unknown) => send<T>('PUT', buildUrl(path), body)
export const del = <T>(path: string) => send<T>('DELETE', buildUrl(path))
/** One file as multipart form data (field `file`), with extra text fields. */
export function upload<T>(path: string, file: Blob, fields: Record<string, string> = {}, filename = 'file') {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  form.append('file', file, (file as File).name || filename)
  return send<T>('POST', buildUrl(path), form)
}
