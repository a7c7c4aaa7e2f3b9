// A page opened from a mini-program code (the goods poster's, the group poster's) finds its query in the code's scene.
import Taro from '@tarojs/taro'
import { act, renderHook } from '@testing-library/react'
import { useSceneParams } from '@/hooks/useSceneParams'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useRouter }, useRouter }
})

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)))

describe('useSceneParams', () => {
  let request: jest.SpyInstance
  beforeEach(() => {
    request = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: '成功', data: { sUid: '5', id: '34', joinGroup: '9' } } } as any)
  })
  afterEach(() => jest.restoreAllMocks())

  it('gives the id a compact scene carries (URL-encoded, as the launch query gives it), decoding until then', async () => {
    mockParams = { scene: encodeURIComponent('s=zik0zj&i=c') }
    const { result } = renderHook(() => useSceneParams<{ id: string }>((p) => !p.id))
    await flush()
    expect(result.current).toEqual({ params: expect.objectContaining({ id: '12' }), decoding: false })
    expect(request).not.toHaveBeenCalled()
  })

  it('asks the server for a stored scene; while it answers the page is decoding', async () => {
    mockParams = { scene: 'k=AbCdEf012345' }
    const { result } = renderHook(() => useSceneParams<{ id: string; joinGroup: string }>((p) => !p.id))
    expect(result.current.decoding).toBe(true)
    expect(result.current.params.id).toBeUndefined()
    for (let i = 0; i < 3; i++) await flush()
    expect(result.current).toEqual({ params: expect.objectContaining({ id: '34', joinGroup: '9' }), decoding: false })
    expect((request.mock.calls[0][0] as any).url).toContain('/getWxACodeParam?')
  })

  it('reads no scene when the query already names the record (the query wins)', async () => {
    mockParams = { id: '7', scene: 'k=AbCdEf012345' }
    const { result } = renderHook(() => useSceneParams<{ id: string }>((p) => !p.id))
    await flush()
    expect(result.current).toEqual({ params: expect.objectContaining({ id: '7' }), decoding: false })
    expect(request).not.toHaveBeenCalled()
  })

  it('a stored scene the server cannot answer leaves the query as it was, not decoding for ever', async () => {
    request.mockRejectedValue(new Error('offline'))
    mockParams = { scene: 'k=AbCdEf012345' }
    const { result } = renderHook(() => useSceneParams<{ id: string }>())
    for (let i = 0; i < 3; i++) await flush()
    expect(result.current.decoding).toBe(false)
    expect(result.current.params.id).toBeUndefined()
  })
})
