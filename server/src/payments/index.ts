import type { AppContext } from '../context'
import type { PayChannel, PaymentProvider } from './provider'
import { createSandboxProvider } from './sandbox'

/**
 * Payment provider selection. config.payProvider picks the provider for new payments ('sandbox' by
 * default, 'wechatpay' in production); a payment remembers its provider, so its notify and refund
 * go back to the same one. WeChat Pay comes from ./wechatpay (createWechatPay(config, http)).
 */
export type ProviderName = PaymentProvider['name']
/** What the payment services need of the app: the CLI builds one without a server. */
export type PaymentCtx = Pick<AppContext, 'config' | 'db' | 'http' | 'log' | 'modules'>
type Factory = (ctx: PaymentCtx) => PaymentProvider

const factories = new Map<string, Factory>([['sandbox', (ctx) => createSandboxProvider(ctx.config.sandboxPayKey, ctx.db)]])
let instances = new WeakMap<PaymentCtx, Map<string, PaymentProvider>>()

/** Replaces or adds a provider factory (tests use it for a recorded WeChat gateway). */
export function registerPaymentProvider(name: ProviderName, factory: Factory) {
  factories.set(name, factory)
  instances = new WeakMap()
}

/** Forgets the built providers (the console changed WeChat Pay's settings: the next use builds them with the new keys). */
export function resetPaymentProviders() {
  instances = new WeakMap()
}

function wechatFactory(): Factory | undefined {
  try {
    // Loaded on first use, so a sandbox deployment needs no WeChat configuration.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (see above); a missing module is a sandbox deployment
    const mod = require('./wechatpay')
    if (typeof mod.createWechatPay === 'function') return (ctx) => mod.createWechatPay(ctx.config, ctx.http)
  } catch (err: any) {
    if (err?.code !== 'MODULE_NOT_FOUND' || !String(err.message).includes('wechatpay')) throw err
  }
  return undefined
}

export function getPaymentProvider(ctx: PaymentCtx, name: string = ctx.config.payProvider): PaymentProvider {
  let cache = instances.get(ctx)
  if (!cache) instances.set(ctx, (cache = new Map()))
  const hit = cache.get(name)
  if (hit) return hit
  let factory = factories.get(name)
  if (!factory && name === 'wechatpay') {
    factory = wechatFactory()
    if (factory) factories.set(name, factory)
  }
  if (!factory) throw new Error(`payment provider ${name} is not available`)
  const p = factory(ctx)
  cache.set(name, p)
  return p
}

/** Channels each provider serves: the sandbox in a plain browser, WeChat inside WeChat. */
export const CHANNELS: Record<ProviderName, PayChannel[]> = {
  sandbox: ['sandbox'],
  wechatpay: ['wechat_jsapi', 'wechat_mini', 'wechat_h5'],
}
