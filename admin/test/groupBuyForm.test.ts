// 营销 · 拼团's form: yuan typed → fen sent, each group price checked against its SKU's single price, and the state shown.
import { groupBuyState, mergeSkuRows, skuPriceError, toFormValues, toGroupBuyBody, type GroupBuyFormValues, type GroupSkuRow } from '../src/pages/marketing/groupBuyForm'

const values: GroupBuyFormValues = { title: ' 两人拼团 ', goodsId: 7, startAt: 1000, endAt: 2000, size: 2, hours: 24, perMemberLimit: 2, virtualFill: true, leaderDiscount: '5' }
const row = (p: Partial<GroupSkuRow>): GroupSkuRow => ({ skuId: 1, specText: '红色', singlePrice: 9900, price: '', ...p })

describe('group buy form', () => {
  it('sends yuan as fen (19.99 → 1999, no float drift), leaves empty SKUs out, trims the title', () => {
    const r = toGroupBuyBody(values, [row({ skuId: 1, price: '19.99' }), row({ skuId: 2, specText: '蓝色', price: '' }), row({ skuId: 3, price: '0.01' })])
    expect(r).toEqual({
      body: {
        goodsId: 7,
        title: '两人拼团',
        size: 2,
        hours: 24,
        perMemberLimit: 2,
        startAt: 1000,
        endAt: 2000,
        virtualFill: true,
        leaderDiscount: 500,
        skus: [
          { skuId: 1, price: 1999 },
          { skuId: 3, price: 1 },
        ],
      },
    })
    expect(toGroupBuyBody({ ...values, leaderDiscount: '' }, [row({ price: '80' })])).toMatchObject({ body: { leaderDiscount: 0, skus: [{ skuId: 1, price: 8000 }] } })
  })

  it('refuses a group price not below the single price, under ¥0.01 or with three decimals, naming the SKU', () => {
    expect(skuPriceError(row({ price: '99' }))).toBe('「红色」的拼团价需低于单买价 ¥99.00')
    expect(skuPriceError(row({ price: '98.99' }))).toBe('')
    expect(skuPriceError(row({ price: '0' }))).toBe('「红色」的拼团价不能低于 ¥0.01')
    expect(skuPriceError(row({ specText: '', price: '1.234' }))).toBe('「默认规格」的拼团价须为金额，最多两位小数')
    expect(toGroupBuyBody(values, [row({ price: '10' }), row({ skuId: 2, specText: '蓝色', price: '120' })])).toEqual({ error: '「蓝色」的拼团价需低于单买价 ¥99.00' })
    expect(toGroupBuyBody(values, [row({ price: '' })])).toEqual({ error: '请至少为一个规格填写拼团价' })
    expect(toGroupBuyBody({ ...values, goodsId: undefined }, [row({ price: '10' })])).toEqual({ error: '请选择商品' })
    expect(toGroupBuyBody({ ...values, endAt: 1000 }, [row({ price: '10' })])).toEqual({ error: '结束时间需晚于开始时间' })
    expect(toGroupBuyBody({ ...values, leaderDiscount: '5.555' }, [row({ price: '10' })])).toEqual({ error: '团长优惠须为金额，最多两位小数' })
  })

  it('shows a saved activity back in yuan, its prices on the goods current SKUs', () => {
    const a = {
      id: 3,
      goodsId: 7,
      goodsName: '玫瑰花束',
      title: '两人拼团',
      size: 2,
      hours: 24,
      perMemberLimit: 2,
      startAt: 1000,
      endAt: 2000,
      virtualFill: false,
      leaderDiscount: 500,
      enabled: true,
      skus: [
        { skuId: 1, specText: '红色', price: 7920, singlePrice: 9900 },
        { skuId: 9, specText: '旧规格', price: 100, singlePrice: 200 },
      ],
      figures: { open: 1, formed: 0, failed: 0, orders: 1, sales: 7420 },
    }
    expect(toFormValues(a)).toMatchObject({ leaderDiscount: '5.00', virtualFill: false, size: 2 })
    expect(toFormValues({ ...a, leaderDiscount: 0 }).leaderDiscount).toBe('')
    const rows = mergeSkuRows(
      [
        { skuId: 1, specText: '红色', price: 9900, stock: 5 },
        { skuId: 2, specText: '蓝色', price: 8800, stock: 0 },
      ],
      a.skus,
    )
    expect(rows.map((r) => [r.skuId, r.singlePrice, r.price])).toEqual([
      [1, 9900, '79.20'],
      [2, 8800, ''],
      [9, 200, '1.00'],
    ])
  })

  it('reads 已关闭 before the time window, then 未开始 / 进行中 / 已结束', () => {
    expect(groupBuyState({ enabled: false, startAt: 0, endAt: 10 }, 5)).toBe('closed')
    expect(groupBuyState({ enabled: true, startAt: 10, endAt: 20 }, 5)).toBe('upcoming')
    expect(groupBuyState({ enabled: true, startAt: 10, endAt: 20 }, 10)).toBe('active')
    expect(groupBuyState({ enabled: true, startAt: 10, endAt: 20 }, 20)).toBe('ended')
  })
})
