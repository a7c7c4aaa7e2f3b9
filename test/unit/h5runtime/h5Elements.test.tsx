import { act, fireEvent, render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { View, Text, Image } from '@/h5runtime/h5Elements'

describe('H5 View, Text and Image (plain elements in place of Taro’s custom elements)', () => {
  it('View is a div with its class, style, data, events and ref; mini-program attributes are dropped', () => {
    const onClick = jest.fn()
    const ref = createRef<HTMLDivElement>()
    const { container } = render(
      <View ref={ref} id='box' className='card' style={{ color: 'red' }} data-id='7' catchMove animation={{}} onClick={onClick}>
        内容
      </View>,
    )
    const div = container.firstElementChild as HTMLElement
    expect(div.tagName).toBe('DIV')
    expect(div.className).toBe('card')
    expect(div.id).toBe('box')
    expect(div.style.color).toBe('red')
    expect(div.dataset.id).toBe('7')
    expect(div.hasAttribute('catchMove') || div.hasAttribute('catchmove') || div.hasAttribute('animation')).toBe(false)
    expect(ref.current).toBe(div)
    fireEvent.click(div)
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(div.textContent).toBe('内容')
  })

  it('View: hoverClass while touched, onLongPress after 350 ms held, not when the finger moves', () => {
    jest.useFakeTimers()
    try {
      const onLongPress = jest.fn()
      const { container } = render(<View className='row' hoverClass='row--hover' onLongPress={onLongPress} />)
      const div = container.firstElementChild as HTMLElement
      fireEvent.touchStart(div)
      act(() => jest.advanceTimersByTime(60))
      expect(div.className).toBe('row row--hover')
      act(() => jest.advanceTimersByTime(300))
      expect(onLongPress).toHaveBeenCalledTimes(1)
      fireEvent.touchEnd(div)
      act(() => jest.advanceTimersByTime(450))
      expect(div.className).toBe('row')
      fireEvent.touchStart(div)
      fireEvent.touchMove(div)
      act(() => jest.advanceTimersByTime(400))
      expect(onLongPress).toHaveBeenCalledTimes(1)
    } finally {
      jest.useRealTimers()
    }
  })

  it('Text is a span: not selectable by default, selectable, space and line clamp as Taro’s', () => {
    const { container } = render(
      <>
        <Text className='a'>一</Text>
        <Text selectable>二</Text>
        <Text space='nbsp'>三</Text>
        <Text numberOfLines={3} style={{ color: 'blue' }}>
          四
        </Text>
      </>,
    )
    const [a, b, c, d] = [...container.querySelectorAll('span')]
    expect(a.className).toBe('taro-text a')
    expect(b.className).toBe('taro-text taro-text--selectable')
    expect(b.hasAttribute('selectable')).toBe(false)
    expect(c.className).toBe('taro-text taro-text--space-nbsp')
    expect(d.className).toBe('taro-text taro-text--lines')
    expect(d.style.getPropertyValue('--line-clamp')).toBe('3')
    expect(d.style.color).toBe('blue')
  })

  it('Image: a box with the mode’s class around an <img>; lazyLoad is the browser’s lazy loading; no src, no <img>', () => {
    const { container } = render(
      <>
        <Image className='pic' src='/a.png' mode='aspectFill' lazyLoad webp />
        <Image src='/b.png' />
        <Image src='' className='empty' />
      </>,
    )
    const [fill, plain, empty] = [...container.children] as HTMLElement[]
    expect(fill.className).toBe('taro-img taro-img--aspectFill pic')
    expect(fill.hasAttribute('webp')).toBe(false)
    const img = fill.querySelector('img') as HTMLImageElement
    expect(img.getAttribute('src')).toBe('/a.png')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(plain.className).toBe('taro-img taro-img--scaleToFill')
    expect(plain.querySelector('img')?.hasAttribute('loading')).toBe(false)
    expect(empty.querySelector('img')).toBeNull()
  })

  it('Image: onLoad gets Taro’s detail {width, height}, onError the error event', () => {
    const onLoad = jest.fn((e) => e.detail)
    const onError = jest.fn()
    const { container } = render(<Image src='/a.png' onLoad={onLoad} onError={onError} />)
    const img = container.querySelector('img') as HTMLImageElement
    fireEvent.load(img)
    expect(onLoad).toHaveBeenCalledTimes(1)
    expect(onLoad.mock.results[0].value).toEqual({ width: img.width, height: img.height })
    fireEvent.error(img)
    expect(onError).toHaveBeenCalledTimes(1)
  })
})

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
