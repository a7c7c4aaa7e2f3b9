// Issue 31 item 11: the 领券 sheet of goods details claims each coupon through the centre's receive, asks a visitor
// to log in first, and shows the server's claim state (已领取 / 已抢光) after reloading.
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { CentreCoupon } from '@contract/coupon'
import CouponSheet from '@/goodsPages/details/CouponSheet'
import * as couponApi from '@/api/coupon'
import * as auth from '@/core/auth'

jest.mock('@/api/coupon')
jest.mock('@/core/auth', () => ({ requireLogin: jest.fn() }))
const api = couponApi as jest.Mocked<typeof couponApi>
const requireLogin = auth.requireLogin as jest.Mock

const coupon = (couponId: number, ruleText: string, over: Partial<CentreCoupon> = {}): CentreCoupon =>
  ({
    couponId,
    name: ruleText,
    kind: 'amount',
    amount: 1000,
    threshold: 0,
    rate: 100,
    maxDiscount: 0,
    scope: 'all',
    scopeText: '全场通用',
    ruleText,
    faceText: '¥10',
    allowSeckill: false,
    description: '',
    validText: '领取后7天内有效',
    perMemberLimit: 1,
    received: 0,
    issuedPercent: 10,
    soldOut: false,
    canReceive: true,
    ...over,
  }) as CentreCoupon

const LIST = [coupon(1, '无门槛减10元'), coupon(2, '满99减20', { received: 1, canReceive: false }), coupon(3, '满199减50', { soldOut: true, canReceive: false })]

describe('goods details 领券 sheet', () => {
  afterEach(() => jest.clearAllMocks())

  it('shows each coupon with its claim state', () => {
    render(<CouponSheet visible coupons={LIST} onClose={jest.fn()} reload={jest.fn()} />)
    expect(screen.getByText('领取优惠券')).toBeTruthy()
    expect(screen.getByText('立即领取')).toBeTruthy()
    expect(screen.getByText('已领取')).toBeTruthy()
    expect(screen.getByText('已抢光')).toBeTruthy()
  })

  it('a visitor is sent to login and nothing is claimed', async () => {
    requireLogin.mockReturnValue(false)
    const reload = jest.fn()
    render(<CouponSheet visible coupons={LIST} onClose={jest.fn()} reload={reload} />)
    await act(async () => {
      fireEvent.click(screen.getByText('立即领取'))
    })
    expect(requireLogin).toHaveBeenCalled()
    expect(api.receiveCoupon).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })

  it('a member claims through the centre and the list is asked again', async () => {
    requireLogin.mockReturnValue(true)
    api.receiveCoupon.mockResolvedValue({ coupon: {} as any, left: 0 })
    const reload = jest.fn()
    render(<CouponSheet visible coupons={LIST} onClose={jest.fn()} reload={reload} />)
    await act(async () => {
      fireEvent.click(screen.getByText('立即领取'))
    })
    expect(api.receiveCoupon).toHaveBeenCalledWith(1, { catch: true })
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('goods details 领券 row order', () => {
  it("keeps the server's best-first order, with the coupons no one can claim any more last", () => {
    const { claimableFirst } = jest.requireActual('@/goodsPages/details/details')
    const out = claimableFirst([coupon(1, 'a', { soldOut: true, canReceive: false }), coupon(2, 'b'), coupon(3, 'c', { soldOut: true, received: 1, canReceive: false }), coupon(4, 'd')])
    expect(out.map((c: CentreCoupon) => c.couponId)).toEqual([2, 3, 4, 1])
  })
})
