import { createElement, type PropsWithChildren } from 'react'
import Taro, { useLaunch } from '@tarojs/taro'
import { appStart, launchQuery } from '@/core/auth'
import { guardHost } from '@/core/hostGate'
import { LocaleProvider } from '@/locales/LocaleProvider'
import { prefetchHomeSelfList } from '@/api/home'
import { ROUTES } from '@/routes'
import { reLaunch } from '@/core/nav'
import { toast } from '@/core/toast'
import { expireHomePreview } from '@/platform/homePreview'
// Before Taro's router exists: its popstate listener must come after ours (src/platform/backCloses.ts).
import { listenForBack } from '@/platform/backCloses'
import './app.scss'

listenForBack()

// H5 landing on home: ask for the home data now, while the home page's code is still loading.
if (process.env.TARO_ENV === 'h5' && typeof window !== 'undefined' && ['/', ROUTES.home].includes(window.location.pathname)) prefetchHomeSelfList()
expireHomePreview()

// H5: a link to a page the shop does not have ("/no/such/page") drew a blank screen. Home instead, saying why.
// The word is said once home is the current page: Taro hides a toast of the page it leaves.
if (process.env.TARO_ENV === 'h5')
  Taro.eventCenter.on('__taroRouterNotFound', () => {
    const say = () => {
      Taro.eventCenter.off('__afterTaroRouterChange', say)
      // Once the tab page has settled (opening a tab page changes the route twice).
      setTimeout(() => toast('您访问的页面不存在，已为您打开首页', 'none', 3000), 500)
    }
    Taro.eventCenter.on('__afterTaroRouterChange', say)
    Promise.resolve(reLaunch(ROUTES.home)).catch(() => Taro.eventCenter.off('__afterTaroRouterChange', say))
  })

function App({ children }: PropsWithChildren) {
  useLaunch((options) => {
    guardHost()
    appStart({ ...launchQuery(), ...((options as any)?.query || {}) }).catch(() => undefined)
  })
  // The interface framework's locale (NutUI strings, relative times) from the system language.
  return createElement(LocaleProvider, null, children)
}

export default App
