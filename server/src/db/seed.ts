import type { AppContext } from '../context'
import type { Seeder } from '../modules/shopModule'
import { seeders as moduleSeeders } from '../modules'

export type { Seeder }

/** Seeds the demo shop when the database has no members yet (first start). */
export async function seedIfEmpty(ctx: AppContext, seeders: readonly Seeder[] = moduleSeeders) {
  const any = await ctx.db.selectFrom('members').select('id').limit(1).executeTakeFirst()
  if (any) return false
  for (const s of seeders) {
    await s.run(ctx)
    ctx.log.info(`seeded ${s.name}`)
  }
  return true
}
