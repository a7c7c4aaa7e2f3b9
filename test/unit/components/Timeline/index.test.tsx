import { render } from '@testing-library/react'
import Timeline from '@/components/Timeline'

const items = () => [...document.querySelectorAll('.timeline__item')] as HTMLElement[]
const text = (el: Element, part: string) => el.querySelector(`.timeline__${part}`)?.textContent ?? null

describe('Timeline', () => {
  it('lists the log newest first and marks only the newest as the state now', () => {
    const at = Date.UTC(2026, 10, 28, 2, 5, 9) // the same day in every zone from UTC-2 to UTC+21
    render(
      <Timeline
        entries={[
          { title: '提交申请', note: '尺码不合适', at },
          { title: '商家同意', at: at + 60_000 },
          { title: '退款成功', note: null, at: at + 120_000 },
        ]}
      />,
    )
    expect(items().map((el) => text(el, 'title'))).toEqual(['退款成功', '商家同意', '提交申请'])
    expect(items().map((el) => el.className.includes('timeline__item--now'))).toEqual([true, false, false])
    expect(text(items()[2], 'note')).toBe('尺码不合适')
    expect(text(items()[0], 'note')).toBeNull()
    expect(text(items()[2], 'time')).toMatch(/^2026-11-28 \d\d:05:09$/)
  })

  it('draws nothing for an empty log', () => {
    render(<Timeline entries={[]} />)
    expect(items()).toEqual([])
  })
})
