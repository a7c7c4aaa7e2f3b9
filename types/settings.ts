/** Shop settings the client reads without a new build (GET /api/settings/public, no token). */
export interface PublicSettings {
  /** The mini-program is under WeChat's review: hide video release, the blind box and reward-promising share prompts. */
  reviewMode: boolean
  /** Phone browsers outside WeChat pay with WeChat Pay H5 (channel wechat_h5). */
  h5Pay: boolean
  /** Subscribe message template ids to ask for (requestSubscribeMessage) at each moment. */
  subscribe: { placeOrder: string[]; afterSale: string[]; withdraw: string[]; groupBuy: string[] }
}
