/**
 * Order and after-sales logs in the merchant's words (issue 33): the step's name from the order module's contract,
 * who did it (买家 / 系统 / the staff member's name), and old notes that still name a payment channel in code.
 */
import { ORDER_LOG_ACTION_TEXT, OPERATOR_TEXT } from '@contract/order'
import { payMethodText } from '@contract/pay'

/** 买家, 系统, or the staff member's name (商家 when the step was not made in the console: the seed, the CLI). */
export const operatorText = (operator: string, staffName = '') => (operator === 'admin' && staffName) || OPERATOR_TEXT[operator] || (operator.startsWith('会员') ? '买家' : '系统')

/** An order log step's name; an unknown step is named by its result rather than shown as code. */
export const orderActionText = (action: string) => ORDER_LOG_ACTION_TEXT[action] || '订单更新'

/** A log note as written before payment notes were in words (`sandbox SBP…`, `wechat_jsapi 4200…`): the channel as its method. */
export const logNoteText = (note: string) => note.replace(/^(sandbox|wechat_[a-z]+) (\S+)$/, (_, channel: string, txn: string) => `${payMethodText('', channel)}，交易号 ${txn}`)
