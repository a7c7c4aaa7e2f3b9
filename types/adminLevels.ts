/**
 * The console's contract of 会员 › 会员等级 (server module level): the levels with their growth threshold and
 * benefits. Same rules as types/admin.ts (closed objects). discount: percent paid (95 = 9.5折, 100 = none);
 * pointsTenths: the points multiplier in tenths (15 = 1.5×).
 */
import { Type, type Static } from 'typebox'
import { Closed } from './admin'
import { Str } from './schema'

export const LevelBody = Closed({
  name: Str(16, 1),
  minGrowth: Type.Integer({ minimum: 0, maximum: 100_000_000 }),
  discount: Type.Integer({ minimum: 10, maximum: 100 }),
  freeShipping: Type.Boolean(),
  pointsTenths: Type.Integer({ minimum: 10, maximum: 100 }),
})
export type LevelBody = Static<typeof LevelBody>

export const LevelEnabledBody = Closed({ enabled: Type.Boolean() })
export type LevelEnabledBody = Static<typeof LevelEnabledBody>

export const AdminLevel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  minGrowth: Type.Integer(),
  discount: Type.Integer(),
  freeShipping: Type.Boolean(),
  pointsTenths: Type.Integer(),
  enabled: Type.Boolean(),
  /** Members whose growth puts them at this level now (enabled levels only; 0 when disabled). */
  members: Type.Integer(),
  updatedAt: Type.Integer(),
})
export type AdminLevel = Static<typeof AdminLevel>
export const AdminLevelList = Type.Object({ list: Type.Array(AdminLevel) })
export type AdminLevelList = Static<typeof AdminLevelList>

/** A member's growth and its ledger (console member detail). */
export const AdminMemberGrowth = Type.Object({
  growth: Type.Integer(),
  levelName: Type.String(),
  ledger: Type.Array(Type.Object({ id: Type.Integer(), change: Type.Integer(), after: Type.Integer(), kindText: Type.String(), note: Type.String(), createdAt: Type.Integer() })),
})
export type AdminMemberGrowth = Static<typeof AdminMemberGrowth>

export const LEVELS_FIELD_LABELS: Record<string, string> = {
  minGrowth: '成长值门槛',
  discount: '商品折扣',
  freeShipping: '包邮',
  pointsTenths: '积分倍数',
}

export const LEVELS_AUDIT: import('./auditLabels').AuditLabels = {
  actions: {
    'level.create': '新建会员等级',
    'level.update': '编辑会员等级',
    'level.enable': '启用会员等级',
    'level.disable': '停用会员等级',
  },
  targets: { memberLevel: '会员等级' },
  fields: { minGrowth: '成长值门槛', discount: '商品折扣', freeShipping: '包邮', pointsTenths: '积分倍数' },
}

export const GROWTH_KIND_TEXT: Record<string, string> = { order: '订单完成', refund: '退款扣回' }
