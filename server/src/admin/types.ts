import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AppContext } from '../context'

/** The console's Fastify scope, typed by the TypeBox schemas of types/admin.ts. */
export type AdminApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>

/** A domain's console routes: server/src/modules/<domain>/adminRoutes.ts default-exports one. */
export type AdminRouteModule = (app: AdminApp, ctx: AppContext) => Promise<void>
