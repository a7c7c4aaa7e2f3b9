import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { REVIEW_MAX_IMAGES } from '../../../../types/review'
import * as review from './service'

const orderNo = () => S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' })
// Length is checked in characters by the service (an emoji is one); the schema only bounds the bytes.
const content = () => S.str(600, 0)
const images = () => S.arr(S.str(256, 1), REVIEW_MAX_IMAGES)

/** Reviews after the purchase: /api/review/* (member only, the caller's own orders). */
export default async function reviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/review/orderItems', {
    schema: {
      description: '`ReviewableOrder`: lines with `reviewed`, `review`, `followUp`, and the live cashback campaign on the goods (`cashback`)',
      querystring: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => review.reviewableOrder(db, memberId(req), (req.query as any).orderNo),
  })

  app.post('/api/review/submit', {
    schema: {
      description: '`{orderNo, orderStatus, reviewIds, cashbackTasks}`; order received or completed (2003 before receipt); a line once (409); the order completes when every line is reviewed. Request: `{orderNo, items: [{orderItemId, rating 1-5, content ≤ 140 chars, images ≤ 9, anonymous}]}`.',
     
      body: S.obj(
        {
          orderNo: orderNo(),
          items: S.arr(S.obj({ orderItemId: S.id(), rating: S.int(1, 5), content: content(), images: images(), anonymous: S.bool() }, ['orderItemId', 'rating']), 50, 1),
        },
        ['orderNo', 'items'],
      ),
    },
    handler: async (req) => review.submitReviews(db, memberId(req), req.body as any),
  })

  app.post('/api/review/followUp', {
    schema: {
      description: '`{id, parentId}`; once per first review (409), within 180 days. Request: `{orderItemId, content 1-140 chars, images ≤ 9}`.',
      body: S.obj({ orderItemId: S.id(), content: content(), images: images() }, ['orderItemId', 'content']) },
    handler: async (req) => review.submitFollowUp(db, memberId(req), req.body as any),
  })
}
