import type { ShopModule } from '../shopModule'
import routes from './routes'
import { commissionReleaseJob, transferCheckJob } from './jobs'
import { agentCommands } from './commands'
import { commissionOrderHooks, commissionRefundListener } from './commission'
import { agentLogoffHint, applicationLookup, closeAgentShop } from './service'
import { recordBinding } from './rules'
import adminRoutes from './adminRoutes'
import { AGENTS_FIELD_LABELS } from '../../../../types/adminAgents'

/** The agent back office: commission booked on payment, released after the after-sales window, reversed by refunds; the shop closes with its owner's account. */
export const agentModule: ShopModule = {
  name: 'agent',
  routes,
  adminRoutes,
  adminFieldLabels: AGENTS_FIELD_LABELS,
  onMemberRegistered: recordBinding,
  agentApplicationStatus: applicationLookup,
  jobs: [commissionReleaseJob, transferCheckJob],
  orderHooks: commissionOrderHooks,
  orderEvents: { refunded: commissionRefundListener },
  account: { logoffNotice: agentLogoffHint, onAnonymise: closeAgentShop },
  commands: agentCommands,
}
