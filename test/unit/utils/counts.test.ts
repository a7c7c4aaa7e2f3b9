import { salesText } from '@/utils/counts'

it('writes large sales in 万', () => {
  expect(salesText(9999)).toBe('9999')
  expect(salesText(12345)).toBe('1.2万')
})
