import { IdParams, OkReply } from '../../../../types/admin'
import { IdReply } from '../../../../types/adminGoods'
import { WebLinkInput, WebviewHostInput, type WebLinksReply } from '../../../../types/adminContent'
import { audited, actorOf } from '../../admin/audit'
import type { AdminRouteModule } from '../../admin/types'
import * as svc from './adminService'
import activityAdminRoutes from './activityAdminRoutes'
import { consoleHosts } from './webviewHosts'

/** 内容 · 网页链接: the web-view links and the allow-list's console hosts; 活动 in activityAdminRoutes.ts. */
const contentAdminRoutes: AdminRouteModule = async (app, ctx) => {
  const { db, config } = ctx
  await activityAdminRoutes(app, ctx)
  const read = { permission: 'content.read' as const }
  const write = { permission: 'content.write' as const }
  // After a host change commits, this process's CSP (frame-src) follows at once.
  const refresh = () => consoleHosts(db).catch(() => undefined)

  app.get('/content/web-links', { config: read }, async (): Promise<WebLinksReply> => svc.adminWebLinks(db, config))
  app.post('/content/web-links', { config: write, schema: { body: WebLinkInput } }, async (req): Promise<IdReply> =>
    audited(db, actorOf(req), (tx, log) => svc.adminCreateWebLink(tx, config, req.body, log)),
  )
  app.put('/content/web-links/:id', { config: write, schema: { params: IdParams, body: WebLinkInput } }, async (req): Promise<IdReply> =>
    audited(db, actorOf(req), (tx, log) => svc.adminUpdateWebLink(tx, config, req.params.id, req.body, log)),
  )
  app.delete('/content/web-links/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => svc.adminDeleteWebLink(tx, req.params.id, log))
    return { ok: true }
  })
  app.post('/content/webview-hosts', { config: write, schema: { body: WebviewHostInput } }, async (req): Promise<IdReply> => {
    const r = await audited(db, actorOf(req), (tx, log) => svc.adminAddHost(tx, config, req.body, log))
    await refresh()
    return r
  })
  app.delete('/content/webview-hosts/:id', { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => svc.adminRemoveHost(tx, config, req.params.id, log))
    await refresh()
    return { ok: true }
  })
}

export default contentAdminRoutes
