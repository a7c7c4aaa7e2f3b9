import { cleanGroups, combinations, comboKey, specsOf } from '../src/pages/goods/skus'

describe('specs → SKU rows', () => {
  it('one SKU without specs', () => {
    expect(combinations([])).toEqual([[]])
  })
  it('every combination in the groups order', () => {
    const groups = cleanGroups([
      { name: '颜色', values: ['红', '蓝'] },
      { name: '尺码', values: ['S', 'M', 'L'] },
    ])
    const combos = combinations(groups)
    expect(combos).toHaveLength(6)
    expect(combos[0]).toEqual(['红', 'S'])
    expect(combos[5]).toEqual(['蓝', 'L'])
    expect(specsOf(groups, combos[4])).toEqual({ 颜色: '蓝', 尺码: 'M' })
    expect(comboKey(['蓝', 'M'])).not.toBe(comboKey(['蓝M']))
  })
  it('ignores half-filled groups and repeated values while typing', () => {
    expect(cleanGroups([{ name: ' 颜色 ', values: [' 红', '红', ''] }, { name: '', values: ['x'] }, { name: '尺码', values: [] }, undefined])).toEqual([{ name: '颜色', values: ['红'] }])
  })
})
