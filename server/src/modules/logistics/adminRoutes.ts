import type { AdminRouteModule } from '../../admin/types'
import { audited, actorOf } from '../../admin/audit'
import { TrackingSettingsInput, type TrackingSettingsView } from '../../../../types/adminTracking'
import { saveTrackingSettings, trackingSettingsView } from './adminService'

/** 设置 → 物流跟踪: the 快递100 account (docs/orders.md "Courier tracking"). */
const logisticsAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db, config } = ctx
  app.get('/logistics/settings', { config: { permission: 'settings.read' } }, async (): Promise<TrackingSettingsView> => trackingSettingsView(db, config))
  app.put('/logistics/settings', { config: { permission: 'settings.write' }, schema: { body: TrackingSettingsInput } }, async (req): Promise<TrackingSettingsView> => {
    await audited(db, actorOf(req), (tx, log) => saveTrackingSettings(tx, config, req.body, log))
    return trackingSettingsView(db, config)
  })
}

export default logisticsAdminRoutes
