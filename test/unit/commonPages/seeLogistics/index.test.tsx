// Split shipment (issue 34): the logistics page lists each parcel (包裹1、包裹2) with its courier, number, goods and
// own tracking; an order of one parcel looks as before.
import Taro from '@tarojs/taro'
import { render, act, fireEvent, screen } from '@testing-library/react'
import type { LogisticsInfo, LogisticsParcel } from '@contract/logistics'
import SeeLogisticsIndexPage from '@/commonPages/seeLogistics'
import { useUserStore } from '@/stores/user'

let mockParams: Record<string, string> = {}
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const React = jest.requireActual('react')
  const useDidShow = (fn: () => void) => React.useEffect(() => fn(), [])
  const useRouter = () => ({ params: mockParams })
  return { __esModule: true, ...actual, default: { ...actual.default, useDidShow, useRouter }, useDidShow, useRouter }
})

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)))

const parcel = (over: Partial<LogisticsParcel>): LogisticsParcel => ({
  shipmentId: 1,
  expressCode: 'SF',
  expressName: '顺丰速运',
  expressPhone: '95338',
  trackingNo: 'SF1000000001',
  shippedAt: 1_764_000_000_000,
  trackingState: 'transit',
  wechatWaybill: false,
  traces: [{ time: 1_764_000_100_000, text: '快件已到达杭州转运中心', typed: false }],
  items: [{ goodsName: '分包裹的茶具', specText: '茶杯', image: '/media/goods/cup.jpg', quantity: 2 }],
  ...over,
})

function info(parcels: LogisticsParcel[], orderStatus = 'to_receive'): LogisticsInfo {
  const p = parcels[0]
  return {
    orderNo: '20261128000000000001',
    orderStatus,
    expressCode: p.expressCode,
    expressName: p.expressName,
    expressPhone: p.expressPhone,
    trackingNo: p.trackingNo,
    shippedAt: p.shippedAt,
    trackingState: p.trackingState,
    live: false,
    wechatWaybill: false,
    receiver: { name: '张三', phone: '138****5678', address: '浙江省杭州市西湖区文三路 100 号' },
    traces: p.traces,
    image: '/media/goods/cup.jpg',
    itemCount: 3,
    parcels,
  }
}

describe('logistics page', () => {
  beforeEach(() => {
    mockParams = { orderNo: '20261128000000000001' }
    useUserStore.setState({ token: 't', userInfo: { id: 1 } as any })
  })
  afterEach(() => jest.restoreAllMocks())

  const show = async (data: LogisticsInfo) => {
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 200, msg: 'ok', data } } as any)
    render(<SeeLogisticsIndexPage />)
    await flush()
    await flush()
  }

  it('two parcels: 包裹1 and 包裹2, each with its own number, goods and tracking', async () => {
    await show(
      info([
        parcel({}),
        parcel({
          shipmentId: 2,
          expressCode: 'YTO',
          expressName: '圆通速递',
          expressPhone: '',
          trackingNo: 'YT2000000002',
          trackingState: '',
          traces: [],
          items: [{ goodsName: '分包裹的茶具', specText: '茶壶', image: '', quantity: 1 }],
        }),
      ]),
    )
    expect([...document.querySelectorAll('.logistics__tab')].map((t) => t.textContent)).toEqual(['包裹1', '包裹2'])
    expect(screen.getByText('运单号：SF1000000001')).toBeTruthy()
    expect(document.querySelector('.logistics__goods')?.textContent).toContain('分包裹的茶具（茶杯） ×2')
    expect(screen.getByText('快件已到达杭州转运中心')).toBeTruthy()

    fireEvent.click(screen.getByText('包裹2'))
    await flush()
    expect(screen.getByText('运单号：YT2000000002')).toBeTruthy()
    expect(document.querySelector('.logistics__goods')?.textContent).toContain('分包裹的茶具（茶壶） ×1')
    expect(screen.queryByText('快件已到达杭州转运中心')).toBeNull()
    expect(screen.getByText('包裹正在等待揽收')).toBeTruthy()
  })

  it('a partly shipped order says the rest comes later', async () => {
    await show(info([parcel({})], 'to_ship'))
    expect(document.querySelectorAll('.logistics__tab')).toHaveLength(0)
    expect(document.querySelector('.logistics__goods')?.textContent).toContain('部分发货，其余商品稍后发出')
  })

  it('one parcel looks as before: no parcel tabs, no goods list', async () => {
    await show(info([parcel({})]))
    expect(document.querySelectorAll('.logistics__tab')).toHaveLength(0)
    expect(document.querySelector('.logistics__goods')).toBeNull()
    expect(screen.getByText('运单号：SF1000000001')).toBeTruthy()
  })
})
