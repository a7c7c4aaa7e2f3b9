import { createContext, useContext, useMemo, useRef, type PropsWithChildren } from 'react'
import { setDefaultConfig } from '@nutui/nutui-react-taro/dist/es/packages/configprovider'
import { localeFor, NUTUI_LOCALES, setCurrentLocale, systemLanguage, type LocaleId } from './index'

const LocaleContext = createContext<LocaleId>('zh-CN')

/** Hands NutUI the strings of a locale (its components fall back to this default config) and switches our texts. */
export function applyLocale(id: LocaleId) {
  setCurrentLocale(id)
  setDefaultConfig({ locale: NUTUI_LOCALES[id], direction: 'ltr' } as any)
}

/**
 * The app's locale provider (src/app.ts wraps every page in it). It chooses the locale from the system
 * language (or `locale`), gives NutUI its strings and exposes the id through useLocale().
 *
 * Why not NutUI's <ConfigProvider>: it renders a View around its children. Around the pages that View sits
 * between Taro's H5 router container (#app.taro_router) and its pages (.taro_page), which breaks the
 * router's "> .taro_page" show / hide rules, and in the mini-program the App's own elements are never
 * drawn. NutUI's components read ConfigProvider's context or, without one, the same default config we set
 * here, so the locale reaches every component without an extra element.
 */
export function LocaleProvider({ locale, children }: PropsWithChildren<{ locale?: LocaleId }>) {
  const id = useMemo(() => locale || localeFor(systemLanguage()), [locale])
  const applied = useRef<LocaleId | null>(null)
  if (applied.current !== id) {
    // Before the children render: NutUI reads its config during render.
    applyLocale(id)
    applied.current = id
  }
  return <LocaleContext.Provider value={id}>{children}</LocaleContext.Provider>
}

export const useLocale = () => useContext(LocaleContext)
