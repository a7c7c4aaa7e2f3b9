import path from 'node:path'
import type { S3Settings } from './services/storage'
import { SMS_PROVIDERS, type SmsProviderName, type SmsSettings } from './modules/member/smsSettings'

/** The article section's name when neither the console nor ARTICLE_SECTION_NAME names it. */
export const DEFAULT_ARTICLE_SECTION = '文章'

/** All configuration comes from the environment; nothing secret is hard-coded or logged. */
export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string
  redisUrl: string
  h5Dir: string
  logLevel: string
  /** Serve the OpenAPI document at /h5/openapi.json (plugins/openapi.ts): everywhere but NODE_ENV=production. */
  openapi: boolean
  /** Unpaid orders expire after this many minutes. */
  orderExpireMinutes: number
  /** Days after receipt during which after-sales may be requested (commission stays frozen until then). */
  afterSalesDays: number
  /** Shipped orders are received automatically after this many days. AUTO_RECEIVE_DAYS (the console's 设置 → 店铺 when unset). */
  autoReceiveDays: number
  /**
   * The shop's name and logo, and the name of its article section (the 文章 list and its home entry; the demo seeds
   * 两性学堂) (console 设置 → 店铺; SHOP_NAME, SHOP_LOGO, ARTICLE_SECTION_NAME as defaults).
   */
  shop: { name: string; logo: string; articleSection: string }
  /**
   * Key of the settings kept encrypted in the database (WeChat secrets, keys): SETTINGS_KEY, at least 32
   * characters (AES-256-GCM, key = SHA-256 of it). Without it the console refuses to save secrets.
   */
  settingsKey: string
  /**
   * The SMS gateway of login codes (modules/member/sms.ts): SMS_PROVIDER log (default: the code goes to the log),
   * tencent or aliyun; SMS_SECRET_ID, SMS_SECRET_KEY, SMS_SDK_APP_ID (Tencent), SMS_SIGN_NAME, SMS_TEMPLATE_ID,
   * SMS_REGION (Tencent, ap-guangzhou), SMS_ENDPOINT (another API host). The console's 设置 → 短信 fills what the
   * environment leaves empty.
   */
  sms: SmsSettings
  /** NODE_ENV=production: the setup check then refuses demo stand-ins (the log SMS provider). */
  production: boolean
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
    /** The H5's WeChat JS-SDK and OAuth addresses (WX_JSSDK_URL, WX_OAUTH_URL), given to the page with the hosts (h5RuntimeConfig.ts). */
    jssdkUrl: string
    oauthUrl: string
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
   * Which proxies may set X-Forwarded-For (the client address behind per-IP limits). TRUST_PROXY: empty or
   * 0 = none, the address is the TCP peer (default); a number = that many proxy hops in front of the server;
   * else a comma list of proxy addresses or CIDR ranges (also loopback, linklocal, uniquelocal).
   */
  trustProxy: false | number | string[]
  /**
   * Script origins the shop's Content-Security-Policy allows besides its own (CSP_SCRIPT_HOSTS, comma list);
   * the origin of WX_JSSDK_URL is added when it points outside the shop.
   */
  cspScriptHosts: string[]
  /** Origins the pages may call besides their own (CSP_CONNECT_HOSTS, comma list), e.g. an object store for uploads. */
  cspConnectHosts: string[]
  /**
   * Customer service on the H5 (SPEC.md: a customer-service link): SERVICE_WECHAT_URL (a 微信客服 link,
   * https://work.weixin.qq.com/kfid/…), SERVICE_URL (an https link or a page of the shop) and SERVICE_PHONE; the
   * shopper picks one when several are set.
   */
  service: { url: string; phone: string; wechatUrl: string }
  /** Where uploads live: the local disk (default) or an S3-compatible bucket (services/storage.ts). STORAGE=s3, S3_*. */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Settings)
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
  /**
   * Courier tracking through 快递100 (modules/logistics/kuaidi100.ts): the authorisation key (KUAIDI100_KEY), the
   * customer id of the real-time query (KUAIDI100_CUSTOMER), the salt that signs its pushes (KUAIDI100_SALT), the public
   * URL it pushes to (KUAIDI100_CALLBACK_URL) and its API base (KUAIDI100_API_BASE). Each one set here wins over the
   * console's 设置 → 物流跟踪; without key, salt and callback URL, traces are only those staff type.
   */
  kuaidi100: { key: string; customer: string; salt: string; callbackUrl: string; apiBase: string }
}

const list = (v: string | undefined) =>
  String(v || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
/** TRUST_PROXY: off by default; `true` is refused on purpose (any client could then choose its address). */
export function parseTrustProxy(v: string | undefined): false | number | string[] {
  const s = String(v || '').trim()
  if (!s || s === '0' || s === 'false') return false
  if (/^\d+$/.test(s)) return Number(s)
  if (s === 'true') throw new Error('TRUST_PROXY=true would let any client choose its address: give the hop count or the proxy addresses')
  return list(s)
}
/** The origin of an absolute http(s) URL, as a one-element list; nothing for a path on the shop itself. */
const originOf = (v: string | undefined): string[] => {
  try {
    return v && /^https?:\/\//.test(v) ? [new URL(v).origin] : []
  } catch {
    return []
  }
}
/**
 * Fastify's trustProxy for a TRUST_PROXY value. Fastify itself trusts nothing for a bare hop count (it cannot
 * check the peer), so a count becomes "the first n hops are proxies": right only when the instances can be
 * reached through the proxy alone (docs/deploy.md); an address list is checked against the peer.
 */
export function trustProxyOption(tp: Config['trustProxy']): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp === 'number') return tp > 0 ? (_addr: string, hop: number) => hop < tp : false
  return tp
}
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
    openapi: env.NODE_ENV !== 'production',
    orderExpireMinutes: int(env.ORDER_EXPIRE_MINUTES, 30),
    afterSalesDays: int(env.AFTER_SALES_DAYS, 7),
    autoReceiveDays: int(env.AUTO_RECEIVE_DAYS, 15),
    shop: { name: env.SHOP_NAME || '', logo: env.SHOP_LOGO || '', articleSection: env.ARTICLE_SECTION_NAME || DEFAULT_ARTICLE_SECTION },
    settingsKey: env.SETTINGS_KEY || '',
    sms: {
      provider: (SMS_PROVIDERS as readonly string[]).includes(env.SMS_PROVIDER || '') ? (env.SMS_PROVIDER as SmsProviderName) : 'log',
      secretId: env.SMS_SECRET_ID || '',
      secretKey: env.SMS_SECRET_KEY || '',
      sdkAppId: env.SMS_SDK_APP_ID || '',
      signName: env.SMS_SIGN_NAME || '',
      templateId: env.SMS_TEMPLATE_ID || '',
      region: env.SMS_REGION || 'ap-guangzhou',
      endpoint: env.SMS_ENDPOINT || '',
    },
    production: env.NODE_ENV === 'production',
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
      jssdkUrl: env.WX_JSSDK_URL || '/static/jweixin-1.6.0.js',
      oauthUrl: env.WX_OAUTH_URL || 'https://open.weixin.qq.com/connect/oauth2/authorize',
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cspScriptHosts: [...new Set([...list(env.CSP_SCRIPT_HOSTS), ...originOf(env.WX_JSSDK_URL)])],
    cspConnectHosts: list(env.CSP_CONNECT_HOSTS),
    service: { url: env.SERVICE_URL || '', phone: env.SERVICE_PHONE || '', wechatUrl: env.SERVICE_WECHAT_URL || '' },
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: env.S3_ENDPOINT || '',
            region: env.S3_REGION || 'us-east-1',
            bucket: env.S3_BUCKET || '',
            accessKey: env.S3_ACCESS_KEY || '',
            secretKey: env.S3_SECRET_KEY || '',
            publicUrl: env.S3_PUBLIC_URL || '',
            urlTtlSeconds: int(env.S3_URL_TTL, 3600),
          }
        : { kind: 'local' },
    subscribeTemplates: env.WX_SUBSCRIBE_TEMPLATES ? JSON.parse(env.WX_SUBSCRIBE_TEMPLATES) : {},
    kuaidi100: {
      key: env.KUAIDI100_KEY || '',
      customer: env.KUAIDI100_CUSTOMER || '',
      salt: env.KUAIDI100_SALT || '',
      callbackUrl: env.KUAIDI100_CALLBACK_URL || '',
      apiBase: env.KUAIDI100_API_BASE || 'https://poll.kuaidi100.com',
    },
    payout: { sceneId: env.PAYOUT_SCENE_ID || '1005', dailyLimitAgent: int(env.PAYOUT_DAILY_LIMIT_AGENT, 500_000), dailyLimitShop: int(env.PAYOUT_DAILY_LIMIT_SHOP, 5_000_000) },
    ...overrides,
  }
}
