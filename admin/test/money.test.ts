import { fenToYuan, yuanLabel, yuanToFen, yuanRule } from '../src/core/money'

describe('fenToYuan', () => {
  it('shows two decimals', () => {
    expect(fenToYuan(12990)).toBe('129.90')
    expect(fenToYuan(5)).toBe('0.05')
    expect(fenToYuan(0)).toBe('0.00')
    expect(fenToYuan(100)).toBe('1.00')
    expect(fenToYuan(-5)).toBe('-0.05')
    expect(fenToYuan(-12345)).toBe('-123.45')
    expect(fenToYuan(900719925474099)).toBe('9007199254740.99')
  })
  it('treats missing values as zero', () => {
    expect(fenToYuan(null)).toBe('0.00')
    expect(fenToYuan(undefined)).toBe('0.00')
    expect(fenToYuan(NaN)).toBe('0.00')
    expect(yuanLabel(1999)).toBe('¥19.99')
  })
})

describe('yuanToFen', () => {
  it('converts exactly where floats drift', () => {
    // 19.99 * 100 = 1998.9999999999998, 0.57 * 100 = 56.99999999999999, 1.005 * 100 = 100.49999999999999
    expect(yuanToFen('19.99')).toBe(1999)
    expect(yuanToFen(19.99)).toBe(1999)
    expect(yuanToFen(0.57)).toBe(57)
    expect(yuanToFen('4.35')).toBe(435)
    expect(yuanToFen(1.1)).toBe(110)
    expect(yuanToFen('129.9')).toBe(12990)
    expect(yuanToFen('129.')).toBe(12900)
    expect(yuanToFen(' 8 ')).toBe(800)
    expect(yuanToFen('0.05')).toBe(5)
    expect(yuanToFen('-3.2')).toBe(-320)
    expect(yuanToFen('-0')).toBe(0)
  })
  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', 'abc', '1.005', '1,000', '1e3', '.5', '--1', '12.3.4', '99999999999999999', Infinity, NaN, null, undefined]) {
      expect(yuanToFen(bad as string)).toBeNull()
    }
  })
  it('round-trips every cent amount up to 1000 yuan', () => {
    const wrong: number[] = []
    for (let fen = 0; fen <= 100000; fen++) {
      if (yuanToFen(fenToYuan(fen)) !== fen || yuanToFen(Number(fenToYuan(fen))) !== fen) wrong.push(fen)
    }
    expect(wrong).toEqual([])
  })
})

describe('yuanRule', () => {
  const rule = yuanRule('售价', { min: 0.01 })
  it('says in Chinese what is wrong', async () => {
    await expect(rule.validator(null, '')).rejects.toThrow('请填写售价')
    await expect(rule.validator(null, '1.234')).rejects.toThrow('售价须为金额，最多两位小数')
    await expect(rule.validator(null, '0')).rejects.toThrow('售价不能小于 0.01 元')
    await expect(rule.validator(null, '12.5')).resolves.toBeUndefined()
    await expect(yuanRule('原价', { required: false }).validator(null, undefined)).resolves.toBeUndefined()
  })
})
