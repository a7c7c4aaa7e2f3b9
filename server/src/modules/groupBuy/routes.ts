import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { GoodsGroupBuyQuery, GroupPreviewRequest, GroupQuery, GroupSubmitRequest } from '../../../../types/groupBuy'
import { memberId } from '../../plugins/auth'
import * as groupBuy from './service'

/** 拼团: /api/groupBuy/*. */
export default async function groupBuyRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.get('/api/groupBuy/goods', {
    config: { auth: 'none' },
    schema: {
      description:
        '`{now, activity: {id, title, size, hours, perMemberLimit, leaderDiscount, endAt, skus: [{skuId, specText, price, groupPrice}]} | null, groups: GroupSummary[]}` the live activity of a goods and its open groups',
      querystring: GoodsGroupBuyQuery,
    },
    handler: async (req) => groupBuy.goodsGroupBuy(db, req.query.goodsId),
  })

  app.get('/api/groupBuy/group', {
    config: { auth: 'optional' },
    schema: {
      description:
        '`GroupDetail`: the group (state, size, filled, missing, expiresAt, seats), its goods, group price and the single price beside it (`singlePrice`); `myOrderNo` when the caller is in it. Public: a shared link opens it logged out.',
      querystring: GroupQuery,
    },
    handler: async (req) => groupBuy.groupDetail(db, req.query.groupId, req.member?.id ?? null),
  })

  app.get('/api/groupBuy/mine', {
    schema: { description: '`MyGroup[]` 我的拼团: the caller’s group orders, newest first' },
    handler: async (req) => groupBuy.myGroups(db, memberId(req)),
  })

  app.post('/api/groupBuy/preview', {
    schema: {
      description:
        '`GroupPreview`: the group checkout (an order preview at the group price, the leader’s discount when starting a group, the balance) with `activity`, `leader`, `myBought`; refuses what submit would refuse; writes nothing',
      body: GroupPreviewRequest,
    },
    handler: async (req) => groupBuy.preview(ctx, { ...req.body, memberId: memberId(req) }),
  })

  app.post('/api/groupBuy/submit', {
    schema: {
      description:
        '`{orderNo, groupId, payAmount, status, expireAt, existing}`: starts a group (no `groupId`) or joins one; pay with `/api/pay/prepay`. The place counts once paid; a repeated `requestId` answers the first order.',
      body: GroupSubmitRequest,
    },
    handler: async (req) => groupBuy.submit(ctx, { ...req.body, memberId: memberId(req) }),
  })
}
