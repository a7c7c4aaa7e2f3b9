// 我的 → 余额: the balance, its withdrawable part and what unpaid orders hold, from the server; the ledger's 全部 / 收入 /
// 支出 tabs ask the server for that flow (never filtered on the phone), each row in yuan with its sign and the balance after.
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { BalanceLedgerRow } from '@contract/balance'
import BalancePage from '@/minePages/balance/index'
import * as api from '@/api/balance'
import { useUserStore } from '@/stores/user'

// Every useDidShow callback of the latest render (the page's and its layout's), to show the page again.
const mockShown = new Map<string, () => void>()
const mockShowAgain = () => mockShown.forEach((fn) => fn())
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => {
    mockShown.set(String(fn), fn)
    React.useEffect(() => fn(), [])
  }
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow }, useDidShow }
})
jest.mock('@tarojs/components', () => {
  const { View, Text, Image } = jest.requireActual('@/h5runtime/h5Elements')
  return { ...jest.requireActual('@tarojs/components'), View, Text, Image }
})
jest.mock('@/api/balance')
const mocked = api as jest.Mocked<typeof api>

const row = (over: Partial<BalanceLedgerRow>): BalanceLedgerRow => ({
  id: 1,
  kind: 'cashback',
  kindText: '好评返现',
  amount: 500,
  balanceAfter: 500,
  note: '好评返现 任务#3',
  createdAt: 1764230400000,
  ...over,
})
const page = (list: BalanceLedgerRow[]) => ({ list, total: list.length, page: 1, pageSize: 20 })

describe('balance page', () => {
  beforeEach(() => {
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
    mocked.getBalanceSummary.mockResolvedValue({ balance: 12345, withdrawable: 500, held: 2000 })
    mocked.getBalanceLedger.mockImplementation(async (flow) =>
      flow === 'out' ? page([row({ id: 2, kind: 'order_payment', kindText: '订单支付', amount: -2000, balanceAfter: 10345, note: '订单 2026112800000001' })]) : page([row({})]),
    )
  })
  afterEach(() => jest.clearAllMocks())

  it('shows the balance, the withdrawable part and what unpaid orders hold', async () => {
    await act(async () => {
      render(<BalancePage />)
    })
    expect(screen.getByText('123.45')).toBeTruthy()
    expect(screen.getByText('可提现 ¥5.00')).toBeTruthy()
    expect(screen.getByText('待支付订单占用 ¥20.00')).toBeTruthy()
    expect(screen.getByText('好评返现')).toBeTruthy()
    expect(screen.getByText('+5.00')).toBeTruthy()
    expect(mocked.getBalanceLedger).toHaveBeenLastCalledWith('all', 1, 20)
  })

  it('shown again (back from 充值): reads the balance and the ledger again, so a new credit is listed', async () => {
    await act(async () => {
      render(<BalancePage />)
    })
    expect(mocked.getBalanceLedger).toHaveBeenCalledTimes(1)
    mocked.getBalanceSummary.mockResolvedValue({ balance: 23345, withdrawable: 500, held: 0 })
    mocked.getBalanceLedger.mockResolvedValue(page([row({ id: 9, kind: 'recharge_bonus', kindText: '充值赠送', amount: 1000, balanceAfter: 23345, note: '' })]))
    await act(async () => {
      mockShowAgain()
    })
    expect(mocked.getBalanceLedger).toHaveBeenCalledTimes(2)
    expect(mocked.getBalanceLedger).toHaveBeenLastCalledWith('all', 1, 20)
    expect(screen.getByText('233.45')).toBeTruthy()
    expect(screen.getByText('充值赠送')).toBeTruthy()
  })

  it('asks the server for the debits on 支出 and shows them with their sign', async () => {
    await act(async () => {
      render(<BalancePage />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('支出'))
    })
    expect(mocked.getBalanceLedger).toHaveBeenLastCalledWith('out', 1, 20)
    expect(screen.getByText('订单支付')).toBeTruthy()
    expect(screen.getByText('-20.00')).toBeTruthy()
    expect(screen.getByText('余额 103.45')).toBeTruthy()
    expect(screen.queryByText('好评返现')).toBeNull()
  })

  it('says so when there is nothing yet, and shows no held line when nothing is held', async () => {
    mocked.getBalanceSummary.mockResolvedValue({ balance: 0, withdrawable: 0, held: 0 })
    mocked.getBalanceLedger.mockResolvedValue(page([]))
    await act(async () => {
      render(<BalancePage />)
    })
    expect(screen.getByText('暂无余额记录')).toBeTruthy()
    expect(screen.queryByText(/待支付订单占用/)).toBeNull()
  })
})
