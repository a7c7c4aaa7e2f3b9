import { lazy, Suspense, type ComponentType } from 'react'

// H5: the list, its cards and their styles are not part of a page's first screen: they load in a chunk of their
// own when the page draws them. The mini-program keeps them in the page's bundle.
const GuessYouLike: ComponentType<{ className?: string }> =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the mini-program keeps it in the page's own bundle
  process.env.TARO_ENV === 'h5' ? lazy(() => import('./index')) : require('./index').default

/** 猜你喜欢 (see ./index), loaded on H5 from its own chunk. */
export default function LazyGuessYouLike(props: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <GuessYouLike {...props} />
    </Suspense>
  )
}
