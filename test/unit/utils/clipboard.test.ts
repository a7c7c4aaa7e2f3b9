import Taro from '@tarojs/taro'
import { copyText, dial } from '@/utils/clipboard'

describe('copy and dial', () => {
  let toast: jest.SpyInstance
  beforeEach(() => {
    toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
  })
  afterEach(() => jest.restoreAllMocks())

  it('refuses empty content with 复制内容为空', async () => {
    const set = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({} as any)
    expect(await copyText('')).toBe(false)
    expect(set).not.toHaveBeenCalled()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '复制内容为空' }))
  })
  it('copies and says 复制成功', async () => {
    const set = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({} as any)
    expect(await copyText('SF1234567890')).toBe(true)
    expect(set).toHaveBeenCalledWith({ data: 'SF1234567890' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '复制成功' }))
  })
  it('refuses to dial without a number with 无电话号码', async () => {
    const call = jest.spyOn(Taro, 'makePhoneCall').mockResolvedValue({} as any)
    expect(await dial('')).toBe(false)
    expect(call).not.toHaveBeenCalled()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '无电话号码' }))
    expect(await dial('13800138000')).toBe(true)
    expect(call).toHaveBeenCalledWith({ phoneNumber: '13800138000' })
  })
})
