import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen } from '@testing-library/react'
import NoticeListPage from '@/commonPages/notice/list'

const notice = (id: number) => ({ id, title: `公告${id}`, summary: '', isTop: false, views: 1, createdAt: Date.now() })
const page = (from: number, n: number, total: number, p: number) => ({ list: Array.from({ length: n }, (_, i) => notice(from + i)), total, page: p, pageSize: 20 })
const ok = (data: unknown) => ({ statusCode: 200, data: { code: 200, msg: 'ok', data } }) as any
const pageOf = (url: string) => Number(new URL(`http://x${url}`).searchParams.get('page'))

describe('notice list (usePagedList + ListFooter)', () => {
  afterEach(() => jest.restoreAllMocks())

  it('loads the first page, the next one on 加载更多, then says there is no more', async () => {
    const request = jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => (pageOf(o.url) === 1 ? ok(page(1, 20, 25, 1)) : ok(page(21, 5, 25, 2))))
    await act(async () => {
      render(<NoticeListPage />)
    })
    expect(await screen.findByText('公告20')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('加载更多'))
    })
    expect(await screen.findByText('公告25')).toBeTruthy()
    expect(request.mock.calls.map((c) => pageOf((c[0] as any).url))).toEqual([1, 2])
    expect(screen.getByText('— 没有更多了 —')).toBeTruthy()
  })

  it('says 暂无公告 when the shop has none', async () => {
    jest.spyOn(Taro, 'request').mockResolvedValue(ok(page(1, 0, 0, 1)))
    await act(async () => {
      render(<NoticeListPage />)
    })
    expect(await screen.findByText('暂无公告')).toBeTruthy()
  })

  it('offers a retry when the first page fails, and loads it on a tap', async () => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    const request = jest
      .spyOn(Taro, 'request')
      .mockResolvedValueOnce({ statusCode: 500, data: '' } as any)
      .mockResolvedValue(ok(page(1, 2, 2, 1)))
    await act(async () => {
      render(<NoticeListPage />)
    })
    await act(async () => {
      fireEvent.click(await screen.findByText('加载失败，点击重试'))
    })
    expect(await screen.findByText('公告2')).toBeTruthy()
    expect(request).toHaveBeenCalledTimes(2)
  })
})
