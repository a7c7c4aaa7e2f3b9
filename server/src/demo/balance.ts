import type { Seeder } from './seeder'
import { DEMO_SHOPPER_PHONE } from './member'
import { changeBalance } from '../modules/balance/service'

/** The demo's balance: the demo shopper holds ¥30 credited by the shop (a 商家调整, as 财务 → 余额 makes one), so 使用余额 has money to spend. */
export const DEMO_BALANCE = 3000

export const balanceSeeder: Seeder = {
  name: 'balance',
  async run({ db }) {
    const shopper = await db.selectFrom('members').select('id').where('phone', '=', DEMO_SHOPPER_PHONE).executeTakeFirst()
    if (!shopper) return
    await db.transaction().execute((tx) => changeBalance(tx, { memberId: shopper.id, amount: DEMO_BALANCE, kind: 'staff_adjust', refType: 'staff_adjust', refId: 'demo-seed', note: '新客体验金' }))
  },
}
