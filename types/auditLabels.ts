/**
 * The shape of an area's audit-log words (issue 33): each console contract (types/admin.ts, adminContent.ts…) exports
 * one `*_AUDIT` for the actions, record types and recorded fields its audited writes use; the console's 操作日志 joins
 * them (admin/src/core/audit.ts). An action not listed is shown by its record type (「商品 · 其他操作」), never as code.
 */
export interface AuditLabels {
  /** action → 操作 (`goods.update` → 编辑商品). */
  actions: Record<string, string>
  /** targetType → 对象类型 (`goods` → 商品). */
  targets: Record<string, string>
  /** Keys of the before / after records that the area's validation labels (*_FIELD_LABELS) do not already name. */
  fields?: Record<string, string>
}
