import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { OrderNoQuery } from '../../../../types/order'
import { memberId } from '../../plugins/auth'
import * as logistics from './service'
import { handlePush } from './tracking'
import { wechatWaybillToken } from './wechatWaybill'

const INFO =
  '`LogisticsInfo {expressCode, expressName, expressPhone, trackingNo, shippedAt, receiver (phone masked), trackingState, live, traces[] {time, text, typed} newest first, image, itemCount}`'

export default async function logisticsRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  // SPEC.md section 7: no /api in this path (still under /h5), and no token needed.
  app.get('/common/getAllExpress', {
    schema: { description: '`ExpressCompany[] {code, name, phone}` (no `/api`, still under `/h5`)' },
    config: { auth: 'none' },
    handler: async () => logistics.allExpress(db),
  })

  app.get('/api/logistics/trace', {
    schema: { description: `${INFO}; 404 \`该订单还没有发货\` before shipping`, querystring: OrderNoQuery },
    handler: async (req) => logistics.orderTrace(ctx, memberId(req), req.query.orderNo),
  })

  app.post('/api/logistics/refresh', {
    schema: {
      description: `The shopper's 刷新: asks the courier (快递100's real-time query) when tracking is live and nobody asked for this shipment in the last 5 minutes, then ${INFO}; 404 before shipping`,
      body: OrderNoQuery,
    },
    handler: async (req) => logistics.refreshTrace(ctx, memberId(req), req.body.orderNo),
  })

  app.post('/api/logistics/wechat-waybill', {
    schema: {
      description:
        "`{waybillToken}` for WeChat's tracking page (the mini-program's 物流查询 plug-in) of the member's own shipped order paid in the mini-program, when the merchant turned it on (`wechatWaybill` of the trace); 400 with the reason otherwise, 404 before shipping",
      body: OrderNoQuery,
    },
    handler: async (req) => wechatWaybillToken(ctx, memberId(req), req.body.orderNo),
  })

  // 快递100's pushes (docs/orders.md "Courier tracking"): a form (param, sign), no token, no p; answered with its own
  // JSON only after the events are committed.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body))
    scope.post('/api/logistics/kuaidi100', {
      config: { auth: 'none', rawWire: true },
      schema: {
        description:
          "快递100's push of a subscribed waybill: `{result, returnCode, message}` as 快递100 asks (`returnCode` 200 once stored, or for a waybill not tracked here; 500 on a bad signature, so it retries). Not enveloped. Request: form `param` (JSON) and `sign` = md5(param + salt)",
      },
      handler: async (req, reply) => {
        const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '')
        const { answer } = await handlePush(ctx, form.get('param') || '', form.get('sign') || '')
        return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(answer))
      },
    })
  })
}
