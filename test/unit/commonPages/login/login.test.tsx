import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import LoginPage, { loginFormError } from '@/commonPages/login/login'
import { rememberSharer } from '@/stores/session'

// The shop's name and logo (their own test: test/unit/core/shopInfo.test.ts); these tests count the page's requests.
jest.mock('@/core/shopInfo', () => ({ ...jest.requireActual('@/core/shopInfo'), useShopInfo: () => null }))

function typeInto(placeholder: string, value: string) {
  const el = document.querySelector(`[placeholder="${placeholder}"]`) as HTMLElement
  expect(el).toBeTruthy()
  const input = (el.querySelector('input') as HTMLInputElement) || (el as HTMLInputElement)
  fireEvent.input(input, { target: { value }, detail: { value } })
  fireEvent.change(input, { target: { value }, detail: { value } })
}

describe('login page', () => {
  afterEach(() => jest.restoreAllMocks())

  it('validates with the spec rules', () => {
    expect(loginFormError('12345678901', '123456', true)).toBe('请输入正确的手机号')
    expect(loginFormError('13800138000', '12345', true)).toBe('请输入6位验证码')
    expect(loginFormError('13800138000', '123456', false)).toBe('请先阅读并同意用户协议和隐私政策')
    expect(loginFormError('13800138000', '123456', true)).toBe('')
  })

  it('sends a code, counts down 60 s, then logs in with phone, code and the sharer id', async () => {
    jest.useFakeTimers()
    rememberSharer('77', null)
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'reLaunch').mockResolvedValue({} as any)
    const request = jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
      if (o.url.includes('getVerificationCode')) return { statusCode: 200, data: { code: 200, msg: 'ok', data: { sent: true, cooldown: 60 } } } as any
      if (o.url.includes('phoneRegister')) return { statusCode: 200, data: { code: 200, msg: 'ok', data: { token: 'tok-9', isNew: true } } } as any
      return { statusCode: 200, data: { code: 200, msg: 'ok', data: { id: 9, nickname: '用户' } } } as any
    })
    render(<LoginPage />)
    typeInto('请输入手机号', '13800138000')
    await act(async () => {
      fireEvent.click(screen.getByText('获取验证码'))
    })
    expect(request.mock.calls[0][0].url).toBe('/h5/api/member/getVerificationCode?p=4&phone=13800138000')
    expect(screen.getByText('60秒后重新获取')).toBeTruthy()
    await act(async () => {
      jest.advanceTimersByTime(1000)
    })
    expect(screen.getByText('59秒后重新获取')).toBeTruthy()
    typeInto('请输入验证码', '123456')
    await act(async () => {
      fireEvent.click(screen.getByText('登录'))
    })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先阅读并同意用户协议和隐私政策' }))
    await act(async () => {
      fireEvent.click(document.querySelector('.login__agree-box') as HTMLElement)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('登录'))
    })
    const reg = request.mock.calls.find((c) => c[0].url.includes('phoneRegister'))!
    expect(reg[0].method).toBe('POST')
    expect(reg[0].url).toBe('/h5/api/member/phoneRegister?p=3')
    expect(reg[0].data).toEqual({ phone: '13800138000', verificationCode: '123456', shareMemberId: '77', shareBusinessId: null })
    jest.useRealTimers()
  })

  it('opens the user agreement and the privacy policy from their titles without ticking the box', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    const request = jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
      const key = new URL(`http://x${o.url}`).searchParams.get('key')
      const title = key === 'privacyPolicy' ? '隐私政策' : '用户协议'
      return { statusCode: 200, data: { code: 200, msg: 'ok', data: { key, title, contentHtml: `<p>${title}正文：我们收集的信息</p>`, updatedAt: 1 } } } as any
    })
    render(<LoginPage />)
    await act(async () => {
      fireEvent.click(screen.getByText('《用户协议》'))
    })
    expect(request.mock.calls.map((c) => c[0].url)).toContain('/h5/api/content/document?p=4&key=userAgreement')
    const shown = () => document.querySelector('.login__doc taro-rich-text-core, .login__doc .rich-content') as any
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(screen.getAllByText('用户协议').length).toBeGreaterThan(0)
    expect(shown()).toBeTruthy()
    expect(String(shown().nodes ?? shown().querySelector('taro-rich-text-core')?.nodes ?? '')).toContain('用户协议正文')
    await act(async () => {
      fireEvent.click(screen.getByText('《隐私政策》'))
    })
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(String(shown().nodes ?? shown().querySelector('taro-rich-text-core')?.nodes ?? '')).toContain('隐私政策正文')
    // The titles did not tick the box: logging in still asks for consent.
    typeInto('请输入手机号', '13800138000')
    typeInto('请输入验证码', '123456')
    await act(async () => {
      fireEvent.click(screen.getByText('登录'))
    })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先阅读并同意用户协议和隐私政策' }))
    expect(request.mock.calls.some((c) => c[0].url.includes('phoneRegister'))).toBe(false)
  })
})
