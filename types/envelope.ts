/** Every response: HTTP 200 with { code, msg, data }. code 200 is success, 403 means not logged in. */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

/** Product error codes (docs/API.md keeps the table). */
export const ErrorCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVER_ERROR: 500,
  UNAVAILABLE: 503,
  RATE_LIMITED: 1001,
  CODE_INVALID: 1002,
  ACCOUNT_LOGOFF: 1003,
  ACCOUNT_DISABLED: 1004,
  UPLOAD_REFUSED: 1010,
  OUT_OF_STOCK: 2001,
  GOODS_OFF_SHELF: 2002,
  ORDER_STATE: 2003,
  PAY_FAILED: 2004,
  /** 每人限购 or 起购数量 of a goods (docs/orders.md "Purchase limits"). */
  PURCHASE_LIMIT: 2005,
  COUPON_NOT_APPLICABLE: 3001,
  COUPON_LIMIT: 3002,
  POINTS_INSUFFICIENT: 3003,
  SECKILL_NOT_ACTIVE: 3004,
  SECKILL_LIMIT: 3005,
  SECKILL_SOLD_OUT: 3006,
  BALANCE_INSUFFICIENT: 4001,
  AFTER_SALE_STATE: 4002,
  REFUND_EXCEEDS: 4003,
  /** 支付密码 (docs/balance.md): none set yet (the client opens the set page), wrong (data.left tries), locked (data.lockedUntil), or missing. */
  PAY_PASSWORD_NOT_SET: 4010,
  PAY_PASSWORD_WRONG: 4011,
  PAY_PASSWORD_LOCKED: 4012,
  PAY_PASSWORD_REQUIRED: 4013,
  NOT_AGENT: 5001,
  AGENT_STATE: 5002,
  WEBVIEW_REFUSED: 6001,
  WECHAT_ERROR: 7001,
  WECHAT_CODE_USED: 7002,
  WECHAT_NOT_CONFIGURED: 7003,
  WECHAT_URL_REFUSED: 7004,
  WECHAT_LOGIN_EXPIRED: 7005,
  WECHAT_PAY_SIGNATURE: 7006,
  /** WeChat's phone-number sign-in is not available to this mini-program now (quota or permission): use the SMS form. */
  WECHAT_PHONE_UNAVAILABLE: 7007,
} as const

/** Transport failure codes used by the client when no envelope arrives (SPEC.md section 8). */
export const TransportCode = {
  TIMEOUT: 5,
  ABORT: 600003,
  NETWORK: 5,
  NETWORK_FILE: 602001,
  SOCKET_CONNECT: 600009,
  SOCKET_CLOSED: 10002,
} as const

export interface Page<T> {
  list: T[]
  total: number
  page: number
  pageSize: number
}
