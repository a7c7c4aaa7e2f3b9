// The blind box's result dialog (a prize, or nothing won) has a close button that a keyboard reaches and a
// screen reader names, so the shopper can leave the result without acting on it.
import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { DrawRecord } from '@contract/turntable'
import BlindBoxIndexPage from '@/minePages/blindBox/index'
import * as api from '@/api/turntable'
import { useUserStore } from '@/stores/user'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow }, useDidShow }
})
// As in the H5 build (config/index.ts): View with a name and a click is a keyboard button.
jest.mock('@tarojs/components', () => {
  const { View, Text, Image } = jest.requireActual('@/h5runtime/h5Elements')
  return { ...jest.requireActual('@tarojs/components'), View, Text, Image }
})
jest.mock('@/api/turntable')
jest.mock('@/api/address', () => ({
  getAddressList: jest.fn(async () => [{ id: 3, name: '张三', phone: '13812345678', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 100 号', isDefault: true }]),
}))
jest.mock('@/platform/share', () => ({ buildShare: jest.fn(), useShare: jest.fn() }))
const mocked = api as jest.Mocked<typeof api>

const record = (over: Partial<DrawRecord>): DrawRecord => ({
  id: 7,
  prizeId: 1,
  prizeName: '88积分',
  prizeImage: '',
  kind: 'points',
  cost: 50,
  status: 'unclaimed',
  statusText: '待领取',
  receiver: null,
  shipment: null,
  createdAt: 0,
  claimedAt: null,
  ...over,
})

describe('blind box result dialog', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    mocked.getPrizePool.mockResolvedValue({ cost: 50, balance: 500, prizes: [] })
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'minePages/blindBox/index', options: {} }] as any)
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  const draw = async (r: DrawRecord) => {
    mocked.redeemIntegral.mockResolvedValue({ record: r, index: 0, balance: 450 })
    await act(async () => {
      render(<BlindBoxIndexPage />)
    })
    await act(async () => {
      fireEvent.click(document.querySelectorAll('.blind-box__box')[0])
      await jest.advanceTimersByTimeAsync(1000)
    })
  }

  it.each([
    ['a prize', record({}), '恭喜您获得'],
    ['nothing won', record({ kind: 'none', prizeName: '谢谢参与' }), '很遗憾'],
  ])('with %s, closes from its named close button', async (_name, r, title) => {
    await draw(r)
    expect(screen.getByText(title)).toBeTruthy()
    const close = screen.getByRole('button', { name: '关闭' })
    expect(close.tabIndex).toBe(0)
    await act(async () => {
      fireEvent.keyDown(close, { key: 'Enter' })
      await jest.advanceTimersByTimeAsync(500)
    })
    expect(screen.queryByText(title)).toBeNull()
  })

  it('a goods prize: 立即领取 opens the address sheet, and 确认领取 claims it with the chosen address', async () => {
    // NutUI's Popup calls onClose when the sheet hides it: the page used to forget the prize then, and 确认领取 did nothing.
    await draw(record({ kind: 'goods', prizeName: '水桶包' }))
    mocked.toReceive.mockResolvedValue({ record: record({ kind: 'goods', prizeName: '水桶包', status: 'await_address', statusText: '待填写地址' }), needAddress: true })
    mocked.writeAddress.mockResolvedValue(record({ kind: 'goods', prizeName: '水桶包', status: 'to_ship', statusText: '待发货' }))
    await act(async () => {
      fireEvent.click(screen.getByText('立即领取'))
      await jest.advanceTimersByTimeAsync(500)
    })
    expect(screen.getByText('填写奖品收货地址')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('确认领取'))
      await jest.advanceTimersByTimeAsync(500)
    })
    expect(mocked.writeAddress).toHaveBeenCalledWith(7, 3, { catch: true })
  })
})
