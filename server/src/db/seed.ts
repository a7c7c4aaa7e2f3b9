import type { AppContext } from '../context'
import { demoSeeders, type Seeder } from '../demo'

export type { Seeder }

/** Seeds the demo shop (server/src/demo) when the database has no members yet (first start). */
export async function seedIfEmpty(ctx: AppContext, seeders: readonly Seeder[] = demoSeeders) {
  const any = await ctx.db.selectFrom('members').select('id').limit(1).executeTakeFirst()
  if (any) return false
  for (const s of seeders) {
    await s.run(ctx)
    ctx.log.info(`seeded ${s.name}`)
  }
  return true
}
