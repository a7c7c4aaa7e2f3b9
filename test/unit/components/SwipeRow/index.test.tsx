import { fireEvent, render } from '@testing-library/react'
import SwipeRow from '@/components/SwipeRow'

const row = () => document.querySelector('.swipe-row') as HTMLElement
const renderRow = (onDelete?: () => void) =>
  render(
    <SwipeRow action={<button onClick={onDelete}>删除</button>}>
      <span>商品</span>
    </SwipeRow>,
  )
const touch = (type: 'touchStart' | 'touchMove', x: number, y: number) => fireEvent[type](row(), { touches: [{ clientX: x, clientY: y }] })

describe('SwipeRow', () => {
  it('opens on a left swipe, shows its action, and a tap on the row closes it', () => {
    const onDelete = jest.fn()
    renderRow(onDelete)
    expect(row().className).not.toContain('swipe-row--open')
    touch('touchStart', 200, 100)
    touch('touchMove', 140, 104)
    expect(row().className).toContain('swipe-row--open')
    fireEvent.click(document.querySelector('.swipe-row__shield') as HTMLElement)
    expect(row().className).not.toContain('swipe-row--open')
    fireEvent.click(document.querySelector('.swipe-row__action button') as HTMLElement)
    expect(onDelete).toHaveBeenCalledTimes(1)
  })

  it('stays closed when the finger moves up or down (the page scrolls) or too little', () => {
    renderRow()
    touch('touchStart', 200, 100)
    touch('touchMove', 160, 180)
    expect(row().className).not.toContain('swipe-row--open')
    touch('touchStart', 200, 100)
    touch('touchMove', 185, 100)
    expect(row().className).not.toContain('swipe-row--open')
  })

  it('closes on a right swipe', () => {
    renderRow()
    touch('touchStart', 200, 100)
    touch('touchMove', 120, 100)
    expect(row().className).toContain('swipe-row--open')
    touch('touchStart', 120, 100)
    touch('touchMove', 220, 100)
    expect(row().className).not.toContain('swipe-row--open')
  })
})
