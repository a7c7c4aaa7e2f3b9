import Taro from '@tarojs/taro'
import { act, render } from '@testing-library/react'
import { DARK_CLASS, onSystemThemeChange, systemTheme, useThemeClass } from '@/core/theme'
import PageLayout from '@/components/PageLayout'

type Listener = (e: { matches: boolean }) => void
/** A controllable prefers-color-scheme media query for jsdom. */
function mockMatchMedia(dark: boolean) {
  const listeners = new Set<Listener>()
  const mq = {
    get matches() {
      return dark
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, l: Listener) => listeners.add(l),
    removeEventListener: (_: string, l: Listener) => listeners.delete(l),
    addListener: (l: Listener) => listeners.add(l),
    removeListener: (l: Listener) => listeners.delete(l),
  }
  jest.spyOn(window, 'matchMedia').mockImplementation(((q: string) => (q === '(prefers-color-scheme: dark)' ? mq : { matches: false, addEventListener() {}, removeEventListener() {} })) as any)
  return {
    set(next: boolean) {
      dark = next
      listeners.forEach((l) => l({ matches: next }))
    },
    listeners,
  }
}

function Probe() {
  return <div data-testid='probe' className={useThemeClass()} />
}

afterEach(() => {
  jest.restoreAllMocks()
  process.env.TARO_ENV = 'h5'
})

describe('H5: prefers-color-scheme', () => {
  it('reads the system theme and follows its changes', () => {
    const media = mockMatchMedia(false)
    expect(systemTheme()).toBe('light')
    const { getByTestId, unmount } = render(<Probe />)
    expect(getByTestId('probe').className).toBe('')
    act(() => media.set(true))
    expect(getByTestId('probe').className).toBe(DARK_CLASS)
    act(() => media.set(false))
    expect(getByTestId('probe').className).toBe('')
    unmount()
    expect(media.listeners.size).toBe(0)
  })

  it('puts theme-dark on the page root of PageLayout in the dark theme', () => {
    mockMatchMedia(true)
    const { container } = render(
      <PageLayout variant='plain' title='我的'>
        内容
      </PageLayout>,
    )
    expect(container.querySelector('.page-layout')?.classList.contains(DARK_CLASS)).toBe(true)
  })
})

describe('mini-program: getSystemInfoSync().theme and onThemeChange', () => {
  beforeEach(() => {
    process.env.TARO_ENV = 'weapp'
  })

  it('reads the theme of the system info', () => {
    jest.spyOn(Taro, 'getSystemInfoSync').mockReturnValue({ theme: 'dark' } as any)
    expect(systemTheme()).toBe('dark')
    jest.spyOn(Taro, 'getSystemInfoSync').mockReturnValue({ theme: 'light' } as any)
    expect(systemTheme()).toBe('light')
    jest.spyOn(Taro, 'getSystemInfoSync').mockReturnValue({} as any)
    expect(systemTheme()).toBe('light')
  })

  it('follows onThemeChange and stops listening on unmount', () => {
    jest.spyOn(Taro, 'getSystemInfoSync').mockReturnValue({ theme: 'light' } as any)
    let listener: ((r: { theme: string }) => void) | null = null
    jest.spyOn(Taro, 'onThemeChange').mockImplementation(((fn: any) => (listener = fn)) as any)
    const off = jest.spyOn(Taro, 'offThemeChange').mockImplementation((() => (listener = null)) as any)
    const { getByTestId, unmount } = render(<Probe />)
    expect(getByTestId('probe').className).toBe('')
    act(() => listener?.({ theme: 'dark' }))
    expect(getByTestId('probe').className).toBe(DARK_CLASS)
    unmount()
    expect(off).toHaveBeenCalled()
    expect(listener).toBeNull()
  })

  it('subscribes through Taro, not matchMedia', () => {
    const mm = jest.spyOn(window, 'matchMedia')
    const on = jest.spyOn(Taro, 'onThemeChange').mockImplementation((() => {}) as any)
    jest.spyOn(Taro, 'offThemeChange').mockImplementation((() => {}) as any)
    const stop = onSystemThemeChange(() => {})
    stop()
    expect(on).toHaveBeenCalled()
    expect(mm).not.toHaveBeenCalled()
  })
})
