import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { WithdrawInfo, Withdrawal } from '@contract/agent'
import WithdrawIndexPage from '@/agentBackendPages/withdraw/index'
import * as agentApi from '@/api/agent'
import * as transfer from '@/platform/transfer'
import { useUserStore } from '@/stores/user'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow }, useDidShow }
})
jest.mock('@/api/agent')
jest.mock('@/platform/transfer')
const api = agentApi as jest.Mocked<typeof agentApi>
const platform = transfer as jest.Mocked<typeof transfer>

const INFO: WithdrawInfo = {
  account: { available: 0, frozen: 0, withdrawing: 9940, withdrawn: 0, totalCommission: 10000 },
  rules: { min: 1000, max: 5_000_000, feeBp: 60, feeMin: 10, dailyLimit: 3 },
  accounts: [{ method: 'wechat', accountName: '林花语', accountText: '已绑定微信', bankName: '', bankBranch: '' }],
  realName: '林花语',
  wechatBound: true,
  todayCount: 1,
}
const pending: Withdrawal = {
  withdrawNo: 'W20261124000001',
  amount: 10000,
  fee: 60,
  actualAmount: 9940,
  method: 'wechat',
  accountText: '微信零钱 林花语',
  status: 'pending',
  statusText: '审核中',
  rejectReason: '',
  createdAt: 1,
  paidAt: null,
  rejectedAt: null,
  needConfirm: true,
}

describe('agent withdrawal by WeChat merchant transfer', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', userInfo: { id: 1, businessId: 3, shopName: '花语小店' } as any })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    api.getWithdrawInfo.mockResolvedValue(INFO)
    api.getWithdrawals
      .mockResolvedValueOnce({ list: [pending], total: 1, page: 1, pageSize: 5 })
      .mockResolvedValue({ list: [{ ...pending, status: 'paid', statusText: '已打款', needConfirm: false }], total: 1, page: 1, pageSize: 5 })
    api.getTransferParams.mockResolvedValue({ withdrawNo: pending.withdrawNo, mchId: '1900000109', appId: 'wxminiappid00001', package: 'ABBQO+oYAAAB' })
    api.refreshTransfer.mockResolvedValue({ ...pending, status: 'paid', statusText: '已打款', needConfirm: false })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('confirms the receipt with the server package, then asks the server for the result', async () => {
    platform.confirmMerchantTransfer.mockResolvedValue('confirmed')
    await act(async () => {
      render(<WithdrawIndexPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('确认收款'))
    })
    expect(api.getTransferParams).toHaveBeenCalledWith(pending.withdrawNo, { catch: true })
    expect(platform.confirmMerchantTransfer).toHaveBeenCalledWith({ withdrawNo: pending.withdrawNo, mchId: '1900000109', appId: 'wxminiappid00001', package: 'ABBQO+oYAAAB' })
    expect(api.refreshTransfer).toHaveBeenCalledWith(pending.withdrawNo, { catch: true })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已到账微信零钱' }))
    expect(screen.queryByText('确认收款')).toBeNull()
  })

  it('outside WeChat it tells the agent where to confirm and does not ask the server', async () => {
    platform.confirmMerchantTransfer.mockResolvedValue('unsupported')
    await act(async () => {
      render(<WithdrawIndexPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('确认收款'))
    })
    expect(api.refreshTransfer).not.toHaveBeenCalled()
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请在微信中打开商城后确认收款' }))
  })
})
