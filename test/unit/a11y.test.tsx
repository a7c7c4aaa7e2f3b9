import { act, fireEvent, render, screen } from '@testing-library/react'
import { View, Image } from '@/h5runtime/h5Elements'
import PageLayout from '@/components/PageLayout'
import SettingIndexPage from '@/minePages/setting/index'
import { DISPLAY_STORAGE_KEY, LARGE_TEXT_CLASS, useDisplayStore } from '@/stores/display'

// Accessible names and keyboard use of the H5 elements (src/h5runtime/h5Elements.tsx): what every icon-only
// button of the shop (back, share, close, delete...) becomes in the browser.
describe('H5 elements: names, roles and keys', () => {
  it('an icon-only View with a name and a click is a button reachable by keyboard; Enter and Space click it', () => {
    const onClick = jest.fn()
    render(
      <View className='x' aria-label='返回' onClick={onClick}>
        <i />
      </View>,
    )
    const back = screen.getByRole('button', { name: '返回' })
    expect(back.tabIndex).toBe(0)
    fireEvent.keyDown(back, { key: 'Enter' })
    fireEvent.keyDown(back, { key: ' ' })
    fireEvent.keyDown(back, { key: 'a' })
    expect(onClick).toHaveBeenCalledTimes(2)
  })

  it('a clickable View without a name takes the focus but claims no role; a View without a click neither', () => {
    const { container } = render(
      <>
        <View className='card' onClick={() => undefined}>
          商品
        </View>
        <View className='plain'>说明</View>
      </>,
    )
    const card = container.querySelector('.card') as HTMLElement
    expect(card.tabIndex).toBe(0)
    expect(card.getAttribute('role')).toBeNull()
    const plain = container.querySelector('.plain') as HTMLElement
    expect(plain.hasAttribute('tabindex')).toBe(false)
  })

  it('Taro camel-case ARIA props (NutUI: ariaRole, ariaChecked, ariaLabel) become role and aria-* attributes', () => {
    render(<View ariaRole='switch' ariaChecked={false} ariaLabel='大字模式' onClick={() => undefined} />)
    const sw = screen.getByRole('switch', { name: '大字模式' })
    expect(sw.getAttribute('aria-checked')).toBe('false')
    expect(sw.hasAttribute('ariarole')).toBe(false)
  })

  it('Image: the name goes on the <img> as alt; without one the picture is decoration (alt="")', () => {
    const { container } = render(
      <>
        <Image className='goods' src='/a.png' aria-label='法式连衣裙' />
        <Image className='deco' src='/b.png' />
      </>,
    )
    expect(screen.getByRole('img', { name: '法式连衣裙' }).tagName).toBe('IMG')
    expect(container.querySelector('.goods')!.hasAttribute('aria-label')).toBe(false)
    expect(container.querySelector('.deco img')!.getAttribute('alt')).toBe('')
  })

  it('a clickable Image with a name is a button of that name (the banner opening its link)', () => {
    const onClick = jest.fn()
    render(<Image src='/banner.png' aria-label='双十一大促' onClick={onClick} />)
    const banner = screen.getByRole('button', { name: '双十一大促' })
    fireEvent.keyDown(banner, { key: 'Enter' })
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})

describe('icon-only buttons of the shell have accessible names', () => {
  it('the login layout’s back arrow is named 返回', () => {
    render(
      <PageLayout variant='login' title='登录'>
        <View>内容</View>
      </PageLayout>,
    )
    expect(screen.getByLabelText('返回')).toBeTruthy()
  })
})

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
