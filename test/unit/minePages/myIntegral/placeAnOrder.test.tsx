// The points-mall checkout's 使用余额: shown when there is cash to pay, asks the server for the preview with the switch
// on (the server says what the balance pays and what is left), and redeems with useBalance.
import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { RedeemPreview } from '@contract/integral'
import Page from '@/minePages/myIntegral/placeAnOrder'
import * as api from '@/api/integral'
import { useUserStore } from '@/stores/user'
import { useCommonStore } from '@/stores/common'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  const useRouter = () => ({ params: { id: '3', quantity: '1' } })
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow, useRouter }, useDidShow, useRouter }
})
jest.mock('@tarojs/components', () => {
  const { View, Text, Image } = jest.requireActual('@/h5runtime/h5Elements')
  return { ...jest.requireActual('@tarojs/components'), View, Text, Image }
})
jest.mock('@/api/integral')
// The 支付密码 sheet has its own test: here the shopper types it at once.
jest.mock('@/components/PayPassword', () => ({ usePayPassword: () => ({ ask: jest.fn(async () => '135790'), sheet: null }) }))
jest.mock('@/components/Order', () => ({ ...jest.requireActual('@/components/Order'), payThenShowStatus: jest.fn(async () => 'paid') }))
const mocked = api as jest.Mocked<typeof api>

const preview = (used: number): RedeemPreview => ({
  goods: { id: 3, goodsId: 30, name: '积分好物', image: '', points: 200, cash: 990, marketPrice: 5900, stock: 9, perMemberLimit: 2, redeemed: 0 } as any,
  quantity: 1,
  points: 200,
  cash: 990,
  balance: 500,
  address: { id: 7, name: '小美', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 478 号', tag: '', isDefault: true },
  balancePay: { available: 500, used, gatewayAmount: 990 - used },
})

describe('points-mall checkout 使用余额', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    useCommonStore.setState({ shippingAddress: null })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    mocked.previewRedeem.mockImplementation(async (b) => preview(b.useBalance ? 500 : 0))
    mocked.redeemPointsGoods.mockResolvedValue({ orderNo: 'O1', payAmount: 990, status: 'unpaid', pointsUsed: 200, existing: false })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('switching it on asks the server again and shows what the balance pays and what is left; the redemption carries it', async () => {
    await act(async () => {
      render(<Page />)
    })
    expect(screen.getByText('可用余额¥5.00')).toBeTruthy()
    await act(async () => {
      fireEvent.click(document.querySelector('.coupon-picker__row .nut-switch')!)
    })
    expect(mocked.previewRedeem).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3, quantity: 1, useBalance: true }), { catch: true })
    expect(screen.getByText('抵扣¥5.00')).toBeTruthy()
    expect(screen.getByText('还需支付')).toBeTruthy()
    expect(screen.getByText('¥4.90')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('确认兑换'))
    })
    expect(mocked.redeemPointsGoods).toHaveBeenCalledWith(expect.objectContaining({ id: 3, useBalance: true, payPassword: '135790' }), { catch: true })
  })
})
