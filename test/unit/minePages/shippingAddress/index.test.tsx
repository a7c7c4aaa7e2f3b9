// Issue 18 item 7: after saving a new address during checkout the shopper landed on the address list instead of
// back at checkout. The picker's 新增 carries select=1; saving a new address there chooses it and goes back two pages.
import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { MemberAddress } from '@contract/address'
import AddressListPage from '@/minePages/shippingAddress/index'
import { pagesBackAfterSave } from '@/minePages/shippingAddress/operate'
import { useCommonStore } from '@/stores/common'
import { useUserStore } from '@/stores/user'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow, useRouter }, useDidShow, useRouter }
})

const SAVED: MemberAddress = { id: 31, name: '小美', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 478 号', tag: '', isDefault: false } as MemberAddress

describe('a new address added from checkout', () => {
  afterEach(() => jest.restoreAllMocks())

  it('the picker opens the form with select=1', async () => {
    mockParams = { select: '1' }
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: [] } } as any)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    render(<AddressListPage />)
    await act(async () => {
      fireEvent.click(screen.getByText('+ 新增收货地址'))
    })
    expect(nav).toHaveBeenCalledWith({ url: '/minePages/shippingAddress/operate?select=1' })
  })

  it('is chosen for checkout and the shopper goes back past the list', () => {
    useCommonStore.getState().setShippingAddress(null)
    expect(pagesBackAfterSave(SAVED, true, true)).toBe(2)
    expect(useCommonStore.getState().shippingAddress).toMatchObject({ id: 31, name: '小美', detail: '文三路 478 号' })
  })

  it('from the address book (not checkout) goes back one page and leaves the choice alone', () => {
    useCommonStore.getState().setShippingAddress({ ...SAVED, id: 7 })
    expect(pagesBackAfterSave(SAVED, true, false)).toBe(1)
    expect(useCommonStore.getState().shippingAddress?.id).toBe(7)
  })

  it('an edit of the chosen address keeps checkout in step', () => {
    useCommonStore.getState().setShippingAddress({ ...SAVED, detail: '旧地址' })
    expect(pagesBackAfterSave(SAVED, false, true)).toBe(1)
    expect(useCommonStore.getState().shippingAddress?.detail).toBe('文三路 478 号')
  })
})
