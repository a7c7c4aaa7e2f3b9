import { renderHook } from '@testing-library/react'
import { useDepsVersion } from '@/hooks/useDepsVersion'

it('changes only when an entry of the list changes, compared as React compares dependencies', () => {
  const fn = () => undefined
  const { result, rerender } = renderHook(({ deps }) => useDepsVersion(deps), { initialProps: { deps: [1, 'a', fn] as unknown[] } })
  const v0 = result.current
  // A new array with the same entries (every render's literal) is no change.
  rerender({ deps: [1, 'a', fn] })
  expect(result.current).toBe(v0)
  rerender({ deps: [2, 'a', fn] })
  const v1 = result.current
  expect(v1).not.toBe(v0)
  rerender({ deps: [2, 'a', () => undefined] })
  expect(result.current).not.toBe(v1)
  // NaN equals itself (Object.is): a malformed query number does not count as a change on every render.
  rerender({ deps: [NaN] })
  const v2 = result.current
  rerender({ deps: [NaN] })
  expect(result.current).toBe(v2)
})
