import Taro from '@tarojs/taro'
import { ORDER_CANCEL_REASONS, type OrderAction, type OrderCancelReason } from '@contract/order'
import { buyAgain, cancelOrder, confirmReceipt, deleteOrder } from '@/api/order'
import { ROUTES } from '@/routes'
import { navigateTo } from '@/core/nav'
import { confirm, toast } from '@/core/toast'
import { payThenShowStatus } from './pay'

export const ACTION_LABEL: Record<OrderAction, string> = {
  pay: '去支付',
  cancel: '取消订单',
  confirmReceipt: '确认收货',
  delete: '删除订单',
  buyAgain: '再次购买',
  logistics: '查看物流',
  evaluate: '评价',
  followUp: '追评',
  afterSale: '申请售后',
  viewAfterSale: '查看售后',
}

/** The highlighted button of a state. */
export const PRIMARY_ACTIONS: OrderAction[] = ['pay', 'confirmReceipt', 'evaluate']

/** Asks why the order is cancelled (the fixed list the server takes); null when the shopper backs out. */
export async function pickCancelReason(): Promise<OrderCancelReason | null> {
  try {
    const r = await Taro.showActionSheet({ alertText: '请选择取消订单的原因', itemList: [...ORDER_CANCEL_REASONS] })
    return ORDER_CANCEL_REASONS[r.tapIndex] ?? null
  } catch {
    return null
  }
}

/**
 * Runs an order action. Resolves 'changed' when the order changed (the page reloads), 'deleted'
 * when it is gone, 'none' otherwise (navigation, or the member said no).
 */
export async function runOrderAction(action: OrderAction, orderNo: string): Promise<'changed' | 'deleted' | 'none'> {
  switch (action) {
    case 'pay':
      await payThenShowStatus(orderNo)
      return 'none'
    case 'cancel': {
      const reason = await pickCancelReason()
      if (!reason) return 'none'
      if (!(await confirm(`取消原因：${reason}。确定取消该订单吗？取消后商品将退回库存。`))) return 'none'
      await cancelOrder(orderNo, reason)
      toast('订单已取消', 'success')
      return 'changed'
    }
    case 'confirmReceipt':
      if (!(await confirm('请确认已收到商品，确认收货后将无法撤销。', '确认收货'))) return 'none'
      await confirmReceipt(orderNo)
      toast('已确认收货', 'success')
      return 'changed'
    case 'delete':
      if (!(await confirm('确定删除该订单吗？删除后无法恢复。'))) return 'none'
      await deleteOrder(orderNo)
      toast('订单已删除', 'success')
      return 'deleted'
    case 'buyAgain': {
      const r = await buyAgain(orderNo)
      toast(r.skipped ? `已加入购物车，${r.skipped}件商品已失效` : '已加入购物车')
      navigateTo(ROUTES.shoppingCar)
      return 'none'
    }
    case 'logistics':
      navigateTo(ROUTES.seeLogistics, { orderNo })
      return 'none'
    case 'evaluate':
      navigateTo(ROUTES.orderEvaluate, { orderNo })
      return 'none'
    case 'followUp':
      navigateTo(ROUTES.orderFollowUp, { orderNo })
      return 'none'
    case 'afterSale':
      navigateTo(ROUTES.afterSalesApply, { orderNo })
      return 'none'
    case 'viewAfterSale':
      navigateTo(ROUTES.afterSalesDetails, { orderNo })
      return 'none'
  }
  return 'none'
}
