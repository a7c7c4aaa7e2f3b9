import type { AppContext } from '../context'
import { seeders } from '../modules'
import { adminSeeders } from '../admin/index'

/** A seeder fills its module's demo data; it runs once, on an empty database, in this order. */
export interface Seeder {
  name: string
  run: (ctx: AppContext) => Promise<void>
}


/** Seeds the demo shop when the database has no members yet (first start). */
export async function seedIfEmpty(ctx: AppContext) {
  const any = await ctx.db.selectFrom('members').select('id').limit(1).executeTakeFirst()
  if (any) return false
  for (const s of [...seeders, ...adminSeeders]) {
    await s.run(ctx)
    ctx.log.info(`seeded ${s.name}`)
  }
  return true
}
