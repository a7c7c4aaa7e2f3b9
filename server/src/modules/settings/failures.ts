import type { Db } from '../../db/types'
import type { FailureCounts } from '../../../../types/adminSettings'
import { failedRefundCounts } from '../pay/refunds'
import { failedShippingCount } from '../wechatShipping/service'
import { failedSubscriptionCount } from '../logistics/tracking'
import '../../db/moneyTables'

/** The to-do counts of what failed and waits for the operator (工作台): refunds, shipping uploads, messages, courier tracking. */
export async function failureCounts(db: Db): Promise<FailureCounts> {
  const [r, shipping, m, tracking] = await Promise.all([
    failedRefundCounts(db),
    failedShippingCount(db),
    db
      .selectFrom('messageOutbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'failed')
      .executeTakeFirst(),
    failedSubscriptionCount(db),
  ])
  return { refunds: r.cases + r.latePayments, shipping, messages: Number(m?.n || 0), tracking }
}
