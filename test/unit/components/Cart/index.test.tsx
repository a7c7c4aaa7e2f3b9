import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { CartLine, CartList } from '@contract/cart'
import Cart from '@/components/Cart'
import { belowMinimum, cartTotals, clampQuantity, limitTags, lineMax, overMaxText, removeLines, setAllSelected, setQuantity, setSelected } from '@/components/Cart/logic'
import * as api from '@/api/cart'
import * as goodsApi from '@/api/goods'
import { useUserStore } from '@/stores/user'

// useDidShow needs a Taro page instance; in jsdom it runs once on mount like an effect.
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow }, useDidShow }
})
jest.mock('@/api/cart')
// Only the goods details the spec sheet reads is a stand-in: 猜你喜欢 goes through the real call to the spied request.
jest.mock('@/api/goods', () => ({ ...jest.requireActual('@/api/goods'), getGoodsDetail: jest.fn() }))
const mocked = api as jest.Mocked<typeof api>

const line = (id: number, price: number, quantity: number, extra: Partial<CartLine> = {}): CartLine => ({
  id,
  skuId: id * 10,
  goodsId: id * 100,
  goodsName: `商品${id}`,
  image: '',
  specText: '默认',
  price,
  originalPrice: price + 1000,
  quantity,
  stock: 10,
  selected: true,
  minQuantity: 0,
  perMemberLimit: 0,
  bought: 0,
  ...extra,
})

describe('cart logic', () => {
  const lines = [line(1, 1990, 2), line(2, 5000, 1), line(3, 800, 3, { selected: false })]

  it('totals the selected lines only, and knows when all are selected', () => {
    expect(cartTotals(lines)).toEqual({ amount: 1990 * 2 + 5000, quantity: 3, count: 2, allSelected: false })
    expect(cartTotals(setAllSelected(lines, true))).toEqual({ amount: 1990 * 2 + 5000 + 2400, quantity: 6, count: 3, allSelected: true })
    expect(cartTotals(setAllSelected(lines, false))).toEqual({ amount: 0, quantity: 0, count: 0, allSelected: false })
    expect(cartTotals([])).toMatchObject({ allSelected: false, amount: 0 })
  })

  it('selects and unselects single lines', () => {
    const next = setSelected(lines, [1], false)
    expect(cartTotals(next)).toMatchObject({ amount: 5000, count: 1 })
    expect(lines[0].selected).toBe(true) // no mutation
    expect(cartTotals(setSelected(next, [1, 3], true)).allSelected).toBe(true)
  })

  it('bounds quantities by stock and never below 1', () => {
    expect(clampQuantity(12, 10)).toBe(10)
    expect(clampQuantity(0, 10)).toBe(1)
    expect(clampQuantity(3.7, 10)).toBe(3)
    const next = setQuantity(lines, 2, 50)
    expect(next.find((l) => l.id === 2)!.quantity).toBe(10)
    // A quantity above stock (stock fell after it was added) counts only what can be bought.
    expect(cartTotals([line(9, 100, 8, { stock: 5 })]).amount).toBe(500)
  })

  it("stops a line at 每人限购 less what was bought and the goods' other lines, and says why", () => {
    const a = line(1, 100, 1, { goodsId: 7, perMemberLimit: 5, bought: 2 })
    const b = line(2, 100, 1, { goodsId: 7, perMemberLimit: 5, bought: 2 })
    const other = line(3, 100, 4)
    expect(lineMax(a, [a, other])).toBe(3)
    expect(lineMax(a, [a, b, other])).toBe(2)
    expect(overMaxText(a, [a, b])).toBe('每人限购5件，您已购买2件')
    // no limit: the stock bounds it
    expect(lineMax(other, [a, other])).toBe(10)
    expect(overMaxText(other, [other])).toBe('库存仅剩10件')
    // stock lower than the allowance: the stock speaks
    const low = line(4, 100, 1, { perMemberLimit: 9, stock: 3 })
    expect(lineMax(low, [low])).toBe(3)
    expect(overMaxText(low, [low])).toBe('库存仅剩3件')
    // nothing left to buy still leaves 1 (the server refuses the order with its message)
    expect(lineMax(line(5, 100, 1, { perMemberLimit: 2, bought: 2 }), [])).toBe(1)
  })

  it('shows the limits and refuses checkout below 起购数量 across the lines of one goods', () => {
    expect(limitTags(line(1, 100, 1, { perMemberLimit: 3, minQuantity: 2 }))).toEqual(['限购3件', '2件起购'])
    expect(limitTags(line(1, 100, 1, { minQuantity: 1 }))).toEqual([])
    const a = line(1, 100, 1, { goodsId: 7, goodsName: '茶', minQuantity: 3 })
    const b = line(2, 100, 1, { goodsId: 7, goodsName: '茶', minQuantity: 3 })
    expect(belowMinimum([a, b])).toBe('「茶」3件起购，请再加1件')
    expect(belowMinimum([a, { ...b, quantity: 2 }])).toBeNull()
    // unselected lines neither count nor are checked
    expect(belowMinimum([{ ...a, selected: false }])).toBeNull()
  })

  it('removes lines and recomputes the list totals', () => {
    const list: CartList = { valid: lines, invalid: [line(4, 100, 1, { invalidReason: 'sold_out', selected: false })], selectedAmount: 0, selectedQuantity: 0, allSelected: false }
    const next = removeLines(list, [1, 4])
    expect(next.valid.map((l) => l.id)).toEqual([2, 3])
    expect(next.invalid).toEqual([])
    expect(next).toMatchObject({ selectedAmount: 5000, selectedQuantity: 1, allSelected: false })
  })
})

describe('Cart component', () => {
  const list = (): CartList => ({
    valid: [line(1, 1990, 2), line(2, 5000, 1)],
    invalid: [line(3, 800, 1, { selected: false, invalidReason: 'off_shelf', invalidText: '已下架' })],
    selectedAmount: 8980,
    selectedQuantity: 3,
    allSelected: true,
  })
  beforeAll(() => {
    ;(globalThis as any).IntersectionObserver ||= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })
  beforeEach(() => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/shopping/index', options: {} }] as any)
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
    mocked.deleteCartLines.mockResolvedValue({ deleted: 1 })
    mocked.getCartList.mockResolvedValue(list())
    mocked.selectAllCart.mockResolvedValue({ updated: 2 })
    mocked.selectCartLines.mockResolvedValue({ updated: 1 })
    useUserStore.setState({ token: 't', userInfo: { id: 1, nickname: '小美' } as any })
  })
  let afterTest = () => {}
  afterEach(() => {
    afterTest()
    afterTest = () => {}
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  const checkboxOf = (text: string) => {
    const el = screen.getByText(text).closest('.nut-checkbox') as HTMLElement
    expect(el).toBeTruthy()
    return el
  }
  const total = () => document.querySelector('.cart__total-price')!.textContent

  it('shows valid lines with the total, invalid lines apart, and select-all unselects and reselects everything', async () => {
    await act(async () => {
      render(<Cart variant='page' />)
    })
    expect(screen.getByText('商品1')).toBeTruthy()
    expect(screen.getByText('失效商品 1 件')).toBeTruthy()
    expect(screen.getByText('已下架，请重新选择')).toBeTruthy()
    expect(total()).toBe('¥89.80')
    expect(screen.getByText('结算(3)')).toBeTruthy()

    await act(async () => {
      fireEvent.click(checkboxOf('全选'))
    })
    expect(mocked.selectAllCart).toHaveBeenLastCalledWith(false, expect.anything())
    expect(total()).toBe('¥0.00')

    await act(async () => {
      fireEvent.click(checkboxOf('全选'))
    })
    expect(mocked.selectAllCart).toHaveBeenLastCalledWith(true, expect.anything())
    expect(total()).toBe('¥89.80')
  })

  it('shows 猜你喜欢 under the lines, and under an empty cart too', async () => {
    // The list asks once its top comes into view: here at once.
    const Observer = (globalThis as any).IntersectionObserver
    ;(globalThis as any).IntersectionObserver = class {
      constructor(private cb: IntersectionObserverCallback) {}
      observe(el: Element) {
        setTimeout(() => this.cb([{ isIntersecting: true, target: el } as any], this as any), 0)
      }
      unobserve() {}
      disconnect() {}
    }
    afterTest = () => ((globalThis as any).IntersectionObserver = Observer)
    const guess = jest.spyOn(Taro, 'request').mockImplementation(
      async () =>
        ({
          statusCode: 200,
          data: { code: 200, msg: 'ok', data: { list: [{ ...line(7, 100, 1), id: 7, name: '推荐的猫粮', mainImage: '', price: 100, tags: [], status: 'on' }], total: 1, page: 1, pageSize: 10 } },
        }) as any,
    )
    const view = await act(async () => render(<Cart variant='page' />))
    expect(await screen.findByText('推荐的猫粮')).toBeTruthy()
    view.unmount()
    mocked.getCartList.mockResolvedValue({ valid: [], invalid: [] } as any)
    await act(async () => {
      render(<Cart variant='tab' />)
    })
    expect(screen.getByText('购物车空空如也，去挑点喜欢的吧')).toBeTruthy()
    expect(await screen.findByText('猜你喜欢')).toBeTruthy()
    expect(await screen.findByText('推荐的猫粮')).toBeTruthy()
    expect(guess.mock.calls.every((c) => String(c[0].url).includes('/api/goods/guessYouLike'))).toBe(true)
  })

  it('unchecking one line updates the total and tells the server', async () => {
    await act(async () => {
      render(<Cart variant='page' />)
    })
    const first = document.querySelectorAll('.cart__group .cart-line .nut-checkbox')[0] as HTMLElement
    await act(async () => {
      fireEvent.click(first)
    })
    expect(mocked.selectCartLines).toHaveBeenCalledWith([1], false, expect.anything())
    expect(total()).toBe('¥50.00')
  })

  it('deletes a line from its swipe action after a confirm, and the total follows', async () => {
    await act(async () => {
      render(<Cart variant='page' />)
    })
    const del = document.querySelectorAll('.cart__group .swipe-row .cart-line__swipe-del')[1] as HTMLElement
    await act(async () => {
      fireEvent.click(del)
    })
    expect(mocked.deleteCartLines).toHaveBeenCalledWith([2])
    expect(screen.queryByText('商品2')).toBeNull()
    expect(total()).toBe('¥39.80')
  })

  it('checks out to the confirm-order page from the cart', async () => {
    await act(async () => {
      render(<Cart variant='page' />)
    })
    await act(async () => {
      fireEvent.click(screen.getByText('结算(3)'))
    })
    expect((Taro.navigateTo as jest.Mock).mock.calls[0][0].url).toBe('/goodsPages/placeAnOrder/index?from=cart')
  })

  it("changes a line's spec in the goods page's spec sheet and reloads the cart", async () => {
    const goods = {
      id: 100,
      name: '商品1',
      mainImage: '',
      price: 1990,
      onSale: true,
      specGroups: [{ name: '颜色', values: ['红色', '蓝色'] }],
      skus: [
        { id: 10, specs: { 颜色: '红色' }, specText: '红色', price: 1990, originalPrice: 0, stock: 5, image: '' },
        { id: 11, specs: { 颜色: '蓝色' }, specText: '蓝色', price: 2990, originalPrice: 0, stock: 1, image: '' },
      ],
    }
    ;(goodsApi.getGoodsDetail as jest.Mock).mockResolvedValue(goods)
    mocked.changeCartSku.mockResolvedValue({ id: 1, quantity: 1, merged: false })
    await act(async () => {
      render(<Cart variant='page' />)
    })
    await act(async () => {
      fireEvent.click(screen.getAllByLabelText('修改规格，当前默认')[0])
    })
    expect(goodsApi.getGoodsDetail).toHaveBeenCalledWith(100)
    // The sheet opens on the line's current SKU, without a quantity row.
    expect(document.querySelector('.spec-picker__value--active')!.textContent).toBe('红色')
    expect(document.querySelector('.spec-picker__qty')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByText('蓝色'))
    })
    await act(async () => {
      fireEvent.click(screen.getByText('确定'))
    })
    expect(mocked.changeCartSku).toHaveBeenCalledWith(1, 11, expect.anything())
    expect(mocked.getCartList).toHaveBeenCalledTimes(2)
    // the line had 2, the new SKU has 1 left: the shopper is told
    expect((Taro.showToast as jest.Mock).mock.calls.at(-1)[0].title).toBe('规格已修改，库存仅剩1件')
  })

  it('sends a visitor to login', async () => {
    useUserStore.setState({ token: '', userInfo: {} })
    await act(async () => {
      render(<Cart variant='tab' />)
    })
    expect(mocked.getCartList).not.toHaveBeenCalled()
    expect((Taro.navigateTo as jest.Mock).mock.calls[0][0].url).toMatch(/^\/commonPages\/login\/login/)
    expect(screen.getByText('去登录')).toBeTruthy()
  })
})
