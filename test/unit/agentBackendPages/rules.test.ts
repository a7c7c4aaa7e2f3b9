import { applyFormError } from '@/agentBackendPages/apply/rules'
import { feeText, withdrawAmountError } from '@/agentBackendPages/withdraw/rules'
import { axisMax, chartBars } from '@/agentBackendPages/flow/chart'
import { rateText, signedYuan } from '@/agentBackendPages/components/shared'
import { withdrawFee, withdrawFeeText, yuanToFen } from '@contract/agent'

const valid = { shopName: '花语小店', realName: '张三', phone: '13912345678', idCard: '110101199003074514', reason: '有稳定的客户资源' }

describe('agent application form', () => {
  it('accepts a complete form', () => {
    expect(applyFormError(valid)).toBe('')
  })

  it('checks the shop name length and characters', () => {
    expect(applyFormError({ ...valid, shopName: '' })).toBe('请输入店铺名称')
    expect(applyFormError({ ...valid, shopName: '店' })).toBe('店铺名称需为2-20个字')
    expect(applyFormError({ ...valid, shopName: '店'.repeat(21) })).toBe('店铺名称需为2-20个字')
    expect(applyFormError({ ...valid, shopName: '<b>店铺</b>' })).toBe('店铺名称只能包含中文、字母和数字')
  })

  it('checks the real name', () => {
    expect(applyFormError({ ...valid, realName: '张' })).toBe('请输入真实姓名')
    expect(applyFormError({ ...valid, realName: '张3' })).toBe('请输入真实姓名')
    expect(applyFormError({ ...valid, realName: '阿卜杜·热西提' })).toBe('')
  })

  it('uses the spec mobile rule (isMobile)', () => {
    expect(applyFormError({ ...valid, phone: '12345678901' })).toBe('请输入正确的手机号')
    expect(applyFormError({ ...valid, phone: '14412345678' })).toBe('请输入正确的手机号') // 14 needs 5-9
    expect(applyFormError({ ...valid, phone: '14512345678' })).toBe('')
    expect(applyFormError({ ...valid, phone: '1391234567' })).toBe('请输入正确的手机号')
  })

  it('uses the 18-digit ID card rule with its check digit (isIdCard)', () => {
    expect(applyFormError({ ...valid, idCard: '110101199003074515' })).toBe('请输入正确的18位身份证号') // wrong check digit
    expect(applyFormError({ ...valid, idCard: '110101199002304514' })).toBe('请输入正确的18位身份证号') // 30 February
    expect(applyFormError({ ...valid, idCard: '11010119900307451' })).toBe('请输入正确的18位身份证号')
    expect(applyFormError({ ...valid, idCard: '11010519491231002X' })).toBe('')
    expect(applyFormError({ ...valid, idCard: '11010519491231002x' })).toBe('')
  })

  it('needs a reason of at most 200 characters', () => {
    expect(applyFormError({ ...valid, reason: '   ' })).toBe('请填写申请理由')
    expect(applyFormError({ ...valid, reason: '字'.repeat(201) })).toBe('申请理由不能超过200字')
  })
})

describe('withdraw form', () => {
  it('takes amounts with at most two decimals (isAmount), exactly in fen', () => {
    expect(withdrawAmountError('12.345', 100000)).toBe('金额最多保留两位小数')
    expect(withdrawAmountError('abc', 100000)).toBe('金额最多保留两位小数')
    expect(withdrawAmountError('012', 100000)).toBe('金额最多保留两位小数')
    expect(withdrawAmountError('', 100000)).toBe('请输入提现金额')
    expect(yuanToFen('0.29')).toBe(29)
    expect(yuanToFen('19.9')).toBe(1990)
    expect(yuanToFen('1.005')).toBeNull()
  })

  it('refuses below the ¥10 minimum, above ¥50,000, and above the balance', () => {
    expect(withdrawAmountError('9.99', 100000)).toBe('单次提现金额不能低于¥10.00')
    expect(withdrawAmountError('10', 100000)).toBe('')
    expect(withdrawAmountError('50000.01', 10_000_000)).toBe('单次提现金额不能超过¥50000.00')
    expect(withdrawAmountError('100.01', 10000)).toBe('超出可提现余额')
    expect(withdrawAmountError('100', 10000)).toBe('')
  })

  it('shows the 0.6 % fee (at least ¥0.10) and what arrives', () => {
    expect(withdrawFee(1000)).toBe(10) // 0.6 % of 10.00 is 0.06: the minimum applies
    expect(withdrawFee(4000)).toBe(24)
    expect(withdrawFee(10001)).toBe(61) // rounded up to the fen
    expect(feeText('100')).toBe('手续费¥0.60，实际到账¥99.40')
    expect(feeText('10')).toBe('手续费¥0.10，实际到账¥9.90')
    expect(feeText('1.2.3')).toBe('')
    expect(feeText('')).toBe('')
  })

  it('follows the fee the shop set (代理规则), and says when there is none', () => {
    expect(feeText('100', { feeBp: 100, feeMin: 200 })).toBe('手续费¥2.00，实际到账¥98.00')
    expect(feeText('1000', { feeBp: 100, feeMin: 200 })).toBe('手续费¥10.00，实际到账¥990.00')
    expect(feeText('100', { feeBp: 0, feeMin: 0 })).toBe('免手续费，实际到账¥100.00')
    expect(withdrawFeeText(60, 10)).toBe('手续费 0.6%（最低 ¥0.10）')
    expect(withdrawFeeText(0, 0)).toBe('免手续费')
    expect(withdrawFeeText(0, 200)).toBe('每笔手续费 ¥2.00')
  })
})

describe('traffic chart and figures', () => {
  it('scales bars to a round axis and labels every few days', () => {
    expect(axisMax(0)).toBe(5)
    expect(axisMax(7)).toBe(10)
    expect(axisMax(13)).toBe(20)
    expect(axisMax(41)).toBe(50)
    const series = Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, pv: i, uv: Math.floor(i / 2) }))
    const { bars, max } = chartBars(series)
    expect(max).toBe(50)
    expect(bars[29]).toMatchObject({ pvPct: 58, uvPct: 28, label: '11-30' })
    expect(bars.filter((b) => b.label).length).toBe(7)
  })

  it('formats rates and signed amounts', () => {
    expect(rateText(1000)).toBe('10%')
    expect(rateText(1250)).toBe('12.5%')
    expect(rateText(null)).toBe('—')
    expect(signedYuan(1230)).toBe('+12.30')
    expect(signedYuan(-300)).toBe('-3.00')
  })
})
