import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import { S } from '../../plugins/schema'
import { memberId } from '../../plugins/auth'
import { SHOP_NAME_MAX, REAL_NAME_MAX, APPLY_REASON_MAX, WITHDRAW_MAX } from '../../../../types/agent'
import * as agent from './service'
import * as account from './account'
import * as payout from './payout'
import * as goods from './goods'
import * as stats from './stats'
import * as views from './views'
import * as share from './share'
import { setAfterSalesDays } from './commission'

const shopOf = (req: FastifyRequest): number => req.agentShopId as number
const month = () => S.str(7, 7, { pattern: '^20\\d{2}-(0[1-9]|1[0-2])$' })
const orderNo = () => S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' })

/**
 * The agent back office: /api/business/*. toApply / apply are for members; visit is open to everyone; every
 * other route has auth 'agent' (the auth plugin refuses anyone without an active shop with code 5001 and sets
 * req.agentShopId), and every query is scoped to that shop.
 */
export default async function agentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx
  setAfterSalesDays(ctx.config.afterSalesDays)

  // ---------------------------------------------------------------- application (members)
  app.get('/api/business/agent/toApply', { handler: async (req) => agent.toApply(db, memberId(req)) })

  app.post('/api/business/agent/apply', {
    schema: {
      body: S.obj(
        { shopName: S.str(SHOP_NAME_MAX + 10, 1), realName: S.str(REAL_NAME_MAX + 10, 1), phone: S.str(20, 1), idCard: S.str(18, 1), reason: S.str(APPLY_REASON_MAX + 50, 1) },
        ['shopName', 'realName', 'phone', 'idCard', 'reason'],
      ),
    },
    handler: async (req) => agent.apply(db, memberId(req), req.body as any),
  })

  // ---------------------------------------------------------------- traffic in (anyone)
  app.post('/api/business/visit', {
    config: { auth: 'optional' },
    schema: { body: S.obj({ bUid: S.looseId(), page: S.str(256, 0), visitorKey: S.str(64, 0) }, ['bUid']) },
    handler: async (req) => {
      const b = req.body as any
      return views.recordVisit(db, { bUid: b.bUid, page: b.page || '', visitorKey: b.visitorKey, memberId: req.member?.id ?? null, ip: req.ip, ua: String(req.headers['user-agent'] || '') })
    },
  })

  // A goods detail seen by a member bound to a shop counts as a view of that shop (the catalogue's route stays untouched).
  // Callback style: it runs after every response, and an async hook costs a promise each time.
  app.addHook('onResponse', (req, reply, done) => {
    done()
    if (req.method !== 'GET' || reply.statusCode !== 200 || !req.member || !req.routeOptions?.url?.endsWith('/api/goods/detail')) return
    const id = Number((req.query as any)?.id)
    if (!Number.isInteger(id) || id <= 0) return
    views.recordDetailView(db, id, req.member.id).catch((err) => req.log.warn({ err }, 'shop view not recorded'))
  })

  // ---------------------------------------------------------------- back office (agents)
  const agentOnly = { auth: 'agent' as const }

  app.get('/api/business/home', { config: agentOnly, handler: async (req) => stats.agentHome(db, shopOf(req)) })

  app.get('/api/business/goods/list', {
    config: agentOnly,
    schema: { querystring: S.paging({ tab: { ...S.enum(['all', 'on', 'off']), default: 'all' }, keyword: S.str(32, 0) }) },
    handler: async (req) => goods.listActingGoods(db, shopOf(req), req.query as any),
  })
  app.get('/api/business/goods/catalogue', {
    config: agentOnly,
    schema: { querystring: S.paging({ keyword: S.str(32, 0) }) },
    handler: async (req) => goods.listCatalogue(db, shopOf(req), req.query as any),
  })
  app.post('/api/business/goods/add', {
    config: agentOnly,
    schema: { body: S.obj({ goodsIds: S.arr(S.id(), 50, 1) }, ['goodsIds']) },
    handler: async (req) => goods.addActingGoods(db, shopOf(req), (req.body as any).goodsIds),
  })
  app.post('/api/business/goods/setStatus', {
    config: agentOnly,
    schema: { body: S.obj({ goodsId: S.id(), status: S.enum(['on', 'off']) }, ['goodsId', 'status']) },
    handler: async (req) => goods.setActingGoodsStatus(db, shopOf(req), (req.body as any).goodsId, (req.body as any).status),
  })
  app.post('/api/business/goods/remove', {
    config: agentOnly,
    schema: { body: S.obj({ goodsId: S.id() }, ['goodsId']) },
    handler: async (req) => goods.removeActingGoods(db, shopOf(req), (req.body as any).goodsId),
  })

  app.get('/api/business/order/list', {
    config: agentOnly,
    schema: { querystring: S.paging({ tab: { ...S.enum(['all', 'unpaid', 'to_ship', 'to_receive', 'done', 'cancelled']), default: 'all' }, keyword: S.str(32, 0), buyerId: S.id() }) },
    handler: async (req) => stats.listShopOrders(db, shopOf(req), req.query as any),
  })
  app.get('/api/business/order/detail', {
    config: agentOnly,
    schema: { querystring: S.obj({ orderNo: orderNo() }, ['orderNo']) },
    handler: async (req) => stats.shopOrderDetail(db, shopOf(req), (req.query as any).orderNo),
  })

  app.get('/api/business/withdraw/info', { config: agentOnly, handler: async (req) => account.withdrawInfo(db, shopOf(req), memberId(req)) })
  app.post('/api/business/withdraw/saveAccount', {
    config: agentOnly,
    schema: { body: S.obj({ method: S.enum(['bank', 'wechat']), accountName: S.str(32, 1), accountNo: S.str(32, 0), bankName: S.str(32, 0), bankBranch: S.str(64, 0) }, ['method', 'accountName']) },
    handler: async (req) => account.saveWithdrawAccount(db, shopOf(req), memberId(req), req.body as any),
  })
  app.post('/api/business/withdraw/apply', {
    config: agentOnly,
    schema: { body: S.obj({ amount: S.int(1, WITHDRAW_MAX * 10), method: S.enum(['bank', 'wechat']), requestId: S.str(64, 8, { pattern: '^[A-Za-z0-9_-]+$' }) }, ['amount', 'method', 'requestId']) },
    handler: async (req) => account.applyWithdraw(db, shopOf(req), memberId(req), req.body as any),
  })
  // WeChat merchant transfer: the agent confirms the receipt in the client, then asks for the result at once.
  app.get('/api/business/withdraw/transferParams', {
    config: agentOnly,
    schema: { querystring: S.obj({ withdrawNo: S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' }) }, ['withdrawNo']) },
    handler: async (req) => payout.transferConfirmParams(ctx, shopOf(req), (req.query as { withdrawNo: string }).withdrawNo),
  })
  app.post('/api/business/withdraw/transferRefresh', {
    config: agentOnly,
    schema: { body: S.obj({ withdrawNo: S.str(32, 1, { pattern: '^[A-Za-z0-9]+$' }) }, ['withdrawNo']) },
    handler: async (req) => account.toWithdrawal(await payout.refreshTransfer(ctx, shopOf(req), (req.body as { withdrawNo: string }).withdrawNo)),
  })
  app.get('/api/business/withdraw/list', {
    config: agentOnly,
    schema: { querystring: S.paging() },
    handler: async (req) => account.listWithdrawals(db, shopOf(req), (req.query as any).page, (req.query as any).pageSize),
  })
  app.get('/api/business/ledger/list', {
    config: agentOnly,
    schema: { querystring: S.paging({ filter: { ...S.enum(['all', 'commission', 'withdraw']), default: 'all' }, month: month() }) },
    handler: async (req) => account.listLedger(db, shopOf(req), req.query as any),
  })

  app.get('/api/business/flow/summary', {
    config: agentOnly,
    schema: { querystring: S.obj({ days: { type: 'integer', enum: [7, 14, 30], default: 7 }, goodsId: S.id() }) },
    handler: async (req) => stats.flowSummary(db, shopOf(req), req.query as any),
  })
  app.get('/api/business/footprints/list', {
    config: agentOnly,
    schema: { querystring: S.paging({ memberId: S.id() }) },
    handler: async (req) => stats.listFootprints(db, shopOf(req), req.query as any),
  })
  app.get('/api/business/users/list', {
    config: agentOnly,
    schema: { querystring: S.paging({ keyword: S.str(20, 0), sort: { ...S.enum(['recent', 'spend', 'orders']), default: 'recent' } }) },
    handler: async (req) => stats.listShopUsers(db, shopOf(req), req.query as any),
  })

  app.get('/api/business/share/goods', {
    config: agentOnly,
    schema: { querystring: S.obj({ goodsId: S.id() }, ['goodsId']) },
    handler: async (req) => share.shareGoods(db, shopOf(req), (req.query as any).goodsId),
  })
}
