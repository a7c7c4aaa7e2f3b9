import { adminCommand, type AdminCommandDef } from '../shopModule'
import { ORDER_STATUS_TEXT } from '../../../../types/order'
import type { OrderStatusValue } from '../../db/tradeTables'
import { addTrace, shipOrder } from '../logistics/service'
import { chinaMinute } from '../../services/chinaTime'

const yuan = (fen: number) => (fen / 100).toFixed(2)
const STATUSES = Object.keys(ORDER_STATUS_TEXT) as OrderStatusValue[]

/** The order module's operator CLI commands (listed in modules/index.ts). */
export const orderCommands: AdminCommandDef[] = [
  adminCommand('ship', 'ship <orderNo> <expressCode> <trackingNo>   发货（订单须已支付；快递公司代码见 express 命令），写入首条物流轨迹', async (args, { db, modules, out }) => {
    const [orderNo, expressCode, trackingNo] = args
    if (!orderNo || !expressCode || !trackingNo) throw new Error('用法：ship <orderNo> <expressCode> <trackingNo>')
    const r = await shipOrder(db, modules, orderNo, expressCode, trackingNo, 'admin')
    out(`已发货 ${r.orderNo}：${r.expressName} ${r.trackingNo}`)
  }),

  adminCommand('trace', 'trace <orderNo> <text...>                    给已发货订单追加一条物流轨迹', async (args, { db, out }) => {
    const [orderNo, ...words] = args
    if (!orderNo || !words.length) throw new Error('用法：trace <orderNo> <text>')
    const r = await addTrace(db, orderNo, words.join(' '))
    out(`已记录 ${r.orderNo} ${chinaMinute(r.time)} ${r.text}`)
  }),

  adminCommand('orders', `orders [status] [limit]                       列出订单（status: ${STATUSES.join(' | ')}；默认全部，最近 50 条）`, async (args, { db, out }) => {
    const [status, limitArg] = args
    if (status && !STATUSES.includes(status as OrderStatusValue)) throw new Error(`未知状态：${status}（可选 ${STATUSES.join(', ')}）`)
    const limit = Math.min(500, Math.max(1, Number(limitArg) || 50))
    let q = db
      .selectFrom('orders as o')
      .leftJoin('members as m', 'm.id', 'o.memberId')
      .select(['o.orderNo', 'o.status', 'o.payAmount', 'o.itemCount', 'o.receiverName', 'o.createdAt', 'o.paidAt', 'm.phone'])
    if (status) q = q.where('o.status', '=', status as OrderStatusValue)
    const rows = await q.orderBy('o.createdAt', 'desc').orderBy('o.id', 'desc').limit(limit).execute()
    out(['订单号'.padEnd(20), '状态'.padEnd(4), '实付(元)'.padStart(9), '件数', '收货人', '会员手机', '下单时间'].join('  '))
    for (const r of rows) {
      out(
        [r.orderNo.padEnd(22), ORDER_STATUS_TEXT[r.status].padEnd(4), yuan(r.payAmount).padStart(10), String(r.itemCount).padStart(4), r.receiverName, r.phone || '', chinaMinute(r.createdAt)].join(
          '  ',
        ),
      )
    }
    out(`共 ${rows.length} 条`)
  }),

  adminCommand('express', 'express                                        列出快递公司代码', async (_args, { db, out }) => {
    const rows = await db.selectFrom('expressCompanies').select(['code', 'name', 'phone', 'enabled']).orderBy('sort').execute()
    for (const r of rows) out(`${r.code.padEnd(6)} ${r.name}${r.enabled ? '' : '（停用）'} ${r.phone}`)
  }),
]
