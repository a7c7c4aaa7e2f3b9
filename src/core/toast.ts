import Taro from '@tarojs/taro'

/** The shop's toast duration (SPEC.md section 9: 2000 ms, the framework's own default is 1500 ms). */
export const TOAST_DURATION = 2000

export function toast(title: string, icon: 'none' | 'success' | 'error' = 'none', duration = TOAST_DURATION) {
  if (!title) return
  Taro.showToast({ title, icon, duration })
}

export const showLoading = (title = '加载中') => Taro.showLoading({ title, mask: true })
export const hideLoading = () => Taro.hideLoading()

/** Modal with confirm / cancel; resolves true when confirmed. */
export async function confirm(content: string, title = '提示'): Promise<boolean> {
  const res = await Taro.showModal({ title, content, confirmColor: '#AF57FF' })
  return !!res.confirm
}
