import { render } from '@testing-library/react'
import { CONTROLS_HIDE_MS, DANMU_DURATION_MS, DANMU_LANES, PLAYBACK_RATES, dueDanmu, launchDanmu, nextRate, pickLane, pruneDanmu, rateLabel } from '@/utils/danmu'
import DanmuLayer from '@/components/VideoFeed/Danmu'

describe('player constants (SPEC.md section 9)', () => {
  it('offers the playback rates 0.5, 0.8, 1, 1.25, 1.5, 2 and cycles through them', () => {
    expect([...PLAYBACK_RATES]).toEqual([0.5, 0.8, 1, 1.25, 1.5, 2])
    const seen = [1]
    for (let i = 0; i < 6; i++) seen.push(nextRate(seen[seen.length - 1]))
    expect(seen).toEqual([1, 1.25, 1.5, 2, 0.5, 0.8, 1])
    expect(rateLabel(1)).toBe('倍速')
    expect(rateLabel(1.5)).toBe('1.5x')
  })
  it('hides the controls after 3 s and animates a danmu for 4 s', () => {
    expect(CONTROLS_HIDE_MS).toBe(3000)
    expect(DANMU_DURATION_MS).toBe(4000)
  })
})

describe('danmu timing', () => {
  const list = [
    { id: 1, content: '开头', time: 0 },
    { id: 2, content: '一秒', time: 1 },
    { id: 3, content: '三秒', time: 3 },
    { id: 4, content: '也是三秒', time: 3 },
  ]
  it('releases the comments whose second has been reached, once each', () => {
    expect(dueDanmu(list, -1, 0.25).map((d) => d.id)).toEqual([1])
    expect(dueDanmu(list, 0.25, 0.5)).toEqual([])
    expect(dueDanmu(list, 0.75, 1.0).map((d) => d.id)).toEqual([2])
    expect(dueDanmu(list, 1.0, 1.25)).toEqual([])
    expect(dueDanmu(list, 2.9, 3.1).map((d) => d.id)).toEqual([3, 4])
  })
  it('does not flood the screen after a seek forward, and replays after a loop', () => {
    expect(dueDanmu(list, 0.2, 3.7)).toEqual([])
    expect(dueDanmu(list, 0.2, 3.2).map((d) => d.id)).toEqual([3, 4])
    expect(dueDanmu(list, 7.9, 0.1).map((d) => d.id)).toEqual([1])
  })
  it('keeps a danmu on screen for exactly 4 s', () => {
    const a = launchDanmu([], [{ key: 'a', content: 'x' }], 1000)
    expect(pruneDanmu(a, 1000 + 3999)).toHaveLength(1)
    expect(pruneDanmu(a, 1000 + 4000)).toHaveLength(0)
  })
  it('spreads simultaneous danmu over free lanes and ignores a repeated key', () => {
    let active = launchDanmu(
      [],
      [
        { key: 'a', content: '1' },
        { key: 'b', content: '2' },
        { key: 'c', content: '3' },
      ],
      0,
    )
    expect(active.map((d) => d.lane)).toEqual([0, 1, 2])
    active = launchDanmu(active, [{ key: 'a', content: '1' }], 100)
    expect(active).toHaveLength(3)
    expect(pickLane(active)).toBe(3)
    // After 4 s the first ones are gone and lane 0 is free again.
    active = launchDanmu(active, [{ key: 'd', content: '4' }], 4100)
    expect(active.map((d) => [d.key, d.lane])).toEqual([['d', 0]])
  })
  it('renders each danmu with a 4 s CSS animation in its lane', () => {
    const items = launchDanmu(
      [],
      [
        { key: 'a', content: '好看' },
        { key: 'b', content: '求链接', mine: true },
      ],
      0,
    )
    const { container, getByText } = render(<DanmuLayer items={items} />)
    const els = container.querySelectorAll('.vfeed-danmu__item')
    expect(els).toHaveLength(2)
    expect((els[0] as HTMLElement).style.animationDuration).toBe('4000ms')
    expect(els[1].className).toContain('vfeed-danmu__item--lane-1')
    // Lanes come from the stylesheet, in the layer's own units (an inline px top did not scale with it).
    expect((els[1] as HTMLElement).style.top).toBe('')
    expect(els[1].className).toContain('vfeed-danmu__item--mine')
    expect(getByText('好看')).toBeTruthy()
  })
})

describe('danmu lanes in the stylesheet (issue 18: rows overlapped, the third was cut in half)', () => {
  const css: string = require('sass').compile(require('path').join(__dirname, '../../../src/components/VideoFeed/index.scss')).css
  const rule = (selector: string) => {
    const m = css.match(new RegExp(`${selector.replace(/[.-]/g, (c) => `\\${c}`)}\\s*\\{([^}]*)\\}`))
    return m ? m[1] : ''
  }
  const px = (block: string, prop: string) => Number((block.match(new RegExp(`(?:^|[;\\s])${prop}:\\s*(-?[\\d.]+)px`)) || [])[1])

  it('gives every lane a row of its own, inside the danmu layer', () => {
    const layer = px(rule('.vfeed-danmu'), 'height')
    const row = px(rule('.vfeed-danmu__item'), 'height')
    expect(row).toBeGreaterThan(0)
    const tops = Array.from({ length: DANMU_LANES }, (_, i) => px(rule(`.vfeed-danmu__item--lane-${i}`), 'top'))
    tops.forEach((top, i) => {
      expect(Number.isFinite(top)).toBe(true)
      expect(top + row).toBeLessThanOrEqual(layer)
      if (i) expect(top - tops[i - 1]).toBeGreaterThanOrEqual(row)
    })
  })
})
