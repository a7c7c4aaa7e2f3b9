// Issue 18 item 7: the spec sheet's "请选择颜色" was a toast in the middle of the screen, over the sheet's
// header. It is now written inside the sheet, above its buttons, and the missing group is marked.
import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { GoodsDetail } from '@contract/goods'
import SpecPicker from '@/components/SpecPicker'

const GOODS = {
  id: 8,
  name: '真丝连衣裙',
  mainImage: '/media/goods/8.jpg',
  price: 19900,
  onSale: true,
  specGroups: [
    { name: '颜色', values: ['黑色', '白色'] },
    { name: '尺码', values: ['M'] },
  ],
  skus: [
    { id: 81, specs: { 颜色: '黑色', 尺码: 'M' }, specText: '黑色 / M', price: 19900, originalPrice: 0, stock: 5, image: '' },
    { id: 82, specs: { 颜色: '白色', 尺码: 'M' }, specText: '白色 / M', price: 19900, originalPrice: 0, stock: 5, image: '' },
  ],
} as unknown as GoodsDetail

describe('spec sheet', () => {
  afterEach(() => jest.restoreAllMocks())

  it('says what is missing inside the sheet, not in a toast over it, and forgets it once chosen', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    const onConfirm = jest.fn()
    let chosen: Record<string, string> = { 尺码: 'M' }
    const { rerender } = render(<SpecPicker goods={GOODS} visible mode='cart' chosen={chosen} quantity={1} onChange={(c) => (chosen = c)} onClose={() => undefined} onConfirm={onConfirm} />)
    await act(async () => {
      fireEvent.click(screen.getByText('确定'))
    })
    expect(toast).not.toHaveBeenCalled()
    expect(onConfirm).not.toHaveBeenCalled()
    const hint = document.querySelector('.spec-picker .spec-picker__hint')
    expect(hint?.textContent).toBe('请选择颜色')
    // Drawn between the options and the buttons: part of the sheet, below its header.
    expect(hint!.compareDocumentPosition(document.querySelector('.spec-picker__head')!) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
    expect(document.querySelector('.spec-picker__group-name--missing')?.textContent).toBe('颜色')
    await act(async () => {
      fireEvent.click(screen.getByText('黑色'))
    })
    rerender(<SpecPicker goods={GOODS} visible mode='cart' chosen={chosen} quantity={1} onChange={(c) => (chosen = c)} onClose={() => undefined} onConfirm={onConfirm} />)
    expect(document.querySelector('.spec-picker__hint')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByText('确定'))
    })
    expect(onConfirm).toHaveBeenCalledWith('cart', expect.objectContaining({ id: 81 }), 1)
  })
})
