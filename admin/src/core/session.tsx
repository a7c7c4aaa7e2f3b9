/** Who is signed in: the staff, its permissions and the CSRF token, read once at start and set by the login page. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { SessionReply } from '@contract/admin'
import * as authApi from '../api/auth'
import { navigate } from './router'
import { onNotSignedIn, onPasswordChangeRequired, setCsrfToken } from './request'

interface SessionValue {
  session: SessionReply | null
  /** false until the first session read has answered. */
  ready: boolean
  signedIn: (s: SessionReply) => void
  signOut: () => Promise<void>
  can: (permission: string | undefined) => boolean
}
const SessionContext = createContext<SessionValue | null>(null)

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionReply | null>(null)
  const [ready, setReady] = useState(false)

  const signedIn = useCallback((s: SessionReply) => {
    setCsrfToken(s.csrfToken)
    setSession(s)
  }, [])

  useEffect(() => {
    onNotSignedIn(() => {
      setSession(null)
      const here = window.location.pathname.replace(/^\/admin/, '') || '/'
      if (here !== '/login') navigate(`/login?from=${encodeURIComponent(here + window.location.search)}`, { replace: true })
    })
    // The password was reset while this page was open: the new-password step (App.tsx) before anything else.
    onPasswordChangeRequired(() => setSession((s) => (s && !s.mustChangePassword ? { ...s, mustChangePassword: true } : s)))
    authApi
      .me()
      .then(signedIn)
      .catch(() => setSession(null))
      .finally(() => setReady(true))
  }, [signedIn])

  const signOut = useCallback(async () => {
    await authApi.logout().catch(() => undefined)
    setCsrfToken('')
    setSession(null)
    navigate('/login', { replace: true })
  }, [])

  const can = useCallback((permission: string | undefined) => !permission || !!session?.permissions.includes(permission as never), [session])
  const value = useMemo(() => ({ session, ready, signedIn, signOut, can }), [session, ready, signedIn, signOut, can])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext)
  if (!v) throw new Error('useSession outside SessionProvider')
  return v
}
