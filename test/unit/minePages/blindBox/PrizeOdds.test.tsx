// The blind box page discloses each prize's chance (issue 21: odds shown to shoppers are the odds configured in
// the console): the server's percent with two decimals, 已抽完 for a prize run out, and the no-prize chance.
import { render } from '@testing-library/react'
import type { Prize } from '@contract/turntable'
import PrizeOdds, { noPrizeChance, oddsLabel } from '@/minePages/blindBox/PrizeOdds'

const prize = (over: Partial<Prize>): Prize => ({ id: 1, name: '奖品', image: '', kind: 'points', probability: 0, inStock: true, ...over })
const POOL: Prize[] = [
  prize({ id: 1, name: '88积分', probability: 37.25 }),
  prize({ id: 2, name: '5元券', kind: 'coupon', probability: 0.5 }),
  prize({ id: 3, name: '耳机', kind: 'goods', probability: 0, inStock: false }),
  prize({ id: 4, name: '谢谢参与', kind: 'none', probability: 62.25 }),
]

describe('blind box odds', () => {
  it('formats each chance with two decimals, and a prize run out as 已抽完', () => {
    expect(oddsLabel({ probability: 37.25, inStock: true })).toBe('37.25%')
    expect(oddsLabel({ probability: 5, inStock: true })).toBe('5.00%')
    expect(oddsLabel({ probability: 0.01, inStock: true })).toBe('0.01%')
    expect(oddsLabel({ probability: 0, inStock: false })).toBe('已抽完')
  })

  it('adds the no-prize entries without float drift', () => {
    expect(noPrizeChance(POOL)).toBe(62.25)
    expect(noPrizeChance([prize({ kind: 'none', probability: 0.1 }), prize({ kind: 'none', probability: 0.2 })])).toBe(0.3)
    expect(noPrizeChance([prize({ kind: 'none', probability: 10, inStock: false })])).toBe(0)
  })

  it('shows every prize with its chance on the page, and the no-prize chance below', () => {
    const { container, getByText } = render(<PrizeOdds prizes={POOL} />)
    const rows = [...container.querySelectorAll('[data-testid="prize-odds"]')].map(
      (el) => `${el.querySelector('.blind-box__prize-name')!.textContent} ${el.querySelector('.blind-box__prize-odds')!.textContent}`,
    )
    expect(rows).toEqual(['88积分 37.25%', '5元券 0.50%', '耳机 已抽完'])
    expect(getByText('未中奖概率 62.25%')).toBeTruthy()
  })
})
