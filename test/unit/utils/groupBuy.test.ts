import { groupCountdown, groupStateText, myGroupText, seatSlots } from '@/utils/groupBuy'

describe('拼团 texts', () => {
  it('counts down to the deadline in hours (past 24), minutes, seconds, and says nothing once past', () => {
    expect(groupCountdown(1000 + 25 * 3600_000 + 61_000, 1000)).toBe('25:01:01')
    expect(groupCountdown(1000, 1000)).toBe('')
    expect(groupCountdown(null, 1000)).toBe('')
  })

  it('names each state of a group, with what is missing while it is open', () => {
    expect(groupStateText({ state: 'open', missing: 2 })).toBe('拼团中·还差2人')
    expect(groupStateText({ state: 'formed', missing: 0 })).toBe('拼团成功')
    expect(groupStateText({ state: 'failed', missing: 1 })).toBe('拼团失败，已退款')
    expect(groupStateText({ state: 'cancelled', missing: 1 })).toBe('已取消')
    expect(groupStateText({ state: 'pending', missing: 1 })).toBe('待支付')
  })

  it('tells a member whose payment came too late that it is refunded, even on a formed group', () => {
    expect(myGroupText({ state: 'formed', place: 'late', size: 2, filled: 2 })).toBe('名额已满，退款中')
    expect(myGroupText({ state: 'formed', place: 'refunded', size: 2, filled: 2 })).toBe('名额已满，已退款')
    expect(myGroupText({ state: 'failed', place: 'refunded', size: 2, filled: 1 })).toBe('拼团失败，已退款')
    expect(myGroupText({ state: 'open', place: 'paid', size: 3, filled: 1 })).toBe('拼团中·还差2人')
    expect(myGroupText({ state: 'open', place: 'unpaid', size: 3, filled: 1 })).toBe('待支付')
    expect(myGroupText({ state: 'formed', place: 'paid', size: 2, filled: 2 })).toBe('拼团成功')
  })

  it('draws the paid members, then virtual members, then one empty seat per missing place', () => {
    expect(seatSlots(['a'], 3, 1).map((s) => s.kind)).toEqual(['member', 'empty', 'empty'])
    expect(seatSlots(['a'], 3, 3).map((s) => s.kind)).toEqual(['member', 'virtual', 'virtual'])
    expect(seatSlots(['a', 'b'], 2, 2).map((s) => s.kind)).toEqual(['member', 'member'])
  })
})
