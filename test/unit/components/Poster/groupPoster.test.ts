import { GROUP_POSTER, GROUP_POSTER_TITLE, paintGroupPoster, type GroupPosterInput } from '@/components/Poster/groupPoster'

/** A 2D context that records the text painted on it, the round seats and the pictures drawn (other calls do nothing). */
function recordingContext() {
  const texts: string[] = []
  const arcs: Array<{ x: number; y: number; r: number }> = []
  const images: Array<{ image: unknown; x: number; y: number; w: number; h: number }> = []
  const fills: Array<{ x: number; y: number; w: number; h: number }> = []
  const ctx = new Proxy({} as Record<string, unknown>, {
    get(target, key) {
      if (key === 'fillText') return (t: string) => texts.push(t)
      if (key === 'measureText') return (t: string) => ({ width: t.length * 10 })
      if (key === 'createLinearGradient') return () => ({ addColorStop: () => undefined })
      if (key === 'arc') return (x: number, y: number, r: number) => arcs.push({ x, y, r })
      if (key === 'drawImage') return (image: unknown, x: number, y: number, w: number, h: number) => images.push({ image, x, y, w, h })
      if (key === 'fillRect') return (x: number, y: number, w: number, h: number) => fills.push({ x, y, w, h })
      if (key in target) return target[key as string]
      return () => undefined
    },
    set(target, key, value) {
      target[key as string] = value
      return true
    },
  })
  return { ctx: ctx as unknown as CanvasRenderingContext2D, texts, arcs, images, fills }
}

const input: GroupPosterInput = {
  shopName: '花语小店',
  goodsName: '真丝连衣裙',
  groupPrice: '59.00',
  singlePrice: '99.00',
  size: 3,
  filled: 1,
  missing: 2,
  seats: [{ nickname: '小美', avatar: '', isLeader: true }],
  image: '',
  code: '',
  link: 'https://shop.example/goodsPages/group/index?groupId=7&sUid=1',
}

describe('the group poster', () => {
  it('puts the group price beside the single price, N人团 · 还差 M 人, the seats and how to join', () => {
    const { ctx, texts } = recordingContext()
    paintGroupPoster(ctx, input, null, null, [null])
    expect(texts).toEqual(
      expect.arrayContaining([
        '花语小店',
        GROUP_POSTER_TITLE,
        '真丝连衣裙',
        '拼团价',
        '¥59.00',
        '单买¥99.00',
        '3人团 · 还差 2 人',
        '团长',
        '还差2人成团，快来和我一起拼',
        '识别右侧码参加拼团',
        '长按识别二维码',
      ]),
    )
    // The leader without a picture is drawn by the first character of the name; the two open places as "?".
    expect(texts.filter((t) => t === '小')).toHaveLength(1)
    expect(texts.filter((t) => t === '?')).toHaveLength(2)
    // It speaks to the friend who receives it: no word of commission.
    expect(texts.filter((t) => /佣金|赚/.test(t))).toEqual([])
  })

  it('draws one round seat per place, the members’ pictures in theirs, and the mini-program code when there is one', () => {
    const { ctx, arcs, images, texts } = recordingContext()
    const face = { face: 1 } as unknown as CanvasImageSource
    const code = { code: 1 } as unknown as CanvasImageSource
    const goods = { goods: 1 } as unknown as CanvasImageSource
    const two = { ...input, size: 4, filled: 2, missing: 2, seats: [...input.seats, { nickname: '阿花', avatar: 'x', isLeader: false }] }
    paintGroupPoster(ctx, two, goods, code, [null, face])
    expect(arcs).toHaveLength(4)
    // Seats in one row, inside the poster, above the code's corner.
    expect(new Set(arcs.map((a) => a.y)).size).toBe(1)
    for (const a of arcs) expect(a.x + a.r).toBeLessThanOrEqual(GROUP_POSTER.width - 16)
    const codeImage = images.find((i) => i.image === code)!
    expect(codeImage).toMatchObject({ x: GROUP_POSTER.width - 16 - 84, w: 84, h: 84 })
    expect(arcs[0].y + arcs[0].r).toBeLessThan(codeImage.y)
    expect(images.find((i) => i.image === face)).toMatchObject({ w: arcs[1].r * 2, h: arcs[1].r * 2 })
    expect(images.find((i) => i.image === goods)).toBeTruthy()
    expect(texts).toContain('长按识别小程序码')
    expect(texts).toContain('4人团 · 还差 2 人')
  })

  it('a group of ten keeps its seats on the poster, and a virtual member of 模拟成团 shows as 拼', () => {
    const { ctx, arcs, texts } = recordingContext()
    paintGroupPoster(ctx, { ...input, size: 10, filled: 10, missing: 0 }, null, null, [null])
    expect(arcs).toHaveLength(10)
    expect(Math.max(...arcs.map((a) => a.x + a.r))).toBeLessThanOrEqual(GROUP_POSTER.width - 16)
    expect(texts.filter((t) => t === '拼')).toHaveLength(9)
    expect(texts).toContain('10人团 · 已成团')
  })

  it('shows no struck single price when it is the group price', () => {
    const { ctx, texts } = recordingContext()
    paintGroupPoster(ctx, { ...input, singlePrice: '59.00' }, null, null, [null])
    expect(texts.filter((t) => t.startsWith('单买'))).toEqual([])
  })
})
