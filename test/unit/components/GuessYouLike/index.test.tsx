import Taro from '@tarojs/taro'
import { render, act, screen } from '@testing-library/react'
import GuessYouLike from '@/components/GuessYouLike/lazy'

const goods = (id: number) => ({
  id,
  name: `推荐商品${id}`,
  subtitle: '',
  mainImage: '/media/goods/g1-1.svg',
  price: 9900,
  originalPrice: 12900,
  sales: 10,
  tags: [],
  isHot: false,
  isNew: false,
  status: 'on',
  stock: 5,
})

// A browser's observer that the test moves: `scrollNear()` reports every watched element as in view.
let watched: Array<{ cb: IntersectionObserverCallback; el: Element; on: boolean }> = []
class FakeObserver {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    watched.push({ cb: this.cb, el, on: true })
  }
  unobserve() {}
  disconnect() {
    watched.filter((w) => w.cb === this.cb).forEach((w) => (w.on = false))
  }
}
const scrollNear = () =>
  act(async () => {
    for (const w of watched.filter((x) => x.on)) w.cb([{ isIntersecting: true, target: w.el } as any], {} as any)
  })

describe('猜你喜欢 below a page', () => {
  let request: jest.SpyInstance
  const guessCalls = () => request.mock.calls.map((c) => c[0].url as string).filter((u) => u.includes('/api/goods/guessYouLike'))
  beforeEach(() => {
    watched = []
    ;(globalThis as any).IntersectionObserver = FakeObserver
    request = jest
      .spyOn(Taro, 'request')
      .mockImplementation(async () => ({ statusCode: 200, data: { code: 200, msg: 'ok', data: { list: [goods(1), goods(2)], total: 2, page: 1, pageSize: 10 } } }) as any)
  })
  afterEach(() => {
    jest.restoreAllMocks()
    delete (globalThis as any).IntersectionObserver
  })

  it('loads from its own chunk and asks for recommendations only once scrolled near', async () => {
    await act(async () => {
      render(<GuessYouLike />)
    })
    expect(await screen.findByText('猜你喜欢')).toBeTruthy()
    expect(guessCalls()).toEqual([])
    expect(screen.queryByText('推荐商品1')).toBeNull()
    await scrollNear()
    expect(guessCalls()).toHaveLength(1)
    expect(guessCalls()[0]).toContain('page=1')
    expect(await screen.findByText('推荐商品2')).toBeTruthy()
  })
})
