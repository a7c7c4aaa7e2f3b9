import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import prodConfig from './prod'
import { PrecompressPlugin } from './precompress'
import { BundleStatsPlugin } from './bundleStats'

// Values injected into the client at build time. Hosts and app ids are configuration, never hard-coded domains.
// The mini-program uses them as built; the H5 gets MAIN_HOST … WX_OAUTH_URL from the server in the page it serves
// (server/src/h5RuntimeConfig.ts, src/platform/runtimeConfig.ts), these only when a page did not come from it.
function clientEnv() {
  const env = process.env
  return {
    API_ORIGIN: JSON.stringify(env.API_ORIGIN || ''), // '' on H5: same origin as the page; weapp needs an absolute origin
    MAIN_HOST: JSON.stringify(env.MAIN_HOST || ''),
    ENTRY_HOSTS: JSON.stringify(env.ENTRY_HOSTS || ''),
    LOGIN_REDIRECT_HOSTS: JSON.stringify(env.LOGIN_REDIRECT_HOSTS || ''),
    WX_H5_APPID: JSON.stringify(env.WX_H5_APPID || ''),
    WX_JSSDK_URL: JSON.stringify(env.WX_JSSDK_URL || '/static/jweixin-1.6.0.js'),
    WX_OAUTH_URL: JSON.stringify(env.WX_OAUTH_URL || 'https://open.weixin.qq.com/connect/oauth2/authorize'),
  }
}

// The H5 article editor (Quill + its image-resize module) is served by the shop itself, loaded only by
// minePages/myArticle/graphicEditing; copied into the H5 build only (the mini-program uses Taro's Editor).
const CONTENT_VENDOR_COPY = (() => {
  if (process.env.TARO_ENV !== 'h5') return []
  const out = process.env.TARO_OUTPUT || `dist/${process.env.TARO_ENV}`
  return [
    { from: 'node_modules/quill/dist/quill.js', to: `${out}/static/vendor/quill/quill.js` },
    { from: 'node_modules/quill/dist/quill.snow.css', to: `${out}/static/vendor/quill/quill.snow.css` },
    { from: 'node_modules/@botom/quill-resize-module/dist/quill-resize-module.js', to: `${out}/static/vendor/quill/quill-resize-module.js` },
    // Browsers ask for /favicon.ico on every load (a 404 each time without it).
    { from: 'src/favicon.ico', to: `${out}/favicon.ico` },
  ]
})()

// The mini-program's tab bar icons are named through theme.json variables ("@tab_home"), which the build
// cannot follow: copy them (light, dark and selected) next to app.json.
const WEAPP_TABBAR_COPY = process.env.TARO_ENV === 'weapp' ? [{ from: 'src/assets/tabbar/', to: `${process.env.TARO_OUTPUT || 'dist/weapp'}/assets/tabbar/` }] : []

// H5: compiled for the browsers it runs in (package.json browserslist "h5": Chrome/WebView 70+, iOS 12+; Taro's
// elements need custom elements anyway): async functions, classes and object spread stay native instead of
// Babel's helpers and regenerator, less code and less work at start-up. The mini-program keeps Taro's defaults.
if (process.env.TARO_ENV === 'h5') process.env.BROWSERSLIST_ENV = 'h5'

// H5 rem: Taro's baseFontSize x 2 (deviceRatio 1 at the 750 design width) at that width, kept between min and max.
const H5_ROOT_FONT = { baseFontSize: 20, min: 20, max: 40, designWidth: 750 }

function rootFontSizeScript({ baseFontSize, min, max, designWidth }: typeof H5_ROOT_FONT) {
  return `!function(n){function f(){var d=n.document.documentElement,w=Math.min(n.innerWidth||d.clientWidth,n.innerHeight||d.clientHeight),x=${baseFontSize * 2}*w/${designWidth};d.style.fontSize=x>=${max}?"${max}px":x<=${min}?"${min}px":x+"px"}n.addEventListener("resize",function(){f();setTimeout(f,500)});f()}(window);`
}

// The mini-program calls the API at API_ORIGIN (relative URLs mean nothing there): a release build needs an
// absolute https origin that is one of the mini-program's request domains. Test builds (WEAPP_TEST_BUILD=1, the
// harness and DevTools runs against a local http server) and watch builds (NODE_ENV=development) may use any.
export function checkWeappApiOrigin(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TARO_ENV !== 'weapp' || env.WEAPP_TEST_BUILD === '1' || env.NODE_ENV === 'development') return
  if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(env.API_ORIGIN || '')) {
    throw new Error(
      `API_ORIGIN must be the shop's absolute https origin for a mini-program build (e.g. API_ORIGIN=https://shop.example.com), got "${env.API_ORIGIN || ''}". Test builds: WEAPP_TEST_BUILD=1.`,
    )
  }
}

// Mini-program only: NutUI's icon element replaced by ours (src/platform/nutIcon.weapp.tsx, an icon-font <view>
// instead of an <i> carrying a base64 SVG through setData), and NutUI's icon font trimmed to its woff2 source.
function weappIcons(chain: any) {
  const own = path.resolve(__dirname, '..', 'src', 'platform', 'nutIcon.weapp.tsx')
  chain.plugin('nut-icon-font').use(
    class NutIconFont {
      apply(compiler: any) {
        compiler.hooks.normalModuleFactory.tap('NutIconFont', (nmf: any) => {
          nmf.hooks.beforeResolve.tap('NutIconFont', (data: any) => {
            if (/IconHarmonyTemplate\.js$/.test(data.request) && /[\\/]@nutui[\\/]icons-react-taro[\\/]/.test(data.context)) data.request = own
          })
        })
      }
    },
  )
  chain.module
    .rule('nut-iconfont')
    .test(/style_iconfont\.css$/)
    .enforce('pre')
    .use('nut-iconfont')
    .loader(path.resolve(__dirname, 'iconfontLoader.js'))
}

export default defineConfig<'webpack5'>(async (merge) => {
  checkWeappApiOrigin()
  const base: UserConfigExport<'webpack5'> = {
    projectName: 'mall',
    date: '2026-11-22',
    // NutUI is drawn at 375 design width, our own code at 750.
    designWidth(input: any) {
      const file = typeof input === 'string' ? input : input?.file || ''
      return file.replace(/\\/g, '/').includes('@nutui') ? 375 : 750
    },
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // TARO_OUTPUT lets several builds run side by side (e.g. dist/h5-e2e); default dist/<platform>.
    outputRoot: process.env.TARO_OUTPUT || `dist/${process.env.TARO_ENV}`,
    // The mini-program's templates carry aria-label / aria-role (config/weappA11y.js).
    plugins: [path.resolve(__dirname, 'weappA11y.js')],
    defineConstants: clientEnv(),
    alias: {
      '@': path.resolve(__dirname, '..', 'src'),
      '@contract': path.resolve(__dirname, '..', 'types'),
      // types/*.ts build the server's TypeBox schemas when loaded; the app takes their types and constants only.
      typebox$: path.resolve(__dirname, '..', 'types', 'typeboxStub.ts'),
      // H5 first load: Swiper with only the modules Taro's swiper uses (src/h5runtime/swiper.ts), the heavy
      // custom elements (swiper, video, canvas, web-view) defined after the page has drawn
      // (src/h5runtime/taroComponents.ts), and Taro H5 packages for what the shop never uses or every supported
      // browser has (src/h5runtime/shims).
      ...(process.env.TARO_ENV === 'h5'
        ? {
            'swiper/bundle$': path.resolve(__dirname, '..', 'src', 'h5runtime', 'swiper.ts'),
            '@tarojs/components/dist/components$': path.resolve(__dirname, '..', 'src', 'h5runtime', 'taroComponents.ts'),
            'whatwg-fetch$': path.resolve(__dirname, '..', 'src', 'h5runtime', 'shims', 'empty.ts'),
            'abortcontroller-polyfill/dist/abortcontroller-polyfill-only$': path.resolve(__dirname, '..', 'src', 'h5runtime', 'shims', 'empty.ts'),
            'jsonp-retry$': path.resolve(__dirname, '..', 'src', 'h5runtime', 'shims', 'jsonp.ts'),
            platform$: path.resolve(__dirname, '..', 'src', 'h5runtime', 'shims', 'platform.ts'),
            'lodash.kebabcase$': path.resolve(__dirname, '..', 'src', 'h5runtime', 'shims', 'kebabCase.ts'),
          }
        : {}),
    },
    copy: { patterns: [...CONTENT_VENDOR_COPY, ...WEAPP_TABBAR_COPY], options: {} },
    // H5: Preact (preact/compat) in place of React DOM: 35 KB less before the first screen (docs/development.md).
    // The mini-program keeps React.
    framework: process.env.TARO_ENV === 'h5' ? 'preact' : 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    mini: {
      compile: { include: [path.resolve(__dirname, '..', 'types')] },
      postcss: {
        pxtransform: { enable: true, config: { selectorBlackList: ['nut-'] } },
        // 大字模式: font sizes times --text-scale (config/postcssTextScale.js).
        './config/postcssTextScale.js': { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
      optimizeMainPackage: { enable: true },
      webpackChain(chain: any) {
        // WEAPP_NUT_SVG_ICONS=1: NutUI's own <i> icons, only to measure the difference (docs/BENCHMARKS.md).
        if (process.env.WEAPP_NUT_SVG_ICONS !== '1') weappIcons(chain)
      },
    },
    h5: {
      compile: { include: [path.resolve(__dirname, '..', 'types')] },
      publicPath: '/',
      staticDirectory: 'static',
      esnextModules: ['nutui-react-taro', '@nutui/nutui-react-taro'],
      router: { mode: 'browser' },
      // Production: .br / .gz copies of every text asset, which the server sends as they are.
      webpackChain(chain: any) {
        if (process.env.NODE_ENV !== 'development') chain.plugin('precompress').use(PrecompressPlugin)
        // View, Text and Image as plain elements, the rest Taro's (src/h5runtime/h5Components.ts). Set here, after Taro's
        // H5 platform has pointed the same name at its own component library.
        chain.resolve.alias.set('@tarojs/components$', path.resolve(__dirname, '..', 'src', 'h5runtime', 'h5Components.ts'))
        // The entry started in stages, one task each (config/stagedEntryLoader.js). 'pre': it runs right after
        // Taro's own loader for the entry, before Babel.
        chain.module
          .rule('staged-entry')
          .test(path.resolve(__dirname, '..', 'src', 'app.config.ts'))
          .enforce('pre')
          .use('staged-entry')
          .loader(path.resolve(__dirname, 'stagedEntryLoader.js'))
        // BUNDLE_STATS=<file>: which modules each chunk holds, for trimming the first load (config/bundleStats.ts).
        if (process.env.BUNDLE_STATS) chain.plugin('bundle-stats').use(BundleStatsPlugin, [process.env.BUNDLE_STATS])
      },
      output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[contenthash:8].js' },
      // The root font size (rem) from the window's size. Taro's own script measures the <html> element, which in
      // <head> has no content yet: on some loads it found a height of a few pixels, set the smallest size and
      // corrected it at the next resize, moving the whole page (a layout shift of 0.03-0.06 on home).
      htmlPluginOption: { script: rootFontSizeScript(H5_ROOT_FONT) },
      miniCssExtractPluginOption: { ignoreOrder: true, filename: 'css/[name].[contenthash:8].css', chunkFilename: 'css/[name].[contenthash:8].css' },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        pxtransform: { enable: true, config: { baseFontSize: H5_ROOT_FONT.baseFontSize, minRootSize: H5_ROOT_FONT.min, maxRootSize: H5_ROOT_FONT.max } },
        './config/postcssTextScale.js': { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') return merge({}, base, devConfig)
  return merge({}, base, prodConfig)
})
