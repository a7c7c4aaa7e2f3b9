import Taro from '@tarojs/taro'
import { get, post, buildUrl, handleEnvelope, transportCode, REQUEST_TIMEOUT, onUnauthorized, upload } from '@/core/request'
import { useUserStore } from '@/stores/user'

const settle = async <T>(p: Promise<T>, ms = 50): Promise<{ state: 'resolved' | 'rejected' | 'pending'; value?: any }> =>
  Promise.race([
    p.then(
      (value) => ({ state: 'resolved' as const, value }),
      (value) => ({ state: 'rejected' as const, value }),
    ),
    new Promise<{ state: 'pending' }>((r) => setTimeout(() => r({ state: 'pending' }), ms)),
  ])

describe('core/request', () => {
  let request: jest.SpyInstance
  let showToast: jest.SpyInstance
  beforeEach(() => {
    request = jest.spyOn(Taro, 'request')
    showToast = jest.spyOn(Taro, 'showToast').mockImplementation(() => Promise.resolve() as any)
    useUserStore.setState({ token: 'tok-1', userInfo: { id: 1 } as any })
  })
  afterEach(() => jest.restoreAllMocks())

  it('puts /h5 in front, p=4 on GET and p=3 on POST', () => {
    expect(buildUrl('/api/goods/detail', 'GET', { id: 5 })).toBe('/h5/api/goods/detail?p=4&id=5')
    expect(buildUrl('/api/order/submit', 'POST')).toBe('/h5/api/order/submit?p=3')
  })

  it('sends the token header, JSON POST bodies and the 200000 ms timeout; resolves data', async () => {
    request.mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: { a: 1 } } })
    await expect(post('/api/x', { b: 2 })).resolves.toEqual({ a: 1 })
    const arg = request.mock.calls[0][0]
    expect(arg.header.token).toBe('tok-1')
    expect(arg.header['content-type']).toBe('application/json')
    expect(arg.data).toEqual({ b: 2 })
    expect(arg.timeout).toBe(REQUEST_TIMEOUT)
    expect(REQUEST_TIMEOUT).toBe(200000)
  })

  it('returns {} when data is absent', async () => {
    request.mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok' } })
    await expect(get('/api/x')).resolves.toEqual({})
  })

  it('omits the token when auth is off', async () => {
    request.mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: {} } })
    await get('/api/x', undefined, { auth: false })
    expect(request.mock.calls[0][0].header.token).toBeUndefined()
  })

  it('toasts msg and never resolves on a failure unless the call opted in to catch', async () => {
    request.mockResolvedValue({ statusCode: 200, data: { code: 2001, msg: '库存不足', data: {} } })
    expect((await settle(get('/api/x'))).state).toBe('pending')
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '库存不足', duration: 2000 }))
    const caught = await settle(get('/api/x', undefined, { catch: true }))
    expect(caught.state).toBe('rejected')
    expect(caught.value.code).toBe(2001)
  })

  it('does not toast when the call disabled it', async () => {
    request.mockResolvedValue({ statusCode: 200, data: { code: 2001, msg: '库存不足', data: {} } })
    await settle(get('/api/x', undefined, { toast: false, catch: true }))
    expect(showToast).not.toHaveBeenCalled()
  })

  it('on 403 toasts, logs out after 1000 ms and never resolves, even with catch', async () => {
    jest.useFakeTimers()
    const logout = jest.fn()
    onUnauthorized(logout)
    request.mockResolvedValue({ statusCode: 200, data: { code: 403, msg: '请先登录', data: {} } })
    let settled = false
    get('/api/x', undefined, { catch: true }).then(
      () => (settled = true),
      () => (settled = true),
    )
    await Promise.resolve()
    await Promise.resolve()
    await Promise.resolve()
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先登录' }))
    jest.advanceTimersByTime(999)
    expect(logout).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(logout).toHaveBeenCalledTimes(1)
    jest.useRealTimers()
    await new Promise((r) => setTimeout(r, 20))
    expect(settled).toBe(false)
  })

  it('returns the raw envelope when asked (loginStatus)', async () => {
    request.mockResolvedValue({ statusCode: 200, data: { code: 403, msg: '未登录', data: { loggedIn: false } } })
    await expect(get('/api/member/loginStatus', undefined, { raw: true })).resolves.toEqual({ code: 403, msg: '未登录', data: { loggedIn: false } })
  })

  it('maps transport failures to the spec codes', async () => {
    expect(transportCode('request:fail timeout', false)).toBe(5)
    expect(transportCode('request:fail abort', false)).toBe(600003)
    expect(transportCode('request:fail', false)).toBe(5)
    expect(transportCode('uploadFile:fail', true)).toBe(602001)
    request.mockRejectedValue({ errMsg: 'request:fail timeout' })
    const r = await settle(get('/api/x', undefined, { catch: true }))
    expect(r.value.code).toBe(5)
  })

  it('uploads a file and resolves data; a network failure rejects with 602001 when caught', async () => {
    const up = jest.spyOn(Taro, 'uploadFile').mockImplementation((o: any) => {
      o.success({ statusCode: 200, data: JSON.stringify({ code: 200, msg: 'ok', data: { url: '/uploads/a.png' } }) })
      return {} as any
    })
    await expect(upload('blob:x')).resolves.toEqual({ url: '/uploads/a.png' })
    expect(up.mock.calls[0][0].url).toBe('/h5/api/upload?p=3')
    expect((up.mock.calls[0][0] as any).header.token).toBe('tok-1')
    up.mockImplementation((o: any) => {
      o.fail({ errMsg: 'uploadFile:fail' })
      return {} as any
    })
    const r = await settle(upload('blob:x', { catch: true }))
    expect(r.state).toBe('rejected')
    expect(r.value.code).toBe(602001)
  })

  it('handleEnvelope rejects a body that is not an envelope, when caught', async () => {
    const r = await settle(handleEnvelope(undefined, { catch: true, toast: false }))
    expect(r.state).toBe('rejected')
  })
})
