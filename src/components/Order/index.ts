import './index.scss'

export { default as ActionBar } from './ActionBar'
export { default as GoodsLine } from './GoodsLine'
export { ACTION_LABEL, PRIMARY_ACTIONS, runOrderAction } from './actions'
export { payOrder, payThenShowStatus } from './pay'
export { newRequestId, orderRequestFromQuery } from './request'
