import { changeText, figureText, TODOS } from '../src/pages/dashboard/figures'

describe('工作台 figures', () => {
  it('reads money in yuan, counts whole, ratios as a percentage', () => {
    expect(figureText('money', 123456)).toBe('1234.56')
    expect(figureText('count', 7)).toBe('7')
    expect(figureText('ratio', 0.1234)).toBe('12.3%')
    expect(figureText('ratio', 0)).toBe('0.0%')
  })

  it('环比 as a percentage of the previous period, up or down', () => {
    expect(changeText('money', { value: 15000, previous: 10000 })).toEqual({ text: '+50.0%', trend: 'up' })
    expect(changeText('count', { value: 1, previous: 3 })).toEqual({ text: '-66.7%', trend: 'down' })
    expect(changeText('count', { value: 3, previous: 3 })).toEqual({ text: '持平' })
    expect(changeText('money', { value: 500, previous: 0 })).toEqual({ text: '上期为 0' })
    expect(changeText('money', { value: 0, previous: 0 })).toEqual({ text: '持平' })
    // Net sales can be negative (more refunded than sold): the change still reads from the size of the previous value.
    expect(changeText('money', { value: 100, previous: -100 })).toEqual({ text: '+200.0%', trend: 'up' })
  })

  it('环比 of the conversion rate in percentage points', () => {
    expect(changeText('ratio', { value: 0.15, previous: 0.1 })).toEqual({ text: '+5.0 个百分点', trend: 'up' })
    expect(changeText('ratio', { value: 0.1, previous: 0.125 })).toEqual({ text: '-2.5 个百分点', trend: 'down' })
    expect(changeText('ratio', { value: 0.2, previous: 0.2 })).toEqual({ text: '持平' })
  })

  it('every to-do opens a console list with its filter in the query', () => {
    for (const t of TODOS) expect(t.to).toMatch(/^\/[a-z/-]+\?(status|kind)=[a-z_]+$/)
    expect(new Set(TODOS.map((t) => t.key)).size).toBe(TODOS.length)
  })
})
