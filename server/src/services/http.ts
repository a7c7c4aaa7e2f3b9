import type { HttpClient } from '../context'

/** The real outbound HTTP client (fetch). Tests pass a recorded fake instead. */
export const fetchHttpClient: HttpClient = {
  async getJson(url) {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    return res.json()
  },
  async postJson(url, body, extraHeaders = {}) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extraHeaders },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
    const raw = Buffer.from(await res.arrayBuffer())
    const headers: Record<string, string> = {}
    res.headers.forEach((v, k) => (headers[k] = v))
    let parsed: any = null
    try {
      parsed = JSON.parse(raw.toString('utf8'))
    } catch {
      parsed = null
    }
    return { status: res.status, headers, body: parsed, raw }
  },
}
