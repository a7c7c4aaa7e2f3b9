import { adminCommand, type ShopModule } from '../shopModule'
import { failedShippingUploads, queuePickupUpload, queueShippingUpload, retryShippingUpload, uploadDueShipping } from './service'
import { handleTradeEvent, verifyPush } from './push'

/** Shipping info of mini-program orders reported to WeChat (upload_shipping_info), with retries. */
export const wechatShippingModule: ShopModule = {
  name: 'wechatShipping',
  orderHooks: { parcel: queueShippingUpload, shipped: queueShippingUpload, received: queuePickupUpload },
  // The mini-program's message push (trade-management events): no token, no p, WeChat's own signature.
  routes: async (app, ctx) => {
    app.get('/api/wechat/miniPush', {
      config: { auth: 'none', rawWire: true },
      schema: { description: "WeChat's check of the push URL: `echostr` as text; 401 on a bad signature. Not enveloped. Request: `signature`, `timestamp`, `nonce`, `echostr` in the query" },
      handler: async (req, reply) => {
        const q = req.query as Record<string, string>
        if (!verifyPush(ctx.config.wechat.miniPushToken, q)) return reply.code(401).type('text/plain').send('invalid signature')
        return reply.type('text/plain').send(String(q.echostr || ''))
      },
    })
    app.post('/api/wechat/miniPush', {
      config: { auth: 'none', rawWire: true },
      schema: {
        description:
          "The mini-program's message push: `success` as text; 401 on a bad signature. Not enveloped. Trade-management events (docs/wechat.md). Request: `signature`, `timestamp`, `nonce` in the query",
      },
      handler: async (req, reply) => {
        if (!verifyPush(ctx.config.wechat.miniPushToken, req.query as Record<string, string>)) return reply.code(401).type('text/plain').send('invalid signature')
        await handleTradeEvent(ctx, (req.body || {}) as Record<string, unknown>)
        return reply.type('text/plain').send('success')
      },
    })
  },
  jobs: [{ name: 'wechat-shipping-upload', everyMs: 60_000, run: (ctx) => uploadDueShipping(ctx) }],
  commands: [
    adminCommand('shipping-uploads', 'shipping-uploads [retry <orderNo>]              小程序发货信息：列出上传失败的订单；retry 立即重新上传', async (args, { db, out }) => {
      if (args[0] === 'retry') {
        if (!args[1]) throw new Error('用法：shipping-uploads retry <orderNo>')
        await retryShippingUpload(db, args[1])
        out(`已排队重新上传 ${args[1]}，由后台任务发送`)
        return
      }
      const rows = await failedShippingUploads(db)
      for (const r of rows) out(`${r.orderNo}  尝试 ${r.attempts} 次  ${r.lastError}`)
      out(`上传失败 ${rows.length} 单`)
    }),
  ],
}
