import { openWechatWaybill } from '@/platform/wechatWaybill'

const g = globalThis as any
afterEach(() => {
  delete g.requirePlugin
  process.env.TARO_ENV = 'h5'
})

describe("WeChat's 物流查询 plug-in", () => {
  it('opens the waybill with the token in the mini-program', () => {
    process.env.TARO_ENV = 'weapp'
    const openWaybillTracking = jest.fn()
    g.requirePlugin = jest.fn(() => ({ openWaybillTracking }))
    expect(openWechatWaybill('tok123')).toBe(true)
    expect(g.requirePlugin).toHaveBeenCalledWith('logisticsPlugin')
    expect(openWaybillTracking).toHaveBeenCalledWith({ waybillToken: 'tok123' })
  })

  it('answers false when the build has no plug-in (requirePlugin throws)', () => {
    process.env.TARO_ENV = 'weapp'
    g.requirePlugin = jest.fn(() => {
      throw new Error('plugin logisticsPlugin is not defined')
    })
    expect(openWechatWaybill('tok123')).toBe(false)
  })

  it('never asks for the plug-in on H5', () => {
    process.env.TARO_ENV = 'h5'
    g.requirePlugin = jest.fn()
    expect(openWechatWaybill('tok123')).toBe(false)
    expect(g.requirePlugin).not.toHaveBeenCalled()
  })
})
