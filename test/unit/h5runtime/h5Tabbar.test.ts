import Taro from '@tarojs/taro'
import { definePlainTabbar, type PlainTabbar, type TabBarConf } from '@/h5runtime/h5Tabbar'
import { TAB_PAGES, TAB_BAR_STYLE } from '@/routes'

// The H5 tab bar as Taro's router makes it: the element created by name, its conf set, then put in the page.
function mountTabbar(): PlainTabbar {
  definePlainTabbar()
  const conf: TabBarConf = {
    ...TAB_BAR_STYLE,
    list: TAB_PAGES.map((t) => ({ pagePath: t.path, text: t.text, iconPath: `/${t.icon}.png`, selectedIconPath: `/${t.icon}-active.png` })),
    homePage: TAB_PAGES[0].path,
    mode: 'browser',
  }
  const tabbar = document.createElement('taro-tabbar') as PlainTabbar
  tabbar.conf = conf
  document.body.appendChild(tabbar)
  return tabbar
}

const items = (tabbar: HTMLElement) => Array.from(tabbar.querySelectorAll<HTMLAnchorElement>('.weui-tabbar__item'))
const selected = (tabbar: HTMLElement) => items(tabbar).findIndex((a) => a.classList.contains('weui-bar__item_on'))
const routeTo = (path: string) => Taro.eventCenter.trigger('__taroRouterChange', { toLocation: { path } })

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

describe('the H5 tab bar (a plain <taro-tabbar>)', () => {
  it('draws Taro’s markup: one item per tab, the current page’s selected with its active icon and colour', () => {
    const tabbar = mountTabbar() // jsdom's location is "/": the home page
    expect(tabbar.className).toBe('taro-tabbar__tabbar taro-tabbar__tabbar-bottom')
    expect(tabbar.querySelector('.weui-tabbar')!.className).toBe(`weui-tabbar taro-tabbar__border-${TAB_BAR_STYLE.borderStyle}`)
    expect(items(tabbar).map((a) => a.textContent)).toEqual(TAB_PAGES.map((t) => t.text))
    expect(selected(tabbar)).toBe(0)
    const [home, sort] = items(tabbar)
    expect(home.querySelector('img')!.getAttribute('src')).toBe('/home-active.png')
    expect(sort.querySelector('img')!.getAttribute('src')).toBe('/sort.png')
    expect(home.getAttribute('aria-selected')).toBe('true')
    // The browser writes colours as rgb(): compare with the same conversion.
    const probe = document.createElement('p')
    probe.style.color = TAB_BAR_STYLE.selectedColor
    expect(home.querySelector<HTMLElement>('.weui-tabbar__label')!.style.color).toBe(probe.style.color)
  })

  it('follows the route: another tab is selected, a page that is not a tab hides the bar', () => {
    const tabbar = mountTabbar()
    routeTo('/pages/mine/index')
    expect(selected(tabbar)).toBe(4)
    expect(items(tabbar)[4].querySelector('img')!.getAttribute('src')).toBe('/mine-active.png')
    expect(items(tabbar)[0].querySelector('img')!.getAttribute('src')).toBe('/home.png')
    routeTo('/goodsPages/details/details?id=3')
    expect(tabbar.classList.contains('taro-tabbar__tabbar-hide')).toBe(true)
    routeTo('/pages/sort/index?from=nav')
    expect(tabbar.classList.contains('taro-tabbar__tabbar-hide')).toBe(false)
    expect(selected(tabbar)).toBe(1)
  })

  it('switches tab on a tap, after telling the current page (onTabItemTap)', () => {
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'switchTab:ok' } as any)
    const onTabItemTap = jest.fn()
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/home/index', onTabItemTap } as any])
    const tabbar = mountTabbar()
    items(tabbar)[3].click()
    expect(onTabItemTap).toHaveBeenCalledWith({ index: 3, pagePath: '/pages/shopping/index', text: '购物车' })
    expect(switchTab).toHaveBeenCalledWith({ url: '/pages/shopping/index' })
    expect(selected(tabbar)).toBe(3)
  })

  it('answers Taro’s tab bar APIs: badge, red dot, hide and show, item', async () => {
    const tabbar = mountTabbar()
    const cart = () => items(tabbar)[3]
    const badge = () => cart().querySelector<HTMLElement>('.taro-tabbar-badge')!
    const dot = () => cart().querySelector<HTMLElement>('.weui-badge_dot')!
    expect(badge().hidden).toBe(true)

    await expect(Taro.setTabBarBadge({ index: 3, text: '12' })).resolves.toMatchObject({ errMsg: 'setTabBarBadge:ok' })
    expect(badge().hidden).toBe(false)
    expect(badge().textContent).toBe('12')
    await Taro.removeTabBarBadge({ index: 3 })
    expect(badge().hidden).toBe(true)
    await expect(Taro.setTabBarBadge({ index: 9, text: '1' })).rejects.toMatchObject({ errMsg: expect.stringContaining('not found') })

    await Taro.showTabBarRedDot({ index: 3 })
    expect(dot().hidden).toBe(false)
    await Taro.hideTabBarRedDot({ index: 3 })
    expect(dot().hidden).toBe(true)

    await Taro.hideTabBar({})
    expect(tabbar.classList.contains('taro-tabbar__tabbar-hide')).toBe(true)
    await Taro.showTabBar({})
    expect(tabbar.classList.contains('taro-tabbar__tabbar-hide')).toBe(false)

    await Taro.setTabBarItem({ index: 1, text: '全部分类' })
    expect(items(tabbar)[1].textContent).toBe('全部分类')
  })

  it('stops listening once taken out of the page', () => {
    const tabbar = mountTabbar()
    tabbar.remove()
    routeTo('/pages/mine/index')
    expect(selected(tabbar)).toBe(0)
  })
})
