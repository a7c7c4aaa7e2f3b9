import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import * as card from './service'

/**
 * Business cards: a member lists, edits and deletes only their own cards; anyone with a card's id reads it
 * through the public preview (that is how a card is shared). docs/content.md explains the rule.
 */
export default async function businessCardRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx
  const fields = {
    id: S.id(),
    name: S.str(40),
    title: S.str(40),
    company: S.str(80),
    phone: S.str(30),
    wechat: S.str(40),
    email: S.str(80),
    address: S.str(200),
    avatar: S.str(256),
    intro: S.str(600),
  }

  app.get('/api/businessCard/list', { schema: { description: '`BusinessCard[]` of the caller `{id, name, title, company, phone, wechat, email, address, avatar, intro, views, createdAt, updatedAt}`' }, handler: async (req) => card.list(db, memberId(req)) })

  app.get('/api/businessCard/detail', {
    schema: {
      description: '`BusinessCard`, the caller\'s own only (for editing)',
      querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => card.detail(db, memberId(req), (req.query as any).id),
  })

  app.get('/api/businessCard/preview', {
    config: { auth: 'optional' },
    schema: {
      description: '`BusinessCardPublic` (+ `memberId`, `isOwner`): anyone with the id (the share link) reads it; a visitor\'s read counts a view',
      querystring: S.obj({ id: S.id() }, ['id']) },
    handler: async (req) => card.preview(db, (req.query as any).id, req.member?.id ?? null),
  })

  app.post('/api/businessCard/save', { schema: {
      description: '`BusinessCard`; ≤ 10 cards a member; with `id` only the caller\'s own card. Request: `{id?, name, title?, company?, phone (mainland mobile or landline), wechat?, email?, address?, avatar? (/uploads or /media), intro?}`.',
      body: S.obj(fields, ['name']) }, handler: async (req) => card.save(db, memberId(req), req.body as any) })

  app.post('/api/businessCard/delete', { schema: {
      description: '`{deleted: true}`',
      body: S.obj({ id: S.id() }, ['id']) }, handler: async (req) => card.remove(db, memberId(req), (req.body as any).id) })
}
