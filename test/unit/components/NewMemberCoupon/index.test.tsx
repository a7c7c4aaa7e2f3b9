import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { NewMemberCouponHint } from '@contract/coupon'
import NewMemberCoupon, { ARRIVED_KEY, DISMISS_KEY, PENDING_KEY } from '@/components/NewMemberCoupon'
import * as couponApi from '@/api/coupon'
import { useUserStore } from '@/stores/user'

jest.mock('@/api/coupon')
jest.mock('@/core/nav', () => ({ navigateTo: jest.fn(), redirectTo: jest.fn(), back: jest.fn() }))
jest.mock('@/core/auth', () => ({ goLogin: jest.fn() }))
const api = couponApi as jest.Mocked<typeof couponApi>

const rule = (couponId: number, faceText: string, ruleText: string) =>
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
    faceText,
    allowSeckill: false,
    description: '',
  }) as any
const PACKAGE = [rule(1, '¥10', '无门槛减10元'), rule(2, '¥20', '满99减20')]
const hint = (over: Partial<NewMemberCouponHint>): NewMemberCouponHint => ({ eligible: true, needLogin: true, received: false, totalAmount: 3000, coupons: PACKAGE, ...over })

async function show() {
  await act(async () => {
    render(<NewMemberCoupon />)
  })
}

describe('new-member popup', () => {
  beforeEach(() => {
    Taro.clearStorageSync()
    useUserStore.setState({ token: '', userInfo: {} as any })
  })
  afterEach(() => jest.clearAllMocks())

  it('shows a visitor exactly the package the server hands out, with 登录领取', async () => {
    api.getNewMemberCouponHint.mockResolvedValue(hint({}))
    await show()
    expect(screen.getByText('新人专享礼包')).toBeTruthy()
    expect(screen.getByText('无门槛减10元')).toBeTruthy()
    expect(screen.getByText('满99减20')).toBeTruthy()
    expect(screen.getByText('¥30')).toBeTruthy()
    expect(screen.getByText('登录领取')).toBeTruthy()
  })

  it('closed, it can be reopened from the 新人礼 badge until the package is taken', async () => {
    api.getNewMemberCouponHint.mockResolvedValue(hint({}))
    await show()
    await act(async () => {
      fireEvent.click(screen.getByLabelText('关闭'))
    })
    expect(Taro.getStorageSync(DISMISS_KEY)).toBeTruthy()
    const badge = screen.getByLabelText('新人礼包')
    await act(async () => {
      fireEvent.click(badge)
    })
    expect(screen.queryByLabelText('新人礼包')).toBeNull()
    expect(screen.getByText('登录领取')).toBeTruthy()
  })

  it('after registering, says once that the package has arrived, and offers no badge', async () => {
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    api.getNewMemberCouponHint.mockResolvedValue(hint({ eligible: false, needLogin: false, received: true }))
    await show()
    expect(screen.getByText('新人礼包已到账')).toBeTruthy()
    expect(screen.getByText('去查看')).toBeTruthy()
    expect(Taro.getStorageSync(ARRIVED_KEY)).toBe(true)
    expect(screen.queryByLabelText('新人礼包')).toBeNull()
  })

  it('closed today, nothing pops up again today: the badge reopens it', async () => {
    Taro.setStorageSync(DISMISS_KEY, new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))
    api.getNewMemberCouponHint.mockResolvedValue(hint({}))
    await show()
    expect(screen.getByLabelText('新人礼包')).toBeTruthy()
    expect(screen.queryByText('登录领取')).toBeNull()
  })

  it('a member who was told already sees nothing', async () => {
    Taro.setStorageSync(ARRIVED_KEY, true)
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    api.getNewMemberCouponHint.mockResolvedValue(hint({ eligible: false, needLogin: false, received: true }))
    await show()
    expect(screen.queryByText('新人礼包已到账')).toBeNull()
    expect(screen.queryByLabelText('新人礼包')).toBeNull()
  })

  describe('after 登录领取', () => {
    const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    const signIn = async () => {
      await act(async () => {
        useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
      })
    }

    it('a visitor who registers sees the package that arrived, even if they had closed the popup today', async () => {
      jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
      Taro.setStorageSync(DISMISS_KEY, today())
      api.getNewMemberCouponHint.mockResolvedValueOnce(hint({})).mockResolvedValueOnce(hint({ eligible: false, needLogin: false, received: true }))
      await show()
      await act(async () => {
        fireEvent.click(screen.getByLabelText('新人礼包'))
      })
      await act(async () => {
        fireEvent.click(screen.getByText('登录领取'))
      })
      expect(Taro.getStorageSync(PENDING_KEY)).toBe(true)
      await signIn()
      expect(screen.getByText('新人礼包已到账')).toBeTruthy()
      expect(screen.getByText('无门槛减10元')).toBeTruthy()
      expect(screen.getByText('满99减20')).toBeTruthy()
      expect(Taro.getStorageSync(PENDING_KEY)).toBeFalsy()
    })

    it('an earlier member who had not taken it gets it claimed, and sees what they got', async () => {
      const t = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
      api.getNewMemberCouponHint.mockResolvedValueOnce(hint({})).mockResolvedValueOnce(hint({ needLogin: false }))
      api.receiveNewMemberCoupon.mockResolvedValue({ received: [] } as any)
      await show()
      await act(async () => {
        fireEvent.click(screen.getByText('登录领取'))
      })
      await signIn()
      expect(api.receiveNewMemberCoupon).toHaveBeenCalledTimes(1)
      expect(screen.getByText('新人礼包已到账')).toBeTruthy()
      expect(screen.getByText('满99减20')).toBeTruthy()
      expect(t.mock.calls.at(-1)![0].title).toBe('领取成功，已放入我的优惠券')
    })

    it('a member the package is not for is told so, not left in silence', async () => {
      const t = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
      api.getNewMemberCouponHint.mockResolvedValueOnce(hint({})).mockResolvedValueOnce(hint({ eligible: false, needLogin: false }))
      await show()
      await act(async () => {
        fireEvent.click(screen.getByText('登录领取'))
      })
      await signIn()
      expect(api.receiveNewMemberCoupon).not.toHaveBeenCalled()
      expect(t.mock.calls.at(-1)![0].title).toBe('新人礼包仅限新用户领取')
    })
  })
})
