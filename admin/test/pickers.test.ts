import { memberSearchHint, pastedPhones } from '@admin/core/pickers'

describe('member picker rules', () => {
  it('reads pasted phones once each, in any separator, and names what is not a phone', () => {
    expect(pastedPhones('13800000001\n13800000002，13800000001 、13800000003;')).toEqual({ phones: ['13800000001', '13800000002', '13800000003'], wrong: [] })
    expect(pastedPhones('1380000000 12 张三 13800000001')).toEqual({ phones: ['13800000001'], wrong: ['1380000000', '12', '张三'] })
    expect(pastedPhones('  \n ')).toEqual({ phones: [], wrong: [] })
  })

  it('asks for the whole phone when a part of one finds nobody', () => {
    expect(memberSearchHint('1380013')).toBe('请输入完整的 11 位手机号')
    expect(memberSearchHint('小')).toBe('没有找到会员')
    expect(memberSearchHint('13800000001')).toBe('没有找到会员')
    expect(memberSearchHint('12')).toBe('没有找到会员')
  })
})
