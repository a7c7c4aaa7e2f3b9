import { paintGoodsPoster, POSTER_INVITE } from '@/components/Poster/goodsPoster'

/** A 2D context that records the text painted on it (drawing calls do nothing). */
function recordingContext() {
  const texts: string[] = []
  const ctx = new Proxy({} as Record<string, unknown>, {
    get(target, key) {
      if (key === 'fillText') return (t: string) => texts.push(t)
      if (key === 'measureText') return (t: string) => ({ width: t.length * 10 })
      if (key === 'createLinearGradient') return () => ({ addColorStop: () => undefined })
      if (key in target) return target[key as string]
      return () => undefined
    },
    set(target, key, value) {
      target[key as string] = value
      return true
    },
  })
  return { ctx: ctx as unknown as CanvasRenderingContext2D, texts }
}

const input = {
  shopName: '小美的店',
  title: '这件好物推荐给你',
  goodsName: '真丝连衣裙',
  price: '199.00',
  originalPrice: '299.00',
  image: '',
  code: '',
  link: 'https://shop.example/goodsPages/details/details?id=13&sUid=1&bUid=1',
}

describe('the goods poster', () => {
  it('speaks to the friend who receives it: no word of commission on the picture', () => {
    const { ctx, texts } = recordingContext()
    paintGoodsPoster(ctx, input, null, null)
    expect(texts).toContain(POSTER_INVITE)
    expect(texts).toContain('识别右侧码查看商品详情')
    expect(texts.filter((t) => /佣金|赚|您可获得/.test(t))).toEqual([])
  })
})
