import Taro from '@tarojs/taro'
import { useCommonStore } from '@/stores/common'
import { USER_STORAGE_KEY } from '@/stores/user'
import { VERSION_KEY } from '@/core/auth'

/** Storage keys "clear cache" keeps: the login (token + user info), the version marker, and the common store (its search lists are emptied). */
export const KEPT_KEYS = [USER_STORAGE_KEY, VERSION_KEY, 'common']

/** The size of what is stored, in KB (0 when the shell cannot tell). */
export function cacheSizeKb(): number {
  try {
    const info = Taro.getStorageInfoSync()
    if (Number(info.currentSize) > 0) return Number(info.currentSize)
    // The H5 shell does not report a size: count the stored text.
    const bytes = (info.keys || []).reduce((n, k) => {
      const v = Taro.getStorageSync(k)
      return n + k.length + (typeof v === 'string' ? v.length : JSON.stringify(v ?? '').length)
    }, 0)
    return bytes / 1024
  } catch {
    return 0
  }
}

/** "0.0KB" / "1.2MB" for the settings row. */
export const formatKb = (kb: number) => (kb >= 1024 ? `${(kb / 1024).toFixed(1)}MB` : `${kb.toFixed(1)}KB`)

/**
 * Clears the caches and the goods and video search histories; keeps the token and user info (the member stays
 * logged in), the version marker and the last pay params. Returns the keys removed.
 */
export function clearAppCache(): string[] {
  const common = useCommonStore.getState()
  common.clearGoodsSearch()
  common.clearVideoSearch()
  let keys: string[] = []
  try {
    keys = Taro.getStorageInfoSync().keys || []
  } catch {
    keys = []
  }
  const removed = keys.filter((k) => !KEPT_KEYS.includes(k))
  for (const k of removed) Taro.removeStorageSync(k)
  return removed
}
