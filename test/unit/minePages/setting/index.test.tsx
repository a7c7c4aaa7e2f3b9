import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen } from '@testing-library/react'
import SettingIndexPage from '@/minePages/setting/index'
import { useUserStore } from '@/stores/user'

/** 设置 → 退出登录 ends the session on the server (POST /api/member/logout with the token), then locally. */
describe('settings sign-out', () => {
  afterEach(() => jest.restoreAllMocks())

  async function signOut(answer: (o: any) => Promise<any>) {
    useUserStore.getState().setToken('tok-signout')
    useUserStore.getState().setUserInfo({ id: 5, nickname: '小美' } as any)
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
    jest.spyOn(Taro, 'showLoading').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'hideLoading').mockResolvedValue({} as any)
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({} as any)
    const request = jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
      if (o.url.includes('/member/logout')) return answer(o)
      return { statusCode: 200, data: { code: 200, msg: 'ok', data: { id: 5, nickname: '小美' } } } as any
    })
    render(<SettingIndexPage />)
    await act(async () => {
      fireEvent.click(screen.getByText('退出登录'))
    })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
    return { request, reLaunch }
  }

  it('revokes the token on the server, then clears it and opens login', async () => {
    const { request, reLaunch } = await signOut(async () => ({ statusCode: 200, data: { code: 200, msg: '成功', data: { signedOut: true } } }))
    const call = request.mock.calls.map((c) => c[0] as any).find((o) => o.url.includes('/member/logout'))
    expect(call).toMatchObject({ url: '/h5/api/member/logout?p=3', method: 'POST', header: expect.objectContaining({ token: 'tok-signout' }) })
    expect(useUserStore.getState().token).toBe('')
    expect(reLaunch).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining('login') }))
  })

  it('still signs out on the phone when the server cannot be reached', async () => {
    const { reLaunch } = await signOut(async () => {
      throw { errMsg: 'request:fail' }
    })
    expect(useUserStore.getState().token).toBe('')
    expect(reLaunch).toHaveBeenCalled()
  })
})
