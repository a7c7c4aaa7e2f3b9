// A logic-layer harness for the mini-program build: boots dist/weapp/app.js in a Node vm with WeChat's
// logic-layer globals (App, Page, Component, Behavior, getApp, getCurrentPages, require by path) and a `wx` object
// on which every API name of miniprogram-api-typings exists. The ones the shop relies on are implemented: storage
// in memory, request against a real server, navigation recorded, system info, login, payment recorded. Each
// page's setData paths are applied to its data as WeChat's view layer would, and every call is recorded (the
// bench and the view test read them).
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** Every API name of `wx` (interface Wx of miniprogram-api-typings). */
export function wxApiNames() {
  const file = require.resolve('miniprogram-api-typings/types/wx/lib.wx.api.d.ts')
  const s = fs.readFileSync(file, 'utf8')
  const start = s.indexOf('interface Wx {') + 10
  const rest = s.slice(start)
  const block = rest.slice(0, rest.search(/\n {4}(interface|type|declare|namespace|export) /))
  return [...new Set([...block.matchAll(/^ {8}([a-zA-Z][a-zA-Z0-9]*)\s*[<(]/gm)].map((m) => m[1]))]
}

/** Applies one Taro setData payload (keys like `root.cn.[0].cn.[2].v`) to `data`. */
export function applySetData(data, payload) {
  for (const [key, value] of Object.entries(payload)) {
    const parts = key.split('.').map((p) => (/^\[\d+\]$/.test(p) ? Number(p.slice(1, -1)) : p))
    let node = data
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]
      if (node[p] === undefined || node[p] === null) node[p] = typeof parts[i + 1] === 'number' ? [] : {}
      node = node[p]
    }
    // WeChat sends setData as JSON: functions and undefined are dropped.
    node[parts[parts.length - 1]] = value === undefined ? undefined : JSON.parse(JSON.stringify(value) ?? 'null')
  }
}

/** Every node type (`nn`) in a page's data. */
export function nodeTypes(data, out = new Set()) {
  if (Array.isArray(data)) data.forEach((d) => nodeTypes(d, out))
  else if (data && typeof data === 'object') {
    if (typeof data.nn === 'string') out.add(data.nn)
    for (const v of Object.values(data)) if (v && typeof v === 'object') nodeTypes(v, out)
  }
  return out
}

/** All text (`v`) in a page's data, joined. */
export function textOf(data) {
  const out = []
  const walk = (d) => {
    if (Array.isArray(d)) d.forEach(walk)
    else if (d && typeof d === 'object') {
      if (typeof d.v === 'string') out.push(d.v)
      for (const v of Object.values(d)) if (v && typeof v === 'object') walk(v)
    }
  }
  walk(data)
  return out.join(' ')
}

const parseQuery = (qs) => Object.fromEntries(new URLSearchParams(qs || '').entries())

/**
 * Boots the build. `apiOrigin`: the origin the build was made with (its requests are sent to `serverBase`).
 * `storage`: initial storage (e.g. a logged-in user). Answers the harness.
 */
export function bootMiniProgram({ out, apiOrigin, serverBase, storage = {}, systemInfo = {} }) {
  const errors = []
  const warnings = []
  const requests = []
  const navigations = []
  const payments = []
  const toasts = []
  const functionsInSetData = []
  const modals = []
  const pending = new Set()
  const storageMap = new Map(Object.entries(storage))
  const pageConfigs = new Map()
  const componentConfigs = new Map()
  const stack = []
  let appInstance = null
  let current = null // the page being registered (Page() is called while its file runs)

  const record = (kind, args) => {
    const text = args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : safeJson(a))).join(' ')
    if (kind === 'error') errors.push(text)
    else warnings.push(text)
  }
  const harnessConsole = {
    log() {},
    info() {},
    debug() {},
    warn: (...a) => record('warn', a),
    error: (...a) => record('error', a),
  }

  const sys = {
    brand: 'devtools',
    model: 'iPhone 13',
    pixelRatio: 3,
    screenWidth: 375,
    screenHeight: 812,
    windowWidth: 375,
    windowHeight: 812,
    statusBarHeight: 44,
    language: 'zh_CN',
    version: '8.0.50',
    system: 'iOS 17.0',
    platform: 'ios',
    SDKVersion: '3.3.4',
    theme: 'light',
    safeArea: { left: 0, right: 375, top: 44, bottom: 778, width: 375, height: 734 },
    ...systemInfo,
  }
  const ok = (name, extra = {}) => ({ errMsg: `${name}:ok`, ...extra })
  const done = (opts, name, res, fail = false) => {
    pending.add(res)
    setTimeout(() => {
      pending.delete(res)
      try {
        if (fail) opts?.fail?.(res)
        else opts?.success?.(res)
      } finally {
        opts?.complete?.(res)
      }
    }, 0)
  }
  // Selector queries answer one box per select() (a list for selectAll), as WeChat's exec does.
  const rect = { id: '', dataset: {}, width: 375, height: 0, top: 0, left: 0, right: 375, bottom: 0, scrollTop: 0, scrollLeft: 0, scrollHeight: 0, scrollWidth: 375 }
  const chain = (queue = []) =>
    new Proxy(
      {},
      {
        get(target, prop) {
          if (prop === 'then') return undefined
          if (prop === 'exec') return (cb) => setTimeout(() => cb?.(queue.map((q) => (q === 'all' ? [{ ...rect }] : { ...rect }))), 0)
          return (...args) => {
            if (prop === 'select' || prop === 'selectViewport') queue.push('one')
            if (prop === 'selectAll') queue.push('all')
            const cb = args.find((a) => typeof a === 'function')
            if (cb && /^(boundingClientRect|scrollOffset|fields|node|context)$/.test(String(prop))) setTimeout(() => cb(queue[queue.length - 1] === 'all' ? [{ ...rect }] : { ...rect }), 0)
            return chain(queue)
          }
        },
      },
    )

  // No layout here: a page's first observed element counts as within the first screen (it intersects at once),
  // every later one as below it (it never does), i.e. a first load with no scrolling.
  const observedPages = new WeakSet()
  const intersectionObserver = () => {
    let live = true
    return {
      relativeTo() {
        return this
      },
      relativeToViewport() {
        return this
      },
      observe(selector, cb) {
        const page = stack[stack.length - 1]
        if (!page || observedPages.has(page)) return
        observedPages.add(page)
        sandboxSetTimeout(() => live && cb?.({ id: '', dataset: {}, intersectionRatio: 1, intersectionRect: {}, boundingClientRect: {}, relativeRect: {}, time: Date.now() }), 0)
      },
      disconnect() {
        live = false
      },
    }
  }

  const impl = {
    getSystemInfoSync: () => ({ ...sys }),
    getSystemInfo: (o) => done(o, 'getSystemInfo', ok('getSystemInfo', sys)),
    getWindowInfo: () => ({ ...sys }),
    getDeviceInfo: () => ({ ...sys }),
    getAppBaseInfo: () => ({ ...sys }),
    getSystemSetting: () => ({}),
    getAppAuthorizeSetting: () => ({}),
    getAccountInfoSync: () => ({ miniProgram: { appId: 'touristappid', envVersion: 'develop', version: '' } }),
    getLaunchOptionsSync: () => ({ path: 'pages/home/index', query: {}, scene: 1001, referrerInfo: {} }),
    getEnterOptionsSync: () => ({ path: 'pages/home/index', query: {}, scene: 1001, referrerInfo: {} }),
    getMenuButtonBoundingClientRect: () => ({ width: 87, height: 32, top: 48, bottom: 80, left: 281, right: 368 }),
    canIUse: () => true,
    nextTick: (fn) => Promise.resolve().then(fn),
    getStorageSync: (k) => (storageMap.has(k) ? structuredClone(storageMap.get(k)) : ''),
    setStorageSync: (k, v) => void storageMap.set(k, structuredClone(v)),
    removeStorageSync: (k) => void storageMap.delete(k),
    clearStorageSync: () => storageMap.clear(),
    getStorageInfoSync: () => ({ keys: [...storageMap.keys()], currentSize: 0, limitSize: 10240 }),
    getStorage: (o) =>
      storageMap.has(o.key) ? done(o, 'getStorage', ok('getStorage', { data: structuredClone(storageMap.get(o.key)) })) : done(o, 'getStorage', { errMsg: 'getStorage:fail data not found' }, true),
    setStorage: (o) => (storageMap.set(o.key, structuredClone(o.data)), done(o, 'setStorage', ok('setStorage'))),
    removeStorage: (o) => (storageMap.delete(o.key), done(o, 'removeStorage', ok('removeStorage'))),
    clearStorage: (o) => (storageMap.clear(), done(o, 'clearStorage', ok('clearStorage'))),
    request(o) {
      const url = String(o.url || '')
      const method = (o.method || 'GET').toUpperCase()
      const entry = { url, method, data: o.data, header: o.header }
      requests.push(entry)
      const task = { abort() {}, onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
      if (!url.startsWith(`${apiOrigin}/`)) {
        // The mini-program reaches only its request domains: anything else is a defect the checks report.
        entry.refused = true
        done(o, 'request', { errMsg: `request:fail url not in domain list: ${url}` }, true)
        return task
      }
      const target = serverBase + url.slice(apiOrigin.length)
      const headers = { ...(o.header || {}) }
      let body
      if (method !== 'GET' && o.data !== undefined) {
        body = typeof o.data === 'string' ? o.data : JSON.stringify(o.data)
        if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json'
      }
      let full = target
      if (method === 'GET' && o.data && typeof o.data === 'object') {
        const qs = new URLSearchParams(
          Object.entries(o.data)
            .filter(([, v]) => v !== undefined && v !== null)
            .map(([k, v]) => [k, String(v)]),
        ).toString()
        if (qs) full += (full.includes('?') ? '&' : '?') + qs
      }
      const p = fetch(full, { method, headers, body })
        .then(async (r) => {
          const text = await r.text()
          let data = text
          if (o.dataType !== '其他') {
            try {
              data = JSON.parse(text)
            } catch {}
          }
          entry.status = r.status
          return ok('request', { data, statusCode: r.status, header: Object.fromEntries(r.headers.entries()), cookies: [] })
        })
        .then(
          (res) => {
            pending.delete(p)
            try {
              o.success?.(res)
            } finally {
              o.complete?.(res)
            }
          },
          (e) => {
            pending.delete(p)
            const res = { errMsg: `request:fail ${e.message}` }
            try {
              o.fail?.(res)
            } finally {
              o.complete?.(res)
            }
          },
        )
      pending.add(p)
      return task
    },
    login: (o) => done(o, 'login', ok('login', { code: `harness-code-${Date.now()}` })),
    checkSession: (o) => done(o, 'checkSession', ok('checkSession')),
    requestPayment: (o) => {
      payments.push({ ...o })
      done(o, 'requestPayment', ok('requestPayment'))
    },
    requestSubscribeMessage: (o) => done(o, 'requestSubscribeMessage', ok('requestSubscribeMessage')),
    showToast: (o) => (toasts.push(o?.title), done(o, 'showToast', ok('showToast'))),
    showModal: (o) => (modals.push(o), done(o, 'showModal', ok('showModal', { confirm: true, cancel: false }))),
    showActionSheet: (o) => done(o, 'showActionSheet', { errMsg: 'showActionSheet:fail cancel' }, true),
    createSelectorQuery: () => chain(),
    createIntersectionObserver: () => intersectionObserver(),
    createAnimation: () => chain(),
    createVideoContext: () => chain(),
    createCanvasContext: () => chain(),
    getUpdateManager: () => ({ onCheckForUpdate() {}, onUpdateReady() {}, onUpdateFailed() {}, applyUpdate() {} }),
    getFileSystemManager: () => chain(),
    getRealtimeLogManager: () => ({ info() {}, warn() {}, error() {}, setFilterMsg() {}, addFilterMsg() {} }),
    getLogManager: () => ({ log() {}, info() {}, warn() {}, debug() {} }),
    onAppShow() {},
    onAppHide() {},
    onError() {},
    onUnhandledRejection() {},
    onThemeChange() {},
    onNetworkStatusChange() {},
    onMemoryWarning() {},
    onWindowResize() {},
  }
  for (const name of ['navigateTo', 'redirectTo', 'switchTab', 'reLaunch', 'navigateBack']) {
    impl[name] = (o = {}) => {
      navigations.push({ type: name, url: o.url, delta: o.delta })
      done(o, name, ok(name))
    }
  }

  const wx = {}
  for (const name of wxApiNames()) {
    if (impl[name]) wx[name] = impl[name]
    else if (/Sync$/.test(name)) wx[name] = () => undefined
    else if (/^(create|get)[A-Z].*(Context|Manager|Audio|Observer|Query)$/.test(name)) wx[name] = () => chain()
    else if (/^(on|off)[A-Z]/.test(name)) wx[name] = () => {}
    else wx[name] = (o) => (o && typeof o === 'object' ? done(o, name, ok(name)) : undefined)
  }
  for (const [name, fn] of Object.entries(impl)) if (!wx[name]) wx[name] = fn

  // The logic layer's globals. Timers are Node's; short ones (up to 1 s: renders, debounces) count as work in
  // flight, so a page is settled when no request and no short timer is pending.
  const sandboxSetTimeout = (fn, delay = 0, ...args) => {
    const id = setTimeout(() => {
      pending.delete(id)
      if (typeof fn === 'function') fn(...args)
    }, delay)
    if (delay <= 1000) pending.add(id)
    return id
  }
  const sandboxClearTimeout = (id) => {
    pending.delete(id)
    clearTimeout(id)
  }
  const sandbox = {
    console: harnessConsole,
    wx,
    setTimeout: sandboxSetTimeout,
    clearTimeout: sandboxClearTimeout,
    setInterval,
    clearInterval,
    Promise,
    requestAnimationFrame: (cb) => sandboxSetTimeout(() => cb(Date.now()), 16),
    cancelAnimationFrame: (id) => sandboxClearTimeout(id),
    Behavior: (b) => b,
    App(config) {
      appInstance = config
    },
    Page(config) {
      pageConfigs.set(current, config)
    },
    Component(config) {
      componentConfigs.set(current, config)
    },
    getApp: () => appInstance,
    getCurrentPages: () => [...stack],
    __wxConfig: { pages: [], global: { window: {} } },
  }
  sandbox.global = sandbox
  const context = vm.createContext(sandbox)

  const cache = new Map()
  function load(file) {
    const full = path.resolve(file.endsWith('.js') ? file : `${file}.js`)
    if (cache.has(full)) return cache.get(full).exports
    const module = { exports: {} }
    cache.set(full, module)
    const code = fs.readFileSync(full, 'utf8')
    const fn = vm.runInContext(`(function (require, module, exports) {${code}\n})`, context, { filename: full })
    const localRequire = (p) => load(path.resolve(path.dirname(full), p))
    fn.call(module.exports, localRequire, module, module.exports)
    return module.exports
  }

  const app = JSON.parse(fs.readFileSync(path.join(out, 'app.json'), 'utf8'))
  load(path.join(out, 'app.js'))
  if (!appInstance) throw new Error('app.js did not call App()')
  const launch = { path: app.pages[0], query: {}, scene: 1001, referrerInfo: {} }
  appInstance.onLaunch?.call(appInstance, launch)
  appInstance.onShow?.call(appInstance, launch)

  /** Waits until nothing is in flight (requests, wx callbacks) for `quietMs`, at most `maxMs`. */
  async function settle({ quietMs = 100, maxMs = 10000 } = {}) {
    const started = Date.now()
    let quietSince = Date.now()
    while (Date.now() - started < maxMs) {
      await new Promise((r) => setTimeout(r, 25))
      if (pending.size) quietSince = Date.now()
      else if (Date.now() - quietSince >= quietMs) return true
    }
    return false
  }

  /** Opens a page as WeChat does: registers it, creates its instance, onLoad(query), onShow, onReady. */
  async function openPage(route, query = {}) {
    const file = path.join(out, route)
    current = route
    if (!pageConfigs.has(route)) load(file)
    const config = pageConfigs.get(route)
    if (!config) throw new Error(`${route}.js did not call Page()`)
    const setDataCalls = []
    const page = Object.create(null)
    for (const [k, v] of Object.entries(config)) page[k] = typeof v === 'function' ? v : structuredClone(v)
    Object.assign(page, {
      route,
      __route__: route,
      options: query,
      data: structuredClone(config.data || {}),
      setDataCalls,
      setData(payload, cb) {
        const bytes = Buffer.byteLength(JSON.stringify(payload))
        const fns = Object.entries(payload).filter(([, v]) => JSON.stringify(v, (k, x) => (typeof x === 'function' ? '__harness_function__' : x))?.includes('__harness_function__'))
        if (fns.length) functionsInSetData.push(`${route}: ${fns.map(([k]) => k).join(', ')}`)
        setDataCalls.push({ bytes, keys: Object.keys(payload).length })
        applySetData(this.data, payload)
        if (cb) setTimeout(cb, 0)
      },
      selectComponent: () => null,
      selectAllComponents: () => [],
      createSelectorQuery: () => chain(),
      createIntersectionObserver: () => intersectionObserver(),
      getOpenerEventChannel: () => ({ emit() {}, on() {}, once() {}, off() {} }),
    })
    const previous = stack[stack.length - 1]
    previous?.onHide?.call(previous)
    stack.push(page)
    page.onLoad?.call(page, query)
    page.onShow?.call(page)
    page.onReady?.call(page)
    await settle()
    return page
  }

  /** Closes the current page (onUnload), as navigateBack would. */
  async function closePage() {
    const page = stack.pop()
    page?.onUnload?.call(page)
    const below = stack[stack.length - 1]
    below?.onShow?.call(below)
    await settle({ quietMs: 50, maxMs: 2000 })
  }

  return { app, wx, functionsInSetData, errors, warnings, requests, navigations, payments, toasts, modals, storage: storageMap, openPage, closePage, settle, stack, parseQuery }
}

function safeJson(v) {
  try {
    return JSON.stringify(v)
  } catch {
    return String(v)
  }
}
