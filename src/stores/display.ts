import { useEffect } from 'react'
import { create } from 'zustand'
import { persist, createJSONStorage } from 'zustand/middleware'
import { taroStateStorage } from '@/platform/storage'

/**
 * 大字模式 (large text, 适老化): one switch in 设置, kept in storage under "display", read by both shells.
 * On it, every font size is multiplied by LARGE_TEXT_SCALE through the --text-scale custom property
 * (config/postcssTextScale.js): on the page root (PageLayout) in both shells, and on <html> in the H5 (popups and
 * the tab bar live outside the pages there).
 */
export const LARGE_TEXT_SCALE = 1.25
export const LARGE_TEXT_CLASS = 'large-text'
export const DISPLAY_STORAGE_KEY = 'display'

export interface DisplayState {
  largeText: boolean
  setLargeText: (on: boolean) => void
}

export const useDisplayStore = create<DisplayState>()(
  persist(
    (set) => ({
      largeText: false,
      setLargeText: (largeText) => set({ largeText: !!largeText }),
    }),
    { name: DISPLAY_STORAGE_KEY, storage: createJSONStorage(() => taroStateStorage), partialize: (s) => ({ largeText: s.largeText }) },
  ),
)

/** The H5 document root follows the switch (the class carries --text-scale to popups and the tab bar). */
export function applyLargeTextToDocument(on: boolean): void {
  if (process.env.TARO_ENV !== 'h5' || typeof document === 'undefined') return
  document.documentElement.classList.toggle(LARGE_TEXT_CLASS, on)
}

/** The class for a page root ("large-text" or ""), kept in step with the H5 document root. */
export function useLargeTextClass(): string {
  const on = useDisplayStore((s) => s.largeText)
  useEffect(() => applyLargeTextToDocument(on), [on])
  return on ? LARGE_TEXT_CLASS : ''
}
