import type { AdminRouteModule } from '../../admin/types'
import activityAdminRoutes from './activityAdminRoutes'

/** 内容's console routes, one file per entry (活动: activityAdminRoutes.ts). */
const contentAdminRoutes: AdminRouteModule = async (app, ctx) => {
  await activityAdminRoutes(app, ctx)
}

export default contentAdminRoutes
