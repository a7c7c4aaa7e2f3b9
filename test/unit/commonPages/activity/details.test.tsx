// Issue 18 item 7: the activity details drew their banner twice (the cover, then the same picture at the
// end of the activity's text). The cover is drawn only when the text does not show it.
import Taro from '@tarojs/taro'
import { render, act } from '@testing-library/react'
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

  it('recognises the cover in the text by its address only', () => {
    expect(coverInContent({ cover: '/a.jpg', contentHtml: '<img src="/a.jpg">' })).toBe(true)
    expect(coverInContent({ cover: '/a.jpg', contentHtml: '<img src="/a.jpg.bak">' })).toBe(false)
    expect(coverInContent({ cover: '', contentHtml: '<img src="">' })).toBe(false)
  })
})
