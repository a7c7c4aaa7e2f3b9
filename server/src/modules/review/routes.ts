import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { memberId } from '../../plugins/auth'
import { FollowUpRequest, ReviewOrderQuery, ReviewSubmitRequest } from '../../../../types/review'
import * as review from './service'

/** Reviews after the purchase: /api/review/* (member only, the caller's own orders). */
export default async function reviewRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/review/orderItems', {
    schema: {
      description: '`ReviewableOrder`: lines with `reviewed`, `review`, `followUp`, and the live cashback campaign on the goods (`cashback`)',
      querystring: ReviewOrderQuery,
    },
    handler: async (req) => review.reviewableOrder(db, memberId(req), req.query.orderNo),
  })

  app.post('/api/review/submit', {
    schema: {
      description:
        '`{orderNo, orderStatus, reviewIds, cashbackTasks}`; order received or completed (2003 before receipt); a line once (409); the order completes when every line is reviewed. Request: `{orderNo, items: [{orderItemId, rating 1-5, content ≤ 140 chars, images ≤ 9, anonymous}]}`.',

      body: ReviewSubmitRequest,
    },
    handler: async (req) => review.submitReviews(db, ctx.modules, memberId(req), req.body),
  })

  app.post('/api/review/followUp', {
    schema: {
      description: '`{id, parentId}`; once per first review (409), within 180 days. Request: `{orderItemId, content 1-140 chars, images ≤ 9}`.',
      body: FollowUpRequest,
    },
    handler: async (req) => review.submitFollowUp(db, memberId(req), req.body),
  })
}
