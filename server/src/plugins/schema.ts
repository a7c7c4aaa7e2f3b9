import AjvCompiler from '@fastify/ajv-compiler'
import type { FastifySchemaCompiler } from 'fastify'

/**
 * How requests are validated. Every shop route states its query and body as a TypeBox schema in types/<module>.ts
 * (builders in types/schema.ts); these are the validator's rules and its refusal messages.
 */

/**
 * Query strings and path parameters arrive as text: they are coerced to the schema's types ("2" -> 2,
 * "a" -> ["a"]). Unknown query keys stay (the wire's own `p`, tracking parameters) and handlers read only
 * declared ones.
 */
const QUERY_AJV = { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: false } as const
/**
 * A JSON body is checked as sent: `quantity: true` or `"2"` is refused, not turned into 1 or 2. Keys an
 * object schema does not declare are removed before the handler runs ('all': whether or not the schema says
 * additionalProperties), so a client sending more than asked still works, and no handler can pass a
 * client-chosen orderType, status, memberId or price on to the database.
 */
const BODY_AJV = { coerceTypes: false, removeAdditional: 'all', useDefaults: true, allErrors: false } as const

/** Fastify's validator compiler: one ajv for JSON bodies, one for query strings, params and headers. */
export function validatorCompiler(): FastifySchemaCompiler<any> {
  const pool = AjvCompiler()
  const body = pool({}, { customOptions: BODY_AJV })
  const query = pool({}, { customOptions: QUERY_AJV })
  return (route) => (route.httpPart === 'body' ? body : query)(route)
}

/** A list query with its paging (db/paging.ts, where the services take it from too). */
export { paged } from '../db/paging'

/**
 * People-readable names of the fields a shopper types or picks. Fields the client fills in by itself
 * (ids, order numbers, request ids) have none: a refusal on them only says the request was wrong.
 */
const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  verificationCode: '验证码',
  invitationCode: '邀请码',
  nickname: '昵称',
  name: '姓名',
  realName: '姓名',
  idCard: '身份证号',
  shopName: '店铺名称',
  province: '省份',
  city: '城市',
  district: '区县',
  detail: '详细地址',
  address: '地址',
  title: '标题',
  content: '内容',
  contentHtml: '正文',
  summary: '摘要',
  remark: '备注',
  reason: '原因',
  description: '问题描述',
  contact: '联系方式',
  company: '公司',
  wechat: '微信号',
  email: '邮箱',
  intro: '简介',
  quantity: '数量',
  amount: '金额',
  accountName: '账户名',
  accountNo: '账号',
  bankName: '开户行',
  bankBranch: '开户支行',
  trackingNo: '快递单号',
  expressCode: '快递公司',
  images: '图片',
  proofImages: '图片',
  proofText: '说明',
  keyword: '搜索词',
  receiverName: '提货人姓名',
  receiverPhone: '提货人手机号',
}

/** The last named field of an ajv error (`/items/0/content` -> content; a missing key -> its name). */
export function errorField(e: any): string {
  if (e?.keyword === 'required' && e.params?.missingProperty) return String(e.params.missingProperty)
  const parts = String(e?.instancePath || '')
    .split('/')
    .filter((p) => p && !/^\d+$/.test(p))
  return parts[parts.length - 1] || ''
}

/**
 * Turns an ajv error into a plain Chinese message for the shopper: it names the field only in words
 * (手机号, 数量), never by its wire name; the wire detail goes to the log (envelope plugin).
 */
export function schemaErrorMessage(errors: any[], _dataVar?: string): string {
  const e = errors?.[0]
  const label = FIELD_LABELS[errorField(e)]
  if (!e || !label) return GENERIC_MESSAGES[e?.keyword] || '请求参数有误，请返回重试'
  switch (e.keyword) {
    case 'required':
      return `请填写${label}`
    case 'minLength':
      return e.params?.limit <= 1 ? `请填写${label}` : `${label}太短`
    case 'maxLength':
      return `${label}太长了`
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${label}超出允许范围`
    case 'maxItems':
      return `${label}数量超出上限`
    case 'minItems':
      return `请添加${label}`
    default:
      return `${label}格式不正确`
  }
}

/** Refusals on fields the client fills in by itself: what went wrong, in words. */
const GENERIC_MESSAGES: Record<string, string> = {
  maxLength: '填写的内容太长了',
  maxItems: '选择的数量超出上限',
  minItems: '请至少选择一项',
}
