import Taro from '@tarojs/taro'
import { Current } from '@tarojs/runtime'
import { render, screen, act } from '@testing-library/react'
import SafeWebView, { REFUSED_TEXT } from '@/components/SafeWebView'
import { resolveWebUrl, activityWebKind } from '@/utils/webview'
import { useUserStore } from '@/stores/user'

function openWith(params: Record<string, string>) {
  ;(Current as any).router = { params, path: '/commonPages/webView/activityWeb', onReady: '', onHide: '', onShow: '' }
}

describe('web-view address', () => {
  it('resolves shop paths and encoded addresses, refuses other schemes', () => {
    expect(resolveWebUrl('/media/activity/festival.html', 'http://127.0.0.1:3203')).toBe('http://127.0.0.1:3203/media/activity/festival.html')
    expect(resolveWebUrl(encodeURIComponent('https://act.example.com/a?x=1'))).toBe('https://act.example.com/a?x=1')
    expect(resolveWebUrl('https://act.example.com/a')).toBe('https://act.example.com/a')
    expect(resolveWebUrl('javascript:alert(1)')).toBe('')
    expect(resolveWebUrl('//evil.example.com/x')).toBe('')
    expect(resolveWebUrl('')).toBe('')
    expect(activityWebKind('web')).toBe('activityWeb')
    expect(activityWebKind('customize')).toBe('activityCustomize')
    expect(activityWebKind('none')).toBeNull()
  })
})

describe('web-view page decision', () => {
  let request: jest.SpyInstance
  beforeEach(() => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    useUserStore.setState({ token: 'tok-1', userInfo: { id: 1 } as any })
    request = jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
      const u = new URL(`http://x${o.url}`)
      const target = new URL(u.searchParams.get('url') as string)
      const allowed = target.hostname === 'act.example.com'
      const kind = u.searchParams.get('kind')
      if (allowed && kind !== 'common' && o.header.token) target.searchParams.set('token', o.header.token)
      return { statusCode: 200, data: { code: 200, msg: 'ok', data: { allowed, url: allowed ? target.toString() : '' } } } as any
    })
  })
  afterEach(() => jest.restoreAllMocks())

  it('opens an allowed address in the web view with the token the server appended', async () => {
    openWith({ url: encodeURIComponent('https://act.example.com/spring?from=home') })
    await act(async () => {
      render(<SafeWebView kind='activityWeb' defaultTitle='活动' />)
    })
    const call = request.mock.calls[0][0]
    expect(call.url).toContain('/h5/api/content/checkWebUrl?p=4&url=https%3A%2F%2Fact.example.com%2Fspring%3Ffrom%3Dhome&kind=activityWeb')
    expect(call.header.token).toBe('tok-1')
    const frame = document.querySelector('iframe, taro-web-view-core') as HTMLElement
    expect(frame).toBeTruthy()
    expect(frame.getAttribute('src')).toBe('https://act.example.com/spring?from=home&token=tok-1')
    expect(screen.queryByText(REFUSED_TEXT)).toBeNull()
  })

  it('refuses an address whose host is not on the allow-list', async () => {
    openWith({ url: encodeURIComponent('https://evil.example.net/phish') })
    await act(async () => {
      render(<SafeWebView kind='common' defaultTitle='网页' />)
    })
    expect(screen.getByText('该链接不在允许访问的范围内')).toBeTruthy()
    expect(document.querySelector('iframe, taro-web-view-core')).toBeNull()
  })

  it('refuses a non-http address without asking the server', async () => {
    openWith({ url: encodeURIComponent('javascript:alert(1)') })
    await act(async () => {
      render(<SafeWebView kind='common' defaultTitle='网页' />)
    })
    expect(request).not.toHaveBeenCalled()
    expect(screen.getByText(REFUSED_TEXT)).toBeTruthy()
  })
})
