import { useCallback, useState } from 'react'
import type { LoadState } from './useLoadById'

/**
 * The load state of a page whose record is named by its query but not by a numeric id (an order or after-sale
 * number, a campaign loaded again each time the page shows): `valid` says whether the query names one at all
 * (else 'missing', and nothing is asked). `track(request, use)` hands the answer to `use` and marks the page
 * 'ready', or 'failed' with the server's words (`message`) when it says no; the page draws LoadEmptyState from it,
 * so a bad link shows what happened and a way back instead of a blank page. The request is made with
 * `{ catch: true, toast: false }`: the empty state says it, no toast on top.
 */
export function useLoadStatus(valid: boolean) {
  const [state, setState] = useState<LoadState>(valid ? 'loading' : 'missing')
  const [message, setMessage] = useState('')
  const track = useCallback(<T>(request: Promise<T>, use: (data: T) => void) => {
    request.then(
      (data) => {
        use(data)
        setState('ready')
      },
      (e: unknown) => {
        // A RequestError carries the server's (or the network's) Chinese words as its message.
        setMessage(e instanceof Error ? e.message : '')
        setState('failed')
      },
    )
  }, [])
  return { state: valid ? state : ('missing' as LoadState), message, track }
}
