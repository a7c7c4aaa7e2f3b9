import Taro from '@tarojs/taro'
import { clearPendingLoginKey, completeWechatH5Login, getPendingLoginKey, loginAdapter, oauthUrl } from '@/platform/login'
import { browser } from '@/platform/browser'
import { rememberSharer } from '@/stores/session'
import { useUserStore } from '@/stores/user'

const ok = (data: unknown) => ({ statusCode: 200, data: { code: 200, msg: '成功', data } }) as any
const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN'
const g = globalThis as any

function setUserAgent(ua: string | null) {
  if (ua === null) delete (window.navigator as any).__ua
  Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => ua ?? 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom' })
}

afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
  g.WX_H5_APPID = ''
  setUserAgent(null)
  clearPendingLoginKey()
  useUserStore.setState({ token: '', userInfo: {} })
  window.history.replaceState(null, '', '/')
})

describe('mini-program silent login', () => {
  beforeEach(() => {
    process.env.TARO_ENV = 'weapp'
  })

  it('logs a known WeChat user in with the token of miniLogin', async () => {
    jest.spyOn(Taro, 'login').mockResolvedValue({ code: '0a3XkH000w1Abc', errMsg: 'login:ok' } as any)
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(ok({ token: 'tok-1', needPhone: false }))
    rememberSharer('42', '7')
    expect(await loginAdapter.silentLogin()).toEqual({ token: 'tok-1' })
    const call = request.mock.calls[0][0] as any
    expect(call.url).toBe('/h5/api/member/miniLogin?p=3')
    expect(call.method).toBe('POST')
    expect(call.data).toEqual({ code: '0a3XkH000w1Abc', shareMemberId: '42', shareBusinessId: '7' })
    expect(getPendingLoginKey()).toBe('')
  })

  it('keeps the loginKey for the phone step when the WeChat user has no member yet', async () => {
    jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'c2', errMsg: 'login:ok' } as any)
    jest.spyOn(Taro, 'request').mockResolvedValue(ok({ token: '', needPhone: true, loginKey: 'key-abc' }))
    expect(await loginAdapter.silentLogin()).toEqual({ needPhone: true, loginKey: 'key-abc' })
    expect(getPendingLoginKey()).toBe('key-abc')
    clearPendingLoginKey()
    expect(getPendingLoginKey()).toBe('')
  })
})

describe("WeChat's browser silent login", () => {
  beforeEach(() => {
    setUserAgent(WECHAT_UA)
    g.WX_H5_APPID = 'wx0h5appid00000001'
  })

  it('goes to WeChat OAuth with base scope and the current page as redirect', async () => {
    window.history.replaceState(null, '', '/goodsPages/details/details?id=3&state=old')
    const go = jest.spyOn(browser, 'go').mockImplementation(() => {})
    expect(await loginAdapter.silentLogin()).toEqual({ redirected: true })
    const target = new URL(go.mock.calls[0][0])
    expect(`${target.origin}${target.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
    expect(target.searchParams.get('appid')).toBe('wx0h5appid00000001')
    expect(target.searchParams.get('scope')).toBe('snsapi_base')
    expect(target.searchParams.get('response_type')).toBe('code')
    expect(target.searchParams.get('redirect_uri')).toBe('http://localhost/goodsPages/details/details?id=3')
    expect(target.hash).toBe('#wechat_redirect')
  })

  it('back with a code: stores the openid for the logged-in member and strips code and state', async () => {
    useUserStore.setState({ token: 'tok', userInfo: { id: 1 } as any })
    window.history.replaceState(null, '', '/pages/mine/index?x=1&code=061abc&state=base')
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(ok({ openId: 'oLVP' }))
    const go = jest.spyOn(browser, 'go')
    expect(await loginAdapter.silentLogin()).toEqual({ openIdBound: true })
    expect((request.mock.calls[0][0] as any).url).toBe('/h5/api/member/getWechatH5OpenId?p=4&code=061abc')
    expect((request.mock.calls[0][0] as any).header.token).toBe('tok')
    expect(window.location.pathname + window.location.search).toBe('/pages/mine/index?x=1')
    expect(go).not.toHaveBeenCalled()
  })

  it('strips a used code even when the exchange fails, and never loops back to OAuth', async () => {
    useUserStore.setState({ token: 'tok', userInfo: { id: 1 } as any })
    window.history.replaceState(null, '', '/pages/mine/index?code=used&state=base')
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 7002, msg: '微信授权码已使用，请重新进入页面', data: {} } } as any)
    jest.spyOn(Taro, 'showToast').mockImplementation((() => Promise.resolve()) as any)
    const go = jest.spyOn(browser, 'go')
    expect(await loginAdapter.silentLogin()).toEqual({})
    expect(window.location.search).toBe('')
    expect(go).not.toHaveBeenCalled()
  })

  it('does nothing without WX_H5_APPID or outside WeChat', async () => {
    const go = jest.spyOn(browser, 'go')
    g.WX_H5_APPID = ''
    expect(await loginAdapter.silentLogin()).toEqual({})
    g.WX_H5_APPID = 'wx1'
    setUserAgent('Mozilla/5.0 (iPhone) Safari/604.1')
    expect(await loginAdapter.silentLogin()).toEqual({})
    expect(go).not.toHaveBeenCalled()
  })
})

describe('completeWechatH5Login (the login page, after phoneRegister)', () => {
  it("in WeChat's browser goes through OAuth back to the target with the token", () => {
    setUserAgent(WECHAT_UA)
    g.WX_H5_APPID = 'wx0h5appid00000001'
    const go = jest.spyOn(browser, 'go').mockImplementation(() => {})
    expect(completeWechatH5Login('tok-9', encodeURIComponent('/minePages/myOrder/list?tab=1'))).toBe(true)
    const redirect = new URL(new URL(go.mock.calls[0][0]).searchParams.get('redirect_uri') as string)
    expect(redirect.pathname).toBe('/minePages/myOrder/list')
    expect(redirect.searchParams.get('tab')).toBe('1')
    expect(redirect.searchParams.get('token')).toBe('tok-9')
  })

  it('never redirects to another site from the redirect query', () => {
    setUserAgent(WECHAT_UA)
    g.WX_H5_APPID = 'wx1'
    const go = jest.spyOn(browser, 'go').mockImplementation(() => {})
    completeWechatH5Login('t', '//evil.example.net/x')
    const redirect = new URL(new URL(go.mock.calls[0][0]).searchParams.get('redirect_uri') as string)
    expect(redirect.host).toBe('localhost')
    expect(redirect.pathname).toBe('/pages/home/index')
  })

  it('answers false outside WeChat or without an app id, so the page goes on with afterLogin', () => {
    const go = jest.spyOn(browser, 'go')
    g.WX_H5_APPID = 'wx1'
    expect(completeWechatH5Login('t')).toBe(false)
    setUserAgent(WECHAT_UA)
    g.WX_H5_APPID = ''
    expect(completeWechatH5Login('t')).toBe(false)
    process.env.TARO_ENV = 'weapp'
    g.WX_H5_APPID = 'wx1'
    expect(completeWechatH5Login('t')).toBe(false)
    expect(go).not.toHaveBeenCalled()
  })
})

it('builds the documented OAuth address', () => {
  expect(oauthUrl('wxAPP', 'https://shop.example.com/a?b=1')).toBe(
    'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wxAPP&redirect_uri=https%3A%2F%2Fshop.example.com%2Fa%3Fb%3D1&response_type=code&scope=snsapi_base&state=base#wechat_redirect',
  )
})
