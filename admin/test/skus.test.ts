import { cleanGroups, combinations, comboKey, firstValueSpans, specsOf } from '../src/pages/goods/skus'

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

describe('firstValueSpans: one picture a value of the first spec', () => {
  const rows = (vals: string[][]) => vals.map((values) => ({ values }))
  it('spans each colour over its sizes', () => {
    expect(
      firstValueSpans(
        rows([
          ['红', 'S'],
          ['红', 'M'],
          ['蓝', 'S'],
          ['蓝', 'M'],
          ['蓝', 'L'],
          ['白', 'S'],
        ]),
        2,
      ),
    ).toEqual([2, 0, 3, 0, 0, 1])
  })
  it('one row each with one spec or none', () => {
    expect(firstValueSpans(rows([['红'], ['蓝']]), 1)).toEqual([1, 1])
    expect(firstValueSpans(rows([[]]), 0)).toEqual([1])
  })
})
