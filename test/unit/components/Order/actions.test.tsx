import { fireEvent, render, screen } from '@testing-library/react'
import type { OrderAction } from '@contract/order'
import { ActionBar } from '@/components/Order'
import { ACTION_LABEL, runOrderAction } from '@/components/Order/actions'
import { navigateTo } from '@/core/nav'
import { ROUTES } from '@/routes'

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
})
