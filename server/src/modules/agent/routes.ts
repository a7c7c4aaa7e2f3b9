import type { FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { paged } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { PagingQuery } from '../../../../types/schema'
import {
  ActingGoodsQuery,
  ActingGoodsStatusRequest,
  AddActingGoodsRequest,
  AgentApplyRequest,
  AgentFootprintsQuery,
  AgentGoodsIdRequest,
  AgentLedgerQuery,
  AgentOrderQuery,
  AgentOrdersQuery,
  CatalogueQuery,
  FlowSummaryQuery,
  SaveWithdrawAccountRequest,
  ShopUsersQuery,
  VisitRequest,
  WithdrawApplyRequest,
  WithdrawNoRequest,
} from '../../../../types/agent'
import * as agent from './service'
import * as account from './account'
import * as payout from './payout'
import * as goods from './goods'
import * as stats from './stats'
import * as views from './views'
import * as share from './share'
import * as team from './team'

const shopOf = (req: FastifyRequest): number => req.agentShopId as number

/**
 * The agent back office: /api/business/*. toApply / apply are for members; visit is open to everyone; every
 * other route has auth 'agent' (the auth plugin refuses anyone without an active shop with code 5001 and sets
 * req.agentShopId) or, for the money pages, 'agentAccount' (a shop suspended by staff too), and every query is scoped
 * to that shop.
 */
export default async function agentRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  // ---------------------------------------------------------------- application (members)
  app.get('/api/business/agent/toApply', {
    schema: {
      description:
        '`ToApplyResponse` `{state: none/pending/approved/rejected, application (phone, ID card masked), shop, options: {limits, reasonPresets, defaultCommissionRate, rules}, prefillPhone}`',
    },
    handler: async (req) => agent.toApply(db, memberId(req)),
  })

  app.post('/api/business/agent/apply', {
    schema: {
      description:
        "`ToApplyResponse` (pending); 400 with the rule's message; 409 shop name taken; 5002 pending or already an agent. Request: `AgentApplyRequest` `{shopName 2-20, realName, phone (mobile rule), idCard (18-digit rule), reason ≤ 200}`.",

      body: AgentApplyRequest,
    },
    handler: async (req) => agent.apply(db, memberId(req), req.body),
  })

  // ---------------------------------------------------------------- traffic in (anyone)
  app.post('/api/business/visit', {
    config: { auth: 'optional' },
    schema: {
      description: "`{recorded}`; a page opened through a shop's link (unknown or closed shop, the owner, or a repeat within 30 s: `false`)",
      body: VisitRequest,
    },
    handler: async (req) => {
      const b = req.body
      return views.recordVisit(db, { bUid: b.bUid, page: b.page || '', visitorKey: b.visitorKey, memberId: req.member?.id ?? null, ip: req.ip, ua: String(req.headers['user-agent'] || '') })
    },
  })

  // A goods detail seen by a member bound to a shop counts as a view of that shop (the catalogue's route stays untouched).
  // Callback style: it runs after every response, and an async hook costs a promise each time.
  app.addHook('onResponse', (req, reply, done) => {
    done()
    if (req.method !== 'GET' || reply.statusCode !== 200 || !req.member || !req.routeOptions?.url?.endsWith('/api/goods/detail')) return
    const id = Number((req.query as { id?: unknown } | undefined)?.id)
    if (!Number.isInteger(id) || id <= 0) return
    views.recordDetailView(db, id, req.member.id).catch((err) => req.log.warn({ err }, 'shop view not recorded'))
  })

  // ---------------------------------------------------------------- back office (agents)
  const agentOnly = { auth: 'agent' as const }
  // The money pages stay open to a suspended (清退) agent: what was earned is still theirs to withdraw.
  const agentMoney = { auth: 'agentAccount' as const }

  app.get('/api/business/home', {
    schema: { description: '`AgentHome` `{shop, today, month: {sales, orders, commission, visitors, views, newUsers}, account, users, actingGoods, pendingWithdrawals}`' },
    config: agentOnly,
    handler: async (req) => stats.agentHome(db, shopOf(req)),
  })

  app.get('/api/business/goods/list', {
    config: agentOnly,
    schema: {
      description: '`Page<ActingGoods>` (platform status, shelf status, effective rate, commission per unit, 30-day views)',
      querystring: ActingGoodsQuery,
    },
    handler: async (req) => goods.listActingGoods(db, shopOf(req), { ...paged(req.query), tab: req.query.tab ?? 'all' }),
  })
  app.get('/api/business/goods/catalogue', {
    config: agentOnly,
    schema: {
      description: '`Page<CatalogueGoods>` platform goods on sale with `added`',
      querystring: CatalogueQuery,
    },
    handler: async (req) => goods.listCatalogue(db, shopOf(req), paged(req.query)),
  })
  app.post('/api/business/goods/add', {
    config: agentOnly,
    schema: {
      description: '`{added}`; goods off sale 2002; at most 200 per shop',
      body: AddActingGoodsRequest,
    },
    handler: async (req) => goods.addActingGoods(db, shopOf(req), req.body.goodsIds),
  })
  app.post('/api/business/goods/setStatus', {
    config: agentOnly,
    schema: {
      description: '`{goodsId, status}`; on needs the goods on sale (2002); not in the shop 404',
      body: ActingGoodsStatusRequest,
    },
    handler: async (req) => goods.setActingGoodsStatus(db, shopOf(req), req.body.goodsId, req.body.status),
  })
  app.post('/api/business/goods/remove', {
    config: agentOnly,
    schema: {
      description: '`{goodsId, removed}`',
      body: AgentGoodsIdRequest,
    },
    handler: async (req) => goods.removeActingGoods(db, shopOf(req), req.body.goodsId),
  })

  app.get('/api/business/order/list', {
    config: agentOnly,
    schema: {
      description:
        '`Page<AgentOrderSummary>` with buyer, lines and `commission`, `commissionStatus` (frozen/released/cancelled/none). Request: `tab: all/unpaid/to_ship/to_receive/done/cancelled, keyword? (order no), buyerId?, page, pageSize`.',
      querystring: AgentOrdersQuery,
    },
    handler: async (req) => stats.listShopOrders(db, shopOf(req), { ...paged(req.query), tab: req.query.tab ?? 'all' }),
  })
  app.get('/api/business/order/detail', {
    config: agentOnly,
    schema: {
      description: '`AgentOrderDetail`: per-line commission and rate, masked receiver and city, times, `releaseAt`, `releasedAt`',
      querystring: AgentOrderQuery,
    },
    handler: async (req) => stats.shopOrderDetail(db, shopOf(req), req.query.orderNo),
  })

  app.get('/api/business/withdraw/info', {
    schema: { description: '`WithdrawInfo` `{account, rules: {min, max, feeBp, feeMin, dailyLimit}, accounts, realName, wechatBound, todayCount}`' },
    config: agentMoney,
    handler: async (req) => account.withdrawInfo(db, shopOf(req), memberId(req)),
  })
  app.post('/api/business/withdraw/saveAccount', {
    config: agentMoney,
    schema: {
      description: "`WithdrawAccount[]` (card masked); holder must be the applicant's real name; WeChat needs the member's openid",
      body: SaveWithdrawAccountRequest,
    },
    handler: async (req) => account.saveWithdrawAccount(db, shopOf(req), memberId(req), req.body),
  })
  app.post('/api/business/withdraw/apply', {
    config: agentMoney,
    schema: {
      description:
        '`Withdrawal`; ≥ ¥10, ≤ ¥50,000, 3 a day (1001), fee 0.6 % min ¥0.10; 4001 over the available balance; the same requestId answers the same withdrawal. Request: `{amount (fen), method, requestId}`.',
      body: WithdrawApplyRequest,
    },
    handler: async (req) => account.applyWithdraw(db, shopOf(req), memberId(req), req.body),
  })
  // WeChat merchant transfer: the agent confirms the receipt in the client, then asks for the result at once.
  app.get('/api/business/withdraw/transferParams', {
    config: agentMoney,
    schema: {
      description: '`TransferConfirmParams {withdrawNo, mchId, appId, package}` for `requestMerchantTransfer`; 4xx when the withdrawal does not wait for a confirmation',
      querystring: WithdrawNoRequest,
    },
    handler: async (req) => payout.transferConfirmParams(ctx, shopOf(req), req.query.withdrawNo),
  })
  app.post('/api/business/withdraw/transferRefresh', {
    config: agentMoney,
    schema: {
      description: "`Withdrawal` after asking WeChat for the transfer's state (settled once: paid, or the money back to available)",
      body: WithdrawNoRequest,
    },
    handler: async (req) => account.toWithdrawal(await payout.refreshTransfer(ctx, shopOf(req), req.body.withdrawNo)),
  })
  app.get('/api/business/withdraw/list', {
    config: agentMoney,
    schema: {
      description: "`Page<Withdrawal>` (`needConfirm`: a WeChat merchant transfer waits for the agent's confirmation)",
      querystring: PagingQuery,
    },
    handler: async (req) => {
      const { page, pageSize } = paged(req.query)
      return account.listWithdrawals(db, shopOf(req), page, pageSize)
    },
  })
  app.get('/api/business/ledger/list', {
    config: agentMoney,
    schema: {
      description:
        '`LedgerPage`: entries with the change of each balance and the balances after it, plus `income` / `expense` of the filter. Request: `filter: all/commission/withdraw, month? (YYYY-MM), page, pageSize`.',
      querystring: AgentLedgerQuery,
    },
    handler: async (req) => account.listLedger(db, shopOf(req), { ...paged(req.query), filter: req.query.filter ?? 'all' }),
  })

  app.get('/api/business/flow/summary', {
    config: agentOnly,
    schema: {
      description: '`FlowSummary` `{series: [{day, pv, uv}], totals, goods: top 20 by views}`',
      querystring: FlowSummaryQuery,
    },
    handler: async (req) => stats.flowSummary(db, shopOf(req), { ...req.query, days: req.query.days ?? 7 }),
  })
  app.get('/api/business/footprints/list', {
    config: agentOnly,
    schema: {
      description: "`Page<Footprint>` goods views of the shop's bound members",
      querystring: AgentFootprintsQuery,
    },
    handler: async (req) => stats.listFootprints(db, shopOf(req), paged(req.query)),
  })
  app.get('/api/business/users/list', {
    config: agentOnly,
    schema: {
      description: '`Page<ShopUser>` bound members with paid orders, spend, binding date, last view. Request: `keyword? (nickname or phone digits), sort: recent/spend/orders, page, pageSize`.',
      querystring: ShopUsersQuery,
    },
    handler: async (req) => stats.listShopUsers(db, shopOf(req), { ...paged(req.query), sort: req.query.sort ?? 'recent' }),
  })
  app.get('/api/business/team', {
    config: agentOnly,
    schema: {
      description:
        '`TeamPage` 团队 (two-level distribution): `{parent, teamDefaultRate, levels: {own, team: {total, frozen, settled}}, list: sub-agents (shop name, nickname, joined, orders, sales, earned, active), total, page, pageSize}`',
      querystring: PagingQuery,
    },
    handler: async (req) => team.teamPage(db, shopOf(req), paged(req.query)),
  })

  app.get('/api/business/share/goods', {
    config: agentOnly,
    schema: {
      description: '`ShareGoodsInfo` `{goods, page, commission, onShelf}` (the client adds sUid/bUid through `buildShare` and asks `/api/wxMiniApp/getWxACode` for the code)',
      querystring: AgentGoodsIdRequest,
    },
    handler: async (req) => share.shareGoods(db, shopOf(req), req.query.goodsId),
  })
}
