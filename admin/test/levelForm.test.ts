// 会员等级's form in the merchant's units (折 and 倍) and the server's (percent paid and tenths), both ways.
import { benefitsText, toFormValues, toLevelBody } from '../src/pages/members/levelForm'

describe('member level form', () => {
  it('turns 9.5折 and 1.5倍 into percent paid and tenths; empty discount is no discount', () => {
    expect(toLevelBody({ name: ' 黄金会员 ', minGrowth: 5000, discountZhe: 9.5, freeShipping: true, multiplier: 1.5 })).toEqual({
      name: '黄金会员',
      minGrowth: 5000,
      discount: 95,
      freeShipping: true,
      pointsTenths: 15,
    })
    expect(toLevelBody({ name: '白银', minGrowth: 0, discountZhe: null, multiplier: 1 })).toMatchObject({ discount: 100, freeShipping: false, pointsTenths: 10 })
    expect(toLevelBody({ name: '钻石', minGrowth: 1, discountZhe: 8.8, multiplier: 2.3 })).toMatchObject({ discount: 88, pointsTenths: 23 })
  })

  it('shows a saved level back in 折 and 倍', () => {
    const level = { id: 1, name: '黄金会员', minGrowth: 5000, discount: 95, freeShipping: true, pointsTenths: 15, enabled: true, members: 3, updatedAt: 0 }
    expect(toFormValues(level)).toEqual({ name: '黄金会员', minGrowth: 5000, discountZhe: 9.5, freeShipping: true, multiplier: 1.5 })
    expect(toFormValues({ ...level, discount: 100 }).discountZhe).toBeNull()
    expect(toLevelBody(toFormValues(level) as never)).toMatchObject({ discount: 95, pointsTenths: 15 })
    expect(benefitsText(level)).toBe('9.5折 · 包邮 · 积分1.5倍')
    expect(benefitsText({ discount: 100, freeShipping: false, pointsTenths: 10 })).toBe('无')
  })
})
