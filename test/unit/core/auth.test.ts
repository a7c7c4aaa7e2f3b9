import Taro from '@tarojs/taro'
import { appStart, requireLogin, logout, VERSION_KEY, afterLogin, isLoggedIn } from '@/core/auth'
import { useUserStore } from '@/stores/user'
import { getSharerBusinessId, getSharerId } from '@/stores/session'
import { back, setTitle } from '@/core/nav'
import { storage } from '@/platform/storage'

const envelope = (data: unknown) => ({ statusCode: 200, data: { code: 200, msg: 'ok', data } })

describe('login state and app start', () => {
  beforeEach(() => {
    localStorage.clear()
    useUserStore.setState({ token: '', userInfo: {} })
    window.history.replaceState(null, '', '/')
  })
  afterEach(() => jest.restoreAllMocks())

  it('counts as logged in only with both token and user info', () => {
    expect(isLoggedIn({ token: 't', userInfo: {} })).toBe(false)
    expect(isLoggedIn({ token: '', userInfo: { id: 1 } as any })).toBe(false)
    expect(isLoggedIn({ token: 't', userInfo: { id: 1 } as any })).toBe(true)
  })

  it('resets the stored user when the version marker is not 1.0.0', async () => {
    useUserStore.setState({ token: 'old', userInfo: { id: 9 } as any })
    storage.set(VERSION_KEY, '0.9.0')
    await appStart({})
    expect(storage.get(VERSION_KEY)).toBe('1.0.0')
    expect(useUserStore.getState().token).toBe('')
    // with the marker in place, a second start keeps the user
    useUserStore.setState({ token: 'kept', userInfo: { id: 2 } as any })
    await appStart({})
    expect(useUserStore.getState().token).toBe('kept')
  })

  it('saves a token from the address, loads member info, strips the token and keeps sUid in memory', async () => {
    storage.set(VERSION_KEY, '1.0.0')
    window.history.replaceState(null, '', '/pages/mine/index?token=abc&sUid=42&x=1')
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(envelope({ id: 7, nickname: '小美' }) as any)
    await appStart({})
    expect(useUserStore.getState().token).toBe('abc')
    expect(useUserStore.getState().userInfo).toMatchObject({ id: 7 })
    expect(request.mock.calls[0][0].url).toContain('/h5/api/member/getMemberInfo?p=4')
    expect(window.location.search).toBe('?sUid=42&x=1')
    expect(getSharerId()).toBe('42')
  })

  it('with a code parameter, calls the open-id endpoint and strips the code', async () => {
    storage.set(VERSION_KEY, '1.0.0')
    window.history.replaceState(null, '', '/pages/home/index?token=abc&code=wx-code-1')
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(envelope({ id: 7 }) as any)
    await appStart({})
    const urls = request.mock.calls.map((c) => c[0].url)
    expect(urls.some((u) => u.includes('/api/member/getWechatH5OpenId?p=4&code=wx-code-1'))).toBe(true)
    expect(window.location.search).toBe('')
  })

  it('opens login with the current page as redirect target when a page needs login', () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'minePages/myOrder/list', options: { status: 'unpaid' } }] as any)
    expect(requireLogin()).toBe(false)
    expect(nav.mock.calls[0][0].url).toBe(`/commonPages/login/login?redirect=${encodeURIComponent('/minePages/myOrder/list?status=unpaid')}`)
  })

  it("keeps the page's query on the H5, where Taro's router gives it as $taroParams (URL-encoded, with its own stamp)", () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    jest
      .spyOn(Taro, 'getCurrentPages')
      .mockReturnValue([
        { path: '/goodsPages/details/details?stamp=3', options: {}, $taroParams: { id: '13', sUid: '1', bUid: '1', kw: '%E8%BF%9E%E8%A1%A3', stamp: '3', $taroTimestamp: 1764000000000 } },
      ] as any)
    expect(requireLogin()).toBe(false)
    const url = new URL(nav.mock.calls[0][0].url, 'https://shop.example')
    expect(url.pathname).toBe('/commonPages/login/login')
    expect(url.searchParams.get('redirect')).toBe('/goodsPages/details/details?id=13&sUid=1&bUid=1&kw=%E8%BF%9E%E8%A1%A3')
  })

  it('a reload of the login page keeps the sharer of the page it returns to', async () => {
    storage.set(VERSION_KEY, '1.0.0')
    const redirect = '/goodsPages/details/details?id=13&sUid=21&bUid=22'
    window.history.replaceState(null, '', `/commonPages/login/login?redirect=${encodeURIComponent(redirect)}`)
    await appStart({})
    expect(getSharerId()).toBe('21')
    expect(getSharerBusinessId()).toBe('22')
    expect(useUserStore.getState().sBusinessId).toBe('22')
  })

  it('after login fetches user info then returns to the redirect target', async () => {
    jest.spyOn(Taro, 'request').mockResolvedValue(envelope({ id: 3 }) as any)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({} as any)
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'commonPages/login/login' }] as any)
    await afterLogin('tok', encodeURIComponent('/minePages/myOrder/list?status=unpaid'))
    expect(useUserStore.getState()).toMatchObject({ token: 'tok', userInfo: { id: 3 } })
    expect(redirect.mock.calls[0][0].url).toBe('/minePages/myOrder/list?status=unpaid')
    await afterLogin('tok', '/pages/mine/index')
    expect(switchTab.mock.calls[0][0].url).toBe('/pages/mine/index')
  })

  it('logout clears token and user info and opens login', () => {
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({} as any)
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    logout()
    expect(useUserStore.getState()).toMatchObject({ token: '', userInfo: {} })
    expect(relaunch.mock.calls[0][0].url).toBe('/commonPages/login/login')
  })

  it('persists only token and userInfo under the "user" key', () => {
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any, sBusinessId: '5' })
    const raw = storage.get<string>('user') as string
    expect(JSON.parse(raw).state).toEqual({ token: 't', userInfo: { id: 1 } })
  })
})

describe('navigation', () => {
  afterEach(() => jest.restoreAllMocks())
  it('back goes home when there is no previous page', () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'goodsPages/details/details' }] as any)
    const relaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({} as any)
    back()
    expect(relaunch.mock.calls[0][0].url).toBe('/pages/home/index')
  })
  it('back navigates back when there is a previous page', () => {
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as any)
    const nb = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({} as any)
    back()
    expect(nb).toHaveBeenCalledWith({ delta: 1 })
  })
  it('setting the title also sets document.title on H5', () => {
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({} as any)
    setTitle('商品详情')
    expect(document.title).toBe('商品详情')
  })
})

describe('after login with the target right below in the page stack', () => {
  afterEach(() => jest.restoreAllMocks())
  it('goes back to it instead of opening a second copy', async () => {
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: { id: 3 } } } as any)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'minePages/myOrder/list' }, { route: 'commonPages/login/login' }] as any)
    const nb = jest.spyOn(Taro, 'navigateBack').mockResolvedValue({} as any)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({} as any)
    await afterLogin('tok', '/minePages/myOrder/list?status=unpaid')
    expect(nb).toHaveBeenCalledWith({ delta: 1 })
    expect(redirect).not.toHaveBeenCalled()
  })
})
