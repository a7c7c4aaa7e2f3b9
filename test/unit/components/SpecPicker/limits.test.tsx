// 每人限购 and 起购数量 in the spec sheet: the rules are written, the stepper stays within them, and 确定 refuses
// what the server would refuse, in the same words (docs/orders.md "Purchase limits").
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { GoodsDetail } from '@contract/goods'
import SpecPicker from '@/components/SpecPicker'

const goods = (rules: Partial<GoodsDetail>) =>
  ({
    id: 9,
    name: '茶叶',
    mainImage: '/media/goods/9.jpg',
    price: 5000,
    onSale: true,
    specGroups: [],
    skus: [{ id: 91, specs: {}, specText: '', price: 5000, originalPrice: 0, stock: 20, image: '' }],
    perMemberLimit: 0,
    minQuantity: 0,
    bought: 0,
    ...rules,
  }) as unknown as GoodsDetail

const sheet = (g: GoodsDetail, quantity: number, onChange = jest.fn(), onConfirm = jest.fn()) =>
  render(<SpecPicker goods={g} visible mode='buy' chosen={{}} quantity={quantity} onChange={onChange} onClose={() => undefined} onConfirm={onConfirm} />)

describe('spec sheet under purchase rules', () => {
  it('writes the rules and keeps the stepper between the minimum and what the limit leaves', async () => {
    const onChange = jest.fn()
    sheet(goods({ perMemberLimit: 5, bought: 1, minQuantity: 2 }), 4, onChange)
    expect(document.querySelector('.spec-picker__rules')?.textContent).toBe('每人限购5件 · 2件起购')
    const input = document.querySelector('.spec-picker input') as HTMLInputElement
    await act(async () => {
      fireEvent.click(document.querySelector('.nut-inputnumber-add')!)
    })
    // 4 is all that is left: no higher.
    expect(onChange).not.toHaveBeenCalledWith({}, 5)
    expect(document.querySelector('.spec-picker__hint')?.textContent).toBe('该商品每人限购5件，您已购买1件')
    expect(input).toBeTruthy()
  })

  it('refuses 确定 below the minimum with the server’s words', async () => {
    const onConfirm = jest.fn()
    sheet(goods({ minQuantity: 3 }), 2, jest.fn(), onConfirm)
    await act(async () => {
      fireEvent.click(screen.getByText('确定'))
    })
    expect(onConfirm).not.toHaveBeenCalled()
    expect(document.querySelector('.spec-picker__hint')?.textContent).toBe('该商品3件起购')
  })

  it('says so at once when the member has bought all they may', async () => {
    const onConfirm = jest.fn()
    sheet(goods({ perMemberLimit: 2, bought: 2 }), 1, jest.fn(), onConfirm)
    expect(document.querySelector('.spec-picker__hint')?.textContent).toBe('该商品每人限购2件，您已购买2件')
    await act(async () => {
      fireEvent.click(screen.getByText('确定'))
    })
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('lets a quantity within the rules through', async () => {
    const onConfirm = jest.fn()
    sheet(goods({ perMemberLimit: 5, bought: 1, minQuantity: 2 }), 3, jest.fn(), onConfirm)
    await act(async () => {
      fireEvent.click(screen.getByText('确定'))
    })
    expect(onConfirm).toHaveBeenCalledWith('buy', expect.objectContaining({ id: 91 }), 3)
  })
})
