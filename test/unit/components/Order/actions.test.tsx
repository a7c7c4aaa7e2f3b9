import Taro from '@tarojs/taro'
import { fireEvent, render, screen } from '@testing-library/react'
import type { OrderAction } from '@contract/order'
import { ActionBar } from '@/components/Order'
import { ACTION_LABEL, runOrderAction } from '@/components/Order/actions'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'
import { cancelOrder } from '@/api/order'

jest.mock('@/core/nav', () => ({ navigateTo: jest.fn(), redirectTo: jest.fn(), back: jest.fn() }))
jest.mock('@/api/order')

const nav = navigateTo as jest.Mock

describe('order action buttons', () => {
  beforeEach(() => nav.mockReset())

  it('labels 追评 and 查看售后', () => {
    expect(ACTION_LABEL.followUp).toBe('追评')
    expect(ACTION_LABEL.viewAfterSale).toBe('查看售后')
    expect(ACTION_LABEL.afterSale).toBe('申请售后')
  })

  it('opens the follow-up page of the order for 追评', async () => {
    expect(await runOrderAction('followUp', 'O1')).toBe('none')
    expect(nav).toHaveBeenCalledWith(ROUTES.orderFollowUp, { orderNo: 'O1' })
  })

  it('opens the open case of the order for 查看售后, not the application form', async () => {
    await runOrderAction('viewAfterSale', 'O2')
    expect(nav).toHaveBeenCalledWith(ROUTES.afterSalesDetails, { orderNo: 'O2' })
    expect(nav).not.toHaveBeenCalledWith(ROUTES.afterSalesApply, expect.anything())
  })

  it('draws exactly the actions the server sent, 追评 and 查看售后 included', () => {
    const actions: OrderAction[] = ['viewAfterSale', 'logistics', 'followUp']
    render(<ActionBar orderNo='O3' actions={actions} />)
    expect(screen.getByText('查看售后')).toBeTruthy()
    expect(screen.queryByText('申请售后')).toBeNull()
    fireEvent.click(screen.getByText('追评'))
    expect(nav).toHaveBeenCalledWith(ROUTES.orderFollowUp, { orderNo: 'O3' })
  })

  describe('cancelling an unpaid order', () => {
    afterEach(() => jest.restoreAllMocks())

    it('asks the reason from the fixed list and sends it with the cancel', async () => {
      const sheet = jest.spyOn(Taro, 'showActionSheet').mockResolvedValue({ tapIndex: 2, errMsg: 'ok' } as any)
      jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as any)
      jest.spyOn(Taro, 'showToast').mockResolvedValue({} as any)
      expect(await runOrderAction('cancel', 'O4')).toBe('changed')
      expect(sheet.mock.calls[0][0].itemList).toEqual(['不想要了', '地址/信息填写错误', '商品选错/多选', '价格有点贵', '其他'])
      expect(cancelOrder).toHaveBeenCalledWith('O4', '商品选错/多选')
    })

    it('backing out of the reason picker cancels nothing', async () => {
      jest.spyOn(Taro, 'showActionSheet').mockRejectedValue(new Error('showActionSheet:fail cancel'))
      expect(await runOrderAction('cancel', 'O5')).toBe('none')
      expect(cancelOrder).not.toHaveBeenCalledWith('O5', expect.anything())
    })
  })
})
