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
import { homePath } from './layout/home'

dayjs.locale('zh-cn')
const Login = lazy(() => import('./pages/Login'))
const FirstPassword = lazy(() => import('./pages/FirstPassword'))

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
    else if (ready && session && (path === '/' || path === '/login')) navigate(homePath(session.permissions), { replace: true })
  }, [needsLogin, ready, session, path])
  if (!ready) return <Spin style={{ display: 'block', margin: '30vh auto' }} />
  if (path === '/login' || !session)
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '30vh auto' }} />}>
        <Login />
      </Suspense>
    )
  // A password somebody else saw: a new one before anything else (the server refuses every other route meanwhile).
  if (session.mustChangePassword)
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '30vh auto' }} />}>
        <FirstPassword />
      </Suspense>
    )
  return <AdminLayout />
}

/**
 * Contrast ≥ 4.5:1 for text (docs/accessibility.md, checked by test/e2e/consoleWalk.spec.mjs): antd's defaults give
 * 4.07 for white on the brand red #e93b3d, 4.1 for its link blue and 3.4 / 1.8 for secondary and placeholder grey on
 * white. The same red a shade deeper in the light theme; the dark algorithm's own greys already pass.
 */
const LIGHT_TOKENS = {
  colorPrimary: '#d32f31',
  colorLink: '#0958d9',
  colorError: '#cf1322',
  colorTextSecondary: '#595959',
  colorTextTertiary: '#6b6b6b',
  colorTextDescription: '#6b6b6b',
  colorTextPlaceholder: '#767676',
  colorTextDisabled: '#767676',
  colorSuccessText: '#237804',
  colorWarningText: '#ad4e00',
  colorErrorText: '#cf1322',
}
/*
 * Dark: a red light enough to read on the dark surfaces (6.6:1), with dark text on its fills (antd's colorTextLightSolid);
 * the error red too (the dark algorithm's #dc4446 is 4.3:1 on #141414: a 取消订单 or 禁用 button on a detail page).
 */
const DARK_TOKENS = {
  colorPrimary: '#ff6b6b',
  colorError: '#ff7875',
  colorTextLightSolid: '#141414',
  colorLink: '#4096ff',
  colorTextDescription: '#8c8c8c',
  colorTextPlaceholder: '#8c8c8c',
  colorTextDisabled: '#8c8c8c',
  colorSuccessText: '#73d13d',
  colorWarningText: '#ffc53d',
  colorErrorText: '#ff7875',
}
/**
 * A focused or hovered field is drawn in antd's blue, not in the brand red: antd draws it in `colorPrimary`, and a red
 * border with a red glow read as a refused field (issue 33). Only an error (`colorError`) is red. Light: the link blue
 * (#0958d9, 6.1:1 on white); dark: #4096ff (6.1:1 on the dark fields).
 */
const focus = (color: string, glow: string) => {
  const field = { activeBorderColor: color, hoverBorderColor: color, activeShadow: `0 0 0 2px ${glow}` }
  return {
    Input: field,
    InputNumber: field,
    Mentions: field,
    DatePicker: field,
    Select: { activeBorderColor: color, hoverBorderColor: color, activeOutlineColor: glow },
  }
}
/** The switch's unchecked track carries its label (light: white on #bfbfbf, 1.8:1; dark: #141414 on #4f4f4f, 2.2:1): another grey on this component only. */
const LIGHT_COMPONENTS = { ...focus('#0958d9', 'rgba(9, 88, 217, 0.15)'), Switch: { colorTextQuaternary: '#6b6b6b', colorTextTertiary: '#595959' } }
const DARK_COMPONENTS = { ...focus('#4096ff', 'rgba(64, 150, 255, 0.25)'), Switch: { colorTextQuaternary: '#8c8c8c', colorTextTertiary: '#a6a6a6' } }

export function App() {
  const { dark } = useTheme()
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm, token: dark ? DARK_TOKENS : LIGHT_TOKENS, components: dark ? DARK_COMPONENTS : LIGHT_COMPONENTS }}
    >
      <AntApp>
        <FeedbackBridge />
        <SessionProvider>
          <Screens />
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  )
}
