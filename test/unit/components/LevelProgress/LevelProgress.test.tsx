// The member's level and progress (mine page, 我的等级): 成长值 x / y toward the next level, the bar from the current
// level's threshold, 普通会员 below the first level and a full bar at the top.
import { render } from '@testing-library/react'
import { levelBenefits, levelProgress, type MemberLevelInfo } from '@contract/level'
import LevelProgress from '@/components/LevelProgress'

const level = (id: number, name: string, minGrowth: number, over: Partial<MemberLevelInfo> = {}): MemberLevelInfo => ({
  id,
  name,
  minGrowth,
  discount: 100,
  freeShipping: false,
  pointsTenths: 10,
  ...over,
})
const silver = level(1, '白银会员', 2000)
const gold = level(2, '黄金会员', 5000, { discount: 95, freeShipping: true, pointsTenths: 15 })

describe('level progress', () => {
  it('counts from the current level to the next', () => {
    expect(levelProgress(3500, silver, gold)).toEqual({ text: '成长值 3500 / 5000', percent: 50, hint: '再得 1500 成长值升级为黄金会员' })
    expect(levelProgress(0, null, silver)).toMatchObject({ text: '成长值 0 / 2000', percent: 0 })
    expect(levelProgress(1999, null, silver).percent).toBe(99)
    expect(levelProgress(9000, gold, null)).toEqual({ text: '成长值 9000', percent: 100, hint: '已是最高等级' })
  })

  it('renders the level name, 成长值 x / y and a bar of that width', () => {
    const { container, getByText } = render(<LevelProgress growth={620} level={null} next={silver} />)
    expect(getByText('普通会员')).toBeTruthy()
    expect(getByText('成长值 620 / 2000')).toBeTruthy()
    expect(getByText('再得 1380 成长值升级为白银会员')).toBeTruthy()
    expect((container.querySelector('.level-progress__fill') as HTMLElement).style.width).toBe('31%')
    const top = render(<LevelProgress growth={6000} level={gold} next={null} />)
    expect(top.getByText('黄金会员')).toBeTruthy()
    expect(top.getByText('成长值 6000')).toBeTruthy()
  })

  it("names a level's benefits in the shopper's words", () => {
    expect(levelBenefits(gold)).toEqual(['商品9.5折', '订单包邮', '积分1.5倍'])
    expect(levelBenefits(silver)).toEqual(['暂无专属权益'])
    expect(levelBenefits(level(3, '钻石', 1, { discount: 80, pointsTenths: 20 }))).toEqual(['商品8折', '积分2倍'])
  })
})
