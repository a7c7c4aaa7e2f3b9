import Taro from '@tarojs/taro'
import type { Envelope } from '@contract/envelope'
import { TransportCode } from '@contract/envelope'
import { DEVICE_HEADER } from '@contract/device'
import { deviceId } from '@/platform/device'
import { useUserStore } from '@/stores/user'
import { toast } from './toast'

/** SPEC.md section 9: the shop's request timeout (the framework's generic default is 60000 ms). */
export const REQUEST_TIMEOUT = 200000
export const API_BASE = '/h5'
export const LOGOUT_DELAY = 1000

declare const API_ORIGIN: string
const origin = (): string => (typeof API_ORIGIN === 'string' ? API_ORIGIN : '')

export interface RequestOptions {
  /** Send the token header (default true). */
  auth?: boolean
  /** Toast the msg of a failed call (default true). */
  toast?: boolean
  /** Reject on failure instead of never resolving (default false). */
  catch?: boolean
  /** Return the raw envelope without checking its code (loginStatus). */
  raw?: boolean
  header?: Record<string, string>
  timeout?: number
}

/** What a failing call rejects with when it opted in to catch. */
export class RequestError extends Error {
  constructor(
    public code: number,
    msg: string,
    public data?: unknown,
  ) {
    super(msg)
  }
}

const NEVER = <T>() => new Promise<T>(() => {})

let logoutHook: () => void = () => {}
/** The auth module registers the logout action here (avoids an import cycle). */
export function onUnauthorized(fn: () => void) {
  logoutHook = fn
}
let logoutTimer: ReturnType<typeof setTimeout> | null = null
function scheduleLogout() {
  if (logoutTimer) return
  logoutTimer = setTimeout(() => {
    logoutTimer = null
    logoutHook()
  }, LOGOUT_DELAY)
}

export function buildUrl(path: string, method: 'GET' | 'POST', query?: Record<string, unknown>): string {
  const params: string[] = [`p=${method === 'GET' ? 4 : 3}`]
  for (const [k, v] of Object.entries(query || {})) {
    if (v === undefined || v === null) continue
    params.push(`${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
  }
  return `${origin()}${API_BASE}${path}${path.includes('?') ? '&' : '?'}${params.join('&')}`
}

function headers(opts: RequestOptions): Record<string, string> {
  // Every call names the device (the shop's visitor count, docs/console.md "工作台"), signed in or not.
  const h: Record<string, string> = { [DEVICE_HEADER]: deviceId(), ...(opts.header || {}) }
  if (opts.auth !== false) {
    const token = useUserStore.getState().token
    if (token) h.token = token
  }
  return h
}

/** Applies the envelope rules of SPEC.md section 8 to a response body. */
export function handleEnvelope<T>(body: Envelope<T> | undefined, opts: RequestOptions): Promise<T> {
  if (opts.raw) return Promise.resolve(body as unknown as T)
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    return fail<T>(TransportCode.NETWORK, '服务异常，请稍后重试', opts)
  }
  if (body.code === 200) return Promise.resolve((body.data ?? {}) as T)
  if (body.code === 403) {
    toast(body.msg || '请先登录')
    scheduleLogout()
    return NEVER<T>()
  }
  return fail<T>(body.code, body.msg, opts, body.data)
}

function fail<T>(code: number, msg: string, opts: RequestOptions, data?: unknown): Promise<T> {
  if (opts.toast !== false && msg) toast(msg)
  return opts.catch ? Promise.reject(new RequestError(code, msg, data)) : NEVER<T>()
}

/** Maps a transport failure (no envelope) to the spec's codes. */
export function transportCode(errMsg: string, file: boolean): number {
  const m = String(errMsg || '').toLowerCase()
  if (m.includes('timeout')) return TransportCode.TIMEOUT
  if (m.includes('abort')) return TransportCode.ABORT
  return file ? TransportCode.NETWORK_FILE : TransportCode.NETWORK
}

async function request<T>(method: 'GET' | 'POST', path: string, payload: Record<string, unknown> | undefined, opts: RequestOptions = {}): Promise<T> {
  let res: Taro.request.SuccessCallbackResult<Envelope<T>>
  try {
    res = await Taro.request<Envelope<T>>({
      url: buildUrl(path, method, method === 'GET' ? payload : undefined),
      method,
      data: method === 'POST' ? payload || {} : undefined,
      header: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers(opts) },
      timeout: opts.timeout ?? REQUEST_TIMEOUT,
      dataType: 'json',
    })
  } catch (e: any) {
    return fail<T>(transportCode(e?.errMsg || e?.message, false), '网络异常，请检查网络后重试', opts)
  }
  return handleEnvelope<T>(res.data, opts)
}

export const get = <T = any>(path: string, query?: Record<string, unknown>, opts?: RequestOptions) => request<T>('GET', path, query, opts)
export const post = <T = any>(path: string, body?: Record<string, unknown>, opts?: RequestOptions) => request<T>('POST', path, body, opts)

export interface UploadOptions extends RequestOptions {
  name?: string
  formData?: Record<string, string>
  onProgress?: (percent: number) => void
}

/** Multipart upload of one file to /api/upload (or another path). Resolves with data ({ url, ... }). */
export function upload<T = { url: string }>(filePath: string, opts: UploadOptions = {}, path = '/api/upload'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const task = Taro.uploadFile({
      url: buildUrl(path, 'POST'),
      filePath,
      name: opts.name || 'file',
      formData: opts.formData,
      header: headers(opts),
      timeout: opts.timeout ?? REQUEST_TIMEOUT,
      success: (res) => {
        let body: Envelope<T> | undefined
        try {
          body = typeof res.data === 'string' ? JSON.parse(res.data) : (res.data as any)
        } catch {
          body = undefined
        }
        handleEnvelope<T>(body, opts).then(resolve, reject)
      },
      fail: (e) => {
        fail<T>(transportCode(e?.errMsg, true), '上传失败，请检查网络后重试', opts).then(resolve, reject)
      },
    } as any)
    if (opts.onProgress && task && (task as any).progress) (task as any).progress((p: any) => opts.onProgress!(p.progress))
  })
}

/** Download a file; resolves with the temp file path. */
export function download(url: string, opts: RequestOptions = {}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    Taro.downloadFile({
      url: url.startsWith('http') ? url : `${origin()}${url}`,
      header: headers(opts),
      success: (res) => {
        if (res.statusCode === 200) resolve(res.tempFilePath)
        else fail<string>(TransportCode.NETWORK_FILE, '下载失败', opts).then(resolve, reject)
      },
      fail: (e) => {
        fail<string>(transportCode(e?.errMsg, true), '下载失败，请检查网络后重试', opts).then(resolve, reject)
      },
    } as any)
  })
}

/** Absolute URL of a server asset ("/uploads/..." or "/media/...") for <Image> in both shells. */
export const assetUrl = (path: string | null | undefined): string => (!path ? '' : /^(https?:|data:|blob:)/.test(path) ? path : `${origin()}${path}`)
