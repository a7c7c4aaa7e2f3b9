/**
 * H5 only: the module Taro's React components (and its router and previewImage) import their custom
 * element definitions from; config/index.ts points `@tarojs/components/dist/components` here.
 * Everything is Taro's own definition except:
 * - the tab bar, drawn by a plain element of ours instead of Taro's Stencil one (h5Tabbar.ts);
 * - the heavy elements that no first screen needs at once: swiper (with the Swiper library), video, canvas and
 *   web-view. They are defined from a chunk of their own, loaded as soon as one of them appears in the page, when a
 *   page asks (requestLazyElements of lazyElements.ts), or a few seconds after the page has loaded. An element
 *   drawn before its definition arrives is upgraded then (taroLazyElements.ts sets the properties React gave it
 *   meanwhile again).
 * Pages never import this module: a dynamic import of it would mark every re-export used and pull all of
 * Taro's elements into the first load.
 */
import { BUILD } from '@stencil/core/internal/app-data'
import { plt } from '@stencil/core/internal/client'
import { defineCustomElement as defineTaroButton } from '@tarojs/components/dist/components/taro-button-core.js'
import { markLazyElementsDefined, registerLazyElementsLoader } from './lazyElements'
import { definePlainTabbar } from './h5Tabbar'

export * from '@tarojs/components/dist/components/index.js'

const STENCIL_APP_LOADED = 2 // PLATFORM_FLAGS.appLoaded of @stencil/core's client runtime

// Stencil renders Taro's elements in animation frames; by default each frame renders everything pending, which on
// the home page's first load made frames of 100-200 ms at 4x CPU (long tasks: the page does not answer a tap
// meanwhile). Stencil's time-sliced queue (its build option taskQueue: 'congestionAsync') stops a frame's element
// renders after ~14 ms and goes on in the next frame. Both switches are read at run time, so they can be set here,
// before any element renders: the queue flag, and the "app loaded" platform flag that lets the slicing start (Stencil
// sets it only in its lazy-loading builds, which Taro's custom-elements build is not).
BUILD.asyncQueue = true
plt.$flags$ |= STENCIL_APP_LOADED

const LAZY_TAGS = ['taro-swiper-core', 'taro-swiper-item-core', 'taro-video-core', 'taro-canvas-core', 'taro-web-view-core']
const PRELOAD_AFTER_LOAD_MS = 5000

let ready: Promise<void> | null = null
let watcher: MutationObserver | null = null

/** Loads and defines the deferred elements now; resolves once they are defined. */
function loadLazyElements(): Promise<void> {
  if (!ready) {
    ready = import(/* webpackChunkName: "taro-lazy-elements" */ './taroLazyElements').then((m) => m.defineLazyElements(LAZY_TAGS))
    ready.then(
      () => {
        watcher?.disconnect()
        markLazyElementsDefined()
      },
      () => {
        ready = null // a failed chunk load is tried again by the next caller
      },
    )
  }
  return ready
}

let started = false
/** Stands in for the definitions Taro calls when its components module starts. */
function deferDefinition() {
  if (started || typeof window === 'undefined') return
  started = true
  registerLazyElementsLoader(loadLazyElements)
  // A page drew one of the elements: define them now.
  const selector = LAZY_TAGS.join(',')
  if (typeof MutationObserver !== 'undefined') {
    watcher = new MutationObserver((records) => {
      for (const r of records)
        for (const n of Array.from(r.addedNodes)) if (n instanceof Element && (n.matches(selector) || n.querySelector(selector))) return void loadLazyElements().catch(() => undefined)
    })
    watcher.observe(document.documentElement, { childList: true, subtree: true })
  }
  // Otherwise a while after the page has loaded, so that the next page finds them.
  const idle = () => setTimeout(() => void loadLazyElements().catch(() => undefined), PRELOAD_AFTER_LOAD_MS)
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
}

// The tab bar Taro's router creates: a plain element instead of Taro's Stencil one (h5Tabbar.ts).
export { definePlainTabbar as defineCustomElementTaroTabbar }

/**
 * Taro's <taro-button-core> (every NutUI Button) is a plain custom element: not in the tab order, Enter and Space
 * do nothing (issue 23: every control reachable by keyboard). Once defined, each one is role="button" and
 * focusable, and Enter / Space click it unless it is disabled.
 */
export function defineCustomElementTaroButtonCore() {
  if (typeof customElements === 'undefined' || customElements.get('taro-button-core')) return defineTaroButton()
  // The lifecycle callbacks are read when the element is defined: wrap Taro's before its define call.
  const define = customElements.define
  customElements.define = function (name: string, ctor: CustomElementConstructor, options?: ElementDefinitionOptions) {
    if (name === 'taro-button-core') keyboardButton(ctor.prototype)
    return define.call(this, name, ctor, options)
  }
  try {
    defineTaroButton()
  } finally {
    customElements.define = define
  }
}

function keyboardButton(proto: any) {
  const connected = proto.connectedCallback
  proto.connectedCallback = function (this: HTMLElement & { disabled?: boolean; __keys?: boolean }) {
    connected?.call(this)
    if (!this.hasAttribute('role')) this.setAttribute('role', 'button')
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0
    if (this.__keys) return
    this.__keys = true
    this.addEventListener('keydown', (e: KeyboardEvent) => {
      if ((e.key !== 'Enter' && e.key !== ' ') || e.target !== this || this.hasAttribute('disabled') || this.disabled) return
      e.preventDefault()
      this.click()
    })
  }
}

export {
  deferDefinition as defineCustomElementTaroSwiperCore,
  deferDefinition as defineCustomElementTaroSwiperItemCore,
  deferDefinition as defineCustomElementTaroVideoCore,
  deferDefinition as defineCustomElementTaroVideoControl,
  deferDefinition as defineCustomElementTaroVideoDanmu,
  deferDefinition as defineCustomElementTaroCanvasCore,
  deferDefinition as defineCustomElementTaroWebViewCore,
}
