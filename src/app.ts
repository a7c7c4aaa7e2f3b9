import { createElement, type PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { appStart, launchQuery } from '@/core/auth'
import { guardHost } from '@/core/hostGate'
import { LocaleProvider } from '@/locales/LocaleProvider'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    guardHost()
    appStart({ ...launchQuery(), ...((options as any)?.query || {}) }).catch(() => undefined)
  })
  // The interface framework's locale (NutUI strings, relative times) from the system language.
  return createElement(LocaleProvider, null, children)
}

export default App
