/**
 * Console 设置 and the WeChat loop's console side (docs/console.md "设置"): shop profile and timeouts, documents,
 * freight templates, WeChat settings (secrets never answered), messages and review mode, the setup check and the
 * failures to-do list. Paths under /admin/api/; permission settings.read / settings.write unless noted (todo/*: see
 * docs/console.md). Reconciliation is the reconcile module's (types/adminReconcile.ts).
 */
import { Type, type Static } from 'typebox'
import { Closed, Fen } from './admin'
import { Id, Str } from './schema'

// ------------------------------------------------------------------ 店铺

export const ShopProfile = Type.Object({
  name: Type.String(),
  logo: Type.String(),
  /** The article section's name: the 文章 list's title and its home entry (demo: 两性学堂). */
  articleSectionName: Type.String(),
  servicePhone: Type.String(),
  serviceUrl: Type.String(),
  /** 微信客服 link (https://work.weixin.qq.com/kfid/…), '' when not set. */
  serviceWechatUrl: Type.String(),
  /** Unpaid orders close after this many minutes. */
  orderExpireMinutes: Type.Integer(),
  /** Shipped orders are received automatically after this many days. */
  autoReceiveDays: Type.Integer(),
  /** After-sales may be requested this many days after receipt. */
  afterSalesDays: Type.Integer(),
})
export type ShopProfile = Static<typeof ShopProfile>
export const ShopProfileInput = Closed({
  name: Str(32),
  logo: Str(256),
  articleSectionName: Type.Optional(Str(8, 2)),
  servicePhone: Type.String({ maxLength: 20, pattern: '^[0-9+\\- ]*$' }),
  serviceUrl: Str(256),
  serviceWechatUrl: Type.Optional(Str(256)),
  orderExpireMinutes: Type.Integer({ minimum: 5, maximum: 1440 }),
  autoReceiveDays: Type.Integer({ minimum: 3, maximum: 60 }),
  afterSalesDays: Type.Integer({ minimum: 0, maximum: 60 }),
})
export type ShopProfileInput = Static<typeof ShopProfileInput>

export const DOCUMENT_KEYS = ['userAgreement', 'privacyPolicy'] as const
export const DocKeyParams = Closed({ key: Type.Union([Type.Literal('userAgreement'), Type.Literal('privacyPolicy')]) })
export type DocKeyParams = Static<typeof DocKeyParams>
export const SettingsDocument = Type.Object({ key: Type.String(), title: Type.String(), contentHtml: Type.String(), updatedAt: Type.Integer() })
export type SettingsDocument = Static<typeof SettingsDocument>
export const DocumentInput = Closed({ title: Str(64, 1), contentHtml: Str(100_000, 1) })
export type DocumentInput = Static<typeof DocumentInput>

// ------------------------------------------------------------------ 运费

export const RegionFee = Closed({ provinces: Type.Array(Str(16, 2), { minItems: 1, maxItems: 34 }), extra: Fen })
export const FreightTemplate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  baseFee: Type.Integer(),
  /** Goods amount from which goods of this template ship free; 0 = never free. */
  freeThreshold: Type.Integer(),
  regionFees: Type.Array(Type.Object({ provinces: Type.Array(Type.String()), extra: Type.Integer() })),
  isDefault: Type.Boolean(),
  goodsCount: Type.Integer(),
})
export type FreightTemplate = Static<typeof FreightTemplate>
export const FreightTemplateInput = Closed({
  name: Str(32, 1),
  baseFee: Fen,
  freeThreshold: Fen,
  regionFees: Type.Optional(Type.Array(RegionFee, { maxItems: 20 })),
  isDefault: Type.Optional(Type.Boolean()),
})
export type FreightTemplateInput = Static<typeof FreightTemplateInput>

// ------------------------------------------------------------------ 退货地址

/**
 * Where returned goods go (设置 → 退货地址; read with afterSales.read too, for the approval's choice). One is the
 * default; approving a return stores a copy of the address chosen on the case, so later edits never change it.
 */
export const ReturnAddress = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  province: Type.String(),
  city: Type.String(),
  district: Type.String(),
  detail: Type.String(),
  isDefault: Type.Boolean(),
})
export type ReturnAddress = Static<typeof ReturnAddress>
export const ReturnAddressInput = Closed({
  /** The receiver (a person or a department). */
  name: Str(32, 1),
  /** A mobile number or a landline with its area code (0571-88886666). */
  phone: Type.String({ minLength: 7, maxLength: 20, pattern: '^[0-9][0-9\\- ]*$' }),
  province: Str(16, 2),
  city: Str(16, 1),
  district: Str(16),
  detail: Str(100, 2),
  isDefault: Type.Optional(Type.Boolean()),
})
export type ReturnAddressInput = Static<typeof ReturnAddressInput>

// ------------------------------------------------------------------ 自提点

/**
 * The shop's pickup points (设置 → 自提点; docs/orders.md "Self-pickup"). The checkout offers 到店自提 while one is
 * enabled; an order keeps a copy of the point chosen, so editing or deleting a point never changes old orders.
 */
export const AdminPickupPoint = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  province: Type.String(),
  city: Type.String(),
  district: Type.String(),
  detail: Type.String(),
  hours: Type.String(),
  phone: Type.String(),
  enabled: Type.Boolean(),
  sort: Type.Integer(),
})
export type AdminPickupPoint = Static<typeof AdminPickupPoint>
export const PickupPointInput = Closed({
  name: Str(32, 1),
  province: Str(16, 2),
  city: Str(16, 1),
  district: Str(16),
  detail: Str(100, 2),
  /** Business hours as shoppers read them, e.g. 每天 09:00-21:00. */
  hours: Str(64, 1),
  /** A mobile number or a landline with its area code. */
  phone: Type.String({ minLength: 7, maxLength: 20, pattern: '^[0-9][0-9\\- ]*$' }),
  enabled: Type.Boolean(),
  /** Smaller first. */
  sort: Type.Integer({ minimum: 0, maximum: 9999 }),
})
export type PickupPointInput = Static<typeof PickupPointInput>

// ------------------------------------------------------------------ 微信

/** One WeChat setting as the console sees it: plain values shown; secrets and files only as "已设置" + a hint. */
export const WechatFieldView = Type.Object({
  key: Type.String(),
  label: Type.String(),
  secret: Type.Boolean(),
  /** Plain fields only; '' for secrets and files. */
  value: Type.String(),
  set: Type.Boolean(),
  /** "已设置 · 指纹 1a2b3c4d · 末4位 abcd", a certificate's serial and expiry… ('' when not set). */
  hint: Type.String(),
  /** Set by an environment variable: it wins, the console cannot change it. */
  fromEnv: Type.Boolean(),
  env: Type.String(),
})
export type WechatFieldView = Static<typeof WechatFieldView>
export const WechatSettingsView = Type.Object({
  fields: Type.Array(WechatFieldView),
  /** SETTINGS_KEY is set: secrets can be saved. */
  canSaveSecrets: Type.Boolean(),
  keyProblem: Type.String(),
})
export type WechatSettingsView = Static<typeof WechatSettingsView>
/** Left out = unchanged; '' = remove the stored value. PEM files are sent as their text. */
export const WechatSettingsInput = Closed({
  h5AppId: Type.Optional(Str(32)),
  h5Secret: Type.Optional(Str(64)),
  miniAppId: Type.Optional(Str(32)),
  miniSecret: Type.Optional(Str(64)),
  miniPushToken: Type.Optional(Str(64)),
  payProvider: Type.Optional(Type.Union([Type.Literal('sandbox'), Type.Literal('wechatpay')])),
  h5PayEnabled: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('')])),
  mchId: Type.Optional(Str(32)),
  mchSerialNo: Type.Optional(Str(64)),
  apiV3Key: Type.Optional(Str(64)),
  mchPrivateKey: Type.Optional(Str(8_000)),
  platformCert: Type.Optional(Str(8_000)),
  platformKeyId: Type.Optional(Str(64)),
  notifyUrl: Type.Optional(Str(256)),
})
export type WechatSettingsInput = Static<typeof WechatSettingsInput>

// ------------------------------------------------------------------ 短信

/** 设置 → 短信: the fields as WechatFieldView (the secret key never answered) and the provider sending now. */
export const SmsSettingsView = Type.Object({
  fields: Type.Array(WechatFieldView),
  canSaveSecrets: Type.Boolean(),
  keyProblem: Type.String(),
  /** The provider that sends login codes now: log (demo), tencent or aliyun, with its name for the merchant. */
  live: Type.Object({ provider: Type.String(), label: Type.String(), missing: Type.Array(Type.String()) }),
})
export type SmsSettingsView = Static<typeof SmsSettingsView>
/** Left out = unchanged; '' = remove the stored value. */
export const SmsSettingsInput = Closed({
  provider: Type.Optional(Type.Union([Type.Literal('log'), Type.Literal('tencent'), Type.Literal('aliyun')])),
  secretId: Type.Optional(Str(128)),
  secretKey: Type.Optional(Str(128)),
  sdkAppId: Type.Optional(Str(32)),
  signName: Type.Optional(Str(32)),
  templateId: Type.Optional(Str(32)),
  region: Type.Optional(Str(32)),
})
export type SmsSettingsInput = Static<typeof SmsSettingsInput>
/** 发送测试短信: a real login-code message to the merchant's own phone (the code is not stored). */
export const SmsTestInput = Closed({ phone: Str(20, 1) })
export type SmsTestInput = Static<typeof SmsTestInput>
export const SmsTestReply = Type.Object({ sent: Type.Boolean(), message: Type.String() })
export type SmsTestReply = Static<typeof SmsTestReply>

// ------------------------------------------------------------------ 消息

export const SUBSCRIBE_EVENT_NAMES: Record<string, string> = {
  order_shipped: '订单发货',
  after_sale_result: '售后结果',
  refund_arrived: '退款到账',
  withdrawal_paid: '提现到账',
  cashback_paid: '返现到账',
  group_formed: '拼团成功',
  group_failed: '拼团失败',
}
export const MessageTemplate = Type.Object({ event: Type.String(), templateId: Type.String(), enabled: Type.Boolean(), page: Type.String(), fields: Type.Record(Type.String(), Type.String()) })
export type MessageTemplate = Static<typeof MessageTemplate>
export const MessageSettings = Type.Object({
  /** Mini-program subscribe messages per event. */
  subscribe: Type.Array(MessageTemplate),
  /** Official-account template messages per event (shoppers in WeChat's browser); page = the H5 URL opened. */
  official: Type.Array(MessageTemplate),
  reviewMode: Type.Boolean(),
})
export type MessageSettings = Static<typeof MessageSettings>
export const MessageEventParams = Closed({
  kind: Type.Union([Type.Literal('subscribe'), Type.Literal('official')]),
  event: Type.Union([
    Type.Literal('order_shipped'),
    Type.Literal('after_sale_result'),
    Type.Literal('refund_arrived'),
    Type.Literal('withdrawal_paid'),
    Type.Literal('cashback_paid'),
    Type.Literal('group_formed'),
    Type.Literal('group_failed'),
  ]),
})
export type MessageEventParams = Static<typeof MessageEventParams>
/** Template keys (thing1, character_string2…) → the event's value names (orderNo, goodsName, amount, time…). */
export const MessageTemplateInput = Closed({
  templateId: Str(64),
  enabled: Type.Boolean(),
  page: Str(256),
  fields: Type.Record(Type.String({ maxLength: 32, pattern: '^[a-z_]+[0-9]*$' }), Str(32), { maxProperties: 10 }),
})
export type MessageTemplateInput = Static<typeof MessageTemplateInput>
export const ReviewModeBody = Closed({ on: Type.Boolean() })
export type ReviewModeBody = Static<typeof ReviewModeBody>

// ------------------------------------------------------------------ 设置检查

export const CheckStatus = Type.Union([Type.Literal('ok'), Type.Literal('warn'), Type.Literal('error'), Type.Literal('skip')])
/** `message`: what the owner reads and can do; `detail`: the technical part for whoever deploys (shown folded as 技术说明). */
export const SetupCheck = Type.Object({ key: Type.String(), title: Type.String(), status: CheckStatus, message: Type.String(), detail: Type.Optional(Type.String()) })
export type SetupCheck = Static<typeof SetupCheck>
export const SetupCheckReply = Type.Object({ checks: Type.Array(SetupCheck), checkedAt: Type.Integer() })
export type SetupCheckReply = Static<typeof SetupCheckReply>

// ------------------------------------------------------------------ 工作台 → 待处理异常

export const FailuresReply = Type.Object({
  refunds: Type.Array(Type.Object({ afterSaleId: Type.Integer(), orderNo: Type.String(), amount: Type.Integer(), error: Type.String(), at: Type.Integer() })),
  latePayments: Type.Array(Type.Object({ payNo: Type.String(), orderNo: Type.String(), amount: Type.Integer(), error: Type.String(), at: Type.Integer() })),
  shipping: Type.Array(Type.Object({ orderNo: Type.String(), attempts: Type.Integer(), error: Type.String(), at: Type.Integer() })),
  messages: Type.Array(Type.Object({ id: Type.Integer(), event: Type.String(), memberId: Type.Integer(), attempts: Type.Integer(), error: Type.String(), at: Type.Integer() })),
  /** Courier tracking that needs staff: a refused waybill (更正运单号), given-up retries, stopped tracking, a refused key. */
  tracking: Type.Array(Type.Object({ orderNo: Type.String(), expressName: Type.String(), trackingNo: Type.String(), status: Type.String(), error: Type.String(), at: Type.Integer() })),
})
export type FailuresReply = Static<typeof FailuresReply>
export const FailureCounts = Type.Object({ refunds: Type.Integer(), shipping: Type.Integer(), messages: Type.Integer(), tracking: Type.Integer() })
export type FailureCounts = Static<typeof FailureCounts>
export const OrderNoBody = Closed({ orderNo: Str(32, 1) })
export type OrderNoBody = Static<typeof OrderNoBody>
export const PayNoBody = Closed({ payNo: Str(40, 1) })
export type PayNoBody = Static<typeof PayNoBody>
export const MessageIdBody = Closed({ id: Id() })
export type MessageIdBody = Static<typeof MessageIdBody>

/** 操作日志 words of 设置 and 对账 / 待处理异常: types/auditLabels.ts. */
export const SETTINGS_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'settings.shop': '修改店铺设置',
    'settings.document': '修改协议',
    'settings.wechat': '修改微信设置',
    'settings.sms': '修改短信设置',
    'settings.sms-test': '发送测试短信',
    'settings.message.subscribe': '修改小程序订阅消息',
    'settings.message.official': '修改公众号模板消息',
    'settings.review-mode': '切换审核模式',
    'freight.create': '新建运费模板',
    'freight.update': '编辑运费模板',
    'freight.delete': '删除运费模板',
    'returnAddress.create': '新建退货地址',
    'returnAddress.update': '编辑退货地址',
    'returnAddress.delete': '删除退货地址',
    'pickupPoint.create': '新建自提点',
    'pickupPoint.update': '编辑自提点',
    'pickupPoint.delete': '删除自提点',
    'reconcile.run': '对账',
    'payment.refund-retry': '重试迟到支付的退款',
    'shipping.upload-retry': '重新上报发货信息',
    'message.retry': '重发消息',
  },
  targets: { document: '协议', freightTemplate: '运费模板', returnAddress: '退货地址', pickupPoint: '自提点', message: '消息', messageTemplate: '消息模板', payment: '支付', reconcile: '对账' },
  fields: {
    shopName: '店铺名称',
    serviceWechatUrl: '微信客服链接',
    provider: '通道',
    sent: '已发送',
    message: '结果',
    payProvider: '支付方式',
    regions: '地区加价',
    isDefault: '默认',
    province: '省份',
    city: '城市',
    district: '区县',
    detail: '详细地址',
    date: '日期',
  },
}
