import { type PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { appStart, launchQuery } from '@/core/auth'
import { guardHost } from '@/core/hostGate'
import './app.scss'

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    guardHost()
    appStart({ ...launchQuery(), ...((options as any)?.query || {}) }).catch(() => undefined)
  })
  return children
}

export default App
