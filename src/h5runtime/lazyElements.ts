// The custom elements that H5 defines late (src/h5runtime/taroComponents.ts), seen from the pages: a module
// of its own, so a page can ask for them or wait for them without importing Taro's element definitions.
let markDefined: () => void = () => {}
let loader: (() => Promise<void>) | null = null

/** Resolves once the deferred elements (swiper, video, canvas, web-view) are defined; H5 only. */
export const lazyElementsDefined = new Promise<void>((resolve) => (markDefined = resolve))

export const markLazyElementsDefined = () => markDefined()

/** taroComponents.ts registers how the deferred elements load. */
export function registerLazyElementsLoader(load: () => Promise<void>) {
  loader = load
}

/** Starts loading the deferred elements now (nothing to do where none are deferred). */
export function requestLazyElements(): Promise<void> {
  return loader ? loader().catch(() => undefined) : Promise.resolve()
}
