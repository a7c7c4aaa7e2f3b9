import { fireEvent, render, screen } from '@testing-library/react'
import ListFooter from '@/components/ListFooter'

const footer = () => document.querySelector('.list-footer') as HTMLElement

describe('ListFooter', () => {
  it('says the list is empty in its own words once loaded with no rows', () => {
    render(<ListFooter loading={false} finished empty emptyText='暂无公告' />)
    expect(footer().textContent).toBe('暂无公告')
  })

  it('offers a retry after a failed page and calls it on a tap', () => {
    const onRetry = jest.fn()
    render(<ListFooter loading={false} finished={false} error onRetry={onRetry} />)
    fireEvent.click(screen.getByText('加载失败，点击重试'))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('shows 加载更多 while pages are left only when the list loads on a tap, and asks for the next page', () => {
    const onMore = jest.fn()
    const { rerender } = render(<ListFooter loading={false} finished={false} />)
    expect(footer().textContent).toBe('')
    rerender(<ListFooter loading={false} finished={false} onMore={onMore} />)
    fireEvent.click(screen.getByText('加载更多'))
    expect(onMore).toHaveBeenCalledTimes(1)
    rerender(<ListFooter loading={false} finished onMore={onMore} />)
    expect(footer().textContent).toBe('— 没有更多了 —')
    rerender(<ListFooter loading finished={false} onMore={onMore} />)
    expect(footer().textContent).toContain('加载中')
  })
})
