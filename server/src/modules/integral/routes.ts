import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { IdOnly, PagingQuery } from '../../../../types/schema'
import { ClaimMissionRequest, PointsLedgerQuery, RedeemPreviewRequest, RedeemRequest, ReportShareRequest } from '../../../../types/integral'
import { memberId } from '../../plugins/auth'
import * as integral from './service'

/** Points: /api/integral/* (ledger, sign-in, missions, points mall). */
export default async function integralRoutes(app: ShopApp, ctx: AppContext) {
  const { db, config } = ctx

  app.get('/api/integral/summary', {
    schema: { description: '`PointsSummary` `{balance, signedToday, streak, nextPoints, week: [{index 1-7, points, signed, today}], earned, spent}`' },
    handler: async (req) => integral.pointsSummary(db, memberId(req)),
  })

  app.get('/api/integral/ledger', {
    schema: {
      description: '`Page<LedgerEntry>` `{id, change, balanceAfter, reason, reasonText, note, createdAt}` newest first',
      querystring: PointsLedgerQuery,
    },
    handler: async (req) => {
      const { type = 'all', page = 1, pageSize = 20 } = req.query
      return integral.ledger(db, memberId(req), type, page, pageSize)
    },
  })

  app.post('/api/integral/signIn', {
    schema: { description: '`{points, streak, balance}`; second time today: 409 今天已经签到过了，明天再来吧' },
    handler: async (req) => integral.signIn(db, memberId(req)),
  })

  app.get('/api/integral/missions', {
    schema: { description: '`{list: Mission[]}` `{key (first_order|review|share|browse), title, description, points, period (once|daily), progress, target, state (todo|claimable|done)}`' },
    handler: async (req) => ({ list: await integral.missions(db, memberId(req)) }),
  })

  app.post('/api/integral/claimMission', {
    schema: {
      description: '`{points, balance}`; not done: 409 任务还未完成…; claimed this period: 409',
      body: ClaimMissionRequest,
    },
    handler: async (req) => integral.claimMission(db, memberId(req), req.body.mission),
  })

  app.post('/api/integral/reportShare', {
    schema: {
      description: '`{recorded: true}` (counts toward the share mission; capped per day)',
      body: ReportShareRequest,
    },
    handler: async (req) => integral.reportShare(db, memberId(req)),
  })

  app.get('/api/integral/goodsList', {
    config: { auth: 'optional' },
    schema: {
      description: '`Page<PointsGoods>` `{id, goodsId, name, image, points, cash, marketPrice, stock, redeemed, perMemberLimit}`',
      querystring: PagingQuery,
    },
    handler: async (req) => {
      const { page = 1, pageSize = 20 } = req.query
      return integral.mallList(db, page, pageSize)
    },
  })

  app.get('/api/integral/goodsDetail', {
    config: { auth: 'optional' },
    schema: {
      description: '`PointsGoodsDetail` + `description`, `images`, `specText`, `myRedeemed`, `balance` (null for visitors)',
      querystring: IdOnly,
    },
    handler: async (req) => integral.mallDetail(db, req.query.id, req.member?.id ?? null),
  })

  app.post('/api/integral/preview', {
    schema: {
      description: '`RedeemPreview` `{goods, quantity, points, cash, balance, address}`',
      body: RedeemPreviewRequest,
    },
    handler: async (req) => integral.redeemPreview(db, memberId(req), req.body),
  })

  app.post('/api/integral/redeem', {
    schema: {
      description:
        '`{orderNo, payAmount, status, pointsUsed, existing}`: an order of type `points`; `status` `to_ship` (points only) or `unpaid` (points + cash: pay with `/api/pay/prepay`); out of stock 2001, over the limit 409, points 3003; a repeated `requestId` answers the first order',
      body: RedeemRequest,
    },
    handler: async (req) => integral.redeem(db, config, ctx.modules, memberId(req), req.body),
  })
}
