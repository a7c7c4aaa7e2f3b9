import { act, fireEvent, render } from '@testing-library/react'
import PageLayout from '@/components/PageLayout'
import SettingIndexPage from '@/minePages/setting/index'
import { DISPLAY_STORAGE_KEY, LARGE_TEXT_CLASS, useDisplayStore } from '@/stores/display'

describe('大字模式 (large text)', () => {
  beforeEach(() => {
    localStorage.clear()
    useDisplayStore.setState({ largeText: false })
    document.documentElement.classList.remove(LARGE_TEXT_CLASS)
  })

  it('the settings switch turns it on: kept in storage, on <html> and on the page root; off again removes both', async () => {
    const { container } = render(<SettingIndexPage />)
    const sw = container.querySelector('.nut-switch') as HTMLElement
    expect(sw).toBeTruthy()
    expect(document.documentElement.classList.contains(LARGE_TEXT_CLASS)).toBe(false)
    await act(async () => {
      fireEvent.click(sw)
    })
    expect(useDisplayStore.getState().largeText).toBe(true)
    expect(JSON.parse(JSON.parse(localStorage.getItem(DISPLAY_STORAGE_KEY)!).data).state).toEqual({ largeText: true })
    expect(document.documentElement.classList.contains(LARGE_TEXT_CLASS)).toBe(true)
    expect(container.querySelector('.page-layout')!.className).toContain(LARGE_TEXT_CLASS)
    await act(async () => {
      fireEvent.click(container.querySelector('.nut-switch') as HTMLElement)
    })
    expect(useDisplayStore.getState().largeText).toBe(false)
    expect(document.documentElement.classList.contains(LARGE_TEXT_CLASS)).toBe(false)
    expect(container.querySelector('.page-layout')!.className).not.toContain(LARGE_TEXT_CLASS)
  })

  it('a stored choice is read back when the app starts again', async () => {
    localStorage.setItem(DISPLAY_STORAGE_KEY, JSON.stringify({ data: JSON.stringify({ state: { largeText: true }, version: 0 }) }))
    await useDisplayStore.persist.rehydrate()
    expect(useDisplayStore.getState().largeText).toBe(true)
    const { container } = render(<PageLayout title='首页'>内容</PageLayout>)
    expect(container.querySelector('.page-layout')!.className).toContain(LARGE_TEXT_CLASS)
  })
})
