// Issue 18 item 6: a 客服 entry on goods details, order details and mine (H5: the configured link or phone),
// and outside WeChat the goods details share button opens a share sheet (poster, copy link), not a toast.
import Taro from '@tarojs/taro'
import { render, fireEvent, act, screen } from '@testing-library/react'
import type { GoodsDetail } from '@contract/goods'
import { useUserStore } from '@/stores/user'
import ServiceEntry, { resetShopInfo } from '@/components/ServiceEntry'
import DetailsPage from '@/goodsPages/details/details'
import MinePage from '@/pages/mine/index'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = require('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow, useRouter }, useDidShow, useRouter }
})

const GOODS: GoodsDetail = {
  id: 8,
  name: '真丝连衣裙',
  subtitle: '',
  mainImage: '/media/goods/8.jpg',
  price: 19900,
  originalPrice: 29900,
  sales: 12,
  tags: [],
  isHot: false,
  isNew: false,
  status: 'on',
  stock: 5,
  images: ['/media/goods/8.jpg'],
  detailHtml: '<p>详情</p>',
  specGroups: [],
  skus: [{ id: 81, specs: {}, price: 19900, stock: 5, image: '' } as any],
  brand: null,
  category: { id: 1, name: '女装', parentId: 0 },
  comments: { count: 0, withImageCount: 0, goodRate: 100, latest: [] },
  collected: false,
  onSale: true,
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)))

function answer(shopInfo: { serviceUrl: string; servicePhone: string; serviceWechatUrl?: string }, extra: (url: string) => unknown = () => undefined) {
  return jest.spyOn(Taro, 'request').mockImplementation(async (o: any) => {
    const data = o.url.includes('/api/common/shopInfo') ? { serviceWechatUrl: '', ...shopInfo } : o.url.includes('/api/goods/detail') ? GOODS : extra(o.url)
    return { statusCode: 200, data: { code: 200, msg: 'ok', data } } as any
  })
}

describe('客服 entry on H5', () => {
  beforeEach(() => {
    resetShopInfo()
    jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
  })
  afterEach(() => jest.restoreAllMocks())

  it('dials the configured customer-service phone when no link is configured', async () => {
    answer({ serviceUrl: '', servicePhone: '400-800-1234' })
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({} as any)
    render(<ServiceEntry>客服</ServiceEntry>)
    await flush()
    fireEvent.click(screen.getByText('客服'))
    expect(call).toHaveBeenCalledWith({ phoneNumber: '400-800-1234' })
  })

  it('is not drawn when the shop configured neither link nor phone', async () => {
    answer({ serviceUrl: '', servicePhone: '' })
    render(<ServiceEntry>客服</ServiceEntry>)
    await flush()
    expect(screen.queryByText('客服')).toBeNull()
  })

  it('with several channels, the shopper picks one: 微信客服, the shop page or the phone', async () => {
    answer({ serviceUrl: '/minePages/setting/feedback', servicePhone: '400-800-1234', serviceWechatUrl: 'https://work.weixin.qq.com/kfid/kfc0123456789abcdef' })
    const sheet = jest.spyOn(Taro, 'showActionSheet').mockResolvedValue({ tapIndex: 2, errMsg: 'ok' } as any)
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({} as any)
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    render(<ServiceEntry>客服</ServiceEntry>)
    await flush()
    await act(async () => {
      fireEvent.click(screen.getByText('客服'))
    })
    expect(sheet).toHaveBeenCalledWith({ itemList: ['微信客服', '在线留言', '电话客服 400-800-1234'] })
    expect(call).toHaveBeenCalledWith({ phoneNumber: '400-800-1234' })
    sheet.mockResolvedValue({ tapIndex: 1, errMsg: 'ok' } as any)
    await act(async () => {
      fireEvent.click(screen.getByText('客服'))
    })
    expect(nav).toHaveBeenCalledWith({ url: '/minePages/setting/feedback' })
    // Cancelling the sheet does nothing.
    sheet.mockRejectedValue(new Error('cancel'))
    await act(async () => {
      fireEvent.click(screen.getByText('客服'))
    })
    expect(call).toHaveBeenCalledTimes(1)
    expect(nav).toHaveBeenCalledTimes(1)
  })

  it('a shop page alone (the demo: 意见反馈) opens at once', async () => {
    answer({ serviceUrl: '/minePages/setting/feedback', servicePhone: '' })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({} as any)
    const sheet = jest.spyOn(Taro, 'showActionSheet')
    render(<ServiceEntry>客服</ServiceEntry>)
    await flush()
    fireEvent.click(screen.getByText('客服'))
    expect(nav).toHaveBeenCalledWith({ url: '/minePages/setting/feedback' })
    expect(sheet).not.toHaveBeenCalled()
  })

  it('asks the server once however many entries a page draws', async () => {
    const request = answer({ serviceUrl: 'https://kf.example.com/', servicePhone: '' })
    render(
      <>
        <ServiceEntry>客服一</ServiceEntry>
        <ServiceEntry>客服二</ServiceEntry>
      </>,
    )
    await flush()
    expect(screen.getByText('客服一')).toBeTruthy()
    expect(request.mock.calls.filter((c) => (c[0] as any).url.includes('shopInfo'))).toHaveLength(1)
  })
})

describe('goods details outside WeChat', () => {
  beforeAll(() => {
    ;(globalThis as any).IntersectionObserver ||= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })
  beforeEach(() => {
    resetShopInfo()
    mockParams = { id: '8' }
  })
  afterEach(() => jest.restoreAllMocks())

  it('has a 客服 entry and its share button opens a sheet with a poster and the link to copy', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({} as any)
    answer({ serviceUrl: '', servicePhone: '400-800-1234' })
    useUserStore.setState({ userInfo: { id: 12, businessId: 3, shopName: '' } as any })
    render(<DetailsPage />)
    await flush()
    await flush()
    expect(screen.getByText('客服')).toBeTruthy()
    await act(async () => {
      fireEvent.click(document.querySelector('[aria-label="分享"]') as HTMLElement)
    })
    expect(toast).not.toHaveBeenCalled()
    expect(screen.getByText('生成海报')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByText('复制链接'))
    })
    expect(copy).toHaveBeenCalledWith({ data: 'http://localhost/goodsPages/details/details?id=8&sUid=12&bUid=3' })
  })
})

describe('mine', () => {
  beforeEach(() => resetShopInfo())
  afterEach(() => jest.restoreAllMocks())

  it('shows the number of unused coupons like its neighbours show numbers', async () => {
    answer({ serviceUrl: '', servicePhone: '' }, (url) =>
      url.includes('/api/coupons/counts')
        ? { unused: 3, used: 1, expired: 0 }
        : url.includes('/api/order/counts')
          ? { unpaid: 0, unshipped: 0, unreceived: 0, unreviewed: 0, afterSale: 0 }
          : { id: 12, nickname: '小美', points: 40, balance: 0 },
    )
    useUserStore.setState({ token: 't', userInfo: { id: 12, nickname: '小美', points: 40, balance: 0 } as any })
    render(<MinePage />)
    await flush()
    await flush()
    const stat = [...document.querySelectorAll('.mine__asset')].find((el) => /优惠券/.test(el.textContent || ''))!
    expect(stat.querySelector('.mine__asset-num')?.textContent).toBe('3')
  })
})
