import type { Seeder } from './seeder'
import { memberRow } from './rows'

/** Demo members: a shopper and an agent with a shop (log in with their phones and the code from the log). */
export const DEMO_SHOPPER_PHONE = '13800138000'
export const DEMO_AGENT_PHONE = '13900139000'

export const memberSeeder: Seeder = {
  name: 'members',
  async run({ db }) {
    const t = Date.now()
    const agent = await db
      .insertInto('members')
      .values(memberRow(t, { phone: DEMO_AGENT_PHONE, nickname: '花语小店店主', invitationCode: 'HUAYU8', points: 500 }))
      .returning('id')
      .executeTakeFirstOrThrow()
    const shop = await db.insertInto('agentShops').values({ memberId: agent.id, shopName: '花语小店', status: 'active', commissionRate: 1000, createdAt: t }).returning('id').executeTakeFirstOrThrow()
    await db
      .insertInto('members')
      .values(memberRow(t, { phone: DEMO_SHOPPER_PHONE, nickname: '小美', points: 1200, shareMemberId: agent.id, boundBusinessId: shop.id }))
      .execute()
  },
}
