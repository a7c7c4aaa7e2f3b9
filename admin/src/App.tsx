import { lazy, Suspense, useEffect } from 'react'
import { App as AntApp, ConfigProvider, Spin, theme } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { bindFeedback } from './core/feedback'
import { navigate, useLocation } from './core/router'
import { SessionProvider, useSession } from './core/session'
import { useTheme } from './core/theme'
import { AdminLayout } from './layout/AdminLayout'

dayjs.locale('zh-cn')
const Login = lazy(() => import('./pages/Login'))

function FeedbackBridge() {
  const { message, modal } = AntApp.useApp()
  bindFeedback(message, modal)
  return null
}

function Screens() {
  const { path } = useLocation()
  const { session, ready } = useSession()
  const needsLogin = ready && !session && path !== '/login'
  useEffect(() => {
    if (needsLogin) navigate(`/login?from=${encodeURIComponent(path)}`, { replace: true })
    else if (ready && session && (path === '/' || path === '/login')) navigate('/dashboard', { replace: true })
  }, [needsLogin, ready, session, path])
  if (!ready) return <Spin style={{ display: 'block', margin: '30vh auto' }} />
  if (path === '/login' || !session)
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '30vh auto' }} />}>
        <Login />
      </Suspense>
    )
  return <AdminLayout />
}

export function App() {
  const { dark } = useTheme()
  return (
    <ConfigProvider locale={zhCN} theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { colorPrimary: '#e93b3d' } }}>
      <AntApp>
        <FeedbackBridge />
        <SessionProvider>
          <Screens />
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  )
}
