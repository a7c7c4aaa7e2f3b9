import { MAIN_HOST_ALLOWED } from '@/routes'
import { runtimeConfig } from './runtimeConfig'

/** Host configuration (the server's MAIN_HOST, ENTRY_HOSTS, LOGIN_REDIRECT_HOSTS, given in the page); empty means gating is off (ARCHITECTURE.md). */
export function hostConfig() {
  const { mainHost, entryHosts, loginRedirectHosts } = runtimeConfig()
  return { mainHost, entryHosts, loginRedirectHosts }
}

export const gatingEnabled = (cfg = hostConfig()) => !!cfg.mainHost && cfg.entryHosts.length > 0

export const pickEntryHost = (cfg = hostConfig()) => cfg.entryHosts[Math.floor(Math.random() * cfg.entryHosts.length)]

export type HostDecision = { action: 'stay' } | { action: 'redirect'; url: string }

/**
 * SPEC.md section 4, page access by host. Hosts are "host[:port]" with the protocol of the current page.
 * - main host: a page outside the allowed list, with no code parameter, goes to the entry host.
 * - entry host: an allowed page opens via the main host; the others stay on the entry host (token attached by the caller).
 */
export function decideHost(loc: { protocol: string; host: string; pathname: string; search: string }, token: string, cfg = hostConfig()): HostDecision {
  if (!gatingEnabled(cfg)) return { action: 'stay' }
  const path = loc.pathname === '/' ? '/pages/home/index' : loc.pathname
  const allowed = MAIN_HOST_ALLOWED.includes(path)
  const params = new URLSearchParams(loc.search)
  const withToken = () => {
    const p = new URLSearchParams(loc.search)
    if (token) p.set('token', token)
    const s = p.toString()
    return s ? `?${s}` : ''
  }
  if (loc.host === cfg.mainHost) {
    if (!allowed && !params.has('code')) return { action: 'redirect', url: `${loc.protocol}//${pickEntryHost(cfg)}${loc.pathname}${withToken()}` }
    return { action: 'stay' }
  }
  if (cfg.entryHosts.includes(loc.host) && allowed) {
    return { action: 'redirect', url: `${loc.protocol}//${cfg.mainHost}${loc.pathname}${withToken()}` }
  }
  return { action: 'stay' }
}
