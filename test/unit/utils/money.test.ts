import { cashAndPoints, yuan } from '@/utils/money'

it('formats fen as yuan', () => {
  expect(yuan(12990)).toBe('129.90')
  expect(yuan(0)).toBe('0.00')
  expect(yuan(null)).toBe('0.00')
})

it('shows the points paid beside the cash, and the cash alone without points', () => {
  expect(cashAndPoints(1200, 1200)).toBe('¥12.00 + 1200 积分')
  expect(cashAndPoints(0, 600)).toBe('¥0.00 + 600 积分')
  expect(cashAndPoints(5800)).toBe('¥58.00')
  expect(cashAndPoints(5800, 0)).toBe('¥58.00')
})
