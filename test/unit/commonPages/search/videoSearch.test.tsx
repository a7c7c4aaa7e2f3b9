import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import VideoSearchPage from '@/commonPages/search/videoSearch'
import { useCommonStore } from '@/stores/common'

const video = (id: number, title: string) => ({
  id,
  title,
  url: `/media/video/v${id}.mp4`,
  cover: `/media/video/v${id}.jpg`,
  duration: 8,
  likes: 3,
  comments: 1,
  shares: 0,
  views: 10,
  liked: false,
  followed: false,
  author: { id: 1, nickname: '小美', avatar: '' },
  goods: [],
  createdAt: Date.now(),
})

function search(value: string) {
  const el = document.querySelector('.vsearch__bar input, .vsearch__bar taro-input-core') as HTMLElement
  expect(el).toBeTruthy()
  // Taro's input element reports its value in event.detail (what the mini-program and H5 shells send).
  act(() => {
    el.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
}

describe('video search page and its history', () => {
  let request: jest.SpyInstance
  beforeAll(() => {
    const Input = customElements.get('taro-input-core') as any
    if (Input) Input.prototype.focus = function focus() {}
    ;(globalThis as any).IntersectionObserver ||= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })
  beforeEach(() => {
    useCommonStore.setState({ videoSearchRecord: [], goodsSearchRecord: ['连衣裙'] })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    request = jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
      const kw = new URL(`http://x${o.url}`).searchParams.get('keyword') || ''
      return {
        statusCode: 200,
        data: { code: 200, msg: 'ok', data: { list: kw === '没有' ? [] : [video(1, `${kw}教程`), video(2, `${kw}合集`)], total: kw === '没有' ? 0 : 2, page: 1, pageSize: 20 } },
      } as any
    })
  })
  afterEach(() => jest.restoreAllMocks())

  it('searches, shows the results and records the term in the video history only', async () => {
    render(<VideoSearchPage />)
    expect(screen.getByText('暂无搜索记录')).toBeTruthy()
    search('穿搭')
    await act(async () => {
      fireEvent.click(screen.getByText('搜索'))
    })
    const url = request.mock.calls.map((c) => c[0].url as string).find((u) => u.includes('/api/video/search'))
    expect(url).toBe('/h5/api/video/search?p=4&keyword=%E7%A9%BF%E6%90%AD&page=1&pageSize=20')
    expect(await screen.findByText('穿搭教程')).toBeTruthy()
    expect(useCommonStore.getState().videoSearchRecord).toEqual(['穿搭'])
    expect(useCommonStore.getState().goodsSearchRecord).toEqual(['连衣裙'])
  })

  it('lists the history newest first, moves a repeated term to the front, keeps 10, and searches on tap', async () => {
    const s = useCommonStore.getState()
    for (let i = 1; i <= 12; i++) s.addVideoSearch(`词${i}`)
    s.addVideoSearch('词5')
    const history = useCommonStore.getState().videoSearchRecord
    expect(history).toHaveLength(10)
    expect(history.slice(0, 3)).toEqual(['词5', '词12', '词11'])
    expect(history).not.toContain('词1')
    render(<VideoSearchPage />)
    const tags = Array.from(document.querySelectorAll('.vsearch__tag')).map((e) => e.textContent)
    expect(tags).toEqual(history)
    await act(async () => {
      fireEvent.click(screen.getByText('词11'))
    })
    expect(useCommonStore.getState().videoSearchRecord[0]).toBe('词11')
    expect(await screen.findByText('词11教程')).toBeTruthy()
  })

  it('clears the video history after confirmation, leaving the goods history', async () => {
    useCommonStore.setState({ videoSearchRecord: ['a', 'b'] })
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
    render(<VideoSearchPage />)
    await act(async () => {
      fireEvent.click(document.querySelector('[aria-label="清空搜索历史"]') as HTMLElement)
    })
    expect(useCommonStore.getState().videoSearchRecord).toEqual([])
    expect(useCommonStore.getState().goodsSearchRecord).toEqual(['连衣裙'])
    expect(screen.getByText('暂无搜索记录')).toBeTruthy()
  })

  it('says so when nothing matches', async () => {
    render(<VideoSearchPage />)
    search('没有')
    await act(async () => {
      fireEvent.click(screen.getByText('搜索'))
    })
    expect(await screen.findByText('没有找到“没有”相关的视频')).toBeTruthy()
  })
})
