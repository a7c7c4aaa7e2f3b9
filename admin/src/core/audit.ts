/**
 * 操作日志 in the merchant's words (issue 33): each console contract's `*_AUDIT` (types/auditLabels.ts) names its
 * actions, record types and recorded fields; this joins them, and turns a row's before / after records into
 * 「字段：修改前 → 修改后」 rows. Nothing of a record is ever shown as JSON: an unnamed field gets a readable
 * fallback, a value that is a code word gets its name or 「其他」.
 */
import { ADMIN_FIELD_LABELS, BUILT_IN_ROLE_NAMES } from '@contract/admin'
import { CORE_AUDIT } from '@contract/adminSystem'
import { AGENTS_AUDIT, AGENTS_FIELD_LABELS } from '@contract/adminAgents'
import { CONTENT_AUDIT, CONTENT_FIELD_LABELS } from '@contract/adminContent'
import { FINANCE_FIELD_LABELS } from '@contract/adminFinance'
import { PROMOTIONS_AUDIT } from '@contract/adminPromotions'
import { REWARDS_AUDIT, REWARDS_FIELD_LABELS } from '@contract/adminRewards'
import { SETTINGS_AUDIT } from '@contract/adminSettings'
import { TRACKING_AUDIT } from '@contract/adminTracking'
import { LEVELS_AUDIT } from '@contract/adminLevels'
import { BALANCE_AUDIT } from '@contract/adminBalance'
import { BALANCE_WITHDRAW_AUDIT } from '@contract/balanceWithdraw'
import { GROUP_BUY_AUDIT } from '@contract/adminGroupBuy'
import { RECHARGE_AUDIT } from '@contract/balanceRecharge'
import type { AuditLabels } from '@contract/auditLabels'
import { AFTER_SALE_STATUS, dateTime, ORDER_STATUS } from './format'
import { fenToYuan } from './money'

const AREAS: AuditLabels[] = [
  CORE_AUDIT,
  PROMOTIONS_AUDIT,
  REWARDS_AUDIT,
  AGENTS_AUDIT,
  CONTENT_AUDIT,
  SETTINGS_AUDIT,
  TRACKING_AUDIT,
  LEVELS_AUDIT,
  BALANCE_AUDIT,
  BALANCE_WITHDRAW_AUDIT,
  GROUP_BUY_AUDIT,
  RECHARGE_AUDIT,
]

export const AUDIT_ACTIONS: Record<string, string> = Object.assign({}, ...AREAS.map((a) => a.actions))
export const AUDIT_TARGETS: Record<string, string> = Object.assign({}, ...AREAS.map((a) => a.targets))
/** The recorded fields' names: the areas' audit fields first, then their validation labels (REWARDS before CONTENT: `type` is 类型 in general). */
const FIELDS: Record<string, string> = Object.assign({}, FINANCE_FIELD_LABELS, CONTENT_FIELD_LABELS, AGENTS_FIELD_LABELS, REWARDS_FIELD_LABELS, ADMIN_FIELD_LABELS, ...AREAS.map((a) => a.fields || {}))

/** The 操作 and 对象类型 filters: every known action and record type, by its Chinese name. */
export const auditActionOptions = () => Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))
export const auditTargetOptions = () => {
  const seen = new Set<string>()
  return Object.entries(AUDIT_TARGETS)
    .filter(([, label]) => !seen.has(label) && !!seen.add(label))
    .map(([value, label]) => ({ value, label }))
}

/** 操作: the action's name; an unlisted one by its record type. */
export const auditActionText = (action: string, targetType = '') => AUDIT_ACTIONS[action] || `${AUDIT_TARGETS[targetType] || '记录'} · 其他操作`
export const auditTargetText = (targetType: string) => AUDIT_TARGETS[targetType] || '其他记录'
/** 对象: a record's number or id; a settings row's key (`pointsRules`) is not a number to show. */
export const auditTargetIdText = (targetId: string) => (/^[a-z][A-Za-z_.-]*$/.test(targetId) ? '—' : targetId || '—')

/** A field's name; an unnamed one by what its key says it is. */
export function fieldLabel(key: string): string {
  if (FIELDS[key]) return FIELDS[key]
  if (/Ids?$/.test(key)) return '关联记录'
  if (/At$/.test(key)) return '时间'
  if (/(Amount|Price|Fee)$/.test(key)) return '金额'
  return '其他信息'
}

/** Fields kept in fen: shown in yuan. */
const MONEY = new Set([
  'price',
  'originalPrice',
  'amount',
  'refundAmount',
  'payAmount',
  'refundTotal',
  'goodsAmount',
  'freightAmount',
  'couponDiscount',
  'pointsDiscount',
  'threshold',
  'maxDiscount',
  'baseFee',
  'freeThreshold',
  'cash',
  'marketPrice',
  'withdrawMin',
  'withdrawMax',
  'withdrawDailyMax',
  'balance',
  'withdrawable',
  'frozen',
  'forfeitedCommission',
  'leaderDiscount',
])
/** Records' bookkeeping: not something the merchant changed. */
/** Not shown: secrets, bookkeeping, and a courier's code (its name, recorded beside it, says the same in words). */
const SKIP = new Set(['updatedAt', 'passwordHash', 'totpSecret', 'csrfToken', 'expressCode'])

const VALUE_TEXT: Record<string, string> = {
  ...Object.fromEntries(Object.entries(ORDER_STATUS).map(([k, v]) => [k, v.text])),
  ...Object.fromEntries(Object.entries(AFTER_SALE_STATUS).map(([k, v]) => [k, v.text])),
  ...BUILT_IN_ROLE_NAMES,
  reviewing: '待审核',
  transferring: '转账中',
  returned: '已退回',
  on: '开启',
  off: '关闭',
  draft: '草稿',
  published: '已发布',
  pending: '待处理',
  new: '新反馈',
  read: '已读',
  replied: '已回复',
  closed: '已关闭',
  active: '营业中',
  suspended: '已清退',
  paid: '已支付',
  failed: '失败',
  success: '成功',
  normal: '正常',
  disabled: '已停用',
  enabled: '已启用',
  sandbox: '沙箱支付',
  wechatpay: '微信支付',
  refund: '仅退款',
  return_refund: '退货退款',
  all: '全部',
  daily: '每天',
  weekly: '每周',
  once: '一次',
  official: '官方',
  member: '会员',
}

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const cut = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s)

/** One recorded value in words. */
export function valueText(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '（空）'
  if (typeof v === 'boolean') return v ? '是' : '否'
  if (typeof v === 'number') {
    if ((/At$/.test(key) || key === 'time') && v > 1e11) return dateTime(v)
    if (MONEY.has(key)) return `¥${fenToYuan(v)}`
    return String(v)
  }
  if (typeof v === 'string') {
    if (VALUE_TEXT[v] && /^[a-z_]+$/.test(v)) return VALUE_TEXT[v]
    // A code word the labels do not name (a state, a kind): never shown as code.
    if (/^[a-z]+(?:[A-Z_.-][a-zA-Z]*)+$/.test(v) || (/^[a-z]+$/.test(v) && /(status|state|kind|type|mode|role|source|scope|provider|channel)$/i.test(key))) return '其他'
    return cut(/<[a-z][\s\S]*>/i.test(v) ? plain(v) : v)
  }
  if (Array.isArray(v)) {
    if (!v.length) return '（空）'
    if (v.every((x) => typeof x !== 'object' || x === null)) return cut(v.map((x) => valueText(key, x)).join('、'))
    return `${v.length} 项`
  }
  return '（已修改）'
}

export interface DiffRow {
  label: string
  before: string
  after: string
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** A record's fields as [path label, key, value]: nested records one level deep (「规则 · 每元积分」). */
function fieldsOf(r: unknown): Map<string, { label: string; key: string; value: unknown }> {
  const out = new Map<string, { label: string; key: string; value: unknown }>()
  if (!isRecord(r)) {
    if (r !== null && r !== undefined) out.set('', { label: '内容', key: '', value: r })
    return out
  }
  for (const [k, v] of Object.entries(r)) {
    if (SKIP.has(k)) continue
    if (isRecord(v)) {
      for (const [k2, v2] of Object.entries(v)) if (!SKIP.has(k2)) out.set(`${k}.${k2}`, { label: `${fieldLabel(k)} · ${fieldLabel(k2)}`, key: k2, value: v2 })
    } else out.set(k, { label: fieldLabel(k), key: k, value: v })
  }
  return out
}

/**
 * An audit row's change as rows of 「字段：修改前 → 修改后」: only the fields whose value changed (every field of a
 * created or deleted record), in the record's order; '—' for the side that has no record.
 */
export function auditDiffRows(before: unknown, after: unknown): DiffRow[] {
  const b = fieldsOf(before)
  const a = fieldsOf(after)
  const noBefore = before === null || before === undefined
  const noAfter = after === null || after === undefined
  const rows: DiffRow[] = []
  for (const path of new Set([...b.keys(), ...a.keys()])) {
    const x = b.get(path)
    const y = a.get(path)
    const f = (x || y)!
    const bt = noBefore ? '—' : x ? valueText(f.key, x.value) : '（无）'
    const at = noAfter ? '—' : y ? valueText(f.key, y.value) : '（无）'
    if (!noBefore && !noAfter && JSON.stringify(x?.value) === JSON.stringify(y?.value)) continue
    rows.push({ label: f.label, before: bt, after: at })
  }
  return rows
}
