import type { DashboardReply } from '../../../../types/adminDashboard'
import type { AdminRouteModule } from '../../admin/types'
import { dashboard } from './service'

/** 工作台: today, this month, the 30-day trend and the to-do counts that link to their lists, as the staff member's role allows. */
const dashboardAdminRoutes: AdminRouteModule = async (app, { db }) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'dashboard.read' },
      schema: {
        description:
          '`DashboardReply`: today and this month (each figure `{value, previous}`: the previous period of the same length), the 30-day trend, top goods, order statuses and to-do counts; only what the staff member’s permissions allow',
      },
    },
    async (req): Promise<DashboardReply> => dashboard(db, { has: (p) => !!req.staff?.permissions.has(p) }),
  )
}

export default dashboardAdminRoutes
