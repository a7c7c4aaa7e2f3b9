import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import type { AdminRouteModule } from '../../admin/types'
import { IdParams } from '../../../../types/admin'
import {
  AdminRechargeQuery,
  RechargeCreateBody,
  RechargeListQuery,
  RechargeNoQuery,
  RechargePackageBody,
  RechargePrepayBody,
  RechargeSettingsBody,
  type AdminRechargePackages,
  type AdminBalanceSnapshot,
  type AdminRechargePage,
} from '../../../../types/balanceRecharge'
import { memberId } from '../../plugins/auth'
import { audited, actorOf } from '../../admin/audit'
import {
  adminRechargeOrders,
  adminRechargePackages,
  createRecharge,
  createRechargePackage,
  deleteRechargePackage,
  memberRecharges,
  prepayRecharge,
  rechargeStatus,
  saveRechargeSettings,
  shopRechargeOptions,
  updateRechargePackage,
} from './recharge'
import { balanceSnapshots } from './snapshot'

/** 我的 → 余额 → 充值: /api/recharge/* (members only; docs/balance.md "Recharge"). */
export async function rechargeRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx
  app.get('/api/recharge/packages', {
    schema: { description: '`RechargeOptions {packages: [{id, name, payAmount, bonusAmount}], withdrawable}` (enabled packages, by sort)' },
    handler: async () => shopRechargeOptions(db),
  })
  app.post('/api/recharge/create', {
    schema: {
      description: '`RechargeOrderView {rechargeNo, amount, bonus, status, statusText, paidAt, createdAt}`: an unpaid recharge order of the package; 404 when the package is off',
      body: RechargeCreateBody,
    },
    handler: async (req) => createRecharge(ctx, memberId(req), req.body.packageId),
  })
  app.post('/api/recharge/prepay', {
    schema: { description: '`PayParams {channel, payNo, amount, params}` as /api/pay/prepay, for a recharge order; 2003 paid / closed', body: RechargePrepayBody },
    handler: async (req) => prepayRecharge(ctx, memberId(req), req.body.rechargeNo, req.body.channel, req.ip),
  })
  app.get('/api/recharge/status', {
    schema: { description: '`RechargeOrderView`; while unpaid the gateway is queried (at most every 3 s) and a payment found there is credited', querystring: RechargeNoQuery },
    handler: async (req) => rechargeStatus(ctx, memberId(req), req.query.rechargeNo),
  })
  app.get('/api/recharge/list', {
    schema: { description: '`Page<RechargeOrderView>`, newest first', querystring: RechargeListQuery },
    handler: async (req) => memberRecharges(db, memberId(req), req.query.page || 1, req.query.pageSize || 20),
  })
}

/** 营销 → 充值 (packages and the 充值金额可提现 setting: marketing.*, audited) and 财务 → 余额's recharge orders (ledgers.read). */
export const rechargeAdminRoutes: AdminRouteModule = async (app, { db }) => {
  const read = { permission: 'marketing.read' as const }
  const write = { permission: 'marketing.write' as const }
  app.get('/balance/recharge-packages', { config: read }, async (): Promise<AdminRechargePackages> => adminRechargePackages(db))
  app.post('/balance/recharge-packages', { config: write, schema: { body: RechargePackageBody } }, async (req) => audited(db, actorOf(req), (tx, log) => createRechargePackage(tx, req.body, log)))
  app.put('/balance/recharge-packages/:id', { config: write, schema: { params: IdParams, body: RechargePackageBody } }, async (req) =>
    audited(db, actorOf(req), (tx, log) => updateRechargePackage(tx, req.params.id, req.body, log)),
  )
  app.delete('/balance/recharge-packages/:id', { config: write, schema: { params: IdParams } }, async (req) => audited(db, actorOf(req), (tx, log) => deleteRechargePackage(tx, req.params.id, log)))
  app.put('/balance/recharge-settings', { config: write, schema: { body: RechargeSettingsBody } }, async (req) => audited(db, actorOf(req), (tx, log) => saveRechargeSettings(tx, req.body, log)))
  app.get('/balance/recharges', { config: { permission: 'ledgers.read' as const }, schema: { querystring: AdminRechargeQuery } }, async (req): Promise<AdminRechargePage> =>
    adminRechargeOrders(db, req.query),
  )
  app.get('/balance/snapshots', { config: { permission: 'ledgers.read' as const } }, async (): Promise<AdminBalanceSnapshot[]> => balanceSnapshots(db, 30))
}
