import { yuan } from '@/utils/money'

it('formats fen as yuan', () => {
  expect(yuan(12990)).toBe('129.90')
  expect(yuan(0)).toBe('0.00')
  expect(yuan(null)).toBe('0.00')
})
