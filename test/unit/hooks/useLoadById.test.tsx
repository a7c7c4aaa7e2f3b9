// Issue 18 item 1: record pages opened from a bad link ask nothing without a valid id, ask once for an id the
// server does not know, and draw an empty state with a way back.
import Taro from '@tarojs/taro'
import { render, fireEvent, act } from '@testing-library/react'
import { queryId } from '@/hooks/useLoadById'
import NoticeDetailsPage from '@/commonPages/notice/details'
import ActivityDetailsPage from '@/commonPages/activity/details'
import GenderSchoolDetailsPage from '@/commonPages/genderSchool/details'
import BusinessCardPreviewPage from '@/minePages/businessCard/preview'
import UserMaterialPage from '@/minePages/video/userMaterial'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useRouter }, useRouter }
})

const PAGES: Array<[string, () => JSX.Element, string]> = [
  ['notice details', NoticeDetailsPage, 'id'],
  ['activity details', ActivityDetailsPage, 'id'],
  ['article details', GenderSchoolDetailsPage, 'id'],
  ['business-card preview', BusinessCardPreviewPage, 'id'],
  ['creator profile', UserMaterialPage, 'memberId'],
]

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)))
const emptyState = () => document.querySelector('.empty-state') as HTMLElement | null

describe('queryId', () => {
  it('accepts positive integers written in digits only', () => {
    expect(queryId('12')).toBe(12)
    expect(queryId(' 7 ')).toBe(7)
    for (const bad of [undefined, null, '', 'abc', 'NaN', '0', '-3', '1.5', '1e3', '0x10', '12abc', '99999999999', "1'--"]) expect(queryId(bad as any)).toBeNull()
  })
})

describe.each(PAGES)('%s from a bad link', (_name, Page, param) => {
  let request: jest.SpyInstance
  beforeEach(() => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({} as any)
    request = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 404, msg: '数据不存在', data: null } } as any)
  })
  afterEach(() => jest.restoreAllMocks())

  it.each([[{}], [{ [param]: 'abc' }], [{ [param]: '-1' }], [{ [param]: 'NaN' }]])('asks nothing and shows an empty state with a way back (%j)', async (params) => {
    mockParams = params
    render(<Page />)
    await flush()
    await flush()
    expect(request).not.toHaveBeenCalled()
    expect(emptyState()?.textContent).toMatch(/没有找到/)
    expect(emptyState()?.textContent).toMatch(/返回/)
    expect(emptyState()?.textContent).not.toMatch(/重新加载/)
  })

  it('asks once for an unknown id, offers to retry, and asks again only when tapped', async () => {
    mockParams = { [param]: '99999' }
    render(<Page />)
    await flush()
    await flush()
    await flush()
    expect(request).toHaveBeenCalledTimes(1)
    expect(emptyState()?.textContent).toMatch(/返回/)
    const retry = [...emptyState()!.querySelectorAll('button, taro-button-core')].find((b) => /重新加载/.test(b.textContent || '')) as HTMLElement
    expect(retry).toBeTruthy()
    await act(async () => {
      fireEvent.click(retry)
    })
    await flush()
    expect(request).toHaveBeenCalledTimes(2)
  })
})

describe('a record page opened from a mini-program code (the id in the code’s scene)', () => {
  let request: jest.SpyInstance
  beforeEach(() => {
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({} as any)
    request = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 404, msg: '数据不存在', data: null } } as any)
  })
  afterEach(() => jest.restoreAllMocks())

  it('asks once for the id a compact scene carries (as the launch query gives it: URL-encoded)', async () => {
    mockParams = { scene: encodeURIComponent('s=zik0zj&i=c') }
    render(<NoticeDetailsPage />)
    await flush()
    await flush()
    await flush()
    expect(request).toHaveBeenCalledTimes(1)
    expect((request.mock.calls[0][0] as any).url).toMatch(/[?&]id=12(&|$)/)
  })

  it('asks the server for a stored scene, then for the record', async () => {
    request.mockResolvedValueOnce({ statusCode: 200, data: { code: 200, msg: '成功', data: { sUid: '5', id: '34' } } } as any)
    mockParams = { scene: 'k=AbCdEf012345' }
    render(<NoticeDetailsPage />)
    for (let i = 0; i < 5; i++) await flush()
    expect(request.mock.calls.map((c) => (c[0] as any).url)).toEqual([expect.stringContaining('/getWxACodeParam?'), expect.stringMatching(/[?&]id=34(&|$)/)])
  })

  it('a scene without the id is a missing link: nothing is asked for a record', async () => {
    mockParams = { scene: 's=zik0zj' }
    render(<NoticeDetailsPage />)
    await flush()
    await flush()
    expect(request).not.toHaveBeenCalled()
    expect(emptyState()?.textContent).toMatch(/没有找到/)
  })
})
