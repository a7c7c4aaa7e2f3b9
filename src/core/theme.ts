import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'

/**
 * The system light / dark theme in both shells. CSS follows it by itself (src/app.scss: prefers-color-scheme,
 * which WXSS supports too with darkmode: true); this hook adds the `theme-dark` class to page roots
 * (PageLayout), which carries the same variables for older WeChat versions and tells code the theme.
 */
export type Theme = 'light' | 'dark'
export const DARK_CLASS = 'theme-dark'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The theme now: matchMedia on H5, getSystemInfoSync().theme in the mini-program (light when unknown). */
export function systemTheme(): Theme {
  if (process.env.TARO_ENV === 'h5') {
    return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'
  }
  try {
    return (Taro.getSystemInfoSync() as any).theme === 'dark' ? 'dark' : 'light'
  } catch {
    return 'light'
  }
}

/** Calls `fn` whenever the system theme changes; returns the unsubscribe function. */
export function onSystemThemeChange(fn: (t: Theme) => void): () => void {
  if (process.env.TARO_ENV === 'h5') {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {}
    const mq = window.matchMedia(DARK_QUERY)
    const listener = (e: { matches: boolean }) => fn(e.matches ? 'dark' : 'light')
    if (mq.addEventListener) mq.addEventListener('change', listener)
    else mq.addListener(listener)
    return () => (mq.removeEventListener ? mq.removeEventListener('change', listener) : mq.removeListener(listener))
  }
  const listener = (res: { theme?: string }) => fn(res?.theme === 'dark' ? 'dark' : 'light')
  if (typeof Taro.onThemeChange !== 'function') return () => {}
  Taro.onThemeChange(listener as any)
  return () => Taro.offThemeChange?.(listener as any)
}

/** The current system theme, following changes. */
export function useTheme(): Theme {
  const [theme, setTheme] = useState<Theme>(systemTheme)
  useEffect(() => {
    setTheme(systemTheme())
    return onSystemThemeChange(setTheme)
  }, [])
  return theme
}

/** The class for a page root: "theme-dark" in the dark theme, "" otherwise. */
export const useThemeClass = (): string => (useTheme() === 'dark' ? DARK_CLASS : '')
