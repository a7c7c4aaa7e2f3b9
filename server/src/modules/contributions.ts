import type { Db } from '../db/types'
import type { OrderEvent, OrderHook } from './order/hooks'
import type { OrderEventListener, OrderEventMap } from './order/events'
import type { PricingStep } from './order/pricing'
import type { AccountContribution } from './shopModule'
import type { MemberRegisteredHook } from './member/service'

/** The state of a member's agent application, for one without an active shop (the agent module answers it). */
export type AgentApplicationLookup = (db: Db, memberId: number) => Promise<'none' | 'pending' | 'rejected'>

export interface OrderHookEntry {
  event: OrderEvent
  /** The contributing module's name. */
  name: string
  fn: OrderHook
}
export interface OrderEventEntry<E extends keyof OrderEventMap = keyof OrderEventMap> {
  event: E
  name: string
  fn: OrderEventListener<E>
}

/**
 * What the modules contribute to the flows of other modules, composed once by installModules() (modules/index.ts)
 * from the module list and carried by the app context (`ctx.modules`) and the operator CLI's context. Services read
 * it from there or take it as a parameter: no module keeps a copy in its own state, and nothing fills it by being
 * imported. Only types here, so any file may import it.
 */
export interface Contributions {
  /** Order pricing steps, in PRICING_ORDER (the member level, the coupon, then points). */
  pricingSteps: readonly PricingStep[]
  /** Order state hooks in the module list's order, run inside the transaction that changes the order's state. */
  orderHooks: readonly OrderHookEntry[]
  /** Listeners of order events that are not state changes (an after-sales refund). */
  orderEvents: readonly OrderEventEntry[]
  /** Account logoff: the modules' notices and what they clear on anonymisation. */
  account: ReadonlyArray<{ name: string } & AccountContribution>
  /** Run inside the transaction that creates a member. */
  memberRegistered: ReadonlyArray<{ name: string; fn: MemberRegisteredHook }>
  /** Member info's agentStatus for a member without an active shop ('none' when no module answers). */
  agentApplicationStatus: AgentApplicationLookup
}
