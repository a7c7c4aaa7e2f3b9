/**
 * Console 设置 → 物流跟踪 (docs/orders.md "Courier tracking"): the 快递100 account the shop tracks its parcels with.
 * Paths under /admin/api/; permission settings.read / settings.write. Secrets (key, salt) are never answered.
 */
import { Type, type Static } from 'typebox'
import { Closed } from './admin'
import { Str } from './schema'

export const TrackingFieldView = Type.Object({
  key: Type.String(),
  label: Type.String(),
  secret: Type.Boolean(),
  /** Plain fields only; '' for secrets. */
  value: Type.String(),
  set: Type.Boolean(),
  /** "已设置 · 指纹 1a2b3c4d" for a secret ('' when not set). */
  hint: Type.String(),
  /** Set in the server's configuration: read-only here. */
  fromServer: Type.Boolean(),
})
export type TrackingFieldView = Static<typeof TrackingFieldView>
export const TrackingSettingsView = Type.Object({
  fields: Type.Array(TrackingFieldView),
  /** Key, salt and push address are set: shipments are subscribed and the courier's events shown. */
  live: Type.Boolean(),
  /** The address to give 快递100 for its pushes, from the shop's public host ('' when the host is not known). */
  suggestedCallbackUrl: Type.String(),
  /** Secrets can be saved (the server has its settings key). */
  canSaveSecrets: Type.Boolean(),
  keyProblem: Type.String(),
  /** WeChat's tracking page (物流查询) offered on mini-program orders' logistics page. */
  wechatWaybill: Type.Boolean(),
})
export type TrackingSettingsView = Static<typeof TrackingSettingsView>
/** Left out = unchanged; '' = remove the stored value. */
export const TrackingSettingsInput = Closed({
  key: Type.Optional(Str(64)),
  customer: Type.Optional(Str(64)),
  salt: Type.Optional(Str(64)),
  callbackUrl: Type.Optional(Str(300)),
  wechatWaybill: Type.Optional(Type.Boolean()),
})
export type TrackingSettingsInput = Static<typeof TrackingSettingsInput>

/** 操作日志 words of 物流跟踪: types/auditLabels.ts. */
export const TRACKING_AUDIT: import('./auditLabels').AuditLabels = {
  actions: { 'settings.tracking': '修改物流跟踪设置', 'settings.wechatWaybill': '切换微信物流查询', 'tracking.retry': '重新订阅物流轨迹' },
  targets: {},
}
