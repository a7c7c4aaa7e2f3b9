import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import { act, render, waitFor } from '@testing-library/react'
import { buildShare, DEFAULT_SHARE_TITLE, setupH5Share, shareLink, shareTitle, useShare } from '@/platform/share'
import { useUserStore } from '@/stores/user'

const g = globalThis as any
const WECHAT_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.47 NetType/WIFI'
const setUserAgent = (ua?: string) => Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => ua || 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom' })

function installFakeWx() {
  g.__wxCalls = []
  new Function(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'wx-fake.js'), 'utf8'))()
  return g.__wxCalls as Array<[string, any]>
}

afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
  setUserAgent()
  delete g.wx
  useUserStore.setState({ token: '', userInfo: {}, sBusinessId: '' })
})

describe('share title (SPEC.md section 9)', () => {
  it('says there is a secret worth sharing by default', () => {
    expect(DEFAULT_SHARE_TITLE).toBe('有个秘密值得分享给你')
    expect(shareTitle()).toBe('有个秘密值得分享给你')
    expect(shareTitle('')).toBe('有个秘密值得分享给你')
    expect(shareTitle(null)).toBe('有个秘密值得分享给你')
  })
  it('appends the shop name when there is one', () => {
    expect(shareTitle('小美的店')).toBe('有个秘密值得分享给你-小美的店')
    expect(shareTitle('小美的店', '爆款连衣裙')).toBe('爆款连衣裙-小美的店')
  })
})

describe('share link', () => {
  it('carries sUid (member id) and bUid (business id) with the page query', () => {
    expect(shareLink('/goodsPages/details/details', 12, 3, { id: 88 })).toBe('/goodsPages/details/details?id=88&sUid=12&bUid=3')
  })
  it('leaves out what is unknown', () => {
    expect(shareLink('/pages/home/index', null, undefined)).toBe('/pages/home/index')
    expect(shareLink('/pages/home/index', 5, null)).toBe('/pages/home/index?sUid=5')
  })
})

describe('buildShare for the current member', () => {
  it('uses the member id, the own shop and its name', () => {
    useUserStore.setState({ userInfo: { id: 12, businessId: 3, shopName: '小美的店' } as any, sBusinessId: '9' })
    expect(buildShare('/goodsPages/details/details', { query: { id: 88 }, imageUrl: '/media/g.jpg' })).toEqual({
      title: '有个秘密值得分享给你-小美的店',
      path: '/goodsPages/details/details?id=88&sUid=12&bUid=3',
      imageUrl: '/media/g.jpg',
    })
  })
  it('passes on the business id the member arrived with when they have no shop', () => {
    useUserStore.setState({ userInfo: { id: 12, businessId: null, shopName: '' } as any, sBusinessId: '9' })
    expect(buildShare('/pages/home/index', { title: '今日好物' })).toEqual({ title: '今日好物', path: '/pages/home/index?sUid=12&bUid=9', imageUrl: undefined })
  })
  it('a visitor shares the default title without ids', () => {
    expect(buildShare('/pages/home/index')).toEqual({ title: DEFAULT_SHARE_TITLE, path: '/pages/home/index', imageUrl: undefined })
  })
})

describe("WeChat's browser share card (JS-SDK)", () => {
  it('sets the friend and timeline cards with an absolute link', async () => {
    setUserAgent(WECHAT_UA)
    window.history.replaceState(null, '', '/goodsPages/details/details?id=88')
    const calls = installFakeWx()
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: '成功', data: { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' } } } as any)
    await setupH5Share({ title: '有个秘密值得分享给你-小美的店', path: '/goodsPages/details/details?id=88&sUid=12&bUid=3' })
    const card = {
      title: '有个秘密值得分享给你-小美的店',
      desc: '有个秘密值得分享给你-小美的店',
      link: 'http://localhost/goodsPages/details/details?id=88&sUid=12&bUid=3',
      imgUrl: 'http://localhost/static/share.png',
    }
    expect(calls.map((c) => c[0])).toEqual(['config', 'updateAppMessageShareData', 'updateTimelineShareData'])
    expect(calls[0][1].jsApiList).toEqual(expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']))
    expect(calls[1][1]).toEqual(card)
    expect(calls[2][1]).toEqual(card)
  })

  it('sets the card again when the member info arrives after the page mounted (login redirect, OAuth return)', async () => {
    setUserAgent(WECHAT_UA)
    window.history.replaceState(null, '', '/pages/home/index')
    const calls = installFakeWx()
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: '成功', data: { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' } } } as any)
    function Page() {
      useShare(() => buildShare('/pages/home/index'))
      return null
    }
    render(<Page />)
    const cards = () => calls.filter((c) => c[0] === 'updateAppMessageShareData').map((c) => c[1])
    await waitFor(() => expect(cards().at(-1)?.link).toBe('http://localhost/pages/home/index'))
    act(() => useUserStore.setState({ token: 't', userInfo: { id: 12, businessId: 3, shopName: '小美的店' } as any }))
    await waitFor(() => expect(cards().at(-1)).toMatchObject({ title: '有个秘密值得分享给你-小美的店', link: 'http://localhost/pages/home/index?sUid=12&bUid=3' }))
  })

  it('does nothing in a plain browser', async () => {
    const calls = installFakeWx()
    const request = jest.spyOn(Taro, 'request')
    await setupH5Share({ title: 't', path: '/pages/home/index' })
    expect(calls).toEqual([])
    expect(request).not.toHaveBeenCalled()
  })
})

describe('useShare in the mini-program', () => {
  it('opens the share menu with friend and timeline entries', () => {
    process.env.TARO_ENV = 'weapp'
    const menu = jest.spyOn(Taro, 'showShareMenu').mockResolvedValue({} as any)
    function Page() {
      useShare(() => buildShare('/pages/home/index'))
      return null
    }
    render(<Page />)
    expect(menu).toHaveBeenCalledWith(expect.objectContaining({ withShareTicket: true, menus: ['shareAppMessage', 'shareTimeline'] }))
  })
})
