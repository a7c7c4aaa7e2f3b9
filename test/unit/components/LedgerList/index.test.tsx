import { fireEvent, render } from '@testing-library/react'
import LedgerList from '@/components/LedgerList'

const rows = () => [...document.querySelectorAll('.ledger-list__row')] as HTMLElement[]
const text = (el: Element, part: string) => el.querySelector(`.ledger-list__${part}`)?.textContent ?? null
const TABS = [
  { key: 'all', label: '全部' },
  { key: 'in', label: '收入' },
  { key: 'out', label: '支出' },
] as const

describe('LedgerList', () => {
  it('draws each change with its sign colour and the figure after it; a note that repeats the title is left out', () => {
    const at = Date.UTC(2026, 10, 28, 2, 5, 9)
    render(
      <LedgerList
        tabs={TABS}
        active='all'
        onTab={() => undefined}
        rows={[
          { id: 2, title: '订单支付', note: '订单支付', at, change: '-¥3.00', inward: false, after: '余额 ¥27.00' },
          { id: 1, title: '好评返现', note: '任务#7', at, change: '+¥30.00', inward: true, after: '余额 ¥30.00' },
        ]}
      />,
    )
    expect(rows().map((r) => [text(r, 'title'), text(r, 'note'), text(r, 'change'), text(r, 'after')])).toEqual([
      ['订单支付', null, '-¥3.00', '余额 ¥27.00'],
      ['好评返现', '任务#7', '+¥30.00', '余额 ¥30.00'],
    ])
    expect(rows().map((r) => r.querySelector('.ledger-list__change')!.className.includes('is-in'))).toEqual([false, true])
  })

  it('marks the active tab and tells which one was tapped', () => {
    const onTab = jest.fn()
    render(<LedgerList tabs={TABS} active='in' onTab={onTab} rows={[]} />)
    const tabs = [...document.querySelectorAll('.ledger-list__tab')] as HTMLElement[]
    expect(tabs.filter((t) => t.className.includes('is-active')).map((t) => t.textContent)).toEqual(['收入'])
    fireEvent.click(tabs[2])
    expect(onTab).toHaveBeenCalledWith('out')
    expect(rows()).toEqual([])
  })

  it('without tabs, lists requests with their state and the step they wait for', () => {
    const confirm = jest.fn()
    render(
      <LedgerList
        rows={[
          { id: 'BW1', title: '提现 ¥10.00', at: Date.now(), after: '待确认收款', action: <button onClick={confirm}>确认收款</button> },
          { id: 'BW0', title: '提现 ¥5.00', note: '商家拒绝：信息有误', at: Date.now(), after: '已退回' },
        ]}
      />,
    )
    expect(document.querySelector('.ledger-list__tabs')).toBeNull()
    expect(document.querySelector('.ledger-list__change')).toBeNull()
    expect(rows().map((r) => [text(r, 'title'), text(r, 'note'), text(r, 'after')])).toEqual([
      ['提现 ¥10.00', null, '待确认收款'],
      ['提现 ¥5.00', '商家拒绝：信息有误', '已退回'],
    ])
    fireEvent.click(rows()[0].querySelector('button')!)
    expect(confirm).toHaveBeenCalled()
  })
})
