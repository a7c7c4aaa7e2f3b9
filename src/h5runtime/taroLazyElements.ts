// The deferred custom elements of src/h5runtime/taroComponents.ts (one chunk).
import { defineCustomElement as swiper } from '@tarojs/components/dist/components/taro-swiper-core.js'
import { defineCustomElement as swiperItem } from '@tarojs/components/dist/components/taro-swiper-item-core.js'
import { defineCustomElement as video } from '@tarojs/components/dist/components/taro-video-core.js'
import { defineCustomElement as canvas } from '@tarojs/components/dist/components/taro-canvas-core.js'
import { defineCustomElement as webView } from '@tarojs/components/dist/components/taro-web-view-core.js'

/**
 * Defines the elements. React has already set its properties on the elements drawn before this (plain
 * own properties of an element not yet upgraded, which would hide the element's own accessors): they are
 * taken off and set again through the definition, as for any lazily defined custom element.
 */
export function defineLazyElements(tags: string[]) {
  const early = Array.from(document.querySelectorAll<HTMLElement>(tags.join(','))).map((el) => {
    const props = Object.keys(el).filter((k) => !k.startsWith('__'))
    return { el, values: props.map((k) => [k, (el as any)[k]] as const) }
  })
  for (const define of [swiper, swiperItem, video, canvas, webView]) define()
  for (const { el, values } of early)
    for (const [k, v] of values) {
      delete (el as any)[k]
      ;(el as any)[k] = v
    }
}
