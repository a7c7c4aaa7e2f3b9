// Issue 23: the H5 share sheet of goods details is a modal dialog for the keyboard (useDialogFocus): the focus
// moves into it on opening, Escape closes it, and the focus returns to the share button that opened it.
import { fireEvent, render, waitFor } from '@testing-library/react'
import type { GoodsDetail } from '@contract/goods'
import ShareSheet from '@/goodsPages/details/ShareSheet.h5'

const GOODS = { id: 8, name: '真丝连衣裙', mainImage: '/media/goods/8.jpg', price: 19900, originalPrice: 29900 } as unknown as GoodsDetail

describe('share sheet (H5)', () => {
  it('takes the focus as a named modal dialog, closes on Escape and gives the focus back to its opener', async () => {
    const opener = document.createElement('button')
    opener.textContent = '分享'
    document.body.appendChild(opener)
    opener.focus()
    const onClose = jest.fn()
    const props = { goods: GOODS, title: '好物推荐', path: '/goodsPages/details/details?id=8', onClose }
    const { rerender } = render(<ShareSheet visible={false} {...props} />)
    rerender(<ShareSheet visible {...props} />)
    // NutUI draws the popup in a later frame; the hook waits for it.
    const dialog = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[role="dialog"]')
      if (!el) throw new Error('no dialog yet')
      return el
    })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('aria-label')).toBe('分享给好友')
    expect(dialog.textContent).toContain('生成海报')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    rerender(<ShareSheet visible={false} {...props} />)
    await waitFor(() => expect(document.activeElement).toBe(opener))
    opener.remove()
  })
})
