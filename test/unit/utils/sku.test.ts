import type { Sku, SpecGroup } from '@contract/goods'
import { buyBlocker, choiceText, clampQuantity, findSku, initialChoice, isValueAvailable, missingGroups, skuDisplay, toggleValue } from '@/utils/sku'

const groups: SpecGroup[] = [
  { name: '颜色', values: ['红色', '蓝色'] },
  { name: '尺码', values: ['S', 'M', 'L'] },
]
let id = 0
const sku = (颜色: string, 尺码: string, price: number, stock: number): Sku => ({
  id: ++id,
  specs: { 颜色, 尺码 },
  specText: `${颜色} / ${尺码}`,
  price,
  originalPrice: price + 1000,
  stock,
  image: `/media/${颜色}.svg`,
})
const skus: Sku[] = [sku('红色', 'S', 9900, 5), sku('红色', 'M', 9900, 0), sku('红色', 'L', 10900, 2), sku('蓝色', 'S', 9900, 0), sku('蓝色', 'M', 9900, 0), sku('蓝色', 'L', 11900, 1)]

describe('spec picker logic', () => {
  it('finds the SKU of a complete choice only', () => {
    expect(findSku(groups, skus, { 颜色: '红色' })).toBeNull()
    expect(findSku(groups, skus, { 颜色: '红色', 尺码: 'L' })).toMatchObject({ price: 10900, stock: 2 })
    expect(findSku(groups, skus, { 颜色: '蓝色', 尺码: 'L' })?.specText).toBe('蓝色 / L')
  })

  it('gives goods without specs their one SKU', () => {
    const single: Sku = { id: 99, specs: {}, specText: '', price: 500, originalPrice: 800, stock: 3, image: '' }
    expect(findSku([], [single], {})).toBe(single)
    expect(buyBlocker([], [single], {}, 1)).toBe('')
    expect(choiceText([], {})).toBe('')
  })

  it('disables values that no SKU in stock can reach with the other choices', () => {
    // Nothing chosen: M is out of stock in every colour; S and L are available.
    expect(isValueAvailable(skus, {}, '尺码', 'M')).toBe(false)
    expect(isValueAvailable(skus, {}, '尺码', 'S')).toBe(true)
    // Blue chosen: only L is left.
    expect(isValueAvailable(skus, { 颜色: '蓝色' }, '尺码', 'S')).toBe(false)
    expect(isValueAvailable(skus, { 颜色: '蓝色' }, '尺码', 'L')).toBe(true)
    // S chosen: blue has no S in stock, red has.
    expect(isValueAvailable(skus, { 尺码: 'S' }, '颜色', '蓝色')).toBe(false)
    expect(isValueAvailable(skus, { 尺码: 'S' }, '颜色', '红色')).toBe(true)
    // A group's own choice does not block its other values (switching stays possible).
    expect(isValueAvailable(skus, { 颜色: '红色', 尺码: 'S' }, '颜色', '蓝色')).toBe(false)
    expect(isValueAvailable(skus, { 颜色: '红色', 尺码: 'L' }, '颜色', '蓝色')).toBe(true)
  })

  it('toggles a value on and off and preselects single-value groups', () => {
    const a = toggleValue({}, '颜色', '红色')
    expect(a).toEqual({ 颜色: '红色' })
    expect(toggleValue(a, '颜色', '蓝色')).toEqual({ 颜色: '蓝色' })
    expect(toggleValue(a, '颜色', '红色')).toEqual({})
    expect(initialChoice([{ name: '规格', values: ['500g'] }, ...groups])).toEqual({ 规格: '500g' })
    expect(missingGroups(groups, { 尺码: 'S' })).toEqual(['颜色'])
  })

  it('shows the price range and stock of what fits the choice so far, then the SKU itself', () => {
    expect(skuDisplay(groups, skus, {}, '/main.svg')).toMatchObject({ price: 9900, maxPrice: 11900, stock: 8, image: '/main.svg', sku: null })
    expect(skuDisplay(groups, skus, { 颜色: '红色' })).toMatchObject({ price: 9900, maxPrice: 10900, stock: 7, image: '/media/红色.svg' })
    expect(skuDisplay(groups, skus, { 颜色: '蓝色', 尺码: 'L' })).toMatchObject({ price: 11900, maxPrice: 11900, stock: 1, originalPrice: 12900 })
    expect(choiceText(groups, { 颜色: '红色' })).toBe('请选择 尺码')
    expect(choiceText(groups, { 颜色: '红色', 尺码: 'L' })).toBe('已选：红色 / L')
  })

  it('bounds the quantity by the stock and says why buying cannot go on', () => {
    expect(clampQuantity(5, 2)).toBe(2)
    expect(clampQuantity(0, 2)).toBe(1)
    expect(clampQuantity(NaN, 9)).toBe(1)
    expect(clampQuantity(3, 0)).toBe(0)
    expect(buyBlocker(groups, skus, {}, 1)).toBe('请选择颜色')
    expect(buyBlocker(groups, skus, { 颜色: '红色' }, 1)).toBe('请选择尺码')
    expect(buyBlocker(groups, skus, { 颜色: '红色', 尺码: 'M' }, 1)).toBe('该规格已售罄')
    expect(buyBlocker(groups, skus, { 颜色: '红色', 尺码: 'L' }, 3)).toBe('库存仅剩2件')
    expect(buyBlocker(groups, skus, { 颜色: '红色', 尺码: 'L' }, 2)).toBe('')
  })
})
