import Taro from '@tarojs/taro'
import { DEVICE_HEADER, DEVICE_ID_PATTERN } from '@contract/device'
import { get, post } from '@/core/request'

/** A fresh copy of the module, as after a page reload (the storage stays). */
const reload = () => {
  let device: typeof import('@/platform/device') | undefined
  jest.isolateModules(() => {
    device = require('@/platform/device')
  })
  return { device: device! }
}

describe('platform/device', () => {
  beforeEach(() => Taro.clearStorageSync())
  afterEach(() => jest.restoreAllMocks())

  it('makes a random id once and keeps it in storage across reloads', () => {
    const first = reload().device.deviceId()
    expect(first).toMatch(DEVICE_ID_PATTERN)
    expect(Taro.getStorageSync('deviceId')).toBe(first)
    expect(reload().device.deviceId()).toBe(first)
    Taro.clearStorageSync()
    const other = reload().device.deviceId()
    expect(other).toMatch(DEVICE_ID_PATTERN)
    expect(other).not.toBe(first)
  })

  it('replaces a stored value that is not an id the shop makes', () => {
    Taro.setStorageSync('deviceId', 'x')
    const id = reload().device.deviceId()
    expect(id).toMatch(DEVICE_ID_PATTERN)
    expect(Taro.getStorageSync('deviceId')).toBe(id)
  })

  it('sends the stored id with every call, signed in or not; the next run reads the same id', async () => {
    const request = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: {} } } as any)
    await get('/api/x', undefined, { auth: false })
    await post('/api/y', {})
    const id = Taro.getStorageSync('deviceId')
    expect(id).toMatch(DEVICE_ID_PATTERN)
    expect(request.mock.calls.map((c) => (c[0] as any).header[DEVICE_HEADER])).toEqual([id, id])
    expect(reload().device.deviceId()).toBe(id)
  })
})
