import { useRef } from 'react'

/**
 * A number that changes when one of `deps` changes (compared with Object.is, as React compares an effect's
 * dependencies). For hooks that take their caller's dependency list (usePagedList, useShare): their effect lists
 * this number, which the hooks linter can check, where spreading the caller's array could not be checked.
 */
export function useDepsVersion(deps: readonly unknown[]): number {
  const seen = useRef({ deps, version: 0 })
  const last = seen.current
  if (deps.length !== last.deps.length || deps.some((d, i) => !Object.is(d, last.deps[i]))) seen.current = { deps, version: last.version + 1 }
  return seen.current.version
}
