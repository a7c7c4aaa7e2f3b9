import Taro from '@tarojs/taro'
import type { BaseLang } from '@nutui/nutui-react-taro/dist/es/locales/base'
import zhCN from '@nutui/nutui-react-taro/dist/es/locales/zh-CN'
import zhTW from '@nutui/nutui-react-taro/dist/es/locales/zh-TW'
import enUS from '@nutui/nutui-react-taro/dist/es/locales/en-US'
import frFR from './fr-FR'
import esES from './es-ES'

/**
 * The interface framework's own strings (NutUI: pickers, dialogs, pull-to-refresh, empty states) and our
 * relative-time texts, in the five supported locales, chosen from the system language. Product labels stay Chinese.
 */
export type LocaleId = 'zh-CN' | 'zh-TW' | 'en-US' | 'fr-FR' | 'es-ES'
export const DEFAULT_LOCALE: LocaleId = 'zh-CN'
export const LOCALE_IDS: LocaleId[] = ['zh-CN', 'zh-TW', 'en-US', 'fr-FR', 'es-ES']

export const NUTUI_LOCALES: Record<LocaleId, BaseLang> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS, 'fr-FR': frFR, 'es-ES': esES }

/** Relative times (SPEC.md section 8: 刚刚, N分钟前, N小时前, N天前 in Simplified Chinese). */
export interface RelativeTexts {
  justNow: string
  minutes: (n: number) => string
  hours: (n: number) => string
  days: (n: number) => string
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

export const RELATIVE_TEXTS: Record<LocaleId, RelativeTexts> = {
  'zh-CN': { justNow: '刚刚', minutes: (n) => `${n}分钟前`, hours: (n) => `${n}小时前`, days: (n) => `${n}天前` },
  'zh-TW': { justNow: '剛剛', minutes: (n) => `${n}分鐘前`, hours: (n) => `${n}小時前`, days: (n) => `${n}天前` },
  'en-US': {
    justNow: 'just now',
    minutes: (n) => `${n} ${plural(n, 'minute', 'minutes')} ago`,
    hours: (n) => `${n} ${plural(n, 'hour', 'hours')} ago`,
    days: (n) => `${n} ${plural(n, 'day', 'days')} ago`,
  },
  'fr-FR': {
    justNow: "à l'instant",
    minutes: (n) => `il y a ${n} ${plural(n, 'minute', 'minutes')}`,
    hours: (n) => `il y a ${n} ${plural(n, 'heure', 'heures')}`,
    days: (n) => `il y a ${n} ${plural(n, 'jour', 'jours')}`,
  },
  'es-ES': {
    justNow: 'ahora mismo',
    minutes: (n) => `hace ${n} ${plural(n, 'minuto', 'minutos')}`,
    hours: (n) => `hace ${n} ${plural(n, 'hora', 'horas')}`,
    days: (n) => `hace ${n} ${plural(n, 'día', 'días')}`,
  },
}

/**
 * The locale for a system language: "zh_CN" / "zh-Hans-CN" → zh-CN; Taiwan, Hong Kong, Macao and
 * "zh-Hant" → zh-TW; en*, fr*, es* → en-US, fr-FR, es-ES; anything else → zh-CN.
 */
export function localeFor(language: string | null | undefined): LocaleId {
  const l = String(language || '')
    .trim()
    .replace(/_/g, '-')
    .toLowerCase()
  if (!l) return DEFAULT_LOCALE
  if (l.startsWith('zh')) return /(^|-)(hant|tw|hk|mo)(-|$)/.test(l) ? 'zh-TW' : 'zh-CN'
  if (/^en(-|$)/.test(l)) return 'en-US'
  if (/^fr(-|$)/.test(l)) return 'fr-FR'
  if (/^es(-|$)/.test(l)) return 'es-ES'
  return DEFAULT_LOCALE
}

/** The system language: navigator.language on H5, the WeChat language (getSystemInfoSync().language) in the mini-program. */
export function systemLanguage(): string {
  if (process.env.TARO_ENV === 'h5') return typeof navigator === 'undefined' ? '' : navigator.language || (navigator as any).userLanguage || ''
  try {
    return Taro.getSystemInfoSync().language || ''
  } catch {
    return ''
  }
}

let current: LocaleId = DEFAULT_LOCALE

/** The locale in use (zh-CN until the app's LocaleProvider chose one). */
export const currentLocale = (): LocaleId => current
export const relativeTexts = (): RelativeTexts => RELATIVE_TEXTS[current]

/** Switches the locale of our texts; the provider also hands NutUI its strings. */
export function setCurrentLocale(id: LocaleId) {
  current = LOCALE_IDS.includes(id) ? id : DEFAULT_LOCALE
}
