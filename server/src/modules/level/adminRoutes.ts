import { Type } from 'typebox'
import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import { AdminLevelList, AdminMemberGrowth, LevelBody, LevelEnabledBody } from '../../../../types/adminLevels'
import { Closed } from '../../../../types/admin'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import { adminLevelList, createLevel, memberGrowth, membersGrowth, setLevelEnabled, updateLevel } from './adminService'

const MembersQuery = Closed({ ids: Type.String({ pattern: '^\\d{1,10}(,\\d{1,10}){0,99}$' }) })

/** 会员 › 会员等级: the levels (threshold and benefits), enabled or not; members' growth for the member pages. */
const levelAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'members.read' as const }
  const write = { permission: 'members.write' as const }

  app.get('/levels', { config: read }, async (): Promise<AdminLevelList> => adminLevelList(db))
  app.post('/levels', { config: write, schema: { body: LevelBody } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createLevel(tx, req.body, log)),
  }))
  app.put('/levels/:id', { config: write, schema: { params: IdParams, body: LevelBody } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => updateLevel(tx, req.params.id, req.body, log)),
  }))
  app.put('/levels/:id/enabled', { config: write, schema: { params: IdParams, body: LevelEnabledBody } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => setLevelEnabled(tx, req.params.id, req.body.enabled, log))
    return { ok: true }
  })
  app.get('/levels/members', { config: read, schema: { querystring: MembersQuery } }, async (req) => ({ list: await membersGrowth(db, req.query.ids.split(',').map(Number)) }))
  app.get('/levels/members/:id', { config: read, schema: { params: IdParams } }, async (req): Promise<AdminMemberGrowth> => memberGrowth(db, req.params.id))
}

export default levelAdminRoutes
