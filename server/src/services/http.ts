import type { HttpAnswer, HttpClient } from '../context'

async function send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer> {
  const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(10_000) })
  const raw = Buffer.from(await res.arrayBuffer())
  const out: Record<string, string> = {}
  res.headers.forEach((v, k) => (out[k] = v))
  let parsed: any = null
  try {
    parsed = JSON.parse(raw.toString('utf8'))
  } catch {
    parsed = null
  }
  return { status: res.status, headers: out, body: parsed, raw }
}

/** The real outbound HTTP client (fetch). Tests pass a recorded fake instead. */
export const fetchHttpClient: HttpClient = {
  async getJson(url) {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    return res.json()
  },
  async postJson(url, body, extraHeaders = {}) {
    return send('POST', url, { 'content-type': 'application/json', ...extraHeaders }, typeof body === 'string' ? body : JSON.stringify(body))
  },
  async request(method, url, opts = {}) {
    const headers = { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(opts.headers || {}) }
    return send(method, url, headers, opts.body)
  },
}
