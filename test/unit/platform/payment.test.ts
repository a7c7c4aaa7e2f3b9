import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import { paymentAdapter } from '@/platform/payment'
import { useCommonStore } from '@/stores/common'
import type { PayParams } from '@/platform/types'

const ok = (data: unknown = {}) => ({ statusCode: 200, data: { code: 200, msg: '成功', data } }) as any
const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13; V2241A) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F37) NetType/WIFI Language/zh_CN'
const g = globalThis as any

const wechatParams: PayParams = {
  channel: 'wechat_jsapi',
  payNo: 'P202611220001',
  amount: 12990,
  params: {
    appId: 'wx0h5appid00000001',
    timeStamp: '1763784000',
    nonceStr: 'NONCE0123456789ABCDEF0123456789A',
    package: 'prepay_id=wx26112221580621e9b071c00d9e093b0000',
    signType: 'RSA',
    paySign: 'c2lnbmF0dXJl',
  },
}

function setUserAgent(ua?: string) {
  Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => ua || 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom' })
}

/** Loads test/fixtures/wx-fake.js (the recording stand-in for WeChat's JS-SDK) into the page. */
function installFakeWx(outcome: 'success' | 'cancel' | 'fail') {
  g.__wxCalls = []
  g.__wxPayOutcome = outcome
  new Function(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'wx-fake.js'), 'utf8'))()
  return g.__wxCalls as Array<[string, any]>
}

beforeEach(() => {
  localStorage.clear()
  useCommonStore.setState({ usedUnionPayParams: null })
})
afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
  delete g.wx
  setUserAgent()
})

describe('channel per shell', () => {
  it('is the sandbox in a plain browser, JSAPI in WeChat, mini-program in the weapp', () => {
    expect(paymentAdapter.channel()).toBe('sandbox')
    setUserAgent(WECHAT_UA)
    expect(paymentAdapter.channel()).toBe('wechat_jsapi')
    process.env.TARO_ENV = 'weapp'
    expect(paymentAdapter.channel()).toBe('wechat_mini')
  })
})

describe('sandbox (plain browser)', () => {
  const p: PayParams = { channel: 'sandbox', payNo: 'P1', amount: 990, params: { ticket: 'signed-ticket' } }

  it('confirms in a modal, then asks the server to run the notify path', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(ok({ paid: true }))
    expect(await paymentAdapter.pay(p)).toBe('paid')
    expect((modal.mock.calls[0][0] as any).content).toContain('¥9.90')
    const call = request.mock.calls[0][0] as any
    expect(call.url).toBe('/h5/api/pay/sandboxConfirm?p=3')
    expect(call.data).toEqual({ payNo: 'P1', ticket: 'signed-ticket' })
  })

  it('cancels on the server when the modal is cancelled', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as any)
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(ok())
    expect(await paymentAdapter.pay(p)).toBe('cancelled')
    expect((request.mock.calls[0][0] as any).url).toBe('/h5/api/pay/sandboxCancel?p=3')
  })

  it('reports a refused confirmation as failed', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
    jest.spyOn(Taro, 'showToast').mockImplementation((() => Promise.resolve()) as any)
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 2003, msg: '订单状态已变化', data: {} } } as any)
    expect(await paymentAdapter.pay(p)).toBe('failed')
  })
})

describe("WeChat's browser (JS-SDK chooseWXPay)", () => {
  beforeEach(() => setUserAgent(WECHAT_UA))

  it('configures the JS-SDK for this page and pays with the server params', async () => {
    window.history.replaceState(null, '', '/goodsPages/placeAnOrder/payStatus?orderId=5#x')
    const calls = installFakeWx('success')
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(ok({ appId: 'wx0h5appid00000001', timestamp: 1763784000, nonceStr: 'n1', signature: 'sig' }))
    expect(await paymentAdapter.pay(wechatParams)).toBe('paid')
    const cfgCall = request.mock.calls[0][0] as any
    expect(cfgCall.url).toBe(`/h5/api/member/getWxConfig?p=4&url=${encodeURIComponent('http://localhost/goodsPages/placeAnOrder/payStatus?orderId=5')}`)
    expect(calls[0]).toEqual([
      'config',
      expect.objectContaining({ appId: 'wx0h5appid00000001', timestamp: 1763784000, nonceStr: 'n1', signature: 'sig', jsApiList: expect.arrayContaining(['chooseWXPay']) }),
    ])
    const [name, pay] = calls[1]
    expect(calls).toHaveLength(2)
    expect(name).toBe('chooseWXPay')
    expect(pay).toMatchObject({ timestamp: '1763784000', nonceStr: wechatParams.params.nonceStr, package: wechatParams.params.package, signType: 'RSA', paySign: 'c2lnbmF0dXJl' })
  })

  it('maps cancel and fail', async () => {
    window.history.replaceState(null, '', '/p/cancel')
    installFakeWx('cancel')
    jest.spyOn(Taro, 'request').mockResolvedValue(ok({ appId: 'a', timestamp: 1, nonceStr: 'n', signature: 's' }))
    expect(await paymentAdapter.pay(wechatParams)).toBe('cancelled')
    window.history.replaceState(null, '', '/p/fail')
    installFakeWx('fail')
    expect(await paymentAdapter.pay(wechatParams)).toBe('failed')
  })
})

describe('mini-program (Taro.requestPayment)', () => {
  beforeEach(() => {
    process.env.TARO_ENV = 'weapp'
  })

  it('pays with the v3 params and signType RSA', async () => {
    const pay = jest.spyOn(Taro, 'requestPayment').mockResolvedValue({ errMsg: 'requestPayment:ok' } as any)
    expect(await paymentAdapter.pay({ ...wechatParams, channel: 'wechat_mini' })).toBe('paid')
    expect(pay.mock.calls[0][0]).toEqual({ timeStamp: '1763784000', nonceStr: wechatParams.params.nonceStr, package: wechatParams.params.package, signType: 'RSA', paySign: 'c2lnbmF0dXJl' })
  })

  it('tells a cancel from a failure', async () => {
    jest.spyOn(Taro, 'requestPayment').mockRejectedValueOnce({ errMsg: 'requestPayment:fail cancel' }).mockRejectedValueOnce({ errMsg: 'requestPayment:fail (detail message)' })
    expect(await paymentAdapter.pay({ ...wechatParams, channel: 'wechat_mini' })).toBe('cancelled')
    expect(await paymentAdapter.pay({ ...wechatParams, channel: 'wechat_mini' })).toBe('failed')
  })
})

it('keeps the last pay params used in the common store, persisted', async () => {
  process.env.TARO_ENV = 'weapp'
  jest.spyOn(Taro, 'requestPayment').mockResolvedValue({ errMsg: 'requestPayment:ok' } as any)
  await paymentAdapter.pay({ ...wechatParams, channel: 'wechat_mini', payNo: 'P-last' })
  const used = useCommonStore.getState().usedUnionPayParams as any
  expect(used).toMatchObject({ channel: 'wechat_mini', payNo: 'P-last', amount: 12990, params: wechatParams.params })
  expect(typeof used.usedAt).toBe('number')
  const persisted = JSON.parse(Taro.getStorageSync('common'))
  expect(persisted.state.usedUnionPayParams.payNo).toBe('P-last')
})
