import { adminCommand, type AdminCommandDef } from '../shopModule'
import { DRAW_STATUS_TEXT } from '../../../../types/turntable'
import { shipPrize } from './service'

/** The turntable module's operator CLI commands (listed in modules/index.ts). */
export const turntableCommands: AdminCommandDef[] = [
  adminCommand('turntable-ship', 'turntable-ship <recordId> <expressCode> <trackingNo>   盲盒实物奖品发货（须已填写收货地址）', async (args, { db, out }) => {
    const [id, expressCode, trackingNo] = args
    if (!id || !/^\d+$/.test(id) || !expressCode || !trackingNo) throw new Error('用法：turntable-ship <recordId> <expressCode> <trackingNo>')
    const r = await shipPrize(db, Number(id), expressCode, trackingNo)
    out(`已发货 盲盒奖品 #${r.id} ${r.prizeName}：${r.shipment?.expressName} ${r.shipment?.trackingNo}`)
  }),

  adminCommand('turntable-pending', 'turntable-pending                              列出待发货的盲盒实物奖品', async (_args, { db, out }) => {
    const rows = await db
      .selectFrom('turntableRecords as r')
      .leftJoin('members as m', 'm.id', 'r.memberId')
      .select(['r.id', 'r.prizeName', 'r.status', 'r.receiverName', 'r.receiverPhone', 'r.receiverAddress', 'm.phone'])
      .where('r.status', '=', 'to_ship')
      .orderBy('r.id')
      .execute()
    for (const r of rows) out(`#${r.id}  ${DRAW_STATUS_TEXT[r.status]}  ${r.prizeName}  ${r.receiverName} ${r.receiverPhone} ${r.receiverAddress}  会员 ${r.phone || ''}`)
    out(`共 ${rows.length} 条`)
  }),
]
