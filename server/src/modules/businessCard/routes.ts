import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { IdOnly } from '../../../../types/schema'
import { BusinessCardSaveRequest } from '../../../../types/businessCard'
import { memberId } from '../../plugins/auth'
import * as card from './service'

/**
 * Business cards: a member lists, edits and deletes only their own cards; anyone with a card's id reads it
 * through the public preview (that is how a card is shared). docs/content.md explains the rule.
 */
export default async function businessCardRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/businessCard/list', {
    schema: { description: '`BusinessCard[]` of the caller `{id, name, title, company, phone, wechat, email, address, avatar, intro, views, createdAt, updatedAt}`' },
    handler: async (req) => card.list(db, memberId(req)),
  })

  app.get('/api/businessCard/detail', {
    schema: {
      description: "`BusinessCard`, the caller's own only (for editing)",
      querystring: IdOnly,
    },
    handler: async (req) => card.detail(db, memberId(req), req.query.id),
  })

  app.get('/api/businessCard/preview', {
    config: { auth: 'optional' },
    schema: {
      description: "`BusinessCardPublic` (+ `memberId`, `isOwner`): anyone with the id (the share link) reads it; a visitor's read counts a view",
      querystring: IdOnly,
    },
    handler: async (req) => card.preview(db, req.query.id, req.member?.id ?? null),
  })

  app.post('/api/businessCard/save', {
    schema: {
      description:
        "`BusinessCard`; ≤ 10 cards a member; with `id` only the caller's own card. Request: `{id?, name, title?, company?, phone (mainland mobile or landline), wechat?, email?, address?, avatar? (/uploads or /media), intro?}`.",
      body: BusinessCardSaveRequest,
    },
    handler: async (req) => card.save(db, memberId(req), req.body),
  })

  app.post('/api/businessCard/delete', {
    schema: {
      description: '`{deleted: true}`',
      body: IdOnly,
    },
    handler: async (req) => card.remove(db, memberId(req), req.body.id),
  })
}
