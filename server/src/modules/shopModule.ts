import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { AppContext, HttpClient } from '../context'
import type { Config } from '../config'
import type { Conn, Db, Tx } from '../db/types'
import type { OrderEvent, OrderHook } from './order/hooks'
import type { OrderEventListeners } from './order/events'
import type { PricingStep } from './order/pricing'
import type { MemberRegisteredHook } from './member/service'
import type { AdminRouteModule } from '../admin/types'
import type { AgentApplicationLookup, Contributions } from './contributions'

/**
 * What one domain module contributes to the shop. Each module folder exports one of these from its index.ts
 * (`export const couponModule: ShopModule = { ... }`), and modules/index.ts lists them in one place: nothing
 * registers itself by being imported. Only types here (and one tiny helper), so any file may import it.
 */
export interface ShopModule {
  /** The module's folder name; also the name its hooks and listeners run under in logs and errors. */
  name: string
  /** The shop's API, registered under /h5 (all modules share one scope: see modules/index.ts). */
  routes?: RoutePlugin
  /** The merchant console's API (modules/<domain>/adminRoutes.ts), for its scope under /admin/api (adminRouteModules). */
  adminRoutes?: AdminRouteModule
  /** The Chinese names of its console fields in validation messages, over the shared ADMIN_FIELD_LABELS (types/admin*.ts). */
  adminFieldLabels?: Record<string, string>
  /** Periodic jobs, each run on one instance at a time (jobs.ts). */
  jobs?: Job[]
  /** Order pricing steps; the order they run in is fixed by PRICING_ORDER in modules/index.ts. */
  pricingSteps?: PricingStep[]
  /** Order state hooks, run inside the transaction that changes the order's state. */
  orderHooks?: Partial<Record<OrderEvent, OrderHook>>
  /** Listeners of order events that are not state changes (an after-sales refund). */
  orderEvents?: OrderEventListeners
  /** Run inside the transaction that creates a member (every way of registering ends in member/service.ts). */
  onMemberRegistered?: MemberRegisteredHook
  /** Member info's agentStatus for a member without an active shop (the agent module; at most one module answers it). */
  agentApplicationStatus?: AgentApplicationLookup
  /** Account logoff: what this module warns about, and the personal data it clears on anonymisation. */
  account?: AccountContribution
  /** Operator CLI commands (`npm run admin -- <command>`), from the module's commands.ts. */
  commands?: AdminCommandDef[]
}

/** The shop's Fastify scope (/h5), typed by the TypeBox schemas of types/<module>.ts: handlers read typed queries and bodies. */
export type ShopApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>

/** A route plugin: `async (app, ctx) => { app.get(...) }`. */
export type RoutePlugin = (app: ShopApp, ctx: AppContext) => Promise<void>

/** A periodic job: runs every `everyMs` on one instance at a time; errors are logged, never crash the server. */
export interface Job {
  name: string
  everyMs: number
  run: (ctx: AppContext) => Promise<unknown>
}

export interface LogoffNotice {
  isAgent: boolean
  hint: string
}

export interface AccountContribution {
  /** What the member must know before logging off (e.g. the agent shop that closes with the account). */
  logoffNotice?: (db: Db, memberId: number) => Promise<LogoffNotice>
  /** Clears this module's personal data of a member being anonymised, inside the anonymisation's transaction. */
  onAnonymise?: (tx: Tx | Conn, memberId: number) => Promise<void>
}

/** What an operator CLI command receives. */
export interface AdminContext {
  config: Config
  db: Db
  /** Prints one line to the operator. */
  out: (line: string) => void
  /** Outbound HTTP for commands that call WeChat (tests pass a recorded fake); fetch when absent. */
  http?: HttpClient
  /** What the modules contribute (order hooks...): the commands change orders as the server does. */
  modules: Contributions
}

export type AdminCommand = (args: string[], ctx: AdminContext) => Promise<void>

export interface AdminCommandDef {
  name: string
  /** Usage and a short description, e.g. 'ship <orderNo> <expressCode> <trackingNo>  发货'. */
  help: string
  fn: AdminCommand
}

/** One operator CLI command (a module's commands.ts exports a list of these). */
export const adminCommand = (name: string, help: string, fn: AdminCommand): AdminCommandDef => ({ name, help, fn })
