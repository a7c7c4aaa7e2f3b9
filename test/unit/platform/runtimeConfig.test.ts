import { RUNTIME_CONFIG_ELEMENT_ID } from '@contract/runtimeConfig'
import { runtimeConfig } from '@/platform/runtimeConfig'
import { hostConfig, gatingEnabled } from '@/platform/hosts'
import { oauthUrl, wxH5AppId } from '@/platform/login'
import { ENTRY, MAIN } from '../../fixtures/hostGating.mjs'

/** The JSON block the shop's server puts into index.html (server/src/h5RuntimeConfig.ts). */
function servePage(json: string) {
  const el = document.createElement('script')
  el.type = 'application/json'
  el.id = RUNTIME_CONFIG_ELEMENT_ID
  el.textContent = json
  document.head.appendChild(el)
  return el
}

const g = globalThis as any
afterEach(() => {
  document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.remove()
  g.MAIN_HOST = ''
  g.ENTRY_HOSTS = ''
  g.WX_H5_APPID = ''
})

describe('runtimeConfig (H5: the server gives host names and the WeChat account in the page)', () => {
  it('reads the page’s configuration: gating and the official account without a build of their own', () => {
    servePage(
      JSON.stringify({
        mainHost: MAIN,
        entryHosts: [ENTRY],
        loginRedirectHosts: [MAIN, ENTRY],
        wxH5AppId: 'wxpage',
        wxJssdkUrl: 'https://res.example.com/jweixin.js',
        wxOauthUrl: 'https://oauth.example.com/authorize',
      }),
    )
    expect(hostConfig()).toEqual({ mainHost: MAIN, entryHosts: [ENTRY], loginRedirectHosts: [MAIN, ENTRY] })
    expect(gatingEnabled()).toBe(true)
    expect(wxH5AppId()).toBe('wxpage')
    expect(oauthUrl('wxpage', 'https://shop.example.com/x')).toMatch(/^https:\/\/oauth\.example\.com\/authorize\?appid=wxpage&/)
    expect(runtimeConfig().wxJssdkUrl).toBe('https://res.example.com/jweixin.js')
  })

  it('the page wins over the build’s values, also when it turns gating and OAuth off', () => {
    g.MAIN_HOST = MAIN
    g.ENTRY_HOSTS = ENTRY
    g.WX_H5_APPID = 'wxbuild'
    servePage(JSON.stringify({ mainHost: '', entryHosts: [], loginRedirectHosts: [], wxH5AppId: '', wxJssdkUrl: '', wxOauthUrl: '' }))
    expect(gatingEnabled()).toBe(false)
    expect(wxH5AppId()).toBe('')
    // empty addresses: WeChat's own
    expect(runtimeConfig().wxJssdkUrl).toBe('/static/jweixin-1.6.0.js')
    expect(runtimeConfig().wxOauthUrl).toBe('https://open.weixin.qq.com/connect/oauth2/authorize')
  })

  it('without the page’s block (not served by the shop) the build’s values apply', () => {
    g.MAIN_HOST = MAIN
    g.ENTRY_HOSTS = ` ${ENTRY} , ,`
    g.WX_H5_APPID = 'wxbuild'
    expect(hostConfig().entryHosts).toEqual([ENTRY])
    expect(gatingEnabled()).toBe(true)
    expect(wxH5AppId()).toBe('wxbuild')
  })

  it('a broken block is read as empty (gating and OAuth off), never thrown at start', () => {
    g.MAIN_HOST = MAIN
    g.ENTRY_HOSTS = ENTRY
    servePage('{not json')
    expect(gatingEnabled()).toBe(false)
    expect(wxH5AppId()).toBe('')
  })
})
