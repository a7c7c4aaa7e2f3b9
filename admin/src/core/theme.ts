/** Light or dark: the operator's choice in localStorage, else the system's (followed live). */
import { useEffect, useSyncExternalStore } from 'react'

export type ThemeChoice = 'light' | 'dark' | 'system'
const KEY = 'admin.theme'
const listeners = new Set<() => void>()
const media = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null

export function themeChoice(): ThemeChoice {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(KEY) : null
  return v === 'light' || v === 'dark' ? v : 'system'
}
export function setThemeChoice(choice: ThemeChoice) {
  if (choice === 'system') localStorage.removeItem(KEY)
  else localStorage.setItem(KEY, choice)
  listeners.forEach((l) => l())
}
const snapshot = () => `${themeChoice()}:${media?.matches ? 'dark' : 'light'}`
function subscribe(l: () => void) {
  listeners.add(l)
  media?.addEventListener('change', l)
  return () => {
    listeners.delete(l)
    media?.removeEventListener('change', l)
  }
}

/** Whether the console draws dark now, and the stored choice. */
export function useTheme(): { dark: boolean; choice: ThemeChoice } {
  const [choice, system] = useSyncExternalStore(subscribe, snapshot).split(':')
  const dark = choice === 'dark' || (choice === 'system' && system === 'dark')
  useEffect(() => {
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
    document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  }, [dark])
  return { dark, choice: choice as ThemeChoice }
}
