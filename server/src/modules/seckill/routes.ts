import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { SeckillItemQuery, SeckillItemsQuery, SeckillPreviewRequest, SeckillSubmitRequest } from '../../../../types/seckill'
import { memberForToken, memberId } from '../../plugins/auth'
import { AppError, ErrorCode } from '../../errors'
import { rawEnvelope } from '../../plugins/envelope'
import * as seckill from './service'

/** Flash sales: /api/seckill/*. */
export default async function seckillRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx
  const rt = seckill.runtimeFor(ctx)
  app.addHook('onClose', async () => rt.gate.close())

  app.get('/api/seckill/sessions', {
    schema: {
      description:
        "`{now, day, sessions: [{id, title, startAt, endAt, state (upcoming|active|ended)}], currentId}` today's sessions, and one that started yesterday while it still runs (past midnight); `now` is server time for the countdowns",
    },
    config: { auth: 'none' },
    handler: async () => seckill.sessions(db),
  })

  app.get('/api/seckill/items', {
    config: { auth: 'none' },
    schema: {
      description: '`{now, session, items: SeckillItem[]}` `{id, sessionId, goodsId, skuId, name, image, specText, price, originalPrice, quota, sold, soldPercent, perMemberLimit}`',
      querystring: SeckillItemsQuery,
    },
    handler: async (req) => seckill.sessionItems(db, req.query.sessionId),
  })

  app.get('/api/seckill/detail', {
    config: { auth: 'optional' },
    schema: {
      description: '`SeckillDetail` = item + `now`, `session`, `images`, `detailHtml`, `subtitle`, `myBought`',
      querystring: SeckillItemQuery,
    },
    handler: async (req) => seckill.itemDetail(db, req.query.itemId, req.member?.id ?? null),
  })

  app.post('/api/seckill/preview', {
    schema: {
      description: '`OrderPreview` (free shipping; `extras.coupons`) + `item`, `session`, `myBought`',
      body: SeckillPreviewRequest,
    },
    handler: async (req) => seckill.preview(db, ctx.modules, { ...req.body, memberId: memberId(req) }),
  })

  // The hot route of a flash sale. It authenticates in the handler, after the public refusals (sold out,
  // not running) that the gate answers from memory: a crowd on a sold-out item never reaches the database.
  app.post('/api/seckill/submit', {
    config: { auth: 'none' },
    schema: {
      description:
        "`{orderNo, payAmount, status: 'unpaid', expireAt (10 minutes), existing}`; pay with `/api/pay/prepay`. Not running 3004, limit 3005, sold out 3006 (answered from the stock gate before authentication), coupon 3001; a repeated `requestId` answers the first order. Auth: member (checked in the handler).",
      body: SeckillSubmitRequest,
    },
    handler: async (req) => {
      const body = req.body
      // Returned, not thrown: most of a crowd's answers are this one, and the error path costs more.
      const refusal = await seckill.publicRefusal(ctx, body.itemId)
      if (refusal) return rawEnvelope(refusal.code, refusal.message, refusal.data)
      const member = await memberForToken(db, req.headers.token as string | undefined)
      if (!member) throw new AppError(ErrorCode.UNAUTHORIZED, '登录已失效，请重新登录')
      return seckill.submit(ctx, { ...body, memberId: member.id })
    },
  })
}
