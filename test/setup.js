process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
process.env.FRAMEWORK = 'react'
globalThis.DEPRECATED_ADAPTER_COMPONENT = false
globalThis.API_ORIGIN = ''
globalThis.MAIN_HOST = ''
globalThis.ENTRY_HOSTS = ''
globalThis.LOGIN_REDIRECT_HOSTS = ''
globalThis.WX_H5_APPID = ''
globalThis.WX_JSSDK_URL = '/static/jweixin-1.6.0.js'
globalThis.WX_OAUTH_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize'
if (!window.matchMedia) {
  window.matchMedia = (q) => ({ matches: false, media: q, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, onchange: null, dispatchEvent: () => false })
}
