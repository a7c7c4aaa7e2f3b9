import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import type { Seeder } from '../db/seed'
import { adminPlugin } from './plugin'
import type { AdminApp, AdminRouteModule } from './types'
import authRoutes from './authRoutes'
import { createStaff } from './staff'
import dashboardAdminRoutes from '../modules/dashboard/adminRoutes'
import goodsAdminRoutes from '../modules/goods/adminRoutes'
import storefrontAdminRoutes from '../modules/home/adminRoutes'
import orderAdminRoutes from '../modules/order/adminRoutes'
import afterSalesAdminRoutes from '../modules/afterSales/adminRoutes'
import memberAdminRoutes from '../modules/member/adminRoutes'
import systemAdminRoutes from '../modules/system/adminRoutes'

/** Every console route module, registered under /admin/api in this order (docs/console.md lists the paths). */
export const adminRouteModules: AdminRouteModule[] = [
  authRoutes,
  dashboardAdminRoutes,
  goodsAdminRoutes,
  storefrontAdminRoutes,
  orderAdminRoutes,
  afterSalesAdminRoutes,
  memberAdminRoutes,
  systemAdminRoutes,
]

/** The console's API: app.ts registers this under the prefix /admin/api. */
export async function adminApi(app: FastifyInstance, ctx: AppContext) {
  await adminPlugin(app, ctx)
  const typed: AdminApp = app.withTypeProvider()
  for (const mod of adminRouteModules) await mod(typed, ctx)
}

/** Demo data only (the seeders run on a fresh demo database): the owner account admin / admin123456. */
export const adminSeeders: Seeder[] = [
  {
    name: 'staff',
    run: async ({ db }) => {
      await createStaff(db, { username: 'admin', role: 'owner', password: 'admin123456' })
    },
  },
]
