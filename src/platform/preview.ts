import Taro from '@tarojs/taro'
import { closeOnBack } from './backCloses'

/** A full-screen preview of pictures (Taro's; on the H5 a tap closes it, and so does the back button). */
export async function previewImages(urls: string[], current: string) {
  await Taro.previewImage({ urls, current })
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  const shown = document.querySelectorAll<HTMLElement>('.preview-image')
  const el = shown[shown.length - 1]
  if (!el) return
  // Taro removes the preview on a tap; a back removes it here (src/platform/backCloses.ts).
  const done = closeOnBack(() => el.remove())
  el.addEventListener('click', done, { once: true })
}
