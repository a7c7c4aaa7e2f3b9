import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import {
  SeckillSessionInput,
  SeckillSessionQuery,
  SkuSearchQuery,
  type AdminSeckillSessionDetail,
  type AdminSeckillSessionPage,
  type SeckillLiveReply,
  type SkuOption,
} from '../../../../types/adminPromotions'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminSessionDetail, adminSessionList, adminSessionLive, afterSessionWrite, createSession, deleteSession, skuOptions, updateSession } from './adminService'

/** 营销 · 秒杀: sessions with their items; the running session's sold / quota (polled); the SKU picker. */
const seckillAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db } = ctx
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }

  app.get('/seckill/sessions', { config: read, schema: { querystring: SeckillSessionQuery } }, async (req): Promise<AdminSeckillSessionPage> => adminSessionList(db, req.query))
  app.get('/seckill/skus', { config: read, schema: { querystring: SkuSearchQuery } }, async (req): Promise<SkuOption[]> => skuOptions(db, req.query.keyword))
  app.get('/seckill/sessions/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminSeckillSessionDetail> => adminSessionDetail(db, req.params.id))
  app.get('/seckill/sessions/:id/live', { config: read, schema: { params: IdParams } }, async (req): Promise<SeckillLiveReply> => adminSessionLive(db, req.params.id))

  app.post('/seckill/sessions', { config: write, schema: { body: SeckillSessionInput } }, async (req): Promise<IdReply> => {
    const id = await audited(db, actorOf(req), (tx, log) => createSession(tx, req.body, log))
    return { id }
  })
  app.put('/seckill/sessions/:id', { config: write, schema: { params: IdParams, body: SeckillSessionInput } }, async (req): Promise<IdReply> => {
    const deltas = await audited(db, actorOf(req), (tx, log) => updateSession(tx, req.params.id, req.body, log))
    await afterSessionWrite(ctx, req.params.id, deltas)
    return { id: req.params.id }
  })
  app.delete('/seckill/sessions/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteSession(tx, req.params.id, log))
    await afterSessionWrite(ctx, req.params.id, [])
    return { ok: true }
  })
}

export default seckillAdminRoutes
