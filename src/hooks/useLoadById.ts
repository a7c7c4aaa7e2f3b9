import { useEffect, useState } from 'react'
import { useLatest } from './useLatest'
import { useSceneParams } from './useSceneParams'

/** A record id from a page's query: a positive integer written in digits, else null ("abc", "1.5", "-3", missing). */
export function queryId(raw: string | undefined | null): number | null {
  const s = String(raw ?? '').trim()
  if (!/^[1-9]\d{0,9}$/.test(s)) return null
  const n = Number(s)
  return n <= 2_147_483_647 ? n : null
}

/** missing: the query names no valid record (nothing was asked); failed: the server said no or could not be reached. */
export type LoadState = 'missing' | 'loading' | 'ready' | 'failed'

/**
 * Loads the record a page shows by the id in its query (`param`, "id" by default): no request without a valid
 * id, one request per id, another only when the shopper asks (`reload`).
 * Why a hook: pages keyed their effect on Number(params.id), which is NaN for a missing or malformed id;
 * Preact compares hook dependencies with !==, NaN !== NaN, so the effect re-ran after every render its own
 * state changes caused (issue 18: ~840 calls in 5 s). The id here is a number or null, never NaN.
 */
export function useLoadById<T>(load: (id: number) => Promise<T>, param = 'id') {
  // Opened from a mini-program code (a poster's): the id is in the code's scene; the id of the query wins when both are there.
  const { params, decoding } = useSceneParams<Record<string, string>>((p) => queryId(p[param]) === null)
  const id = queryId(params[param])
  const [data, setData] = useState<T | null>(null)
  const [state, setState] = useState<LoadState>(id === null && !decoding ? 'missing' : 'loading')
  const [attempt, setAttempt] = useState(0)
  const loadRef = useLatest(load)

  useEffect(() => {
    if (id === null) {
      setData(null)
      setState(decoding ? 'loading' : 'missing')
      return
    }
    let current = true
    setState('loading')
    loadRef.current(id).then(
      (d) => {
        if (!current) return
        setData(d)
        setState('ready')
      },
      () => current && setState('failed'),
    )
    return () => {
      current = false
    }
  }, [id, decoding, attempt, loadRef])

  return { id, data, setData, state, reload: () => setAttempt((n) => n + 1) }
}
