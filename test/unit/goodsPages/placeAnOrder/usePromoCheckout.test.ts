import { act, renderHook, waitFor } from '@testing-library/react'
import type { OrderPreview } from '@contract/order'
import { usePromoCheckout, type PromoPreviewInput, type PromoSubmitFields } from '@/goodsPages/placeAnOrder/usePromoCheckout'
import { RequestError } from '@/core/request'
import { navigateTo } from '@/core/nav'
import { useUserStore } from '@/stores/user'
import { useCommonStore } from '@/stores/common'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow }, useDidShow }
})
const mockAsk = jest.fn(async (_title: string): Promise<string | null> => '135790')
jest.mock('@/components/PayPassword', () => ({ usePayPassword: () => ({ ask: mockAsk, sheet: null }) }))
jest.mock('@/core/nav', () => ({ navigateTo: jest.fn(async () => undefined) }))
jest.mock('@/core/toast', () => ({ toast: jest.fn() }))
// Imported through @/components/Order; nothing here pays (the pages' own tests do).
jest.mock('@/platform/payment', () => ({ paymentAdapter: {} }))

const ADDRESS = { id: 7, name: '小美', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', detail: '文三路 478 号', tag: '', isDefault: true }
const preview = (over: Partial<OrderPreview> = {}): OrderPreview => ({
  lines: [],
  deliveryType: 'delivery',
  pickup: { points: [], point: null, contactPhone: '', contactName: '' },
  address: ADDRESS,
  goodsAmount: 3000,
  freightAmount: 0,
  levelDiscount: 0,
  couponDiscount: 0,
  pointsDiscount: 0,
  payAmount: 3000,
  freeFreightThreshold: 0,
  extras: {},
  ...over,
})

beforeEach(() => {
  useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
  useCommonStore.setState({ shippingAddress: null })
  mockAsk.mockClear()
  ;(navigateTo as jest.Mock).mockClear()
})

it('says why when the query names nothing to buy, and asks the server nothing', async () => {
  const fetch = jest.fn(async () => preview())
  const { result } = renderHook(() => usePromoCheckout(fetch, 1, '秒杀商品不存在'))
  await waitFor(() => expect(result.current.failed).toBe('秒杀商品不存在'))
  expect(fetch).not.toHaveBeenCalled()
})

it('drops a chosen address deleted meanwhile, and a coupon that no longer fits, then prices again', async () => {
  useCommonStore.setState({ shippingAddress: { ...ADDRESS, id: 9 } })
  const fetch = jest.fn(async (q: PromoPreviewInput) => {
    if (q.addressId === 9) throw new RequestError(404, '收货地址不存在')
    if (q.couponId === 3) throw new RequestError(3001, '该优惠券不可用')
    return preview()
  })
  const { result } = renderHook(() => usePromoCheckout(fetch, 2, false))
  await waitFor(() => expect(result.current.preview).not.toBeNull())
  expect(fetch.mock.calls.map((c) => c[0])).toEqual([
    { quantity: 2, addressId: 9, couponId: undefined, useBalance: false },
    { quantity: 2, addressId: undefined, couponId: undefined, useBalance: false },
  ])
  expect(useCommonStore.getState().shippingAddress).toBeNull()
  await act(async () => result.current.changeCoupon(3))
  expect(fetch.mock.calls.slice(2).map((c) => c[0].couponId)).toEqual([3, undefined])
  expect(result.current.failed).toBe('')
})

it('keeps the quantity within its bounds', async () => {
  const fetch = jest.fn(async () => preview())
  const { result } = renderHook(() => usePromoCheckout(fetch, 1, false))
  await waitFor(() => expect(result.current.preview).not.toBeNull())
  await act(async () => result.current.changeQuantity(9, 3))
  expect(result.current.quantity).toBe(3)
  await act(async () => result.current.changeQuantity('x', 3))
  expect(result.current.quantity).toBe(1)
})

it('sends to the address book first when there is no address', async () => {
  const { result } = renderHook(() => usePromoCheckout(async () => preview({ address: null }), 1, false))
  await waitFor(() => expect(result.current.preview).not.toBeNull())
  const send = jest.fn()
  await act(async () => result.current.submit(send, async () => undefined))
  expect(send).not.toHaveBeenCalled()
  expect(navigateTo).toHaveBeenCalledWith('/minePages/shippingAddress/index', { select: 1 })
})

it('asks the 支付密码 when the balance pays, sends what the preview showed, and retries a refused order with the same requestId', async () => {
  const fetch = jest.fn(async (q: PromoPreviewInput) => preview({ extras: q.useBalance ? { balance: { available: 5000, used: 3000 } as any } : {} }))
  const { result } = renderHook(() => usePromoCheckout(fetch, 1, false))
  await waitFor(() => expect(result.current.preview).not.toBeNull())
  await act(async () => result.current.changeBalance(true))
  await waitFor(() => expect(result.current.preview?.extras.balance?.used).toBe(3000))
  await act(async () => result.current.setRemark('  放门口 '))

  const sent: PromoSubmitFields[] = []
  const send = jest.fn(async (f: PromoSubmitFields) => {
    sent.push(f)
    if (sent.length === 1) throw new RequestError(3002, '已抢光')
    return { orderNo: 'S1' }
  })
  const done = jest.fn(async () => undefined)
  await act(async () => result.current.submit(send, done))
  expect(mockAsk).toHaveBeenCalledWith('余额支付 ¥30.00')
  expect(done).not.toHaveBeenCalled()
  expect(result.current.busy).toBe(false)
  await act(async () => result.current.submit(send, done))
  expect(done).toHaveBeenCalledWith({ orderNo: 'S1' })
  expect(sent[0]).toEqual({ quantity: 1, addressId: 7, useBalance: true, balanceAmount: 3000, payPassword: '135790', remark: '放门口', requestId: sent[0].requestId })
  expect(sent[1].requestId).toBe(sent[0].requestId)

  // The sheet closed without a password: nothing is sent.
  mockAsk.mockResolvedValueOnce(null)
  const { result: again } = renderHook(() => usePromoCheckout(fetch, 1, false))
  await waitFor(() => expect(again.current.preview).not.toBeNull())
  await act(async () => again.current.changeBalance(true))
  await waitFor(() => expect(again.current.preview?.extras.balance?.used).toBe(3000))
  const never = jest.fn()
  await act(async () => again.current.submit(never, done))
  expect(never).not.toHaveBeenCalled()
})
