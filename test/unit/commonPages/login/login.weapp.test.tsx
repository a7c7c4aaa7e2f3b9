import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import LoginPage from '@/commonPages/login/login'

/** The mini-program's login page for a WeChat user who is not yet a member: the phone-number button first. */
const LOGIN_KEY = 'k'.repeat(32)

function answer(data: unknown, code = 200, msg = 'ok') {
  return { statusCode: 200, data: { code, msg, data } } as any
}
const phoneButton = () => document.querySelector('.login__quick-btn') as HTMLElement
async function givePhone(detail: Record<string, unknown>) {
  await act(async () => {
    phoneButton().dispatchEvent(new CustomEvent('getphonenumber', { detail, bubbles: true }))
  })
  await act(async () => new Promise((r) => setTimeout(r, 0)))
}

describe('login page in the mini-program', () => {
  beforeEach(() => {
    process.env.TARO_ENV = 'weapp'
    jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'js-code-1', errMsg: 'login:ok' } as any)
    jest.spyOn(Taro, 'reLaunch').mockResolvedValue({} as any)
  })
  afterEach(() => {
    process.env.TARO_ENV = 'h5'
    jest.restoreAllMocks()
  })

  it('offers 微信手机号快捷登录 after the agreement, signs in with the button code and the loginKey', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    const request = jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
      if (o.url.includes('miniLogin')) return answer({ token: '', needPhone: true, loginKey: LOGIN_KEY })
      if (o.url.includes('miniPhoneLogin')) return answer({ token: 'tok-phone', isNew: true })
      return answer({ id: 5, nickname: '用户' })
    })
    render(<LoginPage />)
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(screen.getByText('微信手机号快捷登录')).toBeTruthy()
    expect(screen.queryByText('获取验证码')).toBeNull()
    // Without the agreement the button only asks for it (no phone dialog).
    await act(async () => {
      fireEvent.click(phoneButton())
    })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先阅读并同意用户协议和隐私政策' }))
    await act(async () => {
      fireEvent.click(document.querySelector('.login__agree-box') as HTMLElement)
    })
    await givePhone({ code: 'phone-code-1', errMsg: 'getPhoneNumber:ok' })
    const call = request.mock.calls.find((c) => c[0].url.includes('miniPhoneLogin'))!
    expect(call[0].url).toBe('/h5/api/member/miniPhoneLogin?p=3')
    expect(call[0].data).toEqual({ loginKey: LOGIN_KEY, code: 'phone-code-1' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '登录成功' }))
  })

  it('falls back to the SMS form when the phone sign-in is unavailable (7007), and on request', async () => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
      if (o.url.includes('miniLogin')) return answer({ token: '', needPhone: true, loginKey: LOGIN_KEY })
      if (o.url.includes('miniPhoneLogin')) return answer({}, 7007, '暂时无法使用微信手机号快捷登录，请使用短信验证码登录')
      return answer({})
    })
    render(<LoginPage />)
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    await act(async () => {
      fireEvent.click(document.querySelector('.login__agree-box') as HTMLElement)
    })
    expect(screen.queryByText('获取验证码')).toBeNull()
    await givePhone({ code: 'phone-code-2', errMsg: 'getPhoneNumber:ok' })
    expect(screen.getByText('获取验证码')).toBeTruthy()
    expect(screen.getByText('短信验证码登录')).toBeTruthy()
  })

  it('a refusal in WeChat’s dialog keeps the page, the SMS form one tap away', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => (o.url.includes('miniLogin') ? answer({ token: '', needPhone: true, loginKey: LOGIN_KEY }) : answer({})))
    render(<LoginPage />)
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    await act(async () => {
      fireEvent.click(document.querySelector('.login__agree-box') as HTMLElement)
    })
    await givePhone({ errMsg: 'getPhoneNumber:fail user deny' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '未获取手机号，可使用短信验证码登录' }))
    expect(screen.queryByText('获取验证码')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByText('使用短信验证码登录'))
    })
    expect(screen.getByText('获取验证码')).toBeTruthy()
  })
})
