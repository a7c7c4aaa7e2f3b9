// Issue 23: a popup made a modal dialog by useDialogFocus keeps Tab inside and closes on Escape; while a dialog
// opened above it (a confirm over a sheet) holds the focus, the keys are that dialog's: Escape answers the confirm
// and leaves the sheet open.
import { fireEvent, render, waitFor } from '@testing-library/react'
import { useDialogFocus } from '@/hooks/useDialogFocus'

function Sheet({ onClose }: { onClose: () => void }) {
  const cls = useDialogFocus(true, '选择规格', onClose)
  return (
    <div className={cls}>
      <button>红色</button>
      <button>加入购物车</button>
    </div>
  )
}

/** An element the browser lays out (jsdom draws nothing: focusables() skips elements without client rects). */
function drawn() {
  jest.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(() => [{}] as unknown as DOMRectList)
}

describe('useDialogFocus', () => {
  afterEach(() => jest.restoreAllMocks())

  it('moves the focus in, keeps Tab inside and closes on Escape', async () => {
    drawn()
    const onClose = jest.fn()
    const { getByText } = render(<Sheet onClose={onClose} />)
    await waitFor(() => expect(document.activeElement).toBe(getByText('红色')))
    getByText('加入购物车').focus()
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
    expect(document.activeElement).toBe(getByText('红色'))
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('leaves the keys to a dialog opened above it: Escape there does not close the sheet', async () => {
    drawn()
    const onClose = jest.fn()
    const { getByText } = render(<Sheet onClose={onClose} />)
    await waitFor(() => expect(document.activeElement).toBe(getByText('红色')))
    // A confirm drawn over the sheet, as makeModalAccessible leaves Taro's modal: an alertdialog holding the focus.
    const confirm = document.createElement('div')
    confirm.setAttribute('role', 'alertdialog')
    confirm.setAttribute('aria-modal', 'true')
    const ok = document.createElement('button')
    ok.textContent = '确定'
    confirm.appendChild(ok)
    document.body.appendChild(confirm)
    ok.focus()
    fireEvent.keyDown(ok, { key: 'Escape' })
    fireEvent.keyDown(ok, { key: 'Tab' })
    expect(onClose).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(ok)
    confirm.remove()
    getByText('红色').focus()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
