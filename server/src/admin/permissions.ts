import { PERMISSIONS, type Permission } from '../../../types/admin'
import { type PermissionInfo } from '../../../types/adminSystem'

/**
 * Every permission a console route can declare, with its Chinese name and the menu it belongs to, in menu order:
 * the one list the 角色 page ticks from (GET system/roles) and docs/console.md's table describes. The record's
 * type makes a permission added to types/admin.ts PERMISSIONS fail the type-check until it is named here.
 */
const DECLARED: Record<Permission, { group: string; name: string }> = {
  'dashboard.read': { group: '工作台', name: '查看工作台与待办' },
  'goods.read': { group: '商品', name: '查看商品、分类与品牌' },
  'goods.write': { group: '商品', name: '编辑商品、分类与品牌' },
  'storefront.read': { group: '商品', name: '查看店铺装修' },
  'storefront.write': { group: '商品', name: '编辑店铺装修' },
  'orders.read': { group: '订单', name: '查看订单' },
  'orders.write': { group: '订单', name: '发货与处理订单' },
  'afterSales.read': { group: '售后', name: '查看售后' },
  'afterSales.write': { group: '售后', name: '审核售后' },
  'refunds.write': { group: '售后', name: '退款' },
  'members.read': { group: '会员', name: '查看会员' },
  'members.write': { group: '会员', name: '调整积分、停用会员、设置会员等级' },
  'marketing.read': { group: '营销', name: '查看营销活动' },
  'marketing.write': { group: '营销', name: '编辑营销活动' },
  'agents.read': { group: '代理', name: '查看代理与申请' },
  'agents.write': { group: '代理', name: '审核代理、清退代理、编辑代理规则' },
  'withdrawals.read': { group: '代理', name: '查看提现与佣金流水' },
  'withdrawals.write': { group: '代理', name: '处理提现（打款时可查看完整收款账户）' },
  'content.read': { group: '内容', name: '查看内容' },
  'content.write': { group: '内容', name: '编辑内容' },
  'feedback.read': { group: '内容', name: '查看意见反馈' },
  'feedback.write': { group: '内容', name: '处理意见反馈' },
  'ledgers.read': { group: '财务', name: '查看资金明细与对账' },
  'balance.adjust': { group: '财务', name: '调整会员余额' },
  'settings.read': { group: '设置', name: '查看店铺设置' },
  'settings.write': { group: '设置', name: '修改店铺设置' },
  'staff.read': { group: '系统', name: '查看员工与角色' },
  'staff.write': { group: '系统', name: '管理员工与角色' },
  'audit.read': { group: '系统', name: '查看操作日志' },
}

/** The declared permissions in menu order (工作台 … 系统). */
export const PERMISSION_LIST: readonly PermissionInfo[] = Object.entries(DECLARED).map(([permission, d]) => ({ permission, ...d }))

const KNOWN = new Set<string>(PERMISSIONS)
export const isPermission = (p: string): p is Permission => KNOWN.has(p)
