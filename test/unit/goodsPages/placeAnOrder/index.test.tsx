import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { OrderPreview } from '@contract/order'
import PlaceOrderPage from '@/goodsPages/placeAnOrder/index'
import { newRequestId, orderRequestFromQuery } from '@/components/Order'
import * as orderApi from '@/api/order'
import * as payApi from '@/api/pay'
import { paymentAdapter } from '@/platform/payment'
import { RequestError } from '@/core/request'
import { useUserStore } from '@/stores/user'
import { useCommonStore } from '@/stores/common'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow, useRouter }, useDidShow, useRouter }
})
jest.mock('@/api/order')
jest.mock('@/api/pay')
// The 支付密码 sheet has its own test: here the shopper types it at once.
jest.mock('@/components/PayPassword', () => ({ usePayPassword: () => ({ ask: jest.fn(async () => '135790'), sheet: null }) }))
jest.mock('@/platform/payment', () => ({ paymentAdapter: { channel: jest.fn(() => 'sandbox'), pay: jest.fn(async () => 'paid') } }))
const order = orderApi as jest.Mocked<typeof orderApi>
const pay = payApi as jest.Mocked<typeof payApi>
const adapter = paymentAdapter as jest.Mocked<typeof paymentAdapter>

const PREVIEW: OrderPreview = {
  lines: [{ skuId: 5, goodsId: 50, goodsName: '真丝连衣裙', image: '', specText: '黑色 / M', price: 3300, quantity: 2, stock: 9, amount: 6600 }],
  deliveryType: 'delivery',
  pickup: { points: [], point: null, contactPhone: '', contactName: '' },
  address: { id: 7, name: '小美', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 478 号', tag: '', isDefault: true },
  goodsAmount: 6600,
  freightAmount: 800,
  levelDiscount: 0,
  couponDiscount: 0,
  pointsDiscount: 0,
  payAmount: 7400,
  freeFreightThreshold: 9900,
  extras: {},
}
const PAY_PARAMS = { channel: 'sandbox' as const, payNo: 'P1', amount: 7400, params: { ticket: 'tk' } }

describe('confirm-order page', () => {
  beforeAll(() => {
    ;(globalThis as any).IntersectionObserver ||= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })
  beforeEach(() => {
    mockParams = { from: 'buyNow', skuId: '5', quantity: '2' }
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    useCommonStore.setState({ shippingAddress: null })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'showLoading').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'hideLoading').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    order.previewOrder.mockResolvedValue(PREVIEW)
    pay.prepay.mockResolvedValue(PAY_PARAMS)
    adapter.pay.mockResolvedValue('paid')
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('reads its query: buy-now with SKU and quantity, or the cart', () => {
    expect(orderRequestFromQuery({ from: 'buyNow', skuId: '5', quantity: '2' })).toEqual({ from: 'buyNow', skuId: 5, quantity: 2 })
    expect(orderRequestFromQuery({ skuId: '5' })).toEqual({ from: 'buyNow', skuId: 5, quantity: 1 })
    expect(orderRequestFromQuery({ from: 'cart' })).toEqual({ from: 'cart' })
    expect(orderRequestFromQuery({})).toEqual({ from: 'cart' })
    expect(orderRequestFromQuery({ from: 'buyNow', skuId: 'x' })).toBeNull()
    expect(newRequestId()).toMatch(/^[a-z0-9]+-[a-z0-9]+$/)
    expect(newRequestId()).not.toBe(newRequestId())
  })

  it("shows the server's lines, freight and total", async () => {
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    expect(order.previewOrder).toHaveBeenCalledWith({ from: 'buyNow', skuId: 5, quantity: 2, addressId: undefined }, expect.anything())
    expect(screen.getByText('真丝连衣裙')).toBeTruthy()
    expect(screen.getByText('+¥8.00')).toBeTruthy()
    expect(screen.getByText('再买¥33.00即可包邮（满¥99.00包邮）')).toBeTruthy()
    expect(document.querySelector('.place-order__sum-price')!.textContent).toBe('¥74.00')
  })

  it('shows 会员折扣 with the level name when the member level takes something off', async () => {
    order.previewOrder.mockResolvedValue({ ...PREVIEW, levelDiscount: 330, payAmount: 7070, extras: { level: { name: '黄金会员', discount: 95, freeShipping: false, pointsTenths: 15 } } })
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    expect(screen.getByText('会员折扣（黄金会员）')).toBeTruthy()
    expect(screen.getByText('-¥3.30')).toBeTruthy()
  })

  it('has no 会员折扣 row without a level discount', async () => {
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    expect(screen.queryByText(/会员折扣/)).toBeNull()
  })

  it('submits once when tapped twice, then pays through the adapter and shows the pay status', async () => {
    let finish: (v: any) => void = () => {}
    order.submitOrder.mockImplementation(() => new Promise((r) => (finish = r)))
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    const button = screen.getByText('提交订单')
    await act(async () => {
      fireEvent.click(button)
      fireEvent.click(button)
      fireEvent.click(button)
    })
    expect(order.submitOrder).toHaveBeenCalledTimes(1)
    const req = order.submitOrder.mock.calls[0][0]
    expect(req).toMatchObject({ from: 'buyNow', skuId: 5, quantity: 2, addressId: 7, remark: '' })
    expect(req.requestId).toMatch(/^[a-z0-9]+-[a-z0-9]+$/)
    await act(async () => {
      finish({ orderNo: '20261122000000123456', payAmount: 7400, status: 'unpaid', expireAt: Date.now() + 1e6, existing: false })
    })
    expect(pay.prepay).toHaveBeenCalledWith('20261122000000123456', 'sandbox', expect.anything())
    expect(adapter.pay).toHaveBeenCalledWith(PAY_PARAMS)
    expect((Taro.redirectTo as jest.Mock).mock.calls[0][0].url).toBe('/goodsPages/placeAnOrder/payStatus?orderNo=20261122000000123456&result=paid')
    // Tapping again after the order exists sends nothing new.
    await act(async () => {
      fireEvent.click(button)
    })
    expect(order.submitOrder).toHaveBeenCalledTimes(1)
  })

  it('retries a refused submit with the same requestId; a new visit gets a new one', async () => {
    order.submitOrder.mockRejectedValueOnce(new RequestError(2001, '库存不足'))
    order.submitOrder.mockResolvedValueOnce({ orderNo: '20261122000000999999', payAmount: 7400, status: 'unpaid', expireAt: Date.now() + 1e6, existing: true })
    let view: ReturnType<typeof render>
    await act(async () => {
      view = render(<PlaceOrderPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('提交订单'))
    })
    await act(async () => {
      fireEvent.click(screen.getByText('提交订单'))
    })
    expect(order.submitOrder).toHaveBeenCalledTimes(2)
    const [first, second] = order.submitOrder.mock.calls.map((c) => c[0].requestId)
    expect(second).toBe(first)
    view!.unmount()
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('提交订单'))
    })
    expect(order.submitOrder.mock.calls[2][0].requestId).not.toBe(first)
  })

  it('without an address, asks for one instead of submitting', async () => {
    order.previewOrder.mockResolvedValue({ ...PREVIEW, address: null })
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('提交订单'))
    })
    expect(order.submitOrder).not.toHaveBeenCalled()
    expect((Taro.navigateTo as jest.Mock).mock.calls[0][0].url).toBe('/minePages/shippingAddress/index?select=1')
  })
  it('使用余额: the switch asks the server again with useBalance; the bar shows what is left to pay; submit sends what the balance pays', async () => {
    const off = { ...PREVIEW, extras: { balance: { available: 3000, used: 0, gatewayAmount: 7400 } } }
    const on = { ...PREVIEW, extras: { balance: { available: 3000, used: 3000, gatewayAmount: 4400 } } }
    order.previewOrder.mockImplementation(async (req) => (req.useBalance ? on : off))
    order.submitOrder.mockResolvedValue({ orderNo: '20261122000000777777', payAmount: 7400, status: 'unpaid', expireAt: Date.now() + 1e6, existing: false })
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    expect(screen.getByText('可用余额¥30.00')).toBeTruthy()
    await act(async () => {
      fireEvent.click(document.querySelector('.coupon-picker__row .nut-switch')!)
    })
    expect(order.previewOrder).toHaveBeenLastCalledWith(expect.objectContaining({ useBalance: true }), expect.anything())
    expect(screen.getByText('抵扣¥30.00')).toBeTruthy()
    expect(screen.getByText('余额支付')).toBeTruthy()
    expect(screen.getByText('还需支付：')).toBeTruthy()
    expect(document.querySelector('.place-order__sum-price')!.textContent).toBe('¥44.00')
    await act(async () => {
      fireEvent.click(screen.getByText('提交订单'))
    })
    expect(order.submitOrder.mock.calls[0][0]).toMatchObject({ useBalance: true, balanceAmount: 3000, payPassword: '135790' })
  })
})
