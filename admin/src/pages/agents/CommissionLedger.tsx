import { PageContainer } from '@ant-design/pro-components'
import { agentLedger, agentLedgerExportUrl } from '../../api/agents'
import { LedgerTable } from './LedgerTable'

/** 佣金流水: every agent's ledger (frozen → available → withdrawn, reversals on refunds), with totals and CSV. */
export default function CommissionLedger() {
  return (
    <PageContainer title='佣金流水'>
      <LedgerTable load={agentLedger} exportUrl={agentLedgerExportUrl} />
    </PageContainer>
  )
}
