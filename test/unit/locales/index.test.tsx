import Taro from '@tarojs/taro'
import { render, screen } from '@testing-library/react'
import PullToRefresh from '@nutui/nutui-react-taro/dist/es/packages/pulltorefresh'
import enUS from '@nutui/nutui-react-taro/dist/es/locales/en-US'
import frFR from '@/locales/fr-FR'
import esES from '@/locales/es-ES'
import { currentLocale, DEFAULT_LOCALE, localeFor, NUTUI_LOCALES, RELATIVE_TEXTS, setCurrentLocale, systemLanguage } from '@/locales'
import { LocaleProvider, useLocale } from '@/locales/LocaleProvider'
import { fromNow, fromNowShort } from '@/utils/time'

afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
  setCurrentLocale(DEFAULT_LOCALE)
})

describe('system language → locale', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh_HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['en_US', 'en-US'],
    ['fr', 'fr-FR'],
    ['fr-CA', 'fr-FR'],
    ['es', 'es-ES'],
    ['es-419', 'es-ES'],
    ['es_MX', 'es-ES'],
    ['de-DE', 'zh-CN'],
    ['ja', 'zh-CN'],
    ['', 'zh-CN'],
    [undefined, 'zh-CN'],
    ['english', 'zh-CN'],
  ])('%s → %s', (language, expected) => expect(localeFor(language as any)).toBe(expected))

  it('reads navigator.language on H5 and the WeChat language in the mini-program', () => {
    jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('fr-FR')
    expect(systemLanguage()).toBe('fr-FR')
    process.env.TARO_ENV = 'weapp'
    jest.spyOn(Taro, 'getSystemInfoSync').mockReturnValue({ language: 'zh_TW' } as any)
    expect(systemLanguage()).toBe('zh_TW')
    expect(localeFor(systemLanguage())).toBe('zh-TW')
  })
})

/** Every key path of a locale object, with the kind of value (functions and arrays by their shape). */
function shape(o: any, prefix = ''): string[] {
  return Object.keys(o).flatMap((k) => {
    const v = o[k]
    const p = prefix ? `${prefix}.${k}` : k
    if (Array.isArray(v)) return [`${p}:array(${v.length})`]
    if (typeof v === 'function') return [`${p}:function(${v.length})`]
    if (v && typeof v === 'object') return shape(v, p)
    return [`${p}:${typeof v}`]
  })
}

describe('NutUI locales we supply', () => {
  it.each([
    ['fr-FR', frFR],
    ['es-ES', esES],
  ])('%s has every key of en-US, and no other', (_id, locale) => {
    expect(shape(locale).sort()).toEqual(shape(enUS).sort())
  })

  it.each([
    ['fr-FR', frFR],
    ['es-ES', esES],
  ])('%s translates: no value is left empty or in English', (_id, locale) => {
    const en = shape(enUS)
    const values = (o: any): string[] => Object.values(o).flatMap((v: any) => (typeof v === 'string' ? [v] : v && typeof v === 'object' && !Array.isArray(v) ? values(v) : []))
    for (const v of values(locale)) expect(v.trim()).not.toBe('')
    const same = values(locale).filter((v) => values(enUS).includes(v) && !['test', 'Minute'].includes(v))
    expect(same).toEqual([])
    expect(en.length).toBeGreaterThan(90)
    expect(locale.calendaritem.monthTitle(2026, 3)).toBe('03/2026')
    expect(locale.comment.additionalReview(7)).toContain('7')
  })

  it('maps every locale id to NutUI strings (zh-CN, zh-TW and en-US are NutUI own)', () => {
    expect(NUTUI_LOCALES['zh-CN'].confirm).toBe('确认')
    expect(NUTUI_LOCALES['zh-TW'].confirm).toBe('確認')
    expect(NUTUI_LOCALES['en-US'].confirm).toBe('Confirm')
    expect(NUTUI_LOCALES['fr-FR'].confirm).toBe('Confirmer')
    expect(NUTUI_LOCALES['es-ES'].confirm).toBe('Confirmar')
  })
})

describe('LocaleProvider', () => {
  function Probe() {
    return <span data-testid='locale'>{useLocale()}</span>
  }

  it('gives NutUI components the strings of the chosen locale', () => {
    const { unmount } = render(
      <LocaleProvider locale='fr-FR'>
        <PullToRefresh>contenu</PullToRefresh>
        <Probe />
      </LocaleProvider>,
    )
    expect(screen.getByText('Tirez pour actualiser')).toBeTruthy()
    expect(screen.getByTestId('locale').textContent).toBe('fr-FR')
    expect(currentLocale()).toBe('fr-FR')
    unmount()
  })

  it('chooses from the system language when no locale is given', () => {
    jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('es-MX')
    render(
      <LocaleProvider>
        <PullToRefresh>contenido</PullToRefresh>
      </LocaleProvider>,
    )
    expect(screen.getByText('Desliza para actualizar')).toBeTruthy()
    expect(fromNow(Date.now() - 3 * 3600_000)).toBe('hace 3 horas')
  })

  it('Simplified Chinese by default', () => {
    jest.spyOn(window.navigator, 'language', 'get').mockReturnValue('zh-CN')
    render(
      <LocaleProvider>
        <PullToRefresh>内容</PullToRefresh>
      </LocaleProvider>,
    )
    expect(screen.getByText(NUTUI_LOCALES['zh-CN'].pullToRefresh.pullingText)).toBeTruthy()
  })
})

describe('relative times per locale', () => {
  const now = new Date('2026-11-22T12:00:00+08:00').getTime()
  const MIN = 60_000
  it.each([
    ['zh-CN', '刚刚', '5分钟前', '3小时前', '2天前'],
    ['zh-TW', '剛剛', '5分鐘前', '3小時前', '2天前'],
    ['en-US', 'just now', '5 minutes ago', '3 hours ago', '2 days ago'],
    ['fr-FR', "à l'instant", 'il y a 5 minutes', 'il y a 3 heures', 'il y a 2 jours'],
    ['es-ES', 'ahora mismo', 'hace 5 minutos', 'hace 3 horas', 'hace 2 días'],
  ])('%s', (id, justNow, minutes, hours, days) => {
    setCurrentLocale(id as any)
    expect(fromNow(now - MIN, now)).toBe(justNow)
    expect(fromNow(now - 5 * MIN, now)).toBe(minutes)
    expect(fromNow(now - 180 * MIN, now)).toBe(hours)
    expect(fromNow(now - 2 * 1440 * MIN, now)).toBe(days)
    expect(fromNowShort(now - 30_000, now)).toBe(justNow)
    expect(fromNow(now - 40 * 1440 * MIN, now)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
  it('uses the singular for one', () => {
    expect(RELATIVE_TEXTS['en-US'].minutes(1)).toBe('1 minute ago')
    expect(RELATIVE_TEXTS['fr-FR'].days(1)).toBe('il y a 1 jour')
    expect(RELATIVE_TEXTS['es-ES'].hours(1)).toBe('hace 1 hora')
  })
})
