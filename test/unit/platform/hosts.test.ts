import { decideHost, gatingEnabled, hostConfig, pickEntryHost } from '@/platform/hosts'
import { guardHost } from '@/core/hostGate'
import { browser } from '@/platform/browser'
import { useUserStore } from '@/stores/user'
import { MAIN_HOST_ALLOWED, ROUTES } from '@/routes'
import { ENTRY, HOST_CASES, MAIN } from '../../fixtures/hostGating.mjs'

const cfg = { mainHost: MAIN, entryHosts: [ENTRY], loginRedirectHosts: [MAIN, ENTRY] }
const loc = (href: string) => {
  const u = new URL(href)
  return { protocol: u.protocol, host: u.host, pathname: u.pathname, search: u.search }
}

afterEach(() => jest.restoreAllMocks())

describe('decideHost (SPEC.md section 4, page access by host)', () => {
  it.each(HOST_CASES as Array<[string, string, string]>)('%s with token "%s" → %s', (href, token, expected) => {
    const d = decideHost(loc(href), token, cfg)
    expect(d.action === 'stay' ? 'stay' : d.url).toBe(expected)
  })

  it('allows exactly the spec list on the main host', () => {
    expect(MAIN_HOST_ALLOWED.sort()).toEqual(
      [ROUTES.login, ROUTES.placeOrder, ROUTES.addressList, ROUTES.addressOperate, ROUTES.orderList, ROUTES.orderDetails, ROUTES.blindBoxRecord, ROUTES.integralPlaceOrder].sort(),
    )
  })

  it('replaces a stale token in the address with the current one', () => {
    const d = decideHost(loc(`http://${MAIN}/pages/mine/index?token=old&a=1`), 'new', cfg)
    expect(d).toEqual({ action: 'redirect', url: `http://${ENTRY}/pages/mine/index?token=new&a=1` })
  })

  it('picks one of several entry hosts at random', () => {
    const two = { ...cfg, entryHosts: ['e1.shop.test', 'e2.shop.test'] }
    jest.spyOn(Math, 'random').mockReturnValueOnce(0.1).mockReturnValueOnce(0.9)
    expect(decideHost(loc(`http://${MAIN}/pages/sort/index`), '', two)).toEqual({ action: 'redirect', url: 'http://e1.shop.test/pages/sort/index' })
    expect(decideHost(loc(`http://${MAIN}/pages/sort/index`), '', two)).toEqual({ action: 'redirect', url: 'http://e2.shop.test/pages/sort/index' })
    // every entry host counts as an entry host
    expect(decideHost(loc('http://e2.shop.test/minePages/myOrder/list'), 'T', two)).toEqual({ action: 'redirect', url: `http://${MAIN}/minePages/myOrder/list?token=T` })
  })

  it('is off without configuration: no main host, or no entry host', () => {
    expect(gatingEnabled({ mainHost: '', entryHosts: [ENTRY], loginRedirectHosts: [] })).toBe(false)
    expect(gatingEnabled({ mainHost: MAIN, entryHosts: [], loginRedirectHosts: [] })).toBe(false)
    expect(decideHost(loc(`http://${MAIN}/pages/mine/index`), 'T', { mainHost: MAIN, entryHosts: [], loginRedirectHosts: [] })).toEqual({ action: 'stay' })
    expect(decideHost(loc('http://localhost/pages/mine/index'), 'T', { mainHost: '', entryHosts: [], loginRedirectHosts: [] })).toEqual({ action: 'stay' })
  })

  it('reads the build configuration (empty in this build: gating off)', () => {
    expect(hostConfig()).toEqual({ mainHost: '', entryHosts: [], loginRedirectHosts: [] })
    expect(gatingEnabled()).toBe(false)
    const g = globalThis as any
    g.MAIN_HOST = MAIN
    g.ENTRY_HOSTS = ` ${ENTRY} , ,`
    try {
      expect(hostConfig()).toMatchObject({ mainHost: MAIN, entryHosts: [ENTRY] })
      expect(pickEntryHost()).toBe(ENTRY)
    } finally {
      g.MAIN_HOST = ''
      g.ENTRY_HOSTS = ''
    }
  })
})

describe('guardHost', () => {
  it('stays on a page without configuration', () => {
    window.history.replaceState(null, '', '/pages/mine/index')
    expect(guardHost()).toBe(false)
  })

  it('does nothing in the mini-program', () => {
    process.env.TARO_ENV = 'weapp'
    try {
      expect(guardHost()).toBe(false)
    } finally {
      process.env.TARO_ENV = 'h5'
    }
  })

  it('uses the stored token when it sends the page to another host', () => {
    // jsdom's page is http://localhost: make it the main host of the configuration.
    const g = globalThis as any
    g.MAIN_HOST = 'localhost'
    g.ENTRY_HOSTS = 'entry.shop.test'
    useUserStore.setState({ token: 'stored-token' })
    const replace = jest.spyOn(browser, 'replace').mockImplementation(() => {})
    window.history.replaceState(null, '', '/pages/video/index?x=1')
    try {
      expect(guardHost()).toBe(true)
      expect(replace).toHaveBeenCalledWith('http://entry.shop.test/pages/video/index?x=1&token=stored-token')
      replace.mockClear()
      window.history.replaceState(null, '', '/minePages/myOrder/list')
      expect(guardHost()).toBe(false)
      expect(replace).not.toHaveBeenCalled()
    } finally {
      window.history.replaceState(null, '', '/')
      g.MAIN_HOST = ''
      g.ENTRY_HOSTS = ''
      useUserStore.setState({ token: '' })
    }
  })
})
