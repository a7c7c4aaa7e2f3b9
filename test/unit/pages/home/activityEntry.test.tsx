import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import HomeIndexPage from '@/pages/home/index'
import { ROUTES } from '@/routes'

describe('home page: the way to 活动中心', () => {
  beforeAll(() => {
    ;(globalThis as any).IntersectionObserver ||= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })
  afterEach(() => jest.restoreAllMocks())

  it('opens 活动中心 from beside the search box, whatever icons the merchant configured', async () => {
    jest.spyOn(Taro, 'request').mockImplementation(
      async () =>
        ({
          statusCode: 200,
          data: { code: 200, msg: 'ok', data: { banners: [], navs: [], notices: [], sections: [], hotWords: [], list: [], total: 0, page: 1, pageSize: 10 } },
        }) as any,
    )
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/home/index', options: {} }] as any)
    await act(async () => {
      render(<HomeIndexPage />)
    })
    const entry = screen.getByRole('link', { name: '活动中心' })
    await act(async () => {
      fireEvent.click(entry)
    })
    expect(nav).toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining(ROUTES.activityList) }))
  })
})
