import { adminCommand, type AdminCommandDef } from '../shopModule'
import { cliPaymentCtx } from '../../payments/cliContext'
import { checkRefunds, expireUnpaidOrders } from './settle'
import { failedRefunds } from './refunds'

const yuan = (fen: number) => (fen / 100).toFixed(2)

/** The pay module's operator CLI commands (listed in modules/index.ts). */
export const payCommands: AdminCommandDef[] = [
  adminCommand('expire-orders', 'expire-orders                                  立即处理所有已超时未支付的订单：先向支付通道查单（已付则入账），未付则关单后取消', async (_args, ctx) => {
    ctx.out(`已取消 ${await expireUnpaidOrders(cliPaymentCtx(ctx))} 个超时订单`)
  }),

  adminCommand('refunds', 'refunds [check]                                列出失败待处理的退款；check：立即查询处理中的退款并补退迟到的支付', async (args, ctx) => {
    if (args[0] === 'check') ctx.out(`已处理 ${(await checkRefunds(cliPaymentCtx(ctx))).settled} 笔退款结果`)
    const f = await failedRefunds(ctx.db)
    for (const c of f.cases) ctx.out(`售后 ${c.afterSaleNo}  订单 ${c.orderNo}  ¥${yuan(c.refundAmount)}  ${c.refundError}`)
    for (const p of f.latePayments) ctx.out(`迟到支付 ${p.payNo}  订单 ${p.orderNo}  ¥${yuan(p.amount)}  ${p.refundError}`)
    ctx.out(`失败退款：售后 ${f.cases.length} 笔，迟到支付 ${f.latePayments.length} 笔`)
  }),
]
