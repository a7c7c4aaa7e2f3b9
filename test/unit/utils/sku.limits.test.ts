import { boundQuantity, purchaseRulesText, quantityBlocker, quantityBounds } from '@/utils/sku'

// 每人限购 and 起购数量 on the spec sheet's stepper (docs/orders.md "Purchase limits").
describe('purchase rules on the quantity', () => {
  it('names the rules the goods has', () => {
    expect(purchaseRulesText({ perMemberLimit: 0, minQuantity: 0 })).toBe('')
    expect(purchaseRulesText({ perMemberLimit: 2, minQuantity: 0 })).toBe('每人限购2件')
    expect(purchaseRulesText({ perMemberLimit: 0, minQuantity: 3 })).toBe('3件起购')
    expect(purchaseRulesText({ perMemberLimit: 5, minQuantity: 2 })).toBe('每人限购5件 · 2件起购')
    // A minimum of 1 says nothing.
    expect(purchaseRulesText({ minQuantity: 1 })).toBe('')
  })

  it('starts at the minimum and stops at the stock or at what the limit leaves', () => {
    expect(quantityBounds({}, 10)).toEqual({ min: 1, max: 10, left: Infinity, blocker: '' })
    expect(quantityBounds({ minQuantity: 3 }, 10)).toMatchObject({ min: 3, max: 10, blocker: '' })
    expect(quantityBounds({ perMemberLimit: 5, bought: 2 }, 10)).toMatchObject({ min: 1, max: 3, left: 3, blocker: '' })
    expect(quantityBounds({ perMemberLimit: 5, bought: 0 }, 2)).toMatchObject({ max: 2 })
    expect(boundQuantity(1, quantityBounds({ minQuantity: 3 }, 10))).toBe(3)
    expect(boundQuantity(9, quantityBounds({ perMemberLimit: 5, bought: 2 }, 10))).toBe(3)
  })

  it('says why nothing can be bought', () => {
    expect(quantityBounds({ perMemberLimit: 2, bought: 2 }, 10).blocker).toBe('该商品每人限购2件，您已购买2件')
    expect(quantityBounds({ perMemberLimit: 4, bought: 2, minQuantity: 3 }, 10).blocker).toBe('该商品3件起购，您还可购买2件')
    expect(quantityBounds({ minQuantity: 3 }, 2).blocker).toBe('该商品3件起购，库存仅剩2件')
    expect(quantityBlocker({ perMemberLimit: 2, bought: 1 }, 10, 2)).toBe('该商品每人限购2件，您已购买1件')
    expect(quantityBlocker({ minQuantity: 3 }, 10, 2)).toBe('该商品3件起购')
    expect(quantityBlocker({ perMemberLimit: 2, bought: 1, minQuantity: 1 }, 10, 1)).toBe('')
  })
})
