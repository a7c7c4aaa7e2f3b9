// Issue 18 item 7: the activity details drew their banner twice (the cover, then the same picture at the
// end of the activity's text). The cover is drawn only when the text does not show it.
import Taro from '@tarojs/taro'
import { render, act, fireEvent } from '@testing-library/react'
import ActivityDetailsPage, { coverInContent } from '@/commonPages/activity/details'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useRouter }, useRouter }
})

const ACTIVITY = { id: 1, title: '春季焕新节', cover: '/media/content/activity-spring.jpg', summary: '', startAt: 0, endAt: Date.now() + 86400_000, status: 'ongoing', linkType: 'none', linkUrl: '' }
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)))

describe('activity details banner', () => {
  afterEach(() => jest.restoreAllMocks())

  it.each([
    ['<p>活动内容</p><img src="/media/content/activity-spring.jpg" style="width:100%" />', 0],
    ['<p>活动内容</p>', 1],
  ])('draws the cover once: %s', async (contentHtml, covers) => {
    mockParams = { id: '1' }
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data: { ...ACTIVITY, contentHtml } } } as any)
    render(<ActivityDetailsPage />)
    await flush()
    await flush()
    expect(document.querySelector('.content-detail__title')?.textContent).toBe('春季焕新节')
    expect(document.querySelectorAll('.content-detail__cover')).toHaveLength(covers)
  })

  it('lists the coupons the console linked and claims one through the coupon centre', async () => {
    mockParams = { id: '1' }
    const coupon = {
      couponId: 7,
      name: '活动满50减5',
      kind: 'threshold',
      amount: 500,
      threshold: 5000,
      rate: 100,
      maxDiscount: 0,
      scope: 'all',
      scopeText: '全场通用',
      ruleText: '满50减5',
      faceText: '¥5',
      allowSeckill: false,
      description: '',
      validText: '领取后7天内有效',
      perMemberLimit: 1,
      received: 0,
      issuedPercent: 0,
      soldOut: false,
      canReceive: true,
    }
    let claimed = 0
    const calls: string[] = []
    jest.spyOn(Taro, 'request').mockImplementation(((opts: { url: string; data?: unknown }) => {
      calls.push(opts.url)
      const ok = (data: unknown) => Promise.resolve({ statusCode: 200, data: { code: 200, msg: 'ok', data } })
      if (opts.url.includes('/api/content/activityCoupons')) return ok({ list: [{ ...coupon, received: claimed, canReceive: claimed === 0 }] })
      if (opts.url.includes('/api/coupons/receive')) {
        claimed += 1
        return ok({ coupon: {}, left: 0 })
      }
      return ok({ ...ACTIVITY, contentHtml: '<p>规则</p>' })
    }) as any)
    jest.spyOn(require('@/core/auth'), 'requireLogin').mockReturnValue(true)
    render(<ActivityDetailsPage />)
    await flush()
    await flush()
    expect(document.querySelector('.activity-coupon')?.textContent).toContain('满50减5')
    const btn = document.querySelector('.activity-coupon__btn') as HTMLElement
    expect(btn.textContent).toBe('立即领取')
    await act(async () => {
      fireEvent.click(btn)
    })
    await flush()
    await flush()
    expect(claimed).toBe(1)
    expect(calls.some((u) => u.includes('/api/coupons/receive'))).toBe(true)
    expect(document.querySelector('.activity-coupon__btn')?.textContent).toBe('已领取')
  })

  it('recognises the cover in the text by its address only', () => {
    expect(coverInContent({ cover: '/a.jpg', contentHtml: '<img src="/a.jpg">' })).toBe(true)
    expect(coverInContent({ cover: '/a.jpg', contentHtml: '<img src="/a.jpg.bak">' })).toBe(false)
    expect(coverInContent({ cover: '', contentHtml: '<img src="">' })).toBe(false)
  })
})
