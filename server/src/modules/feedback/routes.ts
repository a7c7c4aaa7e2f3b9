import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES } from '../../../../types/feedback'
import * as feedback from './service'

/** Feedback: /api/feedback/* (member only). The operator reads it with `npm run admin -- feedback list`. */
export default async function feedbackRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.post('/api/feedback/submit', {
    schema: {
      description: '`{id}`; 10 a day (1001). Request: `{type, content 5-500 chars, images ≤ 9, contact?}`.',
     
      body: S.obj(
        { type: S.enum(FEEDBACK_TYPES.map((t) => t.value)), content: S.str(3000, 1), images: S.arr(S.str(256, 1), FEEDBACK_MAX_IMAGES), contact: S.str(200, 0) },
        ['type', 'content'],
      ),
    },
    handler: async (req) => {
      const b = req.body as any
      return feedback.submitFeedback(db, memberId(req), { ...b, images: b.images || [] })
    },
  })

  app.get('/api/feedback/list', { schema: { description: '`FeedbackItem[]` (the caller\'s own, newest first)' }, handler: async (req) => feedback.myFeedback(db, memberId(req)) })
}
