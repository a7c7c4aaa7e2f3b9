import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import type { ShopModule } from '../modules/shopModule'
import { adminPlugin } from './plugin'
import type { AdminApp, AdminRouteSet } from './types'
import authRoutes from './authRoutes'
import { staffCommand } from './cli'

/**
 * The console's API: app.ts registers it under the prefix /admin/api with every module's console routes
 * (modules/index.ts adminRouteModules; docs/console.md lists the paths). The plugin checks the staff session,
 * the CSRF token of writes and each route's declared permission before any handler runs.
 */
export async function adminApi(app: FastifyInstance, ctx: AppContext, modules: readonly AdminRouteSet[]) {
  await adminPlugin(app, ctx)
  // Each module's routes in a scope of their own (the console's hooks and error handler are inherited) that puts the
  // module's field names on every route's config for the validation messages.
  for (const m of modules)
    await app.register(async (scope) => {
      scope.addHook('onRoute', (r) => {
        r.config = { ...r.config, fieldLabels: m.fieldLabels }
      })
      const typed: AdminApp = scope.withTypeProvider()
      await m.routes(typed, ctx)
    })
}

/** Staff: the console's sign-in routes and the `staff add` command (the demo's owner account is seeded by demo/staff.ts). */
export const staffModule: ShopModule = {
  name: 'staff',
  adminRoutes: authRoutes,
  commands: [staffCommand],
}
