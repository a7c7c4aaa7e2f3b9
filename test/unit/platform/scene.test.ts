import fs from 'node:fs'
import path from 'node:path'
import Taro from '@tarojs/taro'
import { decodeScene, withScene } from '@/platform/scene'
import { appStart, VERSION_KEY } from '@/core/auth'
import { storage } from '@/platform/storage'
import { getSharerBusinessId, getSharerId } from '@/stores/session'
import { useUserStore } from '@/stores/user'

const ok = (data: unknown) => ({ statusCode: 200, data: { code: 200, msg: '成功', data } }) as any
const g = globalThis as any
afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
})

describe('mini-program code scenes at launch', () => {
  it('decodes a compact scene without asking the server', async () => {
    const request = jest.spyOn(Taro, 'request')
    // As the launch query gives it: URL-encoded.
    expect(await decodeScene(encodeURIComponent('s=zik0zj&b=2n&i=c'))).toEqual({ sUid: '2147483647', bUid: '95', id: '12' })
    expect(await decodeScene('')).toEqual({})
    expect(await decodeScene('_')).toEqual({})
    expect(request).not.toHaveBeenCalled()
  })

  it('asks the server for a stored scene', async () => {
    const request = jest.spyOn(Taro, 'request').mockResolvedValue(ok({ sUid: '12', bUid: '3', from: 'poster' }))
    expect(await decodeScene('k=AbCdEf012345')).toEqual({ sUid: '12', bUid: '3', from: 'poster' })
    expect((request.mock.calls[0][0] as any).url).toBe('/h5/api/wxMiniApp/getWxACodeParam?p=4&scene=k%3DAbCdEf012345')
    expect((request.mock.calls[0][0] as any).header.token).toBeUndefined()
  })

  it('an unknown stored scene decodes to nothing, quietly', async () => {
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 404, msg: '小程序码已失效', data: {} } } as any)
    const toast = jest.spyOn(Taro, 'showToast')
    expect(await decodeScene('k=AAAAAAAAAAAA')).toEqual({})
    expect(toast).not.toHaveBeenCalled()
  })

  it('keeps keys already in the query', async () => {
    expect(await withScene({ scene: 's=1&b=2', bUid: '9' })).toEqual({ scene: 's=1&b=2', sUid: '1', bUid: '9' })
    expect(await withScene({ id: '3' })).toEqual({ id: '3' })
  })

  it('app start remembers the sharer of a scanned code', async () => {
    process.env.TARO_ENV = 'weapp'
    storage.set(VERSION_KEY, '1.0.0')
    useUserStore.setState({ token: '', userInfo: {}, sBusinessId: '' })
    await appStart({ scene: encodeURIComponent('s=3f&b=1b') })
    expect(getSharerId()).toBe(String(parseInt('3f', 36)))
    expect(getSharerBusinessId()).toBe(String(parseInt('1b', 36)))
    expect(useUserStore.getState().sBusinessId).toBe(String(parseInt('1b', 36)))
  })
})

describe('JS-SDK loading and the URL to sign', () => {
  const IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47'
  const ANDROID = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 MicroMessenger/8.0.47'

  it('signs the landing URL on iOS and the current URL on Android, without the #fragment', () => {
    window.history.replaceState(null, '', '/pages/home/index?sUid=1#top')
    jest.isolateModules(() => {
      const { urlToSign } = require('@/platform/wechatJssdk')
      window.history.pushState(null, '', '/goodsPages/details/details?id=2#x')
      expect(urlToSign(IOS)).toBe('http://localhost/pages/home/index?sUid=1')
      expect(urlToSign(ANDROID)).toBe('http://localhost/goodsPages/details/details?id=2')
    })
  })

  it('loads the SDK from WX_JSSDK_URL once and configures it with the server signature', async () => {
    delete g.wx
    g.__wxCalls = []
    const fake = fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'wx-fake.js'), 'utf8')
    const appended: string[] = []
    const append = jest.spyOn(document.head, 'appendChild').mockImplementation(((node: any) => {
      appended.push(node.src)
      // What the browser does with the script: run it, then onload.
      new Function(fake)()
      setTimeout(() => node.onload(), 0)
      return node
    }) as any)
    await jest.isolateModulesAsync(async () => {
      // A fresh module registry: spy on its own Taro.
      const request = jest
        .spyOn(require('@tarojs/taro'), 'request')
        .mockResolvedValue(ok({ appId: 'wx1', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed' }))
      const { wxReady, JS_API_LIST } = require('@/platform/wechatJssdk')
      window.history.replaceState(null, '', '/a')
      const wx = await wxReady()
      await wxReady()
      expect(wx).toBe(g.wx)
      expect(appended).toEqual(['http://localhost/static/jweixin-1.6.0.js'])
      expect(request).toHaveBeenCalledTimes(1)
      expect(g.__wxCalls[0]).toEqual([
        'config',
        { debug: false, appId: 'wx1', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed', jsApiList: JS_API_LIST },
      ])
    })
    append.mockRestore()
    delete g.wx
  })

  it('signs again when an earlier page is shown again (Android checks the current URL)', async () => {
    g.__wxCalls = []
    new Function(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'wx-fake.js'), 'utf8'))()
    await jest.isolateModulesAsync(async () => {
      const request = jest.spyOn(require('@tarojs/taro'), 'request').mockResolvedValue(ok({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's' }))
      const { wxReady } = require('@/platform/wechatJssdk')
      for (const page of ['/c', '/c', '/d', '/c']) {
        window.history.pushState(null, '', page)
        await wxReady()
      }
      expect(request.mock.calls.map((c: any[]) => new URL(c[0].url, 'http://localhost').searchParams.get('url'))).toEqual(['http://localhost/c', 'http://localhost/d', 'http://localhost/c'])
      expect(g.__wxCalls.filter((c: any[]) => c[0] === 'config')).toHaveLength(3)
    })
    delete g.wx
  })

  it('gives up on a refused signature and tries again next time', async () => {
    g.__wxCalls = []
    g.__wxConfigError = true
    new Function(fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'wx-fake.js'), 'utf8'))()
    await jest.isolateModulesAsync(async () => {
      const request = jest.spyOn(require('@tarojs/taro'), 'request').mockResolvedValue(ok({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 'bad' }))
      const { wxReady } = require('@/platform/wechatJssdk')
      window.history.replaceState(null, '', '/b')
      await expect(wxReady()).rejects.toMatchObject({ errMsg: 'config:invalid signature' })
      // Not remembered: the next call signs again.
      await expect(wxReady()).rejects.toMatchObject({ errMsg: 'config:invalid signature' })
      expect(request).toHaveBeenCalledTimes(2)
    })
    delete g.__wxConfigError
    delete g.wx
  })
})
