import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AppContext } from '../context'

/** The console's Fastify scope, typed by the TypeBox schemas of types/admin.ts. */
export type AdminApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>

/** A domain's console routes: server/src/modules/<domain>/adminRoutes.ts default-exports one. */
export type AdminRouteModule = (app: AdminApp, ctx: AppContext) => Promise<void>

/**
 * One module's console API as the console mounts it: its routes and the Chinese names of its fields in validation
 * messages (the module's `adminFieldLabels`: the same field name can mean 返现金额 in 好评返现 and 面额 in 优惠券).
 */
export interface AdminRouteSet {
  name: string
  routes: AdminRouteModule
  fieldLabels: Record<string, string>
}
