import type { AppContext } from '../../context'
import type { ShopApp } from '../shopModule'
import { PayStatusQuery, PrepayRequest, SandboxCancelRequest, SandboxConfirmRequest } from '../../../../types/pay'
import { memberId } from '../../plugins/auth'
import { AppError } from '../../errors'
import { getPaymentProvider } from '../../payments'
import * as pay from './service'
import { isWechatPay } from '../../payments/wechatpay'
import { handleRefundResult } from './settle'
import { settleTransfer } from '../agent/payout'
import { BALANCE_WITHDRAW_PREFIX, settleBalanceTransfer } from '../balance/withdraw'

/** Payment: prepay, the sandbox gateway's confirm / cancel, WeChat Pay's notify, and the status the pay-status page polls. */
export default async function payRoutes(app: ShopApp, ctx: AppContext) {
  const { db } = ctx

  app.post('/api/pay/prepay', {
    schema: {
      description:
        '`PayParams {channel, payNo, amount, params}` (sandbox: `{ticket}`; WeChat: appId, timeStamp, nonceStr, package, signType, paySign; `wechat_h5` (when `WXPAY_H5=1`): `{h5Url, orderNo}`); 2004 when the channel does not match `PAY_PROVIDER`; 2003 paid / cancelled / expired',
      body: PrepayRequest,
    },
    handler: async (req) => {
      const b = req.body
      return pay.prepay(ctx, memberId(req), b.orderNo, b.channel, req.ip)
    },
  })

  app.post('/api/pay/sandboxConfirm', {
    schema: {
      description: '`PayStatus`; the sandbox gateway\'s "paid": verifies the HMAC ticket, then the same notify path as WeChat; repeated: no change; amount mismatch 2004',
      body: SandboxConfirmRequest,
    },
    handler: async (req) => {
      const b = req.body
      return pay.sandboxConfirm(ctx, memberId(req), b.payNo, b.ticket)
    },
  })

  app.post('/api/pay/sandboxCancel', {
    schema: {
      description: '`{payNo, status}`; the payment closes, the order stays unpaid',
      body: SandboxCancelRequest,
    },
    handler: async (req) => pay.sandboxCancel(db, memberId(req), req.body.payNo),
  })

  app.get('/api/pay/status', {
    schema: {
      description:
        '`PayStatus {orderNo, status, paid, payAmount, pointsPaid, paidAt}` (pointsPaid: points paid on a points-mall order, else 0) (the pay-status page polls it); while unpaid, the gateway is queried (at most every 3 s per order) and a payment found there is booked through the notify path',
      querystring: PayStatusQuery,
    },
    handler: async (req) => pay.payStatus(ctx, memberId(req), req.query.orderNo, { check: true }),
  })

  // WeChat Pay v3 notify: no token, no p parameter (WeChat's notify_url cannot carry a query), the raw body
  // for the signature. Success is 204 with no body, sent only after the state change has committed;
  // a refusal is 4xx/5xx with {code: 'FAIL'} so WeChat retries later.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body))
    scope.post('/api/pay/notify/wechat', {
      config: { auth: 'none', rawWire: true },
      schema: {
        description:
          "HTTP 204 (empty) after the commit; HTTP 400/500 `{code: 'FAIL', message}` when refused (WeChat retries). Not enveloped. Request: WeChat Pay v3 notification (raw JSON body, `Wechatpay-*` headers): payments `TRANSACTION.SUCCESS`, refunds `REFUND.*`, transfers `MCHTRANSFER.BILL.FINISHED`.",
      },
      handler: async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : ''
        const fail = (status: number, message: string) =>
          reply
            .code(status)
            .header('content-type', 'application/json; charset=utf-8')
            .send(JSON.stringify({ code: 'FAIL', message }))
        // A notification that does not verify (bad signature, unknown serial, garbage, no gateway configured) is the
        // sender's fault: 4xx. Only a failure on our side after verification answers 5xx, so WeChat retries it.
        // One notify URL for payments, refunds and transfers: the event type says which.
        let handle: () => Promise<unknown>
        try {
          const gateway = getPaymentProvider(ctx, 'wechatpay')
          const event = isWechatPay(gateway) ? (await gateway.decodeNotify(req.headers, raw)).eventType : 'TRANSACTION.SUCCESS'
          if (isWechatPay(gateway) && event.startsWith('REFUND.')) {
            const result = await gateway.decodeRefundNotify(req.headers, raw)
            handle = () => handleRefundResult(ctx, result)
          } else if (isWechatPay(gateway) && event.startsWith('MCHTRANSFER.')) {
            const bill = await gateway.decodeTransferNotify(req.headers, raw)
            // Balance withdrawals are numbered BW…, agent payouts W….
            handle = () => (bill.outBillNo.startsWith(BALANCE_WITHDRAW_PREFIX) ? settleBalanceTransfer(ctx, bill) : settleTransfer(ctx, bill))
          } else {
            const notice = await gateway.verifyNotify(req.headers, raw)
            handle = () => pay.handlePaidNotice(ctx, notice, raw)
          }
        } catch (err) {
          req.log.warn({ err: { message: (err as Error).message } }, 'wechat pay notify not verified')
          return fail(400, err instanceof AppError ? err.message : '通知验证失败')
        }
        try {
          await handle()
          return reply.code(204).send()
        } catch (err) {
          req.log.warn({ err }, 'wechat pay notify refused')
          return err instanceof AppError ? fail(400, err.message) : fail(500, '处理失败')
        }
      },
    })
  })
}
