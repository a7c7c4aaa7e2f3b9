/**
 * H5 only: Taro's tab bar, <taro-tabbar>, as a plain custom element. Taro's router creates the element itself
 * (document.createElement('taro-tabbar'), its `conf` from app.config's tabBar) after calling the definition that
 * src/h5runtime/taroComponents.ts gives it; Taro's own definition is a Stencil component whose first render was one of
 * the long tasks of the home page's first load (Stencil's runtime, its virtual DOM and its style injection for five
 * links). This one draws the same markup with the same classes (the app's styles and the end-to-end tests rely on
 * them) in the element's connectedCallback, and answers the same events: the route changes, Taro.setTabBarBadge,
 * removeTabBarBadge, show/hideTabBarRedDot, show/hideTabBar, setTabBarStyle and setTabBarItem (Taro's H5 API sends
 * them through its event centre).
 */
import Taro from '@tarojs/taro'
import { addLeadingSlash, getCurrentPage, stripBasename, stripSuffix } from '@tarojs/runtime'
import './h5Tabbar.css'

interface TabItem {
  pagePath: string
  text: string
  iconPath: string
  selectedIconPath: string
  badgeText?: string | null
  showRedDot?: boolean
}

/** What Taro's router puts in the element's `conf`: app.config's tabBar and the router's settings. */
export interface TabBarConf {
  list: TabItem[]
  color?: string
  selectedColor?: string
  backgroundColor?: string
  borderStyle?: string
  homePage: string
  mode?: string
  basename?: string
  customRoutes?: Record<string, string | string[]>
}

interface Reply {
  successHandler: (res: { errMsg: string }) => void
  errorHandler: (res: { errMsg: string }) => void
}

type Status = 'show' | 'hide' | 'slideout'

/** The path of a URL, without its query and fragment. */
const pathOf = (url: string) => url.split('#')[0].split('?')[0]

/** The parts of one drawn item, kept to update it in place. */
interface ItemParts {
  link: HTMLAnchorElement
  icon: HTMLImageElement
  badge: HTMLSpanElement
  dot: HTMLSpanElement
  label: HTMLParagraphElement
}

export class PlainTabbar extends HTMLElement {
  conf?: TabBarConf
  private list: TabItem[] = []
  private selectedIndex = -1
  private status: Status = 'show'
  private colours: Pick<TabBarConf, 'color' | 'selectedColor' | 'backgroundColor' | 'borderStyle'> = {}
  private customRoutes: [string, string][] = []
  private homePage = ''
  private bar?: HTMLDivElement
  private items: ItemParts[] = []

  connectedCallback() {
    if (!this.bar) this.draw()
    for (const [event, handler] of this.handlers) Taro.eventCenter.on(event, handler)
    this.onRouteChange()
  }

  disconnectedCallback() {
    for (const [event, handler] of this.handlers) Taro.eventCenter.off(event, handler)
  }

  private draw() {
    const conf = this.conf
    if (!conf || !Array.isArray(conf.list) || conf.list.length < 2 || conf.list.length > 5) throw new Error('tabBar 配置错误')
    this.homePage = addLeadingSlash(conf.homePage)
    for (const [page, aliases] of Object.entries(conf.customRoutes || {}))
      for (const alias of typeof aliases === 'string' ? [aliases] : aliases) this.customRoutes.push([addLeadingSlash(page), addLeadingSlash(alias)])
    this.list = conf.list.map((item) => ({ ...item, pagePath: addLeadingSlash(item.pagePath) }))
    this.colours = { color: conf.color, selectedColor: conf.selectedColor, backgroundColor: conf.backgroundColor, borderStyle: conf.borderStyle }
    this.bar = document.createElement('div')
    this.bar.setAttribute('role', 'tablist')
    this.bar.style.height = 'inherit'
    this.items = this.list.map((_, index) => {
      const link = document.createElement('a')
      link.className = 'weui-tabbar__item'
      link.setAttribute('role', 'tab')
      link.addEventListener('click', () => this.select(index))
      const holder = document.createElement('span')
      holder.className = 'taro-tabbar__icon-holder'
      const icon = document.createElement('img')
      icon.className = 'weui-tabbar__icon'
      icon.alt = ''
      const badge = document.createElement('span')
      badge.className = 'weui-badge taro-tabbar-badge'
      const dot = document.createElement('span')
      dot.className = 'weui-badge weui-badge_dot'
      const label = document.createElement('p')
      label.className = 'weui-tabbar__label'
      holder.append(icon, badge, dot)
      link.append(holder, label)
      this.bar!.append(link)
      return { link, icon, badge, dot, label }
    })
    this.append(this.bar)
  }

  /** Brings the drawn bar in line with the state (a handful of elements: every change updates them all). */
  private update() {
    if (!this.bar) return
    const hidden = this.selectedIndex === -1 || this.status === 'hide'
    this.className = `taro-tabbar__tabbar taro-tabbar__tabbar-bottom${hidden ? ' taro-tabbar__tabbar-hide' : ''}${this.status === 'slideout' ? ' taro-tabbar__tabbar-slideout' : ''}`
    this.bar.className = `weui-tabbar taro-tabbar__border-${this.colours.borderStyle || 'black'}`
    this.bar.style.backgroundColor = this.colours.backgroundColor || ''
    this.list.forEach((item, index) => {
      const parts = this.items[index]
      const selected = index === this.selectedIndex
      parts.link.classList.toggle('weui-bar__item_on', selected)
      parts.link.setAttribute('aria-selected', String(selected))
      const src = selected ? item.selectedIconPath : item.iconPath
      if (parts.icon.getAttribute('src') !== src) parts.icon.setAttribute('src', src)
      parts.label.textContent = item.text
      parts.label.style.color = (selected ? this.colours.selectedColor : this.colours.color) || ''
      parts.badge.textContent = item.badgeText || ''
      parts.badge.hidden = !item.badgeText
      parts.dot.hidden = !item.showRedDot
    })
  }

  private select(index: number) {
    // The page's onTabItemTap (useTabItemTap), as the mini-program calls it on a tap of the tab bar.
    const pages = Taro.getCurrentPages()
    const page = pages[pages.length - 1] as { onTabItemTap?: (o: object) => void } | undefined
    const item = this.list[index]
    if (typeof page?.onTabItemTap === 'function') page.onTabItemTap({ index, pagePath: item.pagePath, text: item.text })
    this.selectedIndex = index
    this.update()
    Taro.switchTab({ url: item.pagePath })
  }

  /** A page path without the custom route names and the .html suffix. */
  private originalPath(url: string) {
    const custom = this.customRoutes.find(([, alias]) => pathOf(alias) === pathOf(url))
    return stripSuffix(custom ? custom[0] : url, '.html')
  }

  private indexOf(url: string) {
    return this.list.findIndex((item) => pathOf(item.pagePath) === pathOf(url))
  }

  private onRouteChange = (options?: { toLocation?: { path?: string } }) => {
    const to = options?.toLocation?.path
    let page: string
    if (typeof to === 'string') page = stripBasename(addLeadingSlash(to || this.homePage), this.conf?.basename || '/') || '/'
    else {
      const current = getCurrentPage(this.conf?.mode as any, this.conf?.basename)
      page = decodeURI(current === '/' ? this.homePage : current)
    }
    this.selectedIndex = this.indexOf(this.originalPath(page))
    this.update()
  }

  /** Runs `change` on item `index` if there is one, and answers the API call. */
  private changeItem(api: string, index: number, reply: Reply, change: (item: TabItem) => void) {
    const item = this.list[index]
    if (!item) return reply.errorHandler({ errMsg: `${api}:fail tabbar item not found` })
    change(item)
    this.update()
    reply.successHandler({ errMsg: `${api}:ok` })
  }

  private handlers: [string, (...args: any[]) => void][] = [
    ['__taroRouterChange', this.onRouteChange],
    [
      '__taroSetTabBarBadge',
      (o: Reply & { index: number; text: string }) =>
        this.changeItem('setTabBarBadge', o.index, o, (item) => {
          item.showRedDot = false
          item.badgeText = o.text
        }),
    ],
    ['__taroRemoveTabBarBadge', (o: Reply & { index: number }) => this.changeItem('removeTabBarBadge', o.index, o, (item) => (item.badgeText = null))],
    [
      '__taroShowTabBarRedDotHandler',
      (o: Reply & { index: number }) =>
        this.changeItem('showTabBarRedDot', o.index, o, (item) => {
          item.badgeText = null
          item.showRedDot = true
        }),
    ],
    ['__taroHideTabBarRedDotHandler', (o: Reply & { index: number }) => this.changeItem('hideTabBarRedDot', o.index, o, (item) => (item.showRedDot = false))],
    ['__taroShowTabBar', (o: Reply) => this.setStatus('show', 'showTabBar', o)],
    ['__taroHideTabBar', (o: Reply & { animation?: boolean }) => this.setStatus(o.animation ? 'slideout' : 'hide', 'hideTabBar', o)],
    [
      '__taroSetTabBarStyle',
      (o: Reply & TabBarConf) => {
        for (const key of ['color', 'selectedColor', 'backgroundColor', 'borderStyle'] as const) if (o[key]) this.colours[key] = o[key]
        this.update()
        o.successHandler({ errMsg: 'setTabBarStyle:ok' })
      },
    ],
    [
      '__taroSetTabBarItem',
      (o: Reply & Partial<TabItem> & { index: number }) =>
        this.changeItem('setTabBarItem', o.index, o, (item) => {
          if (o.iconPath) item.iconPath = o.iconPath
          if (o.selectedIconPath) item.selectedIconPath = o.selectedIconPath
          if (o.text) item.text = o.text
        }),
    ],
  ]

  private setStatus(status: Status, api: string, reply: Reply) {
    this.status = status
    this.update()
    reply.successHandler({ errMsg: `${api}:ok` })
  }
}

/** Stands in for Taro's defineCustomElementTaroTabbar. */
export function definePlainTabbar() {
  if (typeof customElements !== 'undefined' && !customElements.get('taro-tabbar')) customElements.define('taro-tabbar', PlainTabbar)
}
