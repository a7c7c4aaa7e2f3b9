import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { memberId } from '../../plugins/auth'
import { FeedbackSubmitRequest } from '../../../../types/feedback'
import * as feedback from './service'

/** Feedback: /api/feedback/* (member only). The operator reads it with `npm run admin -- feedback list`. */
export default async function feedbackRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.post('/api/feedback/submit', {
    schema: {
      description: '`{id}`; 10 a day (1001). Request: `{type, content 5-500 chars, images ≤ 9, contact?}`.',

      body: FeedbackSubmitRequest,
    },
    handler: async (req) => {
      const b = req.body
      return feedback.submitFeedback(db, memberId(req), { ...b, images: b.images || [] })
    },
  })

  app.get('/api/feedback/list', { schema: { description: "`FeedbackItem[]` (the caller's own, newest first)" }, handler: async (req) => feedback.myFeedback(db, memberId(req)) })
}
