import { adminCommand, type AdminCommandDef } from '../shopModule'
import { AFTER_SALE_STATE_TEXT, AFTER_SALE_TYPE_TEXT } from '../../../../types/afterSales'
import type { AfterSaleStatusValue } from '../../db/afterSalesTables'
import { fetchHttpClient } from '../../services/http'
import { adminListCases, approveAfterSale, receiveReturn, rejectAfterSale } from './service'
import { refundAfterSale } from './refund'
import { chinaMinute } from '../../services/chinaTime'

const yuan = (fen: number) => (fen / 100).toFixed(2)
const STATUSES = Object.keys(AFTER_SALE_STATE_TEXT) as AfterSaleStatusValue[]
const USAGE = '用法：aftersale approve|reject|received|refund <id或售后单号> [原因] | aftersale list [status]'

/** The afterSales module's operator CLI commands (listed in modules/index.ts). */
export const afterSalesCommands: AdminCommandDef[] = [
  adminCommand('aftersale', 'aftersale approve|reject|received|refund <id> [原因] | list [status]   售后：同意、拒绝（附原因）、确认收到退货、原路退款；列出售后单', async (args, ctx) => {
    const { db, out } = ctx
    const [action, ref, ...rest] = args
    if (['approve', 'reject', 'received', 'refund'].includes(action) && !ref) throw new Error(USAGE)
    switch (action) {
      case 'approve': {
        const r = await approveAfterSale(db, ref)
        out(`售后单 ${r.afterSaleNo}（#${r.id}）已同意${r.type === 'return_refund' ? `，等待买家寄回商品（退货地址：${r.returnTo}）` : '，可执行 refund 退款'}`)
        return
      }
      case 'reject': {
        const r = await rejectAfterSale(db, ref, rest.join(' '))
        out(`售后单 ${r.afterSaleNo}（#${r.id}）已拒绝：${r.reason}`)
        return
      }
      case 'received': {
        const r = await receiveReturn(db, ref)
        out(`售后单 ${r.afterSaleNo}（#${r.id}）已确认收到退货，可执行 refund 退款`)
        return
      }
      case 'refund': {
        // The gateway's error comes back in the thrown message, which the CLI prints.
        const log = { error: () => {}, warn: () => {}, info: () => {} } as any
        const r = await refundAfterSale({ db, config: ctx.config, http: fetchHttpClient, log, modules: ctx.modules }, ref)
        out(
          r.status === 'refunded'
            ? `售后单 ${r.afterSaleNo}（#${r.id}）已退款 ¥${yuan(r.refundAmount)}`
            : `售后单 ${r.afterSaleNo}（#${r.id}）退款处理中 ¥${yuan(r.refundAmount)}，稍后再次执行 refund 查询结果`,
        )
        return
      }
      case 'list': {
        const status = ref as AfterSaleStatusValue | undefined
        if (status && !STATUSES.includes(status)) throw new Error(`未知状态：${status}（可选 ${STATUSES.join(', ')}）`)
        const rows = await adminListCases(db, status, 100)
        for (const r of rows) {
          out(
            [
              `#${r.id}`.padEnd(6),
              r.afterSaleNo,
              AFTER_SALE_TYPE_TEXT[r.type],
              AFTER_SALE_STATE_TEXT[r.status],
              `¥${yuan(r.amount)}`.padStart(9),
              `订单 ${r.orderNo}`,
              r.phone || '',
              r.reason,
              chinaMinute(r.createdAt),
              r.returnTrackingNo ? `退货 ${r.returnExpressName} ${r.returnTrackingNo}` : '',
              r.refundError,
            ]
              .filter(Boolean)
              .join('  '),
          )
        }
        out(`共 ${rows.length} 条`)
        return
      }
      default:
        throw new Error(USAGE)
    }
  }),
]
