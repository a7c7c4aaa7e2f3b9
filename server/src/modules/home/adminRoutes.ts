import type { TSchema, Static } from 'typebox'
import { IdParams, type OkReply } from '../../../../types/admin'
import { type IdReply } from '../../../../types/adminGoods'
import { audited, actorOf } from '../../admin/audit'
import type { AdminApp, AdminRouteModule } from '../../admin/types'
import type { Db } from '../../db/types'
import { LinkNamesQuery, LinkTargetQuery, type LinkNamesReply, type LinkTargetPage } from '../../../../types/adminLinks'
import { linkNames, searchLinkTargets } from './linkTargets'
import { bannerList, createStorefrontRow, deleteStorefrontRow, hotWordList, navList, noticeList, sectionList, updateStorefrontRow, type StorefrontList } from './adminService'

/** Who may look up what a link opens (the link picker): 店铺装修's banners and entries, and who edits 内容's activities (their button). */
const LINK_PICKERS = ['storefront.read', 'content.write'] as const

/** GET / POST / PUT /:id / DELETE /:id of a storefront list, each write audited (adminService.ts). */
function resource<S extends TSchema, V>(app: AdminApp, db: Db, r: StorefrontList<S, V>) {
  const read = { permission: 'storefront.read' as const }
  const write = { permission: 'storefront.write' as const }
  app.get(`/storefront/${r.path}`, { config: read }, async (): Promise<V[]> => r.list(db))
  app.post(`/storefront/${r.path}`, { config: write, schema: { body: r.body } }, async (req): Promise<IdReply> => ({
    id: await audited(db, actorOf(req), (tx, log) => createStorefrontRow(tx, r, req.body as Static<S>, log)),
  }))
  app.put(`/storefront/${r.path}/:id`, { config: write, schema: { params: IdParams, body: r.body } }, async (req): Promise<IdReply> => {
    await audited(db, actorOf(req), (tx, log) => updateStorefrontRow(tx, r, req.params.id, req.body as Static<S>, log))
    return { id: req.params.id }
  })
  app.delete(`/storefront/${r.path}/:id`, { config: write, schema: { params: IdParams } }, async (req): Promise<OkReply> => {
    await audited(db, actorOf(req), (tx, log) => deleteStorefrontRow(tx, r, req.params.id, log))
    return { ok: true }
  })
}

/** 店铺装修: home banners, icon entries, notices, hot search words, goods sections (order and schedule). */
const storefrontAdminRoutes: AdminRouteModule = async (app, { db, config }) => {
  // The link picker: what a banner or icon entry can open, by name, and the names of what existing links open.
  app.get('/storefront/link-targets', { config: { permission: LINK_PICKERS }, schema: { querystring: LinkTargetQuery } }, async (req): Promise<LinkTargetPage> =>
    searchLinkTargets(db, config, req.query),
  )
  app.get('/storefront/link-targets/names', { config: { permission: LINK_PICKERS }, schema: { querystring: LinkNamesQuery } }, async (req): Promise<LinkNamesReply> => linkNames(db, req.query))
  resource(app, db, bannerList)
  resource(app, db, navList)
  resource(app, db, noticeList)
  resource(app, db, hotWordList)
  resource(app, db, sectionList)
}

export default storefrontAdminRoutes
