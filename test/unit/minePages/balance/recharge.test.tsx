// 我的 → 余额 → 充值: the server's packages (pay X, get X + bonus), the withdrawal rule from the shop's setting; paying
// creates a recharge order, pays it through the shell's payment adapter and waits for the server to say it is credited.
import { act, fireEvent, render, screen } from '@testing-library/react'
import RechargePage from '@/minePages/balance/recharge'
import * as api from '@/api/recharge'
import { paymentAdapter } from '@/platform/payment'
import { useUserStore } from '@/stores/user'

jest.mock('@tarojs/components', () => {
  const { View, Text, Image } = jest.requireActual('@/h5runtime/h5Elements')
  return { ...jest.requireActual('@tarojs/components'), View, Text, Image }
})
// The page's query: a recharge number when WeChat Pay H5 brings the shopper back (set per test).
const routerParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: routerParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useRouter }, useRouter }
})
jest.mock('@/api/recharge')
jest.mock('@/platform/payment', () => ({ paymentAdapter: { channel: jest.fn(() => 'sandbox'), pay: jest.fn() } }))
jest.mock('@/core/nav', () => ({ ...jest.requireActual('@/core/nav'), back: jest.fn() }))
const mocked = api as jest.Mocked<typeof api>
const pay = paymentAdapter.pay as jest.Mock

const view = (status: 'unpaid' | 'paid') => ({ rechargeNo: 'C1', amount: 20000, bonus: 3000, status, statusText: status === 'paid' ? '已到账' : '待支付', paidAt: null, createdAt: 1 })

describe('recharge page', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    mocked.getRechargeOptions.mockResolvedValue({
      packages: [
        { id: 1, name: '充100送10', payAmount: 10000, bonusAmount: 1000 },
        { id: 2, name: '充200送30', payAmount: 20000, bonusAmount: 3000 },
      ],
      withdrawable: false,
    })
    mocked.createRecharge.mockResolvedValue(view('unpaid'))
    mocked.prepayRecharge.mockResolvedValue({ channel: 'sandbox', payNo: 'P1', amount: 20000, params: { ticket: 'x' } })
    mocked.getRechargeStatus.mockResolvedValue(view('paid'))
  })
  afterEach(() => {
    jest.clearAllMocks()
    delete routerParams.rechargeNo
  })

  it('back from WeChat Pay H5 with its number: asks the server and says what was credited', async () => {
    routerParams.rechargeNo = 'C1'
    await act(async () => {
      render(<RechargePage />)
    })
    expect(mocked.getRechargeStatus).toHaveBeenCalledWith('C1', { catch: true })
    expect(screen.getByText('充值成功，¥230.00 已到账（含赠送 ¥30.00）')).toBeTruthy()
  })

  it('shows the packages with their bonus and what arrives; says recharged money cannot be withdrawn when the setting is off', async () => {
    await act(async () => {
      render(<RechargePage />)
    })
    expect(screen.getByText('充 ¥100.00')).toBeTruthy()
    expect(screen.getByText('送 ¥30.00')).toBeTruthy()
    expect(screen.getByText('到账 ¥110.00（含赠送 ¥10.00）')).toBeTruthy()
    expect(screen.getByText('充值金额和赠送金额只能在商城消费，不可提现')).toBeTruthy()
  })

  it('pays the picked package through the payment adapter and asks the server until it is credited', async () => {
    pay.mockResolvedValue('paid')
    await act(async () => {
      render(<RechargePage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('充 ¥200.00'))
    })
    expect(screen.getByText('到账 ¥230.00（含赠送 ¥30.00）')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('支付 ¥200.00'))
    })
    expect(mocked.createRecharge).toHaveBeenCalledWith(2, { catch: true })
    expect(mocked.prepayRecharge).toHaveBeenCalledWith('C1', 'sandbox', { catch: true })
    expect(pay).toHaveBeenCalledWith(expect.objectContaining({ payNo: 'P1', amount: 20000 }))
    expect(mocked.getRechargeStatus).toHaveBeenCalledWith('C1', { catch: true })
  })

  it('a cancelled payment asks nothing more of the server', async () => {
    pay.mockResolvedValue('cancelled')
    await act(async () => {
      render(<RechargePage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('支付 ¥100.00'))
    })
    expect(pay).toHaveBeenCalled()
    expect(mocked.getRechargeStatus).not.toHaveBeenCalled()
  })
})
