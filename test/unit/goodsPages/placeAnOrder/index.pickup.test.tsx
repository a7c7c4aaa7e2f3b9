import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { OrderPreview } from '@contract/order'
import PlaceOrderPage from '@/goodsPages/placeAnOrder/index'
import * as orderApi from '@/api/order'
import * as payApi from '@/api/pay'
import { paymentAdapter } from '@/platform/payment'
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

const POINTS = [
  { id: 3, name: '西湖店', address: '浙江省杭州市西湖区文三路 200 号', hours: '每天 09:00-21:00', phone: '0571-88886666' },
  { id: 4, name: '滨江店', address: '浙江省杭州市滨江区江南大道 1 号', hours: '周一至周五 10:00-20:00', phone: '0571-86660000' },
]
const DELIVERY: OrderPreview = { ...PREVIEW, pickup: { points: POINTS, point: null, contactPhone: '13800138000', contactName: '小美' } }
const pickupPreview = (point = POINTS[0]): OrderPreview => ({ ...DELIVERY, deliveryType: 'pickup', address: null, freightAmount: 0, payAmount: 6600, pickup: { ...DELIVERY.pickup, point } })

/** 快递配送 / 到店自提 on the confirm-order page (docs/orders.md "Self-pickup"). */
describe('confirm-order page: delivery or pickup', () => {
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
    pay.prepay.mockResolvedValue(PAY_PARAMS)
    adapter.pay.mockResolvedValue('paid')
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('offers no switch when the shop has no pickup point', async () => {
    order.previewOrder.mockResolvedValue(PREVIEW)
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    expect(screen.queryByText('到店自提')).toBeNull()
    expect(screen.getByText('小美')).toBeTruthy()
  })

  it('switches to pickup: priced again by the server, the point and its hours shown, no address, freight explained', async () => {
    order.previewOrder.mockResolvedValueOnce(DELIVERY).mockResolvedValue(pickupPreview())
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    expect(screen.getByText('快递配送').closest('[role="tab"]')!.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('+¥8.00')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('到店自提'))
    })
    expect(order.previewOrder).toHaveBeenLastCalledWith(expect.objectContaining({ deliveryType: 'pickup', pickupPointId: undefined }), expect.anything())
    expect(screen.getByText('到店自提').closest('[role="tab"]')!.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('西湖店')).toBeTruthy()
    expect(screen.getByText('营业时间：每天 09:00-21:00')).toBeTruthy()
    expect(screen.getByText('到店自提，免运费')).toBeTruthy()
    expect(screen.queryByText('请添加收货地址')).toBeNull()
    expect(document.querySelector('.place-order__sum-price')!.textContent).toBe('¥66.00')
  })

  it('submits the point and the contact prefilled from the member, without an address', async () => {
    order.previewOrder.mockResolvedValueOnce(DELIVERY).mockResolvedValue(pickupPreview(POINTS[1]))
    order.submitOrder.mockResolvedValue({ orderNo: '20261128000000123456', payAmount: 6600, status: 'unpaid', expireAt: Date.now() + 1e6, existing: false })
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('到店自提'))
    })
    await act(async () => {
      fireEvent.click(screen.getByText('提交订单'))
    })
    const req = order.submitOrder.mock.calls[0][0]
    expect(req).toMatchObject({ deliveryType: 'pickup', pickupPointId: 4, receiverName: '小美', receiverPhone: '13800138000' })
    expect(req.addressId).toBeUndefined()
    expect(Taro.navigateTo).not.toHaveBeenCalled()
  })

  it('refuses to submit a pickup order without a valid phone', async () => {
    order.previewOrder.mockResolvedValue({ ...pickupPreview(), pickup: { ...pickupPreview().pickup, contactPhone: '' } })
    await act(async () => {
      render(<PlaceOrderPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('提交订单'))
    })
    expect(order.submitOrder).not.toHaveBeenCalled()
    expect((Taro.showToast as jest.Mock).mock.calls.at(-1)[0].title).toBe('请填写正确的提货人手机号')
  })
})
