import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { BalanceWithdrawal, BalanceWithdrawInfo } from '@contract/balanceWithdraw'
import BalanceWithdrawPage, { amountError, toFen } from '@/minePages/balance/withdraw'
import * as balanceApi from '@/api/balance'
import * as transfer from '@/platform/transfer'
import * as toastMod from '@/core/toast'
import { useUserStore } from '@/stores/user'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow }, useDidShow }
})
jest.mock('@/api/balance')
jest.mock('@/platform/transfer')
// The 支付密码 sheet has its own test: here the shopper types it at once.
jest.mock('@/components/PayPassword', () => ({ usePayPassword: () => ({ ask: jest.fn(async () => '135790'), sheet: null }) }))
const api = balanceApi as jest.Mocked<typeof balanceApi>
const platform = transfer as jest.Mocked<typeof transfer>

const INFO: BalanceWithdrawInfo = {
  withdrawable: 5000,
  settings: { min: 100, dailyMax: 10000, feePermille: 6, feeFixed: 10, approveAbove: null },
  today: 0,
  wechatBound: true,
  available: true,
}
const waiting: BalanceWithdrawal = {
  withdrawNo: 'BW20261128000001',
  amount: 3000,
  fee: 28,
  actualAmount: 2972,
  status: 'transferring',
  statusText: '转账中',
  reason: '',
  needConfirm: true,
  createdAt: 1,
}

function typeInto(placeholder: string, value: string) {
  const el = document.querySelector(`[placeholder="${placeholder}"]`) as HTMLElement
  expect(el).toBeTruthy()
  const input = (el.querySelector('input') as HTMLInputElement) || (el as HTMLInputElement)
  fireEvent.input(input, { target: { value }, detail: { value } })
  fireEvent.change(input, { target: { value }, detail: { value } })
}

describe('我的 → 余额 → 提现', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(toastMod, 'confirm').mockResolvedValue(true)
    api.getWithdrawInfo.mockResolvedValue(INFO)
    api.getBalanceWithdrawals.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 10 })
    api.applyBalanceWithdraw.mockResolvedValue(waiting)
    api.getBalanceTransferParams.mockResolvedValue({ withdrawNo: waiting.withdrawNo, mchId: '1900000109', appId: 'wxminiappid00001', package: 'ABBQO+oYAAAB' })
    api.refreshBalanceTransfer.mockResolvedValue({ ...waiting, status: 'paid', statusText: '已到账', needConfirm: false })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('checks the amount against the minimum, the withdrawable part and the day', () => {
    expect(toFen('12.3')).toBe(1230)
    expect(toFen('1.234')).toBeNull()
    expect(amountError(50, INFO)).toBe('单次提现不能低于¥1.00')
    expect(amountError(6000, INFO)).toBe('最多可提现¥50.00')
    expect(amountError(3000, { ...INFO, today: 8000 })).toBe('今日还可提现¥20.00')
    expect(amountError(3000, INFO)).toBe('')
  })

  it('shows the fee before confirming, withdraws once and confirms the receipt in WeChat', async () => {
    platform.confirmMerchantTransfer.mockResolvedValue('confirmed')
    await act(async () => {
      render(<BalanceWithdrawPage />)
    })
    await act(async () => {
      typeInto('最低提现1.00元', '30')
    })
    expect(screen.getByText('手续费¥0.28，实际到账¥29.72')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('提现到微信零钱'))
    })
    expect(toastMod.confirm).toHaveBeenCalledWith('提现¥30.00到微信零钱，手续费¥0.28，实际到账¥29.72', '确认提现')
    expect(api.applyBalanceWithdraw).toHaveBeenCalledWith({ amount: 3000, requestId: expect.stringMatching(/^bw/), payPassword: '135790' }, { catch: true })
    expect(platform.confirmMerchantTransfer).toHaveBeenCalledWith({ withdrawNo: waiting.withdrawNo, mchId: '1900000109', appId: 'wxminiappid00001', package: 'ABBQO+oYAAAB' })
    expect(api.refreshBalanceTransfer).toHaveBeenCalledWith(waiting.withdrawNo, { catch: true })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已到账微信零钱' }))
  })

  it.each([
    ['cancelled', { ...waiting }, '未确认收款，可稍后再确认'],
    ['failed', { ...waiting }, '确认收款未完成，请稍后重试'],
    ['confirmed', { ...waiting, needConfirm: false }, '已确认收款，微信处理中'],
  ] as const)('says what became of WeChat’s 确认收款 page (%s) and where the withdrawal stands', async (outcome, after, words) => {
    platform.confirmMerchantTransfer.mockResolvedValue(outcome)
    api.refreshBalanceTransfer.mockResolvedValue(after)
    api.getBalanceWithdrawals.mockResolvedValue({ list: [waiting], total: 1, page: 1, pageSize: 10 })
    await act(async () => {
      render(<BalanceWithdrawPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('确认收款'))
    })
    expect(api.refreshBalanceTransfer).toHaveBeenCalledWith(waiting.withdrawNo, { catch: true })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: words }))
    expect(Taro.showToast).not.toHaveBeenCalledWith(expect.objectContaining({ title: '已到账微信零钱' }))
  })

  it('outside WeChat Pay it says so and does not withdraw', async () => {
    api.getWithdrawInfo.mockResolvedValue({ ...INFO, available: false })
    await act(async () => {
      render(<BalanceWithdrawPage />)
    })
    expect(screen.getByText('本店暂未开通提现到微信零钱')).toBeTruthy()
    // The reason takes the button's place: no button that cannot work (and whose disabled colours fail contrast).
    expect(screen.queryByText('提现到微信零钱')).toBeNull()
    expect(api.applyBalanceWithdraw).not.toHaveBeenCalled()
  })
})
