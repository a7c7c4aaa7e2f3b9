import { useRef } from 'react'

/**
 * A ref holding the value of the last render. An effect that runs only when something else changes reads
 * callbacks and values through it as they are then, and lists the ref (the same object on every render) instead
 * of the values, which would make it run on every new callback. (The shop's src/hooks/useLatest.ts is the same
 * hook: the console does not import the shop's source.)
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value)
  ref.current = value
  return ref
}
