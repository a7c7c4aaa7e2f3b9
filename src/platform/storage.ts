import Taro from '@tarojs/taro'
import type { StateStorage } from 'zustand/middleware'

/** Key-value storage over Taro's synchronous storage, the same in both shells. */
export const storage = {
  get<T = unknown>(key: string): T | undefined {
    const v = Taro.getStorageSync(key)
    return v === '' || v === undefined || v === null ? undefined : (v as T)
  },
  set(key: string, value: unknown) {
    Taro.setStorageSync(key, value)
  },
  remove(key: string) {
    Taro.removeStorageSync(key)
  },
  clear() {
    Taro.clearStorageSync()
  },
}

/** zustand's persist storage, backed by Taro storage so both shells persist. */
export const taroStateStorage: StateStorage = {
  getItem: (name) => {
    const v = storage.get<string>(name)
    return v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v)
  },
  setItem: (name, value) => storage.set(name, value),
  removeItem: (name) => storage.remove(name),
}
