import { renderHook } from '@testing-library/react'
import { useLatest } from '@/hooks/useLatest'

it('is one ref for the life of the component, holding the value of the last render', () => {
  const { result, rerender } = renderHook(({ v }) => useLatest(v), { initialProps: { v: 'a' } })
  const first = result.current
  expect(first.current).toBe('a')
  rerender({ v: 'b' })
  expect(result.current).toBe(first)
  expect(first.current).toBe('b')
})
