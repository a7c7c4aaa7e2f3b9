import { adminCommand, type AdminCommandDef } from '../shopModule'
import { changePoints } from './points'

/** The integral module's operator CLI commands (listed in modules/index.ts). */
export const integralCommands: AdminCommandDef[] = [
  adminCommand('points-grant', 'points-grant <phone> <points> [note...]          客服调整会员积分（负数为扣减，不会扣成负数），记入积分明细', async (args, { db, out }) => {
    const [phone, amount, ...note] = args
    if (!phone || !amount || !/^-?\d+$/.test(amount) || Number(amount) === 0) throw new Error('用法：points-grant <phone> <points> [note]')
    const m = await db.selectFrom('members').select('id').where('phone', '=', phone).executeTakeFirst()
    if (!m) throw new Error(`会员不存在：${phone}`)
    const balance = await db.transaction().execute((tx) => changePoints(tx, m.id, Number(amount), 'admin', note.join(' ') || '客服调整'))
    out(`已调整 ${phone} 积分 ${Number(amount) > 0 ? '+' : ''}${amount}，当前 ${balance}`)
  }),
]
