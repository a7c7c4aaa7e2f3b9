// The shopper's 售后详情 when the shop approved less than asked: 「商家同意退款 ¥x（申请 ¥y）」 with the reason, and each
// line with its own money, not ¥0.00 (docs/after-sales.md "Approving less than asked").
import { render, act } from '@testing-library/react'
import type { AfterSaleDetail } from '@contract/afterSales'
import AfterSaleDetailPage from '@/minePages/afterSales/details'
import * as api from '@/api/afterSales'
import { approvedLessText, caseAmount } from '@/utils/refund'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow, useRouter }, useDidShow, useRouter }
})
jest.mock('@/api/afterSales')
jest.mock('@/core/auth', () => ({ requireLogin: () => true }))
const mocked = api as jest.Mocked<typeof api>

const CASE: AfterSaleDetail = {
  afterSaleNo: 'S20261128000000000001',
  orderNo: '20261128000000000001',
  type: 'refund',
  typeText: '仅退款',
  status: 'approved',
  statusText: '商家已同意',
  amount: 5000,
  approvedAmount: 3000,
  approveNote: '商品已拆封',
  refundAmount: 0,
  items: [{ orderItemId: 1, goodsName: '真丝连衣裙', image: '', specText: '黑色 / M', price: 5000, quantity: 1, amount: 3000 }],
  createdAt: Date.now(),
  reason: '不想要了',
  description: '',
  images: [],
  rejectReason: '',
  pointsReturned: 0,
  couponReturned: false,
  returnAddress: null,
  returnShipment: null,
  logs: [],
  actions: ['cancel'],
  refundedAt: null,
}

describe('after-sales details, approved for less', () => {
  it('says what was approved against what was asked, why, and each line’s money', async () => {
    mockParams = { afterSaleNo: CASE.afterSaleNo }
    mocked.getAfterSaleDetail.mockResolvedValue(CASE)
    await act(async () => {
      render(<AfterSaleDetailPage />)
    })
    const text = document.body.textContent || ''
    expect(text).toContain('商家同意退款 ¥30.00（申请 ¥50.00），原因：商品已拆封')
    expect(document.querySelector('.goods-line__note')?.textContent).toBe('退款 ¥30.00')
    expect(text).not.toContain('¥0.00')
  })

  it('says nothing of it when approved as asked', () => {
    expect(approvedLessText({ amount: 5000, approvedAmount: null })).toBe('')
    expect(approvedLessText({ amount: 5000, approvedAmount: 5000 })).toBe('')
    expect(caseAmount({ amount: 5000, approvedAmount: 3000, refundAmount: 0, status: 'approved' })).toBe(3000)
    expect(caseAmount({ amount: 5000, approvedAmount: null, refundAmount: 0, status: 'applied' })).toBe(5000)
    expect(caseAmount({ amount: 5000, approvedAmount: 3000, refundAmount: 3000, status: 'refunded' })).toBe(3000)
  })
})
