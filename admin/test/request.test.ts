import { AdminCode } from '../../types/admin'
import { ApiError, buildUrl, del, get, NETWORK_ERROR, NOT_SIGNED_IN, onNotSignedIn, onPasswordChangeRequired, post, put, setCsrfToken, setFetch, unwrap, upload } from '../src/core/request'

type Call = { url: string; init: RequestInit }
function fakeFetch(...answers: Array<unknown | Error>) {
  const calls: Call[] = []
  setFetch((async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const a = answers.shift()
    if (a instanceof Error) throw a
    // What fetch's Response offers the client: the status and json() (which throws on a body that is not JSON).
    const text = typeof a === 'string' ? a : JSON.stringify(a)
    return { status: typeof a === 'string' ? 502 : 200, json: async () => JSON.parse(text) }
  }) as unknown as typeof fetch)
  return calls
}
const headersOf = (c: Call) => c.init.headers as Record<string, string>

beforeEach(() => {
  setCsrfToken('')
  onNotSignedIn(() => {})
})

describe('buildUrl', () => {
  it('puts the query after the API base, leaving empty values out and repeating arrays', () => {
    expect(buildUrl('/goods/list', { page: 2, keyword: '茶 杯', brandId: undefined, status: '', ids: [1, 2], onSale: false })).toBe(
      '/admin/api/goods/list?page=2&keyword=%E8%8C%B6+%E6%9D%AF&ids=1&ids=2&onSale=false',
    )
    expect(buildUrl('/auth/me')).toBe('/admin/api/auth/me')
  })
})

describe('the envelope', () => {
  it('a password to change first (8008) shows the new-password step and rejects with the server’s words; other codes do not', async () => {
    const seen: string[] = []
    onPasswordChangeRequired(() => seen.push('step'))
    fakeFetch({ code: AdminCode.PASSWORD_CHANGE_REQUIRED, msg: '请先修改初始密码，再使用后台' }, { code: AdminCode.FORBIDDEN, msg: '没有权限执行此操作' })
    await expect(get('/goods')).rejects.toMatchObject({ code: AdminCode.PASSWORD_CHANGE_REQUIRED, message: '请先修改初始密码，再使用后台' })
    await expect(get('/goods')).rejects.toMatchObject({ code: AdminCode.FORBIDDEN })
    expect(seen).toEqual(['step'])
    onPasswordChangeRequired(() => {})
  })

  it('returns data on code 200', async () => {
    const calls = fakeFetch({ code: 200, msg: 'ok', data: { total: 3 } })
    await expect(get('/dashboard', { days: 7 })).resolves.toEqual({ total: 3 })
    expect(calls[0].url).toBe('/admin/api/dashboard?days=7')
    expect(calls[0].init.method).toBe('GET')
    expect(calls[0].init.credentials).toBe('same-origin')
    expect(headersOf(calls[0])['x-csrf-token']).toBeUndefined()
  })
  it('rejects with the server message and code otherwise', async () => {
    fakeFetch({ code: 400, msg: '售价须大于 0', data: null })
    const e = (await post('/goods/save', {}).catch((x: unknown) => x)) as ApiError
    expect(e).toBeInstanceOf(ApiError)
    expect(e.code).toBe(400)
    expect(e.message).toBe('售价须大于 0')
  })
  it('sends the operator to the login page when the session is gone, and forgets the CSRF token', async () => {
    const signedOut = jest.fn()
    onNotSignedIn(signedOut)
    setCsrfToken('t1')
    const calls = fakeFetch({ code: NOT_SIGNED_IN, msg: '请先登录', data: null }, { code: 200, msg: '', data: 1 })
    await expect(get('/orders/list')).rejects.toMatchObject({ code: NOT_SIGNED_IN, message: '请先登录' })
    expect(signedOut).toHaveBeenCalledTimes(1)
    await post('/x')
    expect(headersOf(calls[1])['x-csrf-token']).toBe('')
  })
  it('does not leave the page for other refusals', async () => {
    const signedOut = jest.fn()
    onNotSignedIn(signedOut)
    fakeFetch({ code: 409, msg: '订单状态已变化', data: null })
    await expect(post('/orders/ship', { id: 1 })).rejects.toMatchObject({ code: 409 })
    expect(signedOut).not.toHaveBeenCalled()
  })
  it('says 服务异常 for a body that is not an envelope, 网络异常 when nothing answers', async () => {
    fakeFetch('<html>Bad Gateway</html>', { hello: 1 }, new TypeError('Failed to fetch'))
    await expect(get('/a')).rejects.toMatchObject({ code: 502, message: '服务异常，请稍后重试' })
    await expect(get('/b')).rejects.toMatchObject({ message: '服务异常，请稍后重试' })
    await expect(get('/c')).rejects.toMatchObject({ code: NETWORK_ERROR, message: '网络异常，请检查网络后重试' })
    expect(() => unwrap(null)).toThrow(ApiError)
  })
})

describe('writes', () => {
  it('send JSON with the CSRF token', async () => {
    setCsrfToken('csrf-abc')
    const calls = fakeFetch({ code: 200, msg: '', data: { id: 9 } })
    await expect(post('/goods/save', { name: '茶杯', price: 1999 })).resolves.toEqual({ id: 9 })
    expect(calls[0].init.method).toBe('POST')
    expect(headersOf(calls[0])['x-csrf-token']).toBe('csrf-abc')
    expect(headersOf(calls[0])['content-type']).toBe('application/json')
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ name: '茶杯', price: 1999 })
  })
  it('PUT and DELETE carry the token too', async () => {
    setCsrfToken('csrf-2')
    const calls = fakeFetch({ code: 200, msg: '', data: { id: 3 } }, { code: 200, msg: '', data: { ok: true } })
    await put('/brands/3', { name: '新品牌' })
    await del('/brands/3')
    expect(calls.map((c) => [c.url, c.init.method, headersOf(c)['x-csrf-token']])).toEqual([
      ['/admin/api/brands/3', 'PUT', 'csrf-2'],
      ['/admin/api/brands/3', 'DELETE', 'csrf-2'],
    ])
  })
  it('a write refused for its CSRF token reads the session token once and retries', async () => {
    setCsrfToken('stale')
    const calls = fakeFetch(
      { code: AdminCode.CSRF, msg: '请刷新页面后重试', data: null },
      { code: 200, msg: '', data: { csrfToken: 'fresh', staff: {}, permissions: [] } },
      { code: 200, msg: '', data: { ok: true } },
      { code: AdminCode.CSRF, msg: '请刷新页面后重试', data: null },
      { code: 200, msg: '', data: { csrfToken: 'fresh2' } },
      { code: AdminCode.CSRF, msg: '请刷新页面后重试', data: null },
    )
    await expect(post('/orders/A1/remark', { remark: 'x' })).resolves.toEqual({ ok: true })
    expect(calls.map((c) => [c.url, headersOf(c)['x-csrf-token']])).toEqual([
      ['/admin/api/orders/A1/remark', 'stale'],
      ['/admin/api/auth/me', undefined],
      ['/admin/api/orders/A1/remark', 'fresh'],
    ])
    // Refused again after the retry: the message reaches the operator (no loop).
    await expect(post('/orders/A1/remark', { remark: 'y' })).rejects.toMatchObject({ code: AdminCode.CSRF })
    expect(calls).toHaveLength(6)
  })
  it('upload a file as multipart with the token (the browser sets the boundary)', async () => {
    setCsrfToken('csrf-up')
    const calls = fakeFetch({ code: 200, msg: '', data: { url: '/uploads/a.png' } })
    await upload('/upload/image', new Blob(['png'], { type: 'image/png' }), { kind: 'goods' }, 'a.png')
    const body = calls[0].init.body as FormData
    expect(body).toBeInstanceOf(FormData)
    expect(body.get('kind')).toBe('goods')
    expect((body.get('file') as File).name).toBe('a.png')
    expect(headersOf(calls[0])['x-csrf-token']).toBe('csrf-up')
    expect(headersOf(calls[0])['content-type']).toBeUndefined()
  })
})
