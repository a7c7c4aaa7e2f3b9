import { useEffect } from 'react'
import { isLoggedIn, requireLogin } from '@/core/auth'
import { RequestError } from '@/core/request'
import { redirectTo } from '@/core/nav'
import { ROUTES } from '@/routes'

/** Code of "not an approved agent" (docs/API.md). */
export const NOT_AGENT = 5001

/**
 * For the catch of a back-office call: a member who is not (or no longer) an agent goes to the application
 * page (the request client has already shown the server's message). Returns true when it did.
 */
export function leaveIfNotAgent(e: unknown): boolean {
  if (e instanceof RequestError && e.code === NOT_AGENT) {
    setTimeout(() => redirectTo(ROUTES.agentApply), 800)
    return true
  }
  return false
}

/** Basis points as a percentage: 1000 → "10%", 1250 → "12.5%". */
export const rateText = (bp: number | null | undefined) => (bp === null || bp === undefined ? '—' : `${Number((bp / 100).toFixed(2))}%`)

/** "+12.30" / "-3.00" for a signed fen amount. */
export const signedYuan = (fen: number) => `${fen > 0 ? '+' : fen < 0 ? '-' : ''}${(Math.abs(fen) / 100).toFixed(2)}`

/** Logged in? If not, opens login once (with this page as the target). For pages that load through usePagedList. */
export function useLoginOnce(): boolean {
  useEffect(() => {
    if (!isLoggedIn()) requireLogin()
  }, [])
  return isLoggedIn()
}
