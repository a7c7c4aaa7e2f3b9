import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { WithdrawInfo } from '@contract/agent'
import WithdrawIndexPage from '@/agentBackendPages/withdraw/index'
import ApplyIndexPage from '@/agentBackendPages/apply/index'
import * as agentApi from '@/api/agent'
import { useUserStore } from '@/stores/user'

jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow }, useDidShow }
})
jest.mock('@/api/agent')
const api = agentApi as jest.Mocked<typeof agentApi>

const INFO: WithdrawInfo = {
  account: { available: 12345, frozen: 500, withdrawing: 0, withdrawn: 0, totalCommission: 12845, settledCommission: 12345 },
  rules: { min: 1000, max: 5_000_000, feeBp: 60, feeMin: 10, dailyLimit: 3 },
  accounts: [{ method: 'bank', accountName: '林花语', accountText: '**** 4567', bankName: '中国工商银行', bankBranch: '' }],
  realName: '林花语',
  wechatBound: false,
  todayCount: 0,
}

function typeInto(placeholder: string, value: string) {
  const el = document.querySelector(`[placeholder="${placeholder}"]`) as HTMLElement
  expect(el).toBeTruthy()
  const input = (el.querySelector('input') as HTMLInputElement) || (el as HTMLInputElement)
  fireEvent.input(input, { target: { value }, detail: { value } })
  fireEvent.change(input, { target: { value }, detail: { value } })
}

describe('agent withdraw page', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', userInfo: { id: 1, businessId: 3, shopName: '花语小店' } as any })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
    api.getWithdrawInfo.mockResolvedValue(INFO)
    api.getWithdrawals.mockResolvedValue({ list: [], total: 0, page: 1, pageSize: 5 })
    api.applyWithdraw.mockResolvedValue({
      withdrawNo: 'W1',
      amount: 2000,
      fee: 12,
      actualAmount: 1988,
      method: 'bank',
      accountText: '',
      status: 'pending',
      statusText: '审核中',
      rejectReason: '',
      createdAt: 1,
      paidAt: null,
      rejectedAt: null,
    })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('shows the balance, the fee of the typed amount, and refuses what the rules refuse', async () => {
    await act(async () => {
      render(<WithdrawIndexPage />)
    })
    expect(screen.getByText('123.45')).toBeTruthy()
    expect(screen.getByText(/中国工商银行 \*\*\*\* 4567/)).toBeTruthy()
    await act(async () => typeInto('最低提现10.00元', '20'))
    expect(screen.getByText('手续费¥0.12，实际到账¥19.88')).toBeTruthy()
    await act(async () => typeInto('最低提现10.00元', '5'))
    expect(screen.getByText('单次提现金额不能低于¥10.00')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('申请提现'))
    })
    expect(api.applyWithdraw).not.toHaveBeenCalled()
    await act(async () => typeInto('最低提现10.00元', '200'))
    expect(screen.getByText('超出可提现余额')).toBeTruthy()
  })

  it('sends the amount in fen with the chosen method and one request id per form', async () => {
    await act(async () => {
      render(<WithdrawIndexPage />)
    })
    await act(async () => typeInto('最低提现10.00元', '20'))
    await act(async () => {
      fireEvent.click(screen.getByText('申请提现'))
    })
    expect(Taro.showModal).toHaveBeenCalledWith(expect.objectContaining({ title: '确认提现', content: expect.stringContaining('提现金额¥20.00，手续费¥0.12，实际到账¥19.88') }))
    expect((Taro.showModal as jest.Mock).mock.calls[0][0].content).toContain('中国工商银行 **** 4567（林花语）')
    expect(api.applyWithdraw).toHaveBeenCalledWith({ amount: 2000, method: 'bank', requestId: expect.stringMatching(/^w[a-z0-9]{8,}$/) }, { catch: true })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已申请提现¥20.00' }))
  })

  it('asks for confirmation with the amount before sending, and sends nothing when the agent says no', async () => {
    ;(Taro.showModal as jest.Mock).mockResolvedValue({ confirm: false, cancel: true })
    await act(async () => {
      render(<WithdrawIndexPage />)
    })
    await act(async () => typeInto('最低提现10.00元', '50'))
    await act(async () => {
      fireEvent.click(screen.getByText('申请提现'))
    })
    expect(Taro.showModal).toHaveBeenCalledTimes(1)
    expect((Taro.showModal as jest.Mock).mock.calls[0][0].content).toContain('提现金额¥50.00')
    expect(api.applyWithdraw).not.toHaveBeenCalled()
  })

  it('fills "全部提现" with the whole balance', async () => {
    await act(async () => {
      render(<WithdrawIndexPage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('全部提现'))
    })
    expect(screen.getByText('手续费¥0.75，实际到账¥122.70')).toBeTruthy()
  })
})

describe('agent apply page', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    api.toApply.mockResolvedValue({
      state: 'none',
      application: null,
      shop: null,
      prefillPhone: '13912345678',
      options: { shopNameMin: 2, shopNameMax: 20, realNameMax: 20, reasonMax: 200, reasonPresets: ['社群/团购团长'], defaultCommissionRate: 1000, rules: ['规则一'] },
    })
  })
  afterEach(() => {
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('validates with the spec rules before sending, then sends the form', async () => {
    api.applyAgent.mockResolvedValue({
      state: 'pending',
      application: {
        id: 1,
        shopName: '花语小店',
        realName: '张三',
        phone: '139****5678',
        idCard: '110101********4514',
        reason: '社群/团购团长',
        status: 'pending',
        rejectReason: '',
        createdAt: 1,
        reviewedAt: null,
      },
      shop: null,
      prefillPhone: '',
      options: {} as any,
    })
    await act(async () => {
      render(<ApplyIndexPage />)
    })
    typeInto('2-20个字，如：花语小店', '花语小店')
    typeInto('与身份证一致', '张三')
    typeInto('请输入18位身份证号', '110101199003074515')
    await act(async () => {
      fireEvent.click(screen.getByText('社群/团购团长'))
    })
    await act(async () => {
      fireEvent.click(screen.getByText('提交申请'))
    })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '请输入正确的18位身份证号' }))
    expect(api.applyAgent).not.toHaveBeenCalled()
    typeInto('请输入18位身份证号', '110101199003074514')
    await act(async () => {
      fireEvent.click(screen.getByText('提交申请'))
    })
    expect(api.applyAgent).toHaveBeenCalledWith({ shopName: '花语小店', realName: '张三', phone: '13912345678', idCard: '110101199003074514', reason: '社群/团购团长' }, { catch: true })
    expect(screen.getByText('申请审核中')).toBeTruthy()
  })
})
