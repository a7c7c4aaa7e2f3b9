import path from 'node:path'

/** All configuration comes from the environment; nothing secret is hard-coded or logged. */
export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string
  redisUrl: string
  h5Dir: string
  logLevel: string
  /** Unpaid orders expire after this many minutes. */
  orderExpireMinutes: number
  /** Days after receipt during which after-sales may be requested (commission stays frozen until then). */
  afterSalesDays: number
  smsProvider: 'log'
  uploadMaxImageBytes: number
  uploadMaxVideoBytes: number
  payProvider: 'sandbox' | 'wechatpay'
  sandboxPayKey: string
  mainHost: string
  entryHosts: string[]
  loginRedirectHosts: string[]
  webviewAllowList: string[]
  wechat: {
    h5AppId: string
    h5Secret: string
    miniAppId: string
    miniSecret: string
    apiBase: string
    /** WeChat Pay API v3 base (https://api.mch.weixin.qq.com). */
    payApiBase: string
    mchId: string
    mchSerialNo: string
    mchPrivateKey: string
    apiV3Key: string
    notifyUrl: string
    platformPublicKeys: Record<string, string>
    /** Token of the mini-program's message push (WX_MINI_PUSH_TOKEN): trade-management events, /h5/api/wechat/miniPush. */
    miniPushToken: string
    /** WeChat Pay H5 for phone browsers outside WeChat (WXPAY_H5=1; the H5 payment domain must be set at WeChat). */
    h5PayEnabled: boolean
  }
  logoffCoolingDays: number
  /**
   * Public reads (home, goods detail, search) are cached in the process until it writes something they
   * show, and at most this long (what other processes write); 0 turns the cache off. READ_CACHE_MS.
   */
  readCacheMs: number
  /** Bearer token for GET /metrics; without it /metrics answers only the local and private networks. METRICS_TOKEN. */
  metricsToken: string
  /** On SIGTERM, how long in-flight requests and jobs get before the process exits anyway. SHUTDOWN_TIMEOUT_MS. */
  shutdownTimeoutMs: number
  /**
   * Agent payouts by WeChat merchant transfer: transfer_scene_id (PAYOUT_SCENE_ID, 1005 佣金报酬) and the daily
   * limits in fen per agent shop (PAYOUT_DAILY_LIMIT_AGENT) and for the whole shop (PAYOUT_DAILY_LIMIT_SHOP).
   */
  payout: { sceneId: string; dailyLimitAgent: number; dailyLimitShop: number }
  /**
   * Mini-program subscribe message templates per event (WX_SUBSCRIBE_TEMPLATES, JSON):
   * { "order_shipped": { "templateId": "...", "fields": { "character_string1": "orderNo", "thing2": "goodsName" } }, ... }.
   * The settings service (modules/settings) starts from these; the console's settings override them.
   */
  subscribeTemplates: Record<string, { templateId: string; enabled?: boolean; page?: string; fields: Record<string, string> }>
}

const list = (v: string | undefined) => String(v || '').split(',').map((s) => s.trim()).filter(Boolean)
const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = path.resolve(__dirname, '..', '..')
  const dataDir = env.DATA_DIR || path.join(root, 'data')
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || '',
    redisUrl: env.REDIS_URL || '',
    h5Dir: path.resolve(env.H5_DIR || path.join(root, 'dist', 'h5')),
    logLevel: env.LOG_LEVEL || 'info',
    orderExpireMinutes: int(env.ORDER_EXPIRE_MINUTES, 30),
    afterSalesDays: int(env.AFTER_SALES_DAYS, 7),
    smsProvider: 'log',
    uploadMaxImageBytes: int(env.UPLOAD_MAX_IMAGE_BYTES, 5 * 1024 * 1024),
    uploadMaxVideoBytes: int(env.UPLOAD_MAX_VIDEO_BYTES, 50 * 1024 * 1024),
    payProvider: env.PAY_PROVIDER === 'wechatpay' ? 'wechatpay' : 'sandbox',
    sandboxPayKey: env.SANDBOX_PAY_KEY || 'sandbox-local-key',
    mainHost: env.MAIN_HOST || '',
    entryHosts: list(env.ENTRY_HOSTS),
    loginRedirectHosts: list(env.LOGIN_REDIRECT_HOSTS),
    webviewAllowList: list(env.WEBVIEW_ALLOW_LIST || 'localhost,127.0.0.1'),
    wechat: {
      h5AppId: env.WX_H5_APPID || '',
      h5Secret: env.WX_H5_SECRET || '',
      miniAppId: env.WX_MINI_APPID || '',
      miniSecret: env.WX_MINI_SECRET || '',
      apiBase: env.WX_API_BASE || 'https://api.weixin.qq.com',
      payApiBase: env.WXPAY_API_BASE || 'https://api.mch.weixin.qq.com',
      mchId: env.WXPAY_MCHID || '',
      mchSerialNo: env.WXPAY_SERIAL_NO || '',
      mchPrivateKey: env.WXPAY_PRIVATE_KEY || '',
      apiV3Key: env.WXPAY_API_V3_KEY || '',
      notifyUrl: env.WXPAY_NOTIFY_URL || '',
      platformPublicKeys: env.WXPAY_PLATFORM_KEYS ? JSON.parse(env.WXPAY_PLATFORM_KEYS) : {},
      h5PayEnabled: env.WXPAY_H5 === '1',
      miniPushToken: env.WX_MINI_PUSH_TOKEN || '',
    },
    logoffCoolingDays: int(env.LOGOFF_COOLING_DAYS, 7),
    readCacheMs: int(env.READ_CACHE_MS, 1000),
    metricsToken: env.METRICS_TOKEN || '',
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 15000),
    subscribeTemplates: env.WX_SUBSCRIBE_TEMPLATES ? JSON.parse(env.WX_SUBSCRIBE_TEMPLATES) : {},
    payout: { sceneId: env.PAYOUT_SCENE_ID || '1005', dailyLimitAgent: int(env.PAYOUT_DAILY_LIMIT_AGENT, 500_000), dailyLimitShop: int(env.PAYOUT_DAILY_LIMIT_SHOP, 5_000_000) },
    ...overrides,
  }
}
