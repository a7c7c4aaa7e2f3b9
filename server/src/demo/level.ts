import type { Seeder } from './seeder'
import { growthCompletedHook } from '../modules/level/service'
import '../db/levelTables'

/**
 * Demo member levels (the console's 会员 › 会员等级 edits them) and the growth of the orders the earlier seeders
 * completed, given by the same completion hook as a live order. The demo shopper stays below the first level, so the
 * demo checkout shows no member discount until staff set a level within reach.
 */
export const DEMO_LEVELS = [
  { name: '白银会员', threshold: 2000, discount: 98, freeShipping: 0, pointsTenths: 12 },
  { name: '黄金会员', threshold: 5000, discount: 95, freeShipping: 1, pointsTenths: 15 },
  { name: '钻石会员', threshold: 20000, discount: 90, freeShipping: 1, pointsTenths: 20 },
]

export const levelSeeder: Seeder = {
  name: 'levels',
  async run({ db }) {
    const t = Date.now()
    await db
      .insertInto('memberLevels')
      .values(DEMO_LEVELS.map((l) => ({ ...l, enabled: 1, createdAt: t, updatedAt: t })))
      .execute()
    const done = await db.selectFrom('orders').select('id').where('status', '=', 'completed').orderBy('id').execute()
    for (const { id } of done)
      await db.transaction().execute(async (tx) => {
        const order = await tx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
        await growthCompletedHook(tx, { event: 'completed', order, items: [], operator: 'system' })
      })
  },
}
