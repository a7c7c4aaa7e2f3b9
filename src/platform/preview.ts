import Taro from '@tarojs/taro'

/** A full-screen preview of pictures (Taro's; on the H5 a tap closes it). */
export async function previewImages(urls: string[], current: string) {
  await Taro.previewImage({ urls, current })
}
