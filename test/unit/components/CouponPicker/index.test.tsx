import { render, fireEvent, act, screen } from '@testing-library/react'
import type { OrderCouponExtras } from '@contract/coupon'
import CouponPicker from '@/components/CouponPicker'
import { expiresSoon, pickerSummary, validRange } from '@/utils/coupon'

const opt = (id: number, discount: number, usable = true, reason = '') => ({
  id,
  name: `券${id}`,
  faceText: '¥10',
  ruleText: '无门槛减10元',
  scopeText: '全场通用',
  validTo: Date.now() + 5 * 86400_000,
  discount,
  usable,
  reason,
})
const extras = (over: Partial<OrderCouponExtras> = {}): OrderCouponExtras => ({
  usable: [opt(1, 2000), opt(2, 500)],
  unusable: [opt(3, 0, false, '未满足使用门槛，还差80元')],
  selectedId: 1,
  bestId: 1,
  declined: false,
  ...over,
})

describe('coupon choice display', () => {
  it('marks the applied coupon as the best one when the server picked it', () => {
    expect(pickerSummary(extras(), 2000)).toEqual({ text: '-¥20.00', tone: 'price', best: true })
  })
  it('does not call a member choice the best when it is not', () => {
    expect(pickerSummary(extras({ selectedId: 2 }), 500)).toEqual({ text: '-¥5.00', tone: 'price', best: false })
  })
  it('shows how many could be used when the member declined', () => {
    expect(pickerSummary(extras({ selectedId: null, declined: true }), 0)).toEqual({ text: '不使用优惠券（2张可用）', tone: 'normal', best: false })
  })
  it('says when nothing applies', () => {
    expect(pickerSummary(extras({ usable: [], selectedId: null, bestId: null }), 0).text).toBe('暂无可用优惠券')
    expect(pickerSummary({ usable: [], unusable: [], selectedId: null, bestId: null, declined: false }, 0).text).toBe('暂无优惠券')
    expect(pickerSummary(undefined, 0).tone).toBe('muted')
  })
  it('formats validity in China days, the end exclusive', () => {
    const from = Date.parse('2024-11-22T00:00:00+08:00')
    expect(validRange(from, from + 7 * 86400_000)).toBe('2024.11.22-2024.11.28')
    const noon = Date.parse('2024-11-22T12:00:00+08:00')
    expect(expiresSoon(noon + 3600_000, noon)).toBe('今天过期')
    expect(expiresSoon(noon + 2.5 * 86400_000, noon)).toBe('2天后过期') // ends at midnight: its last day is 2 days on
    expect(expiresSoon(noon + 10 * 86400_000, noon)).toBe('')
  })

  it('renders the row, opens the list with reasons, and reports the member choice', async () => {
    const onChange = jest.fn()
    render(<CouponPicker extras={extras()} discount={2000} onChange={onChange} />)
    expect(screen.getByText('已选最优')).toBeTruthy()
    expect(screen.getByText('-¥20.00')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('-¥20.00'))
    })
    expect(screen.getByText('可用优惠券（2）')).toBeTruthy()
    expect(screen.getByText('未满足使用门槛，还差80元')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('券2'))
    })
    expect(onChange).toHaveBeenLastCalledWith(2)
    await act(async () => {
      fireEvent.click(screen.getByText('-¥20.00'))
    })
    await act(async () => {
      fireEvent.click(screen.getByText('不使用优惠券'))
    })
    expect(onChange).toHaveBeenLastCalledWith(0)
    // An unusable coupon cannot be picked.
    await act(async () => {
      fireEvent.click(screen.getByText('-¥20.00'))
    })
    onChange.mockClear()
    await act(async () => {
      fireEvent.click(screen.getByText('券3'))
    })
    expect(onChange).not.toHaveBeenCalled()
  })
})
