import { allUnits, refundSelection } from '../src/pages/orders/refundLines'

// The order details' 退款 dialog: lines with quantity pickers, every unit left by default.
describe('staff refund lines', () => {
  const items = [
    { id: 1, quantity: 3, refundedQuantity: 1 },
    { id: 2, quantity: 1, refundedQuantity: 0 },
    { id: 3, quantity: 2, refundedQuantity: 2 },
  ]

  it('starts with every unit left, and sends no list for them (the whole rest)', () => {
    expect(allUnits(items)).toEqual({ '1': 2, '2': 1 })
    expect(refundSelection(items, allUnits(items))).toEqual({ error: '' })
  })

  it('sends the picked lines when fewer are picked', () => {
    expect(refundSelection(items, { '1': 1, '2': 1 })).toEqual({
      items: [
        { orderItemId: 1, quantity: 1 },
        { orderItemId: 2, quantity: 1 },
      ],
      error: '',
    })
    expect(refundSelection(items, { '1': 0, '2': 1 })).toEqual({ items: [{ orderItemId: 2, quantity: 1 }], error: '' })
    expect(refundSelection(items, { '2': 1 })).toEqual({ items: [{ orderItemId: 2, quantity: 1 }], error: '' })
  })

  it('refuses nothing picked and more than left', () => {
    expect(refundSelection(items, { '1': 0, '2': 0 }).error).toBe('请选择要退款的商品和数量')
    expect(refundSelection(items, { '1': 3 }).error).toBe('最多可退 2 件')
  })
})
