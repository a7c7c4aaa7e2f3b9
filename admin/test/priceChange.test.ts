// 改价 (orders/PriceChange.tsx): a new total or an amount off, what the shopper then pays, and the two amounts the
// dialog refuses before asking the server.
import { priceAfter, priceChangeProblem } from '@admin/pages/orders/PriceChange'
import { yuanToFen } from '@admin/core/money'

describe('改价 amounts', () => {
  it('a new total is the amount; a discount comes off the current amount', () => {
    expect(priceAfter('total', 8800, 9900)).toBe(8800)
    expect(priceAfter('discount', 100, 9900)).toBe(9800)
    expect(priceAfter('discount', yuanToFen('12.34')!, 9900)).toBe(8666)
  })
  it('refuses nothing to pay and the same amount, accepts the rest', () => {
    expect(priceChangeProblem('discount', 9900, 9900)).toBe('改价后金额至少 0.01 元')
    expect(priceChangeProblem('discount', 9899, 9900)).toBe('')
    expect(priceChangeProblem('total', 9900, 9900)).toBe('改价后金额与当前金额相同')
    expect(priceChangeProblem('discount', 0, 9900)).toBe('改价后金额与当前金额相同')
    expect(priceChangeProblem('total', 12000, 9900)).toBe('')
  })
})
